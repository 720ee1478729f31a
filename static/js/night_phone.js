// My night on a player's phone (events/me.html): the seat is pushed over the event's websocket;
// when it changes (a round drawn, a swap) the phone buzzes where it can (navigator.vibrate) and
// the new seat is brought into view. While the live connection is down the page asks for its
// regions every 15 s instead.
(function () {
  "use strict";
  var seen = null;

  function region() { return document.getElementById("my-night"); }

  function check() {
    var el = region();
    if (!el) return;
    var key = el.dataset.seatKey || "";
    if (seen !== null && key !== seen && !/:-$/.test(key)) {
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      el.scrollIntoView({ block: "start" });
      document.body.dataset.buzzed = String(+(document.body.dataset.buzzed || 0) + 1);
    }
    seen = key;
  }

  document.addEventListener("DOMContentLoaded", function () {
    check();
    var row = document.querySelector(".buzz-row");
    if (row && navigator.vibrate) row.hidden = false;
  });
  document.addEventListener("click", function (event) {
    // The tap a browser asks for before a page may vibrate, answered with a short buzz.
    var button = event.target.closest && event.target.closest("[data-buzz-test]");
    if (!button) return;
    navigator.vibrate(80);
    button.parentNode.textContent = window.ktcSay("✓ This phone buzzes when your seat changes.");
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "my-night") check();
  });
  setInterval(function () {
    var el = region();
    if (!window.htmx || !el || document.body.dataset.live === "open") return;
    htmx.ajax("GET", el.closest("[data-poll]").dataset.poll, { swap: "none" });
  }, 15000);
})();
