// Score entry behaviours (loaded as a file: the Content-Security-Policy forbids inline
// scripts). Everything here is optional comfort: the forms work without JavaScript.
(function () {
  "use strict";

  // Show the defense's points as the taker's are typed (162 minus them), and disable the
  // points when a capot is chosen (the capot team has them all).
  function wireDealForm(form) {
    var points = form.querySelector("input[name=taker_points]");
    var hint = form.querySelector("[data-defense-points]");
    var capots = form.querySelectorAll("input[name=capot_team]");
    var trumps = form.querySelectorAll("input[name=trump]");
    if (!points) { return; }
    var template = hint ? hint.textContent : "";

    function total() {
      var ta = form.querySelector("input[name=trump][value=tout_atout]:checked");
      return ta && points.max === "258" ? 258 : 162;
    }
    function refresh() {
      var capot = form.querySelector("input[name=capot_team]:checked");
      var isCapot = capot && capot.value !== "";
      points.disabled = !!isCapot;
      if (!hint) { return; }
      var value = parseInt(points.value, 10);
      if (isCapot) {
        hint.textContent = hint.getAttribute("data-capot-text") || template;
      } else if (!isNaN(value) && value >= 0 && value <= total()) {
        hint.textContent = hint.getAttribute("data-defense-label") + " " + (total() - value);
      } else {
        hint.textContent = template;
      }
    }
    points.addEventListener("input", refresh);
    capots.forEach(function (c) { c.addEventListener("change", refresh); });
    trumps.forEach(function (t) { t.addEventListener("change", refresh); });
    // A disabled input is not sent: re-enable it just before a real submit.
    form.addEventListener("submit", function () { points.disabled = false; });
    refresh();
  }

  // Organiser's fast entry: Enter in the points box saves; "a"/"b" pick the taker when the
  // focus is on the taker radios.
  function wireFastEntry(form) {
    form.addEventListener("keydown", function (event) {
      var target = event.target;
      if (target.name === "taker" && (event.key === "a" || event.key === "b")) {
        var radio = form.querySelector("input[name=taker][value=" + event.key + "]");
        if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", { bubbles: true })); }
        event.preventDefault();
      }
    });
    var first = form.querySelector("[autofocus]");
    if (first) { first.focus(); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.deal-form").forEach(wireDealForm);
    document.querySelectorAll("form.fast-entry-form").forEach(wireFastEntry);
  });
})();
