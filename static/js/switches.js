// The header's two switches, this phone's own settings: the colour theme, and keeping the screen
// on at a table. Loaded like app.js's other modules (a tag, or app.js for an older saved copy).
(function () {
  "use strict";
  if (window.ktcSwitches) return;  // loaded twice (a tag and app.js's loader): one listener each
  window.ktcSwitches = true;

  // The theme: the phone's own (the CSS follows prefers-color-scheme) unless this phone chose the
  // other one with the header's "Dark theme" switch. The choice is a cookie, so the server draws
  // each page in it from the first paint (data-theme on <html>), with no script to wait for. A
  // choice equal to the phone's own is forgotten: two taps hand the theme back to the phone.
  var phoneDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : { matches: false };
  function showTheme(pick) {
    var root = document.documentElement;
    pick = pick || (/(?:^|; )theme=(dark|light)/.exec(document.cookie) || [])[1];
    if (pick) root.dataset.theme = pick; else delete root.dataset.theme;  // a saved copy may hold an old one
    var button = document.getElementById("theme");
    if (button) button.setAttribute("aria-pressed", String(pick ? pick === "dark" : phoneDark.matches));
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#theme");
    if (!button) return;
    var dark = button.getAttribute("aria-pressed") !== "true", forget = dark === phoneDark.matches;
    document.cookie = "theme=" + (dark ? "dark" : "light") + "; path=/; SameSite=Lax; max-age=" + (forget ? 0 : 31536000) +
      (location.protocol === "https:" ? "; Secure" : "");
    showTheme(forget ? "" : (dark ? "dark" : "light"));  // this page follows even where cookies are off
  });
  document.addEventListener("DOMContentLoaded", function () { showTheme(); });
  if (phoneDark.addEventListener) phoneDark.addEventListener("change", function () { showTheme(); });

  // Keep-awake: a phone lying on the table keeps its screen on while a table page is open and
  // visible (the Screen Wake Lock API). The browser lets the lock go whenever the page is hidden,
  // so it is asked for again each time the page is shown. The header's switch (#awake, table pages
  // only) turns it off and on for this phone (remembered); where the browser cannot keep the screen
  // on, the switch says why instead.
  var AWAKE = {  // what the switch says in each state, and why (its title)
    on: ["on", "The screen stays on at this table. Tap to let it sleep."],
    off: ["off", "The screen may sleep. Tap to keep it on."],
    paused: ["paused", "The phone let the screen sleep: it stays on again when this page shows. Tap to retry."],
    refused: ["refused", "The browser refused (a battery saver?). Tap to retry."],
    insecure: ["needs https", "Only a page opened over https may keep the screen on: set a longer screen timeout instead."],
    missing: ["not here", "This browser cannot keep the screen on: set a longer screen timeout instead."]
  };
  Object.keys(AWAKE).forEach(function (state) {  // in the page's language
    AWAKE[state] = AWAKE[state].map(function (text) { return window.ktcSay(text); });
  });
  var lock = null, asking = false;
  function awakeWanted() {
    try { return localStorage.getItem("ktc-awake") !== "off"; } catch (e) { return true; }
  }
  function awakeShow(state) {
    var el = document.getElementById("awake");
    el.hidden = false;
    el.dataset.state = state;
    el.setAttribute("aria-checked", String(state === "on"));
    el.setAttribute("aria-disabled", String(state === "insecure" || state === "missing"));
    el.querySelector(".state").textContent = AWAKE[state][0];
    el.title = AWAKE[state][1];
  }
  function awake() {
    if (!document.getElementById("awake")) return;  // not a table page
    if (!window.isSecureContext) return awakeShow("insecure");  // the API exists only there
    if (!navigator.wakeLock) return awakeShow("missing");
    if (!awakeWanted()) return awakeShow("off");
    if (lock || asking || document.visibilityState !== "visible") return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      lock = sentinel;
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) lock = null;
        awakeShow(awakeWanted() ? "paused" : "off");
      });
      if (awakeWanted()) awakeShow("on"); else sentinel.release();  // switched off meanwhile
    }, function () {
      asking = false;
      awakeShow("refused");
    });
  }
  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("#awake");
    if (!el || el.getAttribute("aria-disabled") === "true") return;
    try { if (lock) localStorage.setItem("ktc-awake", "off"); else localStorage.removeItem("ktc-awake"); } catch (e) { /* this page only */ }
    if (lock) lock.release(); else awake();
  });
  document.addEventListener("visibilitychange", awake);  // a page shown again asks again
  document.addEventListener("DOMContentLoaded", awake);
  if (document.readyState !== "loading") { showTheme(); awake(); }  // added by app.js after the page was parsed
})();
