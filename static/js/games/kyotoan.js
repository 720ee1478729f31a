// Last Kyotoan Standing's table page (templates/table.html; never inline: the CSP). Dice pad: a tap
// a die (a chip; a tap on a chip takes it back), the last roll's dice carried, "Keep these" sending
// the kept alone, and the forms resolving old dice hidden while new ones are tapped. Market picker:
// with several cards to tap in, a tap picks or takes back, and the form goes when all are picked.
(function () {
  "use strict";
  var say = window.ktcSay, count = window.ktcCount;

  // The pad stays on the page from roll to roll: a push morphs its head (whose roll, which one, the
  // dice carried; #pad-head) and its buttons, so the dice are read again when the head says other.
  function headSaid(head) {
    var d = head.dataset;
    return [d.dice, d.carry, d.rollsLeft, d.mayKeep, head.textContent].join("|");
  }
  function setUpPad(entry) {
    // Its form is looked up at each use: a push's morph may move the pad into a new form element.
    function form() { return entry.closest("form"); }
    if (entry.dataset.ready) {
      var now = form().querySelector("#pad-head");
      if (now && now.dataset.ready !== headSaid(now)) entry.reset(); else entry.redraw();  // its buttons as its dice say
      return;
    }
    entry.dataset.ready = "1";
    var head, dice, faces, carried, mayKeep, again;
    var words = faceWords(entry);
    var shown = entry.querySelector(".entered");
    var says = entry.querySelector("[data-pad-says]");
    var hidden = document.createElement("div");
    hidden.id = "pad-sent";  // an id the pushed form lacks: a push's morph never reuses it

    entry.reset = function () {
      head = form().querySelector("#pad-head");
      head.dataset.ready = headSaid(head);
      dice = parseInt(head.dataset.dice, 10) || 0;
      faces = JSON.parse(head.dataset.carry || "[]");
      carried = faces.slice();
      mayKeep = !!head.dataset.mayKeep;
      again = (parseInt(head.dataset.rollsLeft, 10) || 0) > 1;
      draw();
    };

    function draw() {
      var keep = form().querySelector("[data-keep]");
      form().appendChild(hidden);  // again after a push morphed the form (it took what it lacks)
      chips(shown, hidden, faces, words, "reroll it", draw);
      // The outbox's line for a queued tap names the dice it enters (they go in hidden fields).
      entry.dataset.says = faces.length ? say("dice: %(faces)s", { faces: faces.map(function (f) { return words[f] || f; }).join(" ") }) : "";
      var n = faces.length, full = n === dice;
      // The last roll's dice, untouched: the resolve form below resolves them.
      var unchanged = full && carried.length === dice && faces.every(function (f, i) { return f === carried[i]; });
      if (says) says.textContent = saying(n, full, unchanged);
      var total = form().querySelector("[data-dice-total]");
      if (total) total.textContent = String(n);
      var submit = form().querySelector(".roll-submit");
      if (submit) submit.hidden = unchanged;
      form().querySelectorAll(".roll-submit button").forEach(function (b) { b.disabled = !full; });
      if (keep) {
        keep.hidden = !(mayKeep && n > 0 && n < dice);
        keep.textContent = count("Keep these %(num)s, roll %(again)s again", "Keep these %(num)s, roll %(again)s again", n, { again: dice - n });
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
        return again || mayKeep ? say("These are the last roll's dice: resolve them below, or tap each die you roll again to take it back.")
          : say("These are the last roll's dice: resolve them below.");
      }
      if (full) {
        return again ? say("All %(dice)s dice entered: resolve them or enter them and roll again. Tapping a die takes it back.", { dice: dice })
          : say("All %(dice)s dice entered: resolve them. Tapping a die takes it back.", { dice: dice });
      }
      if (n === 0) {
        return mayKeep ? say("Tap the face of each die you keep (or of all %(dice)s if these are the final dice).", { dice: dice })
          : say("Tap the face of each of the %(dice)s dice: they are the dice that resolve.", { dice: dice });
      }
      return mayKeep ? count("Tap the faces of %(num)s more die, or keep these %(kept)s and roll the others again. Tapping a die takes it back.",
                             "Tap the faces of %(num)s more dice, or keep these %(kept)s and roll the others again. Tapping a die takes it back.", dice - n, { kept: n })
        : count("Tap the faces of %(num)s more die. Tapping a die takes it back.", "Tap the faces of %(num)s more dice. Tapping a die takes it back.", dice - n);
    }
    // "Enter and roll again" queued offline: the table's answer (the next roll's pad) cannot come
    // yet, so the pad moves on itself as the engine's offer said: the next roll, these dice carried.
    document.addEventListener("ktc:queued", function (event) {
      if (!entry.isConnected || event.target !== form()) return;
      var submitter = event.detail && event.detail.submitter;
      var left = parseInt(head.dataset.rollsLeft, 10) || 0;
      if (!submitter || submitter.name === "_then" || left < 2) return;
      head.dataset.rollsLeft = String(left - 1);
      var number = form().querySelector("[data-roll-number]");
      if (number) number.textContent = String(parseInt(number.textContent, 10) + 1);
      head.dataset.ready = headSaid(head);  // moved on here: a push of the same head keeps it
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
    // Its form is looked up at each use: a push's morph may move the picker into a new form element.
    function form() { return picker.closest("form"); }
    // A push's morph draws the grid again, every card shown: the letters still typed filter it again.
    if (picker.dataset.ready) { sync(picker); if (picker.refilter) picker.refilter(); return; }
    picker.dataset.ready = "1";
    var search = picker.querySelector("input[type=search]");
    var filter = filtering(picker, search);

    // `picks` is the one record of the choice: fields, marks and line are redrawn from it, so after
    // a refusal the form sends exactly what the page shows.
    picker.picks = [];
    var sent = document.createElement("div");
    sent.id = "picks-sent";  // an id the pushed form lacks: a push's morph never reuses it
    picker.drawPicks = function () {
      var slots = slotsOf(form()), picks = picker.picks;
      sent.textContent = "";
      form().appendChild(sent);  // again after a push morphed the form
      picks.forEach(function (cid) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "cards[]";
        input.value = cid;
        sent.appendChild(input);
      });
      var more = slots - picks.length, chosen = form().querySelector("[data-chosen]");
      if (chosen && slots > 1) {
        chosen.textContent = say("Chosen: %(picks)s", { picks: picks.length ? picks.map(function (c) {
          var b = form().querySelector("#mk-" + c);
          return b ? nameOf(b) : c;
        }).join(", ") : say("none yet") }) + (more ? "; " + count("%(num)s more", "%(num)s more", more) : "");
      }
      form().querySelectorAll(".card-grid button").forEach(function (b) {
        // One card to tap in: each card is a plain submit button. Several: a tap picks it.
        // (htmx sends the last button tapped in a form, whatever its type: a pick must send nothing.)
        b.type = slots > 1 ? "button" : "submit";
        if (slots > 1) b.removeAttribute("name"); else b.name = "cards[]";
        if (slots < 2) { b.removeAttribute("aria-pressed"); b.disabled = false; return; }
        var mine = copies(b.value) > 0;
        b.setAttribute("aria-pressed", mine ? "true" : "false");
        b.disabled = !mine && more <= 0;  // never more cards than slots
      });
    };
    function copies(cid) { return picker.picks.filter(function (c) { return c === cid; }).length; }

    // A tap adds the card while the offer holds another copy (data-left) and a slot is free, else
    // takes it back; the letters typed are cleared for the next card.
    picker.addEventListener("click", function (event) {
      var b = event.target.closest && event.target.closest(".card-grid button");
      if (!b || !picker.contains(b)) return;
      if (search && search.value) { search.value = ""; filter(); }
      var slots = slotsOf(form());
      if (slots < 2) return;
      event.preventDefault();
      var cid = b.value, left = parseInt(b.dataset.left, 10) || 1, mine = copies(cid);
      if (mine && (mine >= left || picker.picks.length >= slots)) {
        picker.picks = picker.picks.filter(function (c) { return c !== cid; });
      } else if (picker.picks.length < slots) {
        picker.picks.push(cid);
      }
      picker.drawPicks();
      if (picker.picks.length === slots) {
        var f = form();
        if (f.requestSubmit) f.requestSubmit(); else f.submit();
      }
    });
    sync(picker);
  }
  function nameOf(button) {
    var name = button.querySelector(".name");
    return name ? name.textContent : button.value;
  }
  // After a push morphed the head or cards: picks no longer offered are dropped, the rest redrawn.
  function sync(picker) {
    if (!picker.drawPicks) return;
    var form = picker.closest("form"), slots = slotsOf(form);
    // Another move (its head says other: the cards were sent, or the market is corrected now): no picks.
    var head = form.querySelector("[data-slots]"), said = head ? head.outerHTML : "";
    if (said !== picker.headSaid) picker.picks = [];
    picker.headSaid = said;
    picker.picks = slots > 1 ? picker.picks.filter(function (c) { return form.querySelector("#mk-" + c); }).slice(0, slots) : [];
    picker.drawPicks();
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
      chip.setAttribute("aria-label", say(does === "reroll it" ? "die %(n)s: %(face)s, tap to reroll it" : "die %(n)s: %(face)s, tap to take it back", { n: i + 1, face: face }));
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
      if (says) says.textContent = left === dice ? first : left ? count("Tap %(num)s more die.", "Tap %(num)s more dice.", left) : say("All dice entered.");
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
    if (search) { search.addEventListener("input", filter); picker.refilter = filter; }
    return filter;
  }
  function setUpLab(picker) {
    if (!picker.dataset.ready) { picker.dataset.ready = "1"; filtering(picker, picker.querySelector("input[type=search]")); }
    else if (picker.refilter) picker.refilter();
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
