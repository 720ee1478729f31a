// What the table waits for from this phone (loaded by app.js): its turn and the decisions it owes,
// said in #cue, named in the title, buzzed once, and pinned in view, never scrolled to (a reader is
// never moved): docs/accessibility.md says how.
(function () {
  "use strict";
  var ownTitle = null;  // the page's title with nothing owed
  var lastCue = null;   // what #cue said last (null: nothing yet, the page as loaded)
  var owedBefore = null;  // the decisions owed to this phone at the last look ("1:yield" …)
  var pinned = null;  // {form, spot}: the form pinned and the spot kept in its place
  var say = window.ktcSay;  // the page's sentences in its language (app.js)

  function heading(form) {
    var h = form.querySelector("h2, h3, legend");
    return h ? h.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // A decision ("1:yield") named: the game's words (Game.asks), else its control's heading or button.
  function named(key, form) {
    var own = document.querySelector('#status .asks[data-key="' + key + '"]'), type = key.split(":")[1];
    var input = document.querySelector('#controls form input[name="type"][value="' + type + '"]');
    var other = input && input.closest("form"), button = other && other.querySelector("button");
    return (own && own.textContent.trim()) || (form && heading(form)) || (other && heading(other)) ||
      (button && button.textContent.trim()) || type.replace(/_/g, " ");
  }

  // This phone's decisions: {key, form} for each owed by its seat, or, on the table's shared
  // phone, each whose form its controls show (a held seat's decisions are asked on that seat's phone).
  function owedHere(status, holder, shared) {
    var seat = holder ? holder.dataset.seat : null;
    return (status.dataset.decisions || "").split(" ").filter(Boolean).map(function (key) {
      var parts = key.split(":"), form = null;
      document.querySelectorAll("#controls form").forEach(function (f) {
        var type = f.querySelector('input[name="type"]'), who = f.querySelector('input[name="player:int"]');
        // data-decision: a decision answered by a move of another type (a card's `use`).
        if (!form && type && who && (type.dataset.decision || type.value) === parts[1] && who.value === parts[0]) form = f;
      });
      return { key: key, player: parts[0], form: form };
    }).filter(function (d) { return seat !== null ? d.player === seat : shared && d.form; });
  }

  function buzz() {
    if (!navigator.vibrate) return;
    try { navigator.vibrate(150); } catch (e) { /* not allowed here: the words say it */ }
  }

  function cue() {
    var status = document.getElementById("status"), box = document.getElementById("cue");
    if (!status || !box) return;
    var holder = document.querySelector("[data-seat]"), shared = !!document.querySelector("[data-shared]");
    var owed = owedHere(status, holder, shared);
    var keys = owed.map(function (d) { return d.key; });
    var fresh = owedBefore !== null && keys.some(function (k) { return owedBefore.indexOf(k) < 0; });
    var first = owed[0], asked = first ? named(first.key, first.form) : "";
    var turn = holder && status.dataset.current === holder.dataset.seat;
    // Something else the rules wait for from this seat, which any phone may enter (a card to
    // pass on, a fight's result): said, neither pinned nor in the title.
    var waits = holder && (status.dataset.owed || "").split(" ").indexOf(holder.dataset.seat) >= 0;
    var waiting = holder && (" " + (status.dataset.asked || "")).split(" " + holder.dataset.seat + ":")[1];
    var text = "";
    if (first) {
      text = (holder ? say("%(name)s: a decision waits for you", { name: holder.dataset.seatName }) : say("A decision waits on this phone")) +
        (asked ? ": " + asked : ".");
    } else if (turn) {
      text = say("Your turn, %(name)s.", { name: holder.dataset.seatName });
    } else if (waits) {
      var said = waiting ? named(holder.dataset.seat + ":" + waiting.split(" ")[0], null) : "";
      text = say("%(name)s: a decision waits for you", { name: holder.dataset.seatName }) + (said ? ": " + said + (/[.!?)]$/.test(said) ? "" : ".") : ".");
    }
    box.hidden = !text;
    if (box.textContent !== text) box.textContent = text;  // the same words again are not said again
    document.body.dataset.yours = text ? (turn && !first ? "turn" : "decision") : "";
    if (ownTitle === null) ownTitle = document.title;
    document.title = first ? say("Your decision: %(what)s", { what: asked || say("a decision waits") }) + " · " + ownTitle : ownTitle;
    // Once per new decision; a turn, when the words change to it (never for the page as loaded).
    if (fresh || (!first && text && text !== lastCue && lastCue !== null)) buzz();
    lastCue = text;
    owedBefore = keys;
    keep(first && first.form);
  }

  // -- kept in view ------------------------------------------------------------------------
  function shown(rect) {  // how much of a box is on the screen, below the sticky status strip
    var status = document.getElementById("status");
    var top = status ? Math.max(0, status.getBoundingClientRect().bottom) : 0;
    var seen = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, top);
    return rect.height > 0 ? Math.max(0, seen) / rect.height : 0;
  }

  function pin(form) {
    var spot = document.createElement("div");
    spot.className = "decision-spot";
    spot.setAttribute("aria-hidden", "true");
    var style = getComputedStyle(form);
    spot.style.height = form.offsetHeight + "px";
    spot.style.margin = style.marginTop + " 0 " + style.marginBottom;
    form.parentNode.insertBefore(spot, form);
    form.classList.add("pinned");
    pinned = { form: form, spot: spot };
  }

  function unpin() {
    if (!pinned) return;
    pinned.form.classList.remove("pinned");
    if (pinned.spot.parentNode) pinned.spot.parentNode.removeChild(pinned.spot);
    pinned = null;
  }

  // Pin `form` while its place is wholly off the screen; back in its place once half of it shows
  // (the gap between the two keeps a slow scroll from flicking it back and forth).
  function keep(form) {
    if (pinned && (pinned.form !== form || !pinned.form.isConnected)) unpin();
    if (!form) return;
    if (pinned) {
      if (shown(pinned.spot.getBoundingClientRect()) >= 0.5) unpin();
    } else if (shown(form.getBoundingClientRect()) === 0) {
      pin(form);
    }
  }

  var looking = false;
  function look() {  // once per push, which swaps several regions: when all are in place
    if (looking) return;
    looking = true;
    setTimeout(function () { looking = false; cue(); }, 0);
  }
  document.addEventListener("htmx:oobAfterSwap", look);
  document.addEventListener("htmx:afterSettle", look);
  window.addEventListener("scroll", function () {
    if (owedBefore && owedBefore.length) look();
  }, { passive: true });
  window.addEventListener("resize", look);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", cue);
  else cue();
})();
