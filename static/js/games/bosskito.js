// Boss Kito's table page: the reveal's number pad, and the symbols panel kept open across pushes.
// Loaded by templates/table.html for this game only; must not be inline (the CSP forbids it).
//
// The reveal form holds one list per column (row[]:int, each starting empty), which is what it
// posts and what works without script. Here the lists are hidden behind the column slots and a
// 1–9 pad: a tap on a number fills the next empty column, left to right; a tap on a filled column
// empties it again. Each number shows how many of its cards are left, counting the ones already
// in the row, and is disabled when none is left or the row is full. Nothing is ever preselected.
(function () {
  "use strict";

  function slots(form) { return Array.prototype.slice.call(form.querySelectorAll("[data-slot]")); }

  function refresh(form) {
    var used = {};
    var next = null;
    slots(form).forEach(function (slot) {
      var list = slot.querySelector("select");
      var shown = slot.querySelector("[data-clear]");
      var colour = shown.dataset.colour;
      // A number's symbol is on its key of the pad (the lists name numbers alone).
      var key = list.value && form.querySelector("[data-number='" + list.value + "'] .mark");
      var mark = key ? key.textContent : "";
      shown.querySelector("[data-number-text]").textContent = list.value || "–";
      shown.querySelector("[data-mark-text]").textContent = mark;
      if (list.value) {
        used[list.value] = (used[list.value] || 0) + 1;
        shown.setAttribute("aria-label", window.ktcSay("%(colour)s: %(number)s, tap to clear", { colour: colour, number: list.value + (mark ? " " + mark : "") }));
      } else {
        shown.setAttribute("aria-label", window.ktcSay("%(colour)s: no benefit yet", { colour: colour }));
        if (!next) next = slot;
      }
      shown.disabled = !list.value;
      slot.classList.toggle("next", slot === next);
      slot.classList.toggle("filled", !!list.value);
    });
    form.querySelectorAll("[data-number]").forEach(function (button) {
      var left = Number(button.dataset.left) - (used[button.dataset.number] || 0);
      var text = button.querySelector("[data-left-text]");
      var said = window.ktcCount("%(num)s left", "%(num)s left", left);
      if (text) text.textContent = said;
      button.setAttribute("aria-label", button.dataset.number + ": " + said);
      button.disabled = left <= 0 || !next;
    });
  }

  function enhance() {
    // A push's morph draws the pad's keys and slots hidden again, as without script: shown again,
    // and the whole pad counted again, with what was entered kept.
    document.querySelectorAll("form.reveal").forEach(function (form) {
      form.dataset.enhanced = "1";
      form.querySelectorAll("[data-number][hidden], [data-clear][hidden]").forEach(function (el) { el.hidden = false; });
      refresh(form);
    });
    // A panel the player opened stays open when a push redraws the controls.
    document.querySelectorAll("details[data-remember]").forEach(function (panel) {
      var wanted = sessionStorage.getItem(panel.dataset.remember);
      if (wanted) panel.open = wanted === "open";
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-number], [data-clear]");
    var form = target && target.closest("form.reveal");
    if (!form || target.disabled) return;
    if (target.dataset.number) {
      var empty = slots(form).map(function (s) { return s.querySelector("select"); })
        .filter(function (list) { return !list.value; })[0];
      if (empty) empty.value = target.dataset.number;
    } else {
      target.closest("[data-slot]").querySelector("select").value = "";
    }
    refresh(form);
  });

  // Only the player's own taps on the panel's heading are remembered (a push opening it is not).
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("details[data-remember] > summary");
    if (!summary) return;
    var panel = summary.parentNode;
    sessionStorage.setItem(panel.dataset.remember, panel.open ? "closed" : "open");  // it is about to toggle
  });

  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:oobAfterSwap", enhance);
  document.addEventListener("htmx:afterSettle", enhance);
  if (document.readyState !== "loading") enhance();
})();
