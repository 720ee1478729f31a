// Tap a line of the live history (partials/_history.html) to see the board as it stood after it
// (web/rewind_pages.py): the line's number is its id ("h-12"); the address comes with this script
// (data-at, ending in the number 0 to replace). The whole history page has plain links.
(function () {
  "use strict";
  var script = document.currentScript;
  var at = script && script.dataset.at;
  if (!at) return;
  document.addEventListener("click", function (event) {
    var line = event.target.closest && event.target.closest("#history-log li[id^='h-']");
    if (!line || event.target.closest("a, button")) return;
    window.location.href = at.replace(/0(\?|$)/, line.id.slice(2) + "$1");
  });
})();
