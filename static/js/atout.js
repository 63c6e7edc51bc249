// Atout's small behaviours, loaded as a file so the Content-Security-Policy can forbid inline
// scripts. Elements opt in with data- attributes.
(function () {
  "use strict";

  // Projector: scroll long lists slowly, then start again from the top.
  function autoScroll(el) {
    var speed = parseFloat(el.getAttribute("data-autoscroll")) || 1;
    var pause = 0;
    window.setInterval(function () {
      if (pause > 0) { pause -= 1; return; }
      var bottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
      if (bottom) { window.scrollTo(0, 0); pause = 60; } else { window.scrollBy(0, speed); }
    }, 50);
  }

  // Confirmation for destructive buttons: data-confirm="message".
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter || form.querySelector("[data-confirm]");
    var message = (button && button.getAttribute("data-confirm")) || form.getAttribute("data-confirm");
    if (message && !window.confirm(message)) { event.preventDefault(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-autoscroll]").forEach(autoScroll);
    document.querySelectorAll("[data-print]").forEach(function (b) {
      b.addEventListener("click", function () { window.print(); });
    });
  });
})();
