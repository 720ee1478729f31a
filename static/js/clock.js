// The round clock (events/clock.py, api.md Round clock) on a night's pages and on a table page of
// the night. It counts down from the server's seconds left, never from this phone's own clock
// (which may be minutes off): the figure counts from the moment the server read it, taken as the
// middle of the request by performance.now(), so every screen reaches 0 at the same second. The
// figure is asked for again when the page opens, when a push brings a new clock key (a start, a
// pause, minutes added, a new round: events/_clock.html), when the live connection comes back,
// when the page is shown again, and once a minute; a table page, which is pushed its table and not
// its night, asks every 20 s while its round has a clock. No request is made per second.
(function () {
  "use strict";
  var SOON_S = 600, LAST_S = 120;  // amber for the last 10 minutes, red for the last 2
  var got = null;  // {reply, at: performance.now() when the server read it, key}
  var asking = false;
  var said = null;  // what the live region last announced (a minute, paused, up)

  function box() { return document.querySelector("#event-clock, .table-clock"); }

  // A table page whose game is over, or whose result the desk decided (partials/_status.html,
  // pushed as it happens): its table has no time left to count, whatever the round's clock says.
  function finished(el) { return !!el.dataset.tableId && !!document.querySelector("#status[data-finished]"); }

  function ask() {
    var el = box();
    if (!el || asking || !window.fetch || finished(el)) return;
    var key = el.dataset.clockKey || "";
    var sent = performance.now();
    asking = true;
    fetch(el.dataset.clockUrl, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (resp) { return resp.ok ? resp.json() : null; })
      .then(function (reply) {
        var came = performance.now();
        asking = false;
        if (reply) got = { reply: reply, at: (sent + came) / 2, key: key };
        var now = box();
        if (now && (now.dataset.clockKey || "") !== key) ask();  // it changed on the way
        draw();
      }, function () { asking = false; });
  }

  function left(figures) {
    // The seconds left now at one table (or the round), from the server's figure.
    if (!figures || figures.remaining_s === null || figures.remaining_s === undefined) return null;
    var s = figures.remaining_s - (got.reply.running ? (performance.now() - got.at) / 1000 : 0);
    return Math.max(0, s);
  }

  function pad(n) { return String(n).padStart(2, "0"); }

  function shown(s) {
    var whole = Math.ceil(s);
    var h = Math.floor(whole / 3600), m = Math.floor(whole % 3600 / 60);
    return (h ? h + ":" + pad(m) : String(m)) + ":" + pad(whole % 60);
  }

  var say = window.ktcSay;
  function minutes(n) { return window.ktcCount("%(num)s minute", "%(num)s minutes", n); }

  function announce(el, s, paused) {
    // Minutes, not seconds: every ten minutes, at 15, each of the last five, a pause and the end.
    var m = Math.ceil(s / 60);
    var mark = s <= 0 ? "up" : (paused ? "p" : "r") + m;
    if (mark === said) return;
    var state = said === null ? null : said.charAt(0);
    said = mark;
    var out = el.querySelector(".clock-say");
    if (!out) return;
    if (s <= 0) out.textContent = say("Time is up.");
    else if (paused) out.textContent = say("Clock paused with %(left)s left.", { left: minutes(m) });
    else if (state !== "r" || m <= 5 || m === 15 || m % 10 === 0) out.textContent = say("%(left)s left.", { left: minutes(m) });
  }

  function draw() {
    var el = box();
    if (!el) return;
    var tableId = el.dataset.tableId;
    var figures = got && (tableId ? got.reply.tables[tableId] : got.reply);
    var s = got && !finished(el) ? left(figures) : null;  // a figure of an older key is drawn until the new one comes
    if (tableId) el.hidden = s === null;
    document.body.classList.toggle("clock-on", s !== null);
    if (s === null) return;
    var phase = s <= 0 ? "up" : s <= LAST_S ? "last" : s <= SOON_S ? "soon" : "ok";
    el.dataset.phase = phase;
    el.classList.toggle("paused", got.reply.paused);
    var time = el.querySelector(".clock-time"), note = el.querySelector(".clock-note");
    if (time) time.textContent = s <= 0 ? say("Time is up") : shown(s);
    var extra = tableId && figures.extra_minutes ? say("+%(n)s min for this table", { n: figures.extra_minutes }) : "";
    if (note) note.textContent = [got.reply.paused ? say("paused") : "", extra].filter(Boolean).join(" · ");
    announce(el, s, got.reply.paused);
    drawUp(el);
  }

  function drawUp(el) {
    // The desk: the round's unfinished tables whose own time is up, each with its result form.
    var list = el.querySelector(".clock-up");
    if (!list) return;
    var any = false;
    list.querySelectorAll("[data-up-table]").forEach(function (item) {
      var s = left(got.reply.tables[item.dataset.upTable]);
      item.hidden = !(s !== null && s <= 0);
      any = any || !item.hidden;
    });
    list.hidden = !any;
  }

  document.addEventListener("DOMContentLoaded", ask);
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var target = event.detail && event.detail.target;  // the element replaced: found again by id
    var el = target && target.id === "event-clock" && box();
    if (!el) return;
    if (!got || got.key !== (el.dataset.clockKey || "")) ask();
    draw();  // the new region holds the server's words until drawn
  });
  document.addEventListener("htmx:wsOpen", ask);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) ask(); });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-open-result]");
    var form = link && document.getElementById(link.dataset.openResult);
    if (form) form.open = true;  // the link's own jump brings it into view
  });
  setInterval(draw, 250);
  var ticks = 0;
  setInterval(function () {
    // A table page: every 20 s while shown, every minute while its round has no clock; a night's
    // page (pushed every change): once a minute while a clock runs, to stay in step.
    var el = box();
    ticks += 1;
    if (!el) return;
    var counting = el.dataset.clockState === "running" || el.dataset.clockState === "paused";  // not "none" nor "over"
    if (el.dataset.tableId ? !el.hidden || ticks % 3 === 0 : counting && ticks % 3 === 0) ask();
  }, 20000);
})();
