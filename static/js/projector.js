// The hall's projector (<body class="projector">): pages that turn by themselves instead of a
// cut or a crawl, a clock, and the keyboard: B blanks the screen, F freezes it (no page turn,
// no refresh), the arrows (and Page Up/Down, space) turn pages by hand. Loaded as a file: the
// Content-Security-Policy forbids inline scripts.
//
// Markup: an element [data-pager] holds the items to page ([data-pager-item], else the rows of
// its tbody); [data-pager-status] shows "2 / 3"; data-page-seconds on [data-pager] sets the pace.
// [data-clock] shows the time (HH:MM) in data-time-zone (the instance's TIME_ZONE).
(function () {
  "use strict";

  var OFF = "pager-off";
  var state = { page: 0, pages: [], timer: null, frozen: false };

  function pager() { return document.querySelector("[data-pager]"); }

  function itemsOf(root) {
    var items = root.querySelectorAll("[data-pager-item]");
    if (!items.length) { items = root.querySelectorAll("tbody > tr"); }
    return Array.prototype.slice.call(items);
  }

  // Greedy: as many items per page as fit above the bottom of the screen.
  function paginate(root) {
    var items = itemsOf(root);
    var limit = window.innerHeight - (parseFloat(root.getAttribute("data-pager-reserve")) || 8);
    var pages = [];
    items.forEach(function (item) { item.classList.add(OFF); });
    var start = 0;
    while (start < items.length) {
      var end = start;
      while (end < items.length) {
        items[end].classList.remove(OFF);
        if (end > start && root.getBoundingClientRect().bottom > limit) {
          items[end].classList.add(OFF);
          break;
        }
        end += 1;
      }
      pages.push([start, end]);
      for (var i = start; i < end; i += 1) { items[i].classList.add(OFF); }
      start = end;
    }
    state.pages = pages.length ? pages : [[0, 0]];
    state.items = items;
  }

  function show(index) {
    var root = pager();
    if (!root) { return; }
    var count = state.pages.length;
    state.page = ((index % count) + count) % count;
    var range = state.pages[state.page];
    state.items.forEach(function (item, i) {
      item.classList.toggle(OFF, i < range[0] || i >= range[1]);
    });
    var status = document.querySelector("[data-pager-status]");
    if (status) {
      status.textContent = count > 1 ? (state.page + 1) + " / " + count : "";
      status.hidden = count < 2;
    }
  }

  function restartTimer() {
    window.clearInterval(state.timer);
    state.timer = null;
    var root = pager();
    if (!root || state.frozen) { return; }
    var seconds = parseFloat(root.getAttribute("data-page-seconds")) || 12;
    state.timer = window.setInterval(function () {
      if (state.pages.length > 1) { show(state.page + 1); }
    }, seconds * 1000);
  }

  // Measure the pages again (new content, a resized window) and stay on the current one. The
  // page timer keeps running: htmx refreshes the content more often than a page turns.
  function layout() {
    var root = pager();
    if (!root) { return; }
    var keep = state.page;
    paginate(root);
    show(Math.min(keep, state.pages.length - 1));
    if (!state.timer) { restartTimer(); }
  }

  function clock() {
    var el = document.querySelector("[data-clock]");
    if (!el) { return; }
    var options = { hour: "2-digit", minute: "2-digit" };
    var zone = el.getAttribute("data-time-zone");
    if (zone) { options.timeZone = zone; }
    var format;
    try { format = new Intl.DateTimeFormat(document.documentElement.lang || "fr", options); }
    catch (e) { delete options.timeZone; format = new Intl.DateTimeFormat("fr", options); }
    function tick() { el.textContent = format.format(new Date()); }
    tick();
    window.setInterval(tick, 5000);
  }

  function flag(name, on) {
    document.body.classList.toggle(name, on);
    var badge = document.querySelector("[data-frozen-badge]");
    if (badge) { badge.hidden = !document.body.classList.contains("is-frozen"); }
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var key = event.key;
    if (key === "b" || key === "B") {
      flag("is-blanked", !document.body.classList.contains("is-blanked"));
    } else if (key === "f" || key === "F") {
      state.frozen = !state.frozen;
      flag("is-frozen", state.frozen);
      restartTimer();
    } else if (key === "ArrowRight" || key === "ArrowDown" || key === "PageDown" || key === " ") {
      show(state.page + 1); restartTimer();
    } else if (key === "ArrowLeft" || key === "ArrowUp" || key === "PageUp") {
      show(state.page - 1); restartTimer();
    } else { return; }
    event.preventDefault();
  });

  // A frozen screen does not refresh either (htmx polls the content).
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (state.frozen) { event.preventDefault(); }
  });
  document.addEventListener("htmx:afterSwap", function () { layout(); });

  var resizeTimer = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(layout, 200);
  });

  document.addEventListener("DOMContentLoaded", function () {
    clock();
    layout();
    // Web fonts and late images can change the rows' height: measure again once loaded.
    window.addEventListener("load", layout);
  });

  // For the browser tests: the pager's state.
  window.atoutProjector = { state: state, show: show, layout: layout, restart: restartTimer };
})();
