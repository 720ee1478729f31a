// The home page's setup form: the names this phone played with last, one tap away, and "Who
// starts?" offering the players by the names typed. Loaded by templates/home.html only; must not
// be inline (the CSP forbids it). Without it the form works as it is.
(function () {
  "use strict";

  // Setup: "Same players as last time" fills in the names this phone played with last.
  document.addEventListener("click", function (event) {
    var btn = event.target.closest && event.target.closest("[data-fill-names]");
    if (!btn) return;
    var names = JSON.parse(btn.dataset.fillNames || "[]");
    var form = btn.closest("form");
    form.querySelectorAll("input[name=players]").forEach(function (input, i) { input.value = names[i] || ""; });
    namesStarters(form);
    namesMonsters(form);
  });

  // Setup: "Who starts?" offers the players by the names typed, and only the named slots of the
  // chosen game (an option's value stays its slot: the server seats the named slots in order).
  function namesStarters(form) {
    var select = form.querySelector("select[name=first_player]");
    if (!select) return;
    var inputs = form.querySelectorAll("input[name=players]");
    Array.prototype.forEach.call(select.options, function (option) {
      if (option.value === "random") return;
      var input = inputs[Number(option.value)];
      var name = input && input.offsetParent !== null ? input.value.trim() : "";
      option.textContent = name || window.ktcSay("Player %(n)s", { n: Number(option.value) + 1 });
      option.hidden = option.disabled = !name;
    });
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = "random";
  }
  // Setup: each monster picker says the name typed in its slot (slot i picks player i's monster);
  // a slot with no name seats nobody, so its picker is not shown.
  function namesMonsters(form) {
    var inputs = form.querySelectorAll("input[name=players]");
    form.querySelectorAll("[data-monster-slot]").forEach(function (slot) {
      var input = inputs[Number(slot.dataset.monsterSlot)];
      var name = input && input.offsetParent !== null ? input.value.trim() : "";
      slot.querySelector("[data-slot-name]").textContent = name || "Player " + (Number(slot.dataset.monsterSlot) + 1);
      slot.hidden = !name;
    });
  }
  function setupChanged(event) {
    var form = event.target.closest && event.target.closest("form");
    if (form && form.querySelector("select[name=first_player]")) { namesStarters(form); namesMonsters(form); }
  }
  document.addEventListener("input", setupChanged);
  document.addEventListener("change", setupChanged);
  document.querySelectorAll("select[name=first_player]").forEach(function (select) { namesStarters(select.form); namesMonsters(select.form); });
})();
