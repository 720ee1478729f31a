// The saved copy of a table page. The page hands the service worker its own HTML as soon as the
// worker is ready (the first visit included: that page was loaded before any worker could keep
// it) and again after every change it gets (htmx replies, websocket pushes, polls), so a reload
// without network shows the table as this phone last saw it: players, scores, the latest live
// updates. The copy is the page's own DOM, not a second request: 300 phones fetching their table
// page again after every action would cost the server 300 renders an action.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var SAVE_DELAY_MS = 150;  // one save for a burst of swaps (a push swaps four regions)
  var HTMX_CLASSES = ["htmx-request", "htmx-settling", "htmx-swapping", "htmx-added"];
  var timer = null;

  function isTablePage() {
    return !!document.querySelector("#status[data-version]");
  }

  function assets() {
    // What this page loaded: kept for offline whatever its address (fingerprinted or not).
    var found = document.querySelectorAll("script[src], link[rel=stylesheet][href], link[rel=icon][href], link[rel=apple-touch-icon][href]");
    return Array.prototype.map.call(found, function (node) { return node.src || node.href; });
  }

  function pageHtml() {
    // The page as the server would send it at this version: what scripts added, and the live
    // connection's state, are put back by the scripts when the copy loads.
    var copy = document.documentElement.cloneNode(true);
    copy.removeAttribute("data-net");
    copy.removeAttribute("data-saved-copy");
    copy.querySelectorAll("[data-added-by-script]").forEach(function (node) { node.remove(); });
    var body = copy.querySelector("body");
    if (body) body.removeAttribute("data-live");
    HTMX_CLASSES.forEach(function (name) {
      copy.querySelectorAll("." + name).forEach(function (node) { node.classList.remove(name); });
    });
    var net = copy.querySelector("#netstate");
    if (net) {
      net.dataset.state = "connecting";
      net.textContent = window.ktcSay("Connecting…");
    }
    return "<!doctype html>\n" + copy.outerHTML;
  }

  function post(message) {
    // Resolves once the worker has done it (true) or could not (false).
    return navigator.serviceWorker.ready.then(function (registration) {
      if (!registration.active) return false;
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(!!(event.data && event.data.done)); };
        registration.active.postMessage(message, [channel.port2]);
      });
    });
  }

  function save() {
    timer = null;
    if (!isTablePage()) return Promise.resolve(false);
    return post({ type: "save", url: location.href.split("#")[0], html: pageHtml() });
  }

  function saveSoon() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  }

  navigator.serviceWorker.ready.then(function () {
    post({ type: "keep", assets: assets() });
    // A copy served offline is already what is saved: nothing new to keep until it changes.
    if (!document.documentElement.dataset.savedCopy) save();
  });
  ["htmx:afterSettle", "htmx:oobAfterSwap", "htmx:wsAfterMessage"].forEach(function (name) {
    document.addEventListener(name, saveSoon);
  });
})();
