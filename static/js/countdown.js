// The countdown of a timed partie (templates/_countdown.html). The server gives the end time
// and its own "now" ([data-countdown-source]); the page ticks from them, corrected for the
// device's clock being off, so a phone or a projector with a wrong clock still shows the
// hall's time left. htmx may swap the source (pause, extension): it is read again on every
// tick, so the display and the sound survive the refresh. Loaded as a file: the
// Content-Security-Policy forbids inline scripts. No library, no CDN.
//
// When the clock's facts change while the page is open (the time runs out here, or a refreshed
// source says paused, extended, over, or time called at this table: data-time-called), a
// "clock-changed" event is sent from <body>: the table phone's scoreboard listens to it
// (hx-trigger "clock-changed from:body") and asks the server again at once.
//
// Sound: browsers block audio until the page got a user gesture, so the projector shows an
// "Activer le son" button ([data-countdown-sound]); once clicked, the end rings (Web Audio
// beeps), once per end time, and only if this page saw the clock running.
(function () {
  "use strict";

  var audio = { context: null, enabled: false };
  var seen = {};   // ends-at -> the page saw the clock running towards it
  var rung = {};   // ends-at -> already rung
  var offsets = {}; // server-now string -> ms the server is ahead of this device
  var facts = typeof WeakMap === "function" ? new WeakMap() : null; // section -> last facts

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    var s = Math.max(0, seconds);
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    var rest = s % 60;
    return h ? h + ":" + two(m) + ":" + two(rest) : two(m) + ":" + two(rest);
  }

  function offsetOf(source) {
    var now = source.getAttribute("data-server-now") || "";
    if (!(now in offsets)) {
      var server = Date.parse(now);
      offsets[now] = isNaN(server) ? 0 : server - Date.now();
    }
    return offsets[now];
  }

  function beep(ctx, at, freq, length) {
    var osc = ctx.createOscillator();
    var gain = ctx.createGain();
    osc.type = "square";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.05);
  }

  function ring() {
    api.rings += 1;
    if (!audio.enabled || !audio.context) { return; }
    var start = audio.context.currentTime + 0.05;
    for (var i = 0; i < 6; i += 1) { beep(audio.context, start + i * 0.55, i % 2 ? 660 : 880, 0.4); }
  }

  // Say so when a section's facts differ from those it showed before (not on its first show).
  function changed(section, now) {
    if (!facts) { return; }
    var before = facts.get(section);
    facts.set(section, now);
    if (before !== undefined && before !== now) {
      api.changes += 1;
      document.body.dispatchEvent(new CustomEvent("clock-changed", { bubbles: true }));
    }
  }

  function render(section) {
    var source = section.querySelector("[data-countdown-source]");
    var time = section.querySelector("[data-countdown-time]");
    if (!source || !time) { return; }
    var state = source.getAttribute("data-state");
    var endsAt = source.getAttribute("data-ends-at") || "";
    var left = parseInt(source.getAttribute("data-remaining"), 10) || 0;
    if (state === "running" || state === "over") {
      var end = Date.parse(endsAt);
      if (!isNaN(end)) {
        left = Math.ceil((end - (Date.now() + offsetOf(source))) / 1000);
      }
      if (left > 0) { seen[endsAt] = true; state = "running"; } else { state = "over"; }
    }
    changed(section, [state, endsAt, source.getAttribute("data-time-called") || ""].join("|"));
    var over = state === "over";
    time.textContent = over ? section.getAttribute("data-over-text") : format(left);
    var status = section.querySelector("[data-countdown-status]");
    if (status && state !== "ready") {
      status.textContent = state === "paused" ? section.getAttribute("data-paused-text") : "";
    }
    ["running", "paused", "ready", "over"].forEach(function (name) {
      section.classList.toggle("countdown-" + name, name === state);
    });
    section.classList.toggle("countdown-soon", state === "running" && left <= 60);
    if (over && seen[endsAt] && !rung[endsAt]) {
      rung[endsAt] = true;
      ring();
    }
  }

  function tick() {
    document.querySelectorAll("[data-countdown]").forEach(render);
  }

  function enableSound(button) {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    if (!audio.context) { audio.context = new Context(); }
    audio.context.resume();
    audio.enabled = true;
    button.setAttribute("aria-pressed", "true");
    button.textContent = button.getAttribute("data-on-text") || button.textContent;
    beep(audio.context, audio.context.currentTime + 0.05, 880, 0.15); // "the sound works"
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-countdown-sound]");
    if (button) { enableSound(button); }
  });
  // A swapped countdown (the projector's) comes with a new button: say the sound is still on.
  document.addEventListener("htmx:afterSwap", function () {
    if (audio.enabled) {
      document.querySelectorAll("[data-countdown-sound]").forEach(function (button) {
        button.setAttribute("aria-pressed", "true");
        button.textContent = button.getAttribute("data-on-text") || button.textContent;
      });
    }
    tick();
  });
  document.addEventListener("DOMContentLoaded", function () {
    tick();
    window.setInterval(tick, 250);
  });

  // For the browser tests: how often the end rang, whether the sound is on, how often the
  // clock's facts changed.
  var api = { rings: 0, changes: 0, audio: audio, tick: tick };
  window.atoutCountdown = api;
})();
