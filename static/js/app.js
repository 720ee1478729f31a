// Page behaviour (no inline script: CSP): live banner, service worker, polling, what is said aloud.
(function () {
  "use strict";
  // The scripts' sentences in the page's language (companion/web/script_words.py), found by their
  // English words; `%(name)s` in a sentence is filled from `vars`. A counted sentence's form is the
  // one the page's language names for n (Intl.PluralRules: CLDR's one, few, many, other…).
  var catalog = null;
  function sentences() {
    if (catalog === null) {
      var el = document.getElementById("script-words");
      try { catalog = el ? JSON.parse(el.textContent) : {}; } catch (e) { catalog = {}; }
    }
    return catalog;
  }
  function fill(text, vars) {
    return text.replace(/%\((\w+)\)s/g, function (m, key) { return vars && key in vars ? String(vars[key]) : m; });
  }
  window.ktcSay = function (text, vars) {
    var said = sentences()[text];
    return fill(typeof said === "string" ? said : text, vars);
  };
  window.ktcCount = function (one, other, n, vars) {
    var forms = sentences()[one], kind = n === 1 ? "one" : "other";
    try { kind = new Intl.PluralRules(document.documentElement.lang || "en").select(n); } catch (e) { /* the English rule */ }
    var text = forms && typeof forms === "object" ? forms[kind] || forms.other : (n === 1 ? one : other);
    return fill(text, Object.assign({ num: n }, vars));
  };
  var say = window.ktcSay;
  var banner = function () { return document.getElementById("netstate"); };

  function show(state, text) {
    var el = banner();
    if (!el) return;
    el.dataset.state = state;
    el.textContent = text;
    document.documentElement.dataset.net = state;
  }

  function onlineCheck() {
    // A copy the service worker served is offline too, even with wifi (onLine knows only wifi).
    var savedCopy = document.documentElement.dataset.savedCopy && document.body && document.body.dataset.live !== "open";
    if (!navigator.onLine || savedCopy) {
      show("offline", document.getElementById("status") ?
        say("Offline: this is the table as this phone last saw it. It updates when the connection is back.") :
        say("Offline: this is the page as this phone last saw it. It updates when the connection is back."));
    } else if (document.body && document.body.dataset.live === "open") {
      show("live", say("Live"));
    } else if (document.body && document.body.dataset.live === "busy") {
      show("connecting", document.body.dataset.busy);  // the server's cap on live phones
    } else {
      show("connecting", say("Connecting…"));
    }
  }

  window.addEventListener("online", function () {
    // Wifi back: ask for the table at once (the socket's retries back off while offline).
    delete document.documentElement.dataset.savedCopy;
    onlineCheck();
    poll();
  });
  window.addEventListener("offline", onlineCheck);
  document.addEventListener("DOMContentLoaded", onlineCheck);
  // The invite (QR codes) folds away below the history on every phone after the first action.
  function foldInvite() {
    var status = document.getElementById("status");
    var invite = document.getElementById("invite");
    if (!status || !invite || invite.dataset.folded || (status.dataset.version || "0") === "0") return;
    invite.dataset.folded = "1";
    invite.open = false;
    var history = document.getElementById("history");
    if (history && history.parentNode) history.parentNode.insertBefore(invite, history.nextSibling);
  }
  document.addEventListener("htmx:oobAfterSwap", foldInvite);

  // Pushes and replies carry whole regions, morphed into the page (idiomorph, hx-swap-oob="morph"):
  // elements that stay are kept, so focus and scroll stay, and what this phone's player is doing
  // in them stays too: a value typed or ticked and not sent yet, a section opened or closed.
  // A form a tap went from is drawn as the table has it once the table moved past the version it
  // was sent at (by the reply or the push, whichever comes first): what was tapped in it was sent.
  var sent = [];  // [form, the table's version when it was sent]
  function tableVersion() {
    var status = document.getElementById("status");
    return status ? +status.dataset.version : 0;
  }
  function edited(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    if (el.tagName === "OPTION") return el.selected !== el.defaultSelected;
    return "defaultValue" in el && el.value !== el.defaultValue;
  }
  function kept(name, el, how) {
    if (name === "open" && el.tagName === "DETAILS") return true;
    if (how === "remove" && /^data-(ready|enhanced)$/.test(name)) return true;  // set up by a game's script
    if (!/^(value|checked|selected)$/.test(name)) return false;
    var form = el.form || (el.closest && el.closest("form"));
    var now = tableVersion();
    return !sent.some(function (s) { return s[0] === form && now > s[1]; }) && edited(el);
  }
  function settled() {  // after a whole message or reply: forms drawn again need no more care
    var now = tableVersion();
    sent = sent.filter(function (s) { return now <= s[1]; });
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt.closest && event.detail.elt.closest("form");
    if (form) sent.push([form, tableVersion()]);
  });
  document.addEventListener("htmx:wsAfterMessage", settled);
  document.addEventListener("htmx:afterRequest", function (event) {  // a refused tap's form keeps what it holds
    var form = event.detail.elt.closest && event.detail.elt.closest("form");
    settled();
    sent = sent.filter(function (s) { return s[0] !== form; });
  });
  document.addEventListener("DOMContentLoaded", function () {  // idiomorph loads after this file
    if (window.Idiomorph) Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, el, how) { return !kept(name, el, how); };
  });

  // Open charts are fetched again at each version: what was open in them stays open.
  var chartsOpen = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    var box = event.detail.target;
    if (box && box.id === "charts-drawn") chartsOpen = [].map.call(box.querySelectorAll("details"), function (d) { return d.open; });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail.target;
    if (box && box.id === "charts-drawn") box.querySelectorAll("details").forEach(function (d, i) { d.open = !!chartsOpen[i]; });
  });

  // What the table waits for from this phone (its turn, a decision it owes) is cue.js's.

  // #news (polite) says new history entries, undos and whose turn (a seat's own: #cue), each once;
  // the page as loaded is not read out.
  var heard = null;  // {seq: newest entry heard, texts: {seq: words}, turn: the status line heard}
  function said(el) {  // an element's words as a screen reader says them: a symbol by its name
    var words = "";
    el.childNodes.forEach(function (node) {
      if (node.nodeType === 3) words += node.textContent;
      else if (node.nodeType !== 1 || node.classList.contains("seq") || node.getAttribute("aria-hidden") === "true") return;
      else if (node.getAttribute("role") === "img") words += " " + node.getAttribute("aria-label") + " ";
      else words += said(node);
    });
    return words;
  }
  function entries() {
    var found = {};
    document.querySelectorAll("#history li").forEach(function (li) {
      var seq = li.querySelector(".seq");
      var n = seq ? parseInt(seq.textContent.replace("#", ""), 10) : NaN;
      if (!isNaN(n)) found[n] = said(li).replace(/\s+/g, " ").replace(/ ([.,;:)])/g, "$1").trim();
    });
    return found;
  }
  function tell() {
    var news = document.getElementById("news"), status = document.getElementById("status");
    if (!news || !status) return;
    var texts = entries(), seqs = Object.keys(texts).map(Number);
    var seq = seqs.length ? Math.max.apply(null, seqs) : 0;
    var line = status.querySelector(".turn"), turn = line ? line.textContent.replace(/\s+/g, " ").trim() : "";
    var holder = document.querySelector("[data-seat]");
    var mine = holder && status.dataset.current === holder.dataset.seat;
    // An undo or redo is said once, as the history heads it (a redo's entries are not news).
    var changeLine = document.querySelector("#history [data-change]");
    var change = changeLine && changeLine.dataset.change ? changeLine.dataset.change : null;
    // Said once when it appears: a seat moved, a move entered for this seat (partials/_told.html).
    var told = [].map.call(document.querySelectorAll("#controls .seat-news p" + (holder ?
      ',#controls .told[data-for="' + holder.dataset.seat + '"] p' : "")), said).join(" ").replace(/\s+/g, " ").trim();
    var words = [];
    if (heard !== null) {
      var fresh = seqs.filter(function (n) { return n > heard.seq; }).sort(function (a, b) { return a - b; });
      if (change && change !== heard.change) words.push(said(changeLine).replace(/\s+/g, " ").trim());
      else if (seq < heard.seq && heard.texts[heard.seq]) words.push("Undone: " + heard.texts[heard.seq]);
      if (!change || change === heard.change) {
        fresh.slice(-3).forEach(function (n) { words.push(texts[n]); });  // after a long absence, the latest three
      }
      if (turn && turn !== heard.turn && !mine) words.push(turn + ".");
      if (told && told !== heard.told) words.push(told);
    }
    heard = { seq: seq, texts: texts, turn: turn, change: change, told: told };
    if (words.length) news.textContent = words.join(" ");
  }
  // An undo's question takes the focus; "Keep it" puts it away (without script, a link back).
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var swapped = event.detail && event.detail.target;  // the element swapped out, by its id
    if (!swapped || swapped.id !== "undo-ask") return;
    var ask = document.getElementById("undo-ask");
    if (ask && !ask.hidden) ask.focus();
  });
  document.addEventListener("click", function (event) {
    var keep = event.target.closest && event.target.closest("[data-undo-keep]");
    if (!keep) return;
    event.preventDefault();
    var ask = document.getElementById("undo-ask");
    if (ask) { ask.hidden = true; ask.textContent = ""; ask.removeAttribute("role"); }
    var undo = document.querySelector("#controls button.undo");
    if (undo) undo.focus();
  });
  var telling = false;
  document.addEventListener("htmx:oobAfterSwap", function () {
    // One push swaps several regions, one after the other: say it once, when all are in place.
    if (telling) return;
    telling = true;
    setTimeout(function () { telling = false; tell(); }, 0);
  });
  document.addEventListener("DOMContentLoaded", tell);
  // After a push: a page whose seat moved away (or came back: seat_moves.py) is drawn again, once a
  // version; a page that only watches follows the table's rematch.
  document.addEventListener("htmx:oobAfterSwap", function () {
    setTimeout(function () {
      var page = document.querySelector("[data-mark-seat]"), status = document.getElementById("status");
      var marks = (document.getElementById("controls") || {}).dataset;
      if (status && status.dataset.rematch && !document.querySelector("#controls form")) location.assign(status.dataset.rematch);
      if (!page || !status || !marks || !marks.seatMarks) return;
      var now = marks.seatMarks.split(" ")[+page.dataset.markSeat], key = "seat-redrawn:" + location.pathname;
      if (now && (now === page.dataset.ownMark) !== page.hasAttribute("data-seat") &&
          sessionStorage.getItem(key) !== status.dataset.version) {
        sessionStorage.setItem(key, status.dataset.version);
        location.reload();
      }
    }, 0);
  });
  // The status strip is re-rendered by every push: put the connection state back on it.
  document.addEventListener("htmx:oobAfterSwap", onlineCheck);
  document.addEventListener("htmx:afterSettle", onlineCheck);

  // "Live" once a retry stayed open a moment (a server at its cap closes at once: 1013).
  var settling = null;
  document.addEventListener("htmx:wsOpen", function () {
    clearTimeout(settling);
    if (document.body.dataset.live === "busy") {
      settling = setTimeout(function () { document.body.dataset.live = "open"; onlineCheck(); }, 1000);
      return;
    }
    document.body.dataset.live = "open";
    onlineCheck();
  });
  document.addEventListener("htmx:wsClose", function () {
    clearTimeout(settling);
    document.body.dataset.live = "closed";
    onlineCheck();
  });
  // 1013 (the server's cap on live phones): say its sentence and poll; the ws extension retries.
  document.addEventListener("htmx:wsClose", function (event) {
    var closed = event.detail && event.detail.event;
    if (!closed || closed.code !== 1013) return;
    document.body.dataset.live = "busy";
    document.body.dataset.busy = closed.reason || say("The server is busy.");
    onlineCheck();
  });
  // A push means the table moved on: an old error message no longer applies.
  document.addEventListener("htmx:wsAfterMessage", forgetRefusal);

  // A refusal is shown beside its control (#flash says it); the form keeps what was entered.
  function clearRefusals() {
    document.querySelectorAll(".refusal").forEach(function (el) { el.remove(); });
  }
  function forgetRefusal() {  // the sentence in the strip too
    var flash = document.getElementById("flash");
    if (flash) flash.textContent = "";
    clearRefusals();
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    clearRefusals();
    var elt = event.detail.elt;
    var form = elt && elt.closest && elt.closest("form");
    var xhr = event.detail.xhr;
    if (!form || !xhr || xhr.status < 400) return;
    var flash = document.getElementById("flash");
    var text = flash ? flash.textContent.trim() : "";
    if (!text) return;
    if (!form.isConnected) {  // a stale page (409) was redrawn: the sentence is in the strip
      if (flash) flash.scrollIntoView({ block: "nearest" });
      return;
    }
    var note = document.createElement("p");
    note.className = "refusal flash-error";
    note.setAttribute("aria-hidden", "true");  // said once, by #flash
    note.textContent = text;
    form.appendChild(note);
    note.scrollIntoView({ block: "nearest" });
  });
  // A refusal speaks of what its form held ("1 of 5 entered"): once that changes, it goes.
  function formChanged(event) {
    var form = event.target.closest && event.target.closest("form");
    if (!form || !form.querySelector(".refusal")) return;
    if (event.type === "click" && !event.target.closest('button[type="button"]')) return;
    forgetRefusal();
  }
  ["input", "change", "click"].forEach(function (type) { document.addEventListener(type, formChanged); });

  // Polling fallback: while the socket is not open, ask for the regions every 15 s.
  function poll() {
    if (!window.htmx || document.body.dataset.live === "open") return;
    var status = document.getElementById("status");
    if (!status || !status.dataset.poll) return;
    htmx.ajax("GET", status.dataset.poll, { swap: "none" });
  }
  setInterval(poll, 15000);

  // Round timer on event pages: minutes and seconds since the round started.
  setInterval(function () {
    document.querySelectorAll("[data-started]").forEach(function (el) {
      var started = Date.parse(el.dataset.started);
      var out = el.querySelector(".timer");
      if (!out || isNaN(started)) return;
      var s = Math.max(0, Math.floor((Date.now() - started) / 1000));
      out.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    });
  }, 1000);

  // The other modules, loaded from here so that pages need no more tags (never twice).
  var here = (document.currentScript && document.currentScript.src) || location.href;
  ["saved_copy.js", "outbox.js", "outbox_view.js", "switches.js", "cue.js"].forEach(function (name) {
    if (document.querySelector('script[src*="/js/' + name + '"]')) return;
    var script = document.createElement("script");
    script.src = new URL(name, here).pathname;
    script.async = false;  // in this order
    script.dataset.addedByScript = "app.js";
    document.head.appendChild(script);
  });

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () { /* not fatal: works online */ });
    });
  }
})();
