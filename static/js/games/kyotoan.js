// Last Kyotoan Standing's table page (templates/table.html; never inline: the CSP). Dice pad: a tap
// a die (a chip; a tap on a chip takes it back), the last roll's dice carried, "Keep these" sending
// the kept alone, and the forms resolving old dice hidden while new ones are tapped. Market picker:
// with several cards to tap in, a tap picks or takes back, and the form goes when all are picked.
(function () {
  "use strict";

  // The pad stays from roll to roll; a push swaps its head (#pad-head), read again each time.
  function setUpPad(entry) {
    var form = entry.closest("form");
    if (entry.dataset.ready) {
      var now = form.querySelector("#pad-head");
      if (now && !now.dataset.ready) entry.reset(); else entry.redraw();  // its buttons as its dice say
      return;
    }
    entry.dataset.ready = "1";
    var head, dice, faces, carried, mayKeep, again;
    var words = faceWords(entry);
    var shown = entry.querySelector(".entered");
    var says = entry.querySelector("[data-pad-says]");
    var total = form.querySelector("[data-dice-total]");
    var hidden = document.createElement("div");
    form.appendChild(hidden);

    entry.reset = function () {
      head = form.querySelector("#pad-head");
      head.dataset.ready = "1";
      dice = parseInt(head.dataset.dice, 10) || 0;
      faces = JSON.parse(head.dataset.carry || "[]");
      carried = faces.slice();
      mayKeep = !!head.dataset.mayKeep;
      again = (parseInt(head.dataset.rollsLeft, 10) || 0) > 1;
      draw();
    };

    function draw() {
      var keep = form.querySelector("[data-keep]");
      chips(shown, hidden, faces, words, "reroll it", draw);
      // Named by the outbox's line for a queued tap.
      entry.dataset.says = faces.length ? "dice: " + faces.map(function (f) { return words[f] || f; }).join(" ") : "";
      var n = faces.length, full = n === dice;
      // The last roll's dice, untouched: the resolve form below resolves them.
      var unchanged = full && carried.length === dice && faces.every(function (f, i) { return f === carried[i]; });
      if (says) says.textContent = saying(n, full, unchanged);
      if (total) total.textContent = String(n);
      var submit = form.querySelector(".roll-submit");
      if (submit) submit.hidden = unchanged;
      form.querySelectorAll(".roll-submit button").forEach(function (b) { b.disabled = !full; });
      if (keep) {
        keep.hidden = !(mayKeep && n > 0 && n < dice);
        keep.textContent = "Keep these " + n + ", roll " + (dice - n) + " again";
      }
      // Marked, not `hidden`: a push may keep the form after the pad is gone (setUp clears the mark).
      document.querySelectorAll("form.resolve, form.reroll-unentered").forEach(function (f) {
        f.toggleAttribute("data-pad-hides", !unchanged && !(f.classList.contains("reroll-unentered") && n === 0));
      });
      entry.querySelectorAll(".face-key").forEach(function (b) { b.disabled = full; });
    }
    entry.redraw = draw;

    // What the next tap does, in words.
    function saying(n, full, unchanged) {
      if (unchanged) {
        return "These are the last roll's dice: resolve them below" + (again || mayKeep ? ", or tap each die you roll again to take it back." : ".");
      }
      if (full) {
        return "All " + dice + " dice entered: resolve them" + (again ? " or enter them and roll again" : "") + ". Tapping a die takes it back.";
      }
      if (n === 0) {
        return mayKeep ? "Tap the face of each die you keep (or of all " + dice + " if these are the final dice)."
          : "Tap the face of each of the " + dice + " dice: they are the dice that resolve.";
      }
      return "Tap the faces of " + (dice - n) + " more " + (dice - n === 1 ? "die" : "dice") + (mayKeep ? ", or keep these " + n + " and roll the others again" : "") +
        ". Tapping a die takes it back.";
    }
    // "Enter and roll again" queued offline: no answer comes yet, so the pad moves on to the next roll.
    form.addEventListener("ktc:queued", function (event) {
      var submitter = event.detail && event.detail.submitter;
      var left = parseInt(head.dataset.rollsLeft, 10) || 0;
      if (!submitter || submitter.name === "_then" || left < 2) return;
      head.dataset.rollsLeft = String(left - 1);
      var number = form.querySelector("[data-roll-number]");
      if (number) number.textContent = String(parseInt(number.textContent, 10) + 1);
      if (left - 1 < 2) submitter.hidden = true;
      // "Keep these": only the kept are carried.
      carried = faces.slice();
      again = left - 1 > 1;
      mayKeep = mayKeep && again;
      draw();
    });
    entry.querySelectorAll(".face-key").forEach(function (key) {
      key.addEventListener("click", function () {
        if (faces.length < dice) { faces.push(key.dataset.face); draw(); }
      });
    });
    entry.reset();
  }

  // The market's form stays from version to version: its slots are read from its head at each tap.
  function slotsOf(form) {
    var head = form.querySelector("[data-slots]");
    return head ? parseInt(head.dataset.slots, 10) || 1 : 1;
  }

  function setUpPicker(picker) {
    var form = picker.closest("form");
    if (picker.dataset.ready) { sync(form); return; }
    picker.dataset.ready = "1";
    var search = picker.querySelector("input[type=search]");
    var filter = filtering(picker, search);

    // `picks` is the one record of the choice: fields, marks and line are redrawn from it, so after
    // a refusal the form sends exactly what the page shows.
    form.picks = [];
    var sent = document.createElement("div");
    form.appendChild(sent);
    form.drawPicks = function () {
      var slots = slotsOf(form), picks = form.picks;
      sent.textContent = "";
      picks.forEach(function (cid) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "cards[]";
        input.value = cid;
        sent.appendChild(input);
      });
      var more = slots - picks.length, chosen = form.querySelector("[data-chosen]");
      if (chosen && slots > 1) {
        chosen.textContent = "Chosen: " + (picks.length ? picks.map(function (c) {
          var b = form.querySelector("#mk-" + c);
          return b ? nameOf(b) : c;
        }).join(", ") : "none yet") + (more ? "; " + more + " more" : "");
      }
      form.querySelectorAll(".card-grid button").forEach(function (b) {
        // One card: a submit button. Several: a tap picks (unnamed: htmx sends any last button tapped).
        b.type = slots > 1 ? "button" : "submit";
        if (slots > 1) b.removeAttribute("name"); else b.name = "cards[]";
        if (slots < 2) { b.removeAttribute("aria-pressed"); b.disabled = false; return; }
        var mine = copies(b.value) > 0;
        b.setAttribute("aria-pressed", mine ? "true" : "false");
        b.disabled = !mine && more <= 0;  // never more cards than slots
      });
    };
    function copies(cid) { return form.picks.filter(function (c) { return c === cid; }).length; }

    // A tap adds the card while the offer holds another copy (data-left) and a slot is free, else
    // takes it back; the letters typed are cleared for the next card.
    picker.addEventListener("click", function (event) {
      var b = event.target.closest && event.target.closest(".card-grid button");
      if (!b || !picker.contains(b)) return;
      if (search && search.value) { search.value = ""; filter(); }
      var slots = slotsOf(form);
      if (slots < 2) return;
      event.preventDefault();
      var cid = b.value, left = parseInt(b.dataset.left, 10) || 1, mine = copies(cid);
      if (mine && (mine >= left || form.picks.length >= slots)) {
        form.picks = form.picks.filter(function (c) { return c !== cid; });
      } else if (form.picks.length < slots) {
        form.picks.push(cid);
      }
      form.drawPicks();
      if (form.picks.length === slots) {
        if (form.requestSubmit) form.requestSubmit(); else form.submit();
      }
    });
    sync(form);
  }
  function nameOf(button) {
    var name = button.querySelector(".name");
    return name ? name.textContent : button.value;
  }
  // After a push: picks no longer offered are dropped.
  function sync(form) {
    if (!form.drawPicks) return;
    var slots = slotsOf(form);
    form.picks = slots > 1 ? form.picks.filter(function (c) { return form.querySelector("#mk-" + c); }).slice(0, slots) : [];
    form.drawPicks();
  }

  // The dice entered as chips (a tap takes one back) and as the `faces[]` the form sends.
  function chips(shown, sent, faces, words, does, redraw) {
    shown.querySelectorAll(".chip").forEach(function (el) { el.remove(); });
    sent.textContent = "";
    faces.forEach(function (face, i) {
      var chip = document.createElement("button"), input = document.createElement("input");
      chip.type = "button";
      chip.className = "chip die";
      chip.textContent = words[face] || face;
      chip.setAttribute("aria-label", "die " + (i + 1) + ": " + face + ", tap to " + does);
      chip.addEventListener("click", function () { faces.splice(i, 1); redraw(); });
      shown.appendChild(chip);
      input.type = "hidden";
      input.name = "faces[]";
      input.value = face;
      sent.appendChild(input);
    });
  }
  function faceWords(root) {
    var words = {};
    root.querySelectorAll(".face-key").forEach(function (key) { words[key.dataset.face] = key.textContent; });
    return words;
  }

  // Camouflage's dice: the button waits for every die, so none goes that nobody rolled.
  function setUpCount(pad) {
    if (pad.dataset.ready) return;
    pad.dataset.ready = "1";
    var form = pad.closest("form"), dice = parseInt(pad.dataset.dice, 10) || 0, faces = [], words = faceWords(pad);
    var shown = pad.querySelector(".entered"), says = pad.querySelector("[data-count-says]");
    var submit = form.querySelector("[data-count-submit]"), sent = document.createElement("div");
    var first = says ? says.textContent : "";
    form.appendChild(sent);
    function draw() {
      chips(shown, sent, faces, words, "take it back", draw);
      var left = dice - faces.length;
      if (says) says.textContent = left === dice ? first : left ? "Tap " + left + " more " + (left === 1 ? "die" : "dice") + "." : "All dice entered.";
      if (submit) submit.disabled = left > 0;
      pad.querySelectorAll(".face-key").forEach(function (b) { b.disabled = left === 0; });
    }
    pad.querySelectorAll(".face-key").forEach(function (key) {
      key.addEventListener("click", function () { if (faces.length < dice) { faces.push(key.dataset.face); draw(); } });
    });
    draw();
  }

  // A card grid filtered by the letters typed (the market's, Made in a Lab's).
  function filtering(picker, search) {
    function filter() {
      var q = search.value.trim().toLowerCase();
      picker.querySelectorAll(".card-grid button").forEach(function (b) { b.hidden = q !== "" && nameOf(b).toLowerCase().indexOf(q) < 0; });
    }
    if (search) search.addEventListener("input", filter);
    return filter;
  }
  function setUpLab(picker) {
    if (!picker.dataset.ready) { picker.dataset.ready = "1"; filtering(picker, picker.querySelector("input[type=search]")); }
  }

  function setUp(root) {
    // No pad (the last roll entered): no dice are being tapped, so no form stays hidden.
    if (!document.querySelector(".dice-entry")) {
      document.querySelectorAll("form[data-pad-hides]").forEach(function (f) { f.removeAttribute("data-pad-hides"); });
    }
    (root || document).querySelectorAll(".dice-entry").forEach(setUpPad);
    (root || document).querySelectorAll(".card-picker").forEach(setUpPicker);
    (root || document).querySelectorAll(".face-count").forEach(setUpCount);
    (root || document).querySelectorAll(".lab-picker").forEach(setUpLab);
  }
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
  document.addEventListener("htmx:oobAfterSwap", function () { setUp(document); });
})();
