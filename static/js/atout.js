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

  // A contest's menu scrolls sideways on a phone: the current page's tab is brought into
  // view, and a faded edge says where more tabs are hidden.
  function menuEdges(menu) {
    menu.classList.toggle("more-left", menu.scrollLeft > 2);
    menu.classList.toggle("more-right", menu.scrollLeft + menu.clientWidth < menu.scrollWidth - 2);
  }
  function sidewaysMenu(menu) {
    var current = menu.querySelector("[aria-current]");
    if (current && menu.scrollWidth > menu.clientWidth) {
      menu.scrollLeft = current.offsetLeft - (menu.clientWidth - current.offsetWidth) / 2;
    }
    menuEdges(menu);
    menu.addEventListener("scroll", function () { menuEdges(menu); }, { passive: true });
    window.addEventListener("resize", function () { menuEdges(menu); });
  }

  // A refused form comes back with its errors beside its fields, often far below the top of
  // a long page (a new player's form under the club's whole list): the page opens on the
  // first error when it is out of view, unless the page names the message it opens on
  // (data-focus-on-load, scoring.js).
  function openOnFirstError() {
    if (document.querySelector("[data-focus-on-load]")) { return; }
    var error = document.querySelector("main .errorlist, main form [role=alert]");
    if (!error) { return; }
    var box = error.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) { return; }
    (error.closest(".field") || error).scrollIntoView({ block: "center" });
  }

  document.addEventListener("DOMContentLoaded", function () {
    openOnFirstError();
    document.querySelectorAll(".contest-menu .tabs").forEach(sidewaysMenu);
    document.querySelectorAll("[data-autoscroll]").forEach(autoScroll);
    document.querySelectorAll("[data-print]").forEach(function (b) {
      b.addEventListener("click", function () { window.print(); });
    });
  });
})();
