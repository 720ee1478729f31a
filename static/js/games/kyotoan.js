// kyotoan table page behaviour (the dice, card and number pads of its controls).
// Loaded by templates/table.html for this game only; must not be inline (the CSP forbids it).
(function () {
  "use strict";
})();
