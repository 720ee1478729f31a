// Last Kyotoan Standing table page: the dice pad and the market's card picker.
// Loaded by templates/table.html for this game only; must not be inline (the CSP forbids it).
//
// Dice pad: one tap per die. A tap on a face adds a die showing it (a chip); a tap on a chip takes
// that die back (it is being rerolled). From the second roll the last roll's dice are carried, so
// only the rerolled dice are tapped. The form sends the chips as `faces[]`; its buttons wait until
// every die is entered.
//
// Market picker: a grid of the cards left in the deck, filtered by the letters typed; with several
// cards to tap in, each tap takes the next slot and the form goes when every slot is filled.
(function () {
  "use strict";

  function setUpPad(entry) {
    if (entry.dataset.ready) return;
    entry.dataset.ready = "1";
    var form = entry.closest("form");
    var dice = parseInt(entry.dataset.dice, 10) || 0;
    var words = JSON.parse(entry.dataset.words || "{}");
    var faces = JSON.parse(entry.dataset.carry || "[]");
    var shown = entry.querySelector(".entered");
    var hint = entry.querySelector("[data-hint]");
    var total = form.querySelector("[data-dice-total]");
    var hidden = document.createElement("div");
    form.appendChild(hidden);

    function draw() {
      shown.querySelectorAll(".chip").forEach(function (el) { el.remove(); });
      hidden.textContent = "";
      faces.forEach(function (face, i) {
        var chip = document.createElement("button");
        chip.type = "button";
        chip.className = "chip die";
        chip.textContent = words[face] || face;
        chip.setAttribute("aria-label", "die " + (i + 1) + ": " + face + ", tap to reroll it");
        chip.addEventListener("click", function () { faces.splice(i, 1); draw(); });
        shown.appendChild(chip);
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "faces[]";
        input.value = face;
        hidden.appendChild(input);
      });
      if (hint) hint.hidden = faces.length > 0;
      if (total) total.textContent = String(faces.length);
      form.querySelectorAll(".roll-submit button").forEach(function (b) { b.disabled = faces.length !== dice; });
      entry.querySelectorAll(".face-key").forEach(function (b) { b.disabled = faces.length >= dice; });
    }
    entry.querySelectorAll(".face-key").forEach(function (key) {
      key.addEventListener("click", function () {
        if (faces.length < dice) { faces.push(key.dataset.face); draw(); }
      });
    });
    draw();
  }

  function setUpPicker(picker) {
    if (picker.dataset.ready) return;
    picker.dataset.ready = "1";
    var form = picker.closest("form");
    var slots = parseInt(picker.dataset.slots, 10) || 1;
    var search = picker.querySelector("input[type=search]");
    var chosen = picker.querySelector("[data-chosen]");
    var picks = [];
    if (search) {
      search.addEventListener("input", function () {
        var q = search.value.trim().toLowerCase();
        picker.querySelectorAll("[data-card-name]").forEach(function (b) {
          b.hidden = q !== "" && b.dataset.cardName.toLowerCase().indexOf(q) < 0;
        });
      });
    }
    if (slots < 2) return;  // one slot: each card is a plain submit button
    picker.querySelectorAll("[data-card-name]").forEach(function (b) {
      b.type = "button";
      b.addEventListener("click", function () {
        picks.push(b.dataset.card);
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "cards[]";
        input.value = b.dataset.card;
        form.appendChild(input);
        if (chosen) chosen.textContent = "Chosen: " + picks.length + " of " + slots;
        if (picks.length >= slots) {
          if (form.requestSubmit) form.requestSubmit(); else form.submit();
        }
      });
    });
  }

  function setUp(root) {
    (root || document).querySelectorAll(".dice-entry").forEach(setUpPad);
    (root || document).querySelectorAll(".card-picker").forEach(setUpPicker);
  }
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
  document.addEventListener("htmx:oobAfterSwap", function () { setUp(document); });
})();
