// The paper page's "Print" button (shown only where this script runs: without it, the browser's
// own Print menu prints the same page).
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
});
