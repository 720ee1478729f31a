// Tournament night pages (events): behaviour that must not be inline (the Content-Security-Policy
// forbids inline script). Every part works on the page as the server rendered it; without this
// script the forms still post and the pages still read.
(function () {
  "use strict";

  // -- Find my table: the name is remembered on this phone for this night, asked again whenever
  // the round changes (a push replaces #event-round), and the player's table is marked.
  function findForm() { return document.querySelector("#event-find form"); }

  function markMine() {
    var result = document.querySelector("#event-find .find-result");
    var tables = result ? (result.dataset.tables || "").split(" ").filter(Boolean) : [];
    document.querySelectorAll(".seat-card").forEach(function (card) {
      card.classList.toggle("mine", tables.indexOf(card.dataset.table) >= 0);
    });
  }

  function askAgain() {
    var form = findForm();
    var input = form && form.querySelector("input[name=name]");
    if (!input || !input.value.trim() || !window.htmx) return;
    htmx.trigger(form, "submit");
  }

  document.addEventListener("submit", function (event) {
    var input = event.target.querySelector && event.target.querySelector("input[data-remember]");
    if (!input) return;
    try { localStorage.setItem(input.dataset.remember, input.value.trim()); } catch (e) { /* private mode */ }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var input = document.querySelector("#event-find input[data-remember]");
    if (input && !input.value) {
      var saved = null;
      try { saved = localStorage.getItem(input.dataset.remember); } catch (e) { /* private mode */ }
      if (saved) { input.value = saved; setTimeout(askAgain, 0); }
    }
    markMine();
  });

  document.addEventListener("htmx:afterSwap", markMine);
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "event-round") askAgain();
    markMine();
  });
})();
