// Kyoto no Neko table page behaviour: the check pad (the skill follows the target, a preview of
// the sum against the Objective), the fight's preview, a Growth's bumps sent as one answer, and
// the kittens' sheets a phone opened kept open when the board is redrawn.
// Loaded for this game only (not inline: the CSP). The previews only say what the dice read: the
// engine decides (games/neko/_controls.html draws its offers).
(function () {
  "use strict";
  var say = window.ktcSay;
  // What a check still lacks, in one sentence (each set of missing taps is a sentence of its own).
  var LACKS = {
    "target objective die": "Tap the target, the Objective and the die.", "skill objective die": "Tap the skill, the Objective and the die.",
    "objective die": "Tap the Objective and the die.", "die": "Tap the die.", "target die": "Tap the target and the die.",
    "skill die": "Tap the skill and the die.", "target objective": "Tap the target and the Objective.",
    "skill objective": "Tap the skill and the Objective.", "objective": "Tap the Objective.", "target": "Tap the target.", "skill": "Tap the skill."
  };

  function checked(form, name) {
    return form.querySelector('input[name="' + name + '"]:checked');
  }
  function face(input) {
    return input ? JSON.parse(input.value) : null;
  }

  // The check pad. A target lists the skills it takes (data-skills, from the offer): the others
  // are disabled, and when it takes one the skill follows; each skill shows the level of the
  // kitten the target names (a bike dodge may be another kitten's).
  function syncCheck(form, changed) {
    var target = checked(form, "_set");
    if (target && changed === target) {
      var allowed = target.dataset.skills.split(" ");
      var player = target.dataset.player || form.elements["player:int"].value;  // a bike dodge's own, else the pad's
      form.querySelectorAll('input[name="skill"]').forEach(function (radio) {
        radio.disabled = allowed.indexOf(radio.value) < 0;
        if (radio.disabled) radio.checked = false;
        var level = radio.getAttribute("data-level-" + player);
        var shown = radio.nextElementSibling && radio.nextElementSibling.querySelector("[data-level]");
        if (shown && level !== null) shown.textContent = level;
      });
      if (allowed.length === 1) form.querySelector('input[name="skill"][value="' + allowed[0] + '"]').checked = true;
      showWhy(form, target.dataset.why);
    }
    previewCheck(form);
  }

  // Why the skills the tapped target does not take are switched off: its reason, written by the
  // engine and drawn hidden beside the skills (one per target), is shown, and each switched-off
  // skill names it (aria-describedby) so that a screen reader hears it with the skill.
  function showWhy(form, id) {
    form.querySelectorAll('.because[id^="why-skill-"]').forEach(function (line) { line.hidden = line.id !== id; });
    form.querySelectorAll('input[name="skill"]').forEach(function (radio) {
      if (radio.disabled && id) radio.setAttribute("aria-describedby", id);
      else radio.removeAttribute("aria-describedby");
    });
  }

  function previewCheck(form) {
    var out = form.querySelector("[data-preview]");
    if (!out) return;
    var target = checked(form, "_set"), skill = checked(form, "skill");
    var objective = checked(form, "objective:int"), die = checked(form, "die:json");
    var missing = [];
    if (!target || !skill) missing.push(target ? "skill" : "target");
    if (!objective) missing.push("objective");
    if (!die) missing.push("die");
    if (missing.length) {
      out.textContent = say(LACKS[missing.join(" ")]);
      out.dataset.outcome = "";
      return;
    }
    var level = parseInt(skill.getAttribute("data-level-" + (target.dataset.player || form.elements["player:int"].value)), 10);
    var goal = parseInt(objective.value, 10), rolled = face(die);
    if (rolled === "X") {
      out.textContent = say("X vs %(goal)s: critical failure", { goal: goal });
      out.dataset.outcome = "failure";
      return;
    }
    var sum = rolled + level;
    var success = sum >= goal;
    out.textContent = say(success ? "%(sum)s vs %(goal)s: success" : "%(sum)s vs %(goal)s: failure", { sum: rolled + " + " + level + " = " + sum, goal: goal });
    out.dataset.outcome = success ? "success" : "failure";
  }

  // The fight pad: whose die is whose, and the two totals (a draw is rolled again).
  function previewFight(form) {
    var out = form.querySelector("[data-preview]");
    var pair = checked(form, "_set");
    var names = pair ? pair.nextElementSibling.querySelectorAll("bdi") : [];  // its label names the two
    var first = pair && names[0].textContent, second = pair && names[1].textContent;
    if (pair) {  // each die row says whose die it is
      form.querySelectorAll("[data-die-of]").forEach(function (label) {
        label.textContent = label.dataset.dieOf === "first" ? first : second;
      });
    }
    var a = face(checked(form, "rolls.0.0:json")), d = face(checked(form, "rolls.0.1:json"));
    if (!out) return;
    if (!pair || a === null || d === null) {
      out.textContent = say("Tap who fights whom and both dice.");
      return;
    }
    var levels = pair.dataset.levels.split(" ").map(Number);
    var total = function (die, level) { return die === "X" ? null : die + level; };
    var ta = total(a, levels[0]), td = total(d, levels[1]);
    var sum = function (die, level, t) { return t === null ? "X" : die + " + " + level + " = " + t; };
    var result;
    if (ta === td) result = say("a draw: roll again");
    else if (td === null || (ta !== null && ta > td)) result = say("%(name)s wins", { name: first });
    else result = say("%(name)s wins", { name: second });
    out.textContent = say("%(first)s vs %(second)s: %(result)s", { first: sum(a, levels[0], ta), second: sum(d, levels[1], td), result: result });
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form");
    if (!form) return;
    if (form.classList.contains("checkpad")) syncCheck(form, event.target);
    if (form.classList.contains("fightpad")) previewFight(form);
  });

  // A Growth's bumps: each tap picks one skill (shown as its new level); the last one owed sends
  // them all as one answer, so a Growth is one line of the history. "Choose again" starts over.
  document.addEventListener("click", function (event) {
    var again = event.target.closest && event.target.closest("[data-again]");
    var button = event.target.closest && event.target.closest(".bump-prompt button[data-skill]");
    var form = (again || button) && (again || button).closest("form");
    if (!form) return;
    var pad = form.querySelector("[data-owed]");
    var owed = parseInt(pad.dataset.owed, 10), top = parseInt(pad.dataset.max, 10);
    var picks = form.__picks || (form.__picks = []);
    if (again) {
      picks.length = 0;
    } else {
      picks.push(button.dataset.skill);
      if (picks.length >= owed) {
        button.value = JSON.stringify({ skills: picks.slice() });
        return;  // the click goes on and sends the form with every pick
      }
      event.preventDefault();
    }
    pad.querySelectorAll("button[data-skill]").forEach(function (b) {
      var level = parseInt(b.dataset.level, 10) + picks.filter(function (s) { return s === b.dataset.skill; }).length;
      b.querySelector("[data-step]").textContent = level + " → " + (level + 1);
      b.disabled = level >= top;
    });
    var note = form.querySelector("[data-picks]");
    note.textContent = picks.length ? say("Chosen: %(picks)s (%(left)s more)", { picks: picks.join(", "), left: owed - picks.length }) : "";
    var restart = form.querySelector("[data-again]");
    if (restart) restart.hidden = !picks.length;
  });

  // Other kittens' sheets are one line each; one a player opened stays open when a move redraws
  // the board.
  var open = {};
  document.addEventListener("toggle", function (event) {
    var sheet = event.target;
    if (sheet.dataset && sheet.dataset.sheet !== undefined) open[sheet.dataset.sheet] = sheet.open;
  }, true);
  document.addEventListener("htmx:oobAfterSwap", function () {
    Object.keys(open).forEach(function (i) {
      var sheet = document.querySelector('#board details[data-sheet="' + i + '"]');
      if (sheet && open[i]) sheet.open = true;
    });
  });
})();
