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
      } else if (total() === 258 && hint.hasAttribute("data-tout-atout-text")) {
        hint.textContent = hint.getAttribute("data-tout-atout-text");
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

  // A refused or conflicting submit comes back with its message (or a "Vérifier" with its
  // score): open the page on it, above the sticky buttons, and move the focus there.
  function openOnMessage() {
    var target = document.querySelector("[data-focus-on-load]");
    if (!target) { return; }
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }

  // The score of the deal being typed, in one line beside the buttons (the full breakdown
  // is above them): copied from the preview htmx has just swapped in.
  function showSummary(event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "deal-preview") { return; }
    var summary = document.querySelector("[data-preview-summary]");
    var line = target.querySelector("[data-preview-line]");
    if (summary) { summary.textContent = line ? line.textContent : ""; }
  }

  document.addEventListener("htmx:afterSwap", showSummary);

  document.addEventListener("DOMContentLoaded", function () {
    openOnMessage();
    document.querySelectorAll("form.deal-form").forEach(wireDealForm);
    document.querySelectorAll("form.fast-entry-form").forEach(wireFastEntry);
  });
})();
