// Taps kept while the connection is down. An action, undo or redo entered offline (or whose send
// failed on the network) waits on this phone, shown as "1 action waiting", and is sent in order
// when the connection is back, each on the version the one before it produced (the server's
// version check stays the guard). What the table refused meanwhile (another phone's move came
// first: 409, naming it; or the rules or the phone's rights said no) is listed as not applied,
// with "Enter it again" (unless the server's dry run says the table would no longer take it) and
// "Dismiss": nothing entered is dropped without a word. Both lists live in localStorage, so a
// reload (offline too) keeps them; outbox_view.js draws them.
(function () {
  "use strict";
  var WRITE = /^\/t\/([^/]+)\/(act|undo|redo)$/;
  var RETRY_MS = 5000;
  // Answers meaning "not now" rather than "no": the action keeps waiting and is tried again.
  var TRY_AGAIN = [0, 408, 429, 500, 502, 503, 504];
  var SEND_TIMEOUT_MS = 15000;  // well past an action's answer on a slow venue wifi (milliseconds)
  var memory = {};  // where the lists live when this browser refuses localStorage
  var sendingId = null;  // the action this page is sending now ("" while it waits for the lock)

  function tableOf(path) { var m = WRITE.exec(path); return m ? m[1] : null; }

  function pageTable() { var m = /^\/t\/([^/]+)/.exec(location.pathname); return m ? m[1] : null; }

  function load(kind, table) {
    var key = "ktc-" + kind + ":" + table;
    try {
      return JSON.parse(localStorage.getItem(key) || "[]");
    } catch (e) {
      return memory[key] || [];
    }
  }

  function store(kind, table, items) {
    var key = "ktc-" + kind + ":" + table;
    memory[key] = items;
    try {
      if (items.length) localStorage.setItem(key, JSON.stringify(items));
      else localStorage.removeItem(key);
    } catch (e) { /* kept in memory for this page's life */ }
    if (window.ktcOutboxView) window.ktcOutboxView.render();
  }

  function words(el) {
    return (el && el.textContent || "").replace(/\s+/g, " ").trim();
  }

  function describe(form, submitter) {
    // outbox_view.js puts the tap in the page's words; without it, a plain label still says it.
    return window.ktcOutboxView ? window.ktcOutboxView.describe(form, submitter) : window.ktcSay("An action");
  }

  function entry(config) {
    // The request as htmx was about to send it, minus the CSRF field (sent fresh as a header).
    var fields = [];
    var version = null;
    config.formData.forEach(function (value, name) {
      if (name === "_csrf" || typeof value !== "string") return;
      if (name === "version") version = value;
      fields.push([name, value]);
    });
    var submitter = config.triggeringEvent && config.triggeringEvent.submitter;
    return {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 8),
      path: new URL(config.path, location.href).pathname,
      fields: fields,
      version: version,
      label: config.ktcLabel || describe(config.elt, submitter),
      at: Date.now(),
    };
  }

  function wait(item) {
    var table = tableOf(item.path);
    var waiting = load("waiting", table);
    waiting.push(item);
    store("waiting", table, waiting);
  }

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"] || "";
    } catch (e) {
      return "";
    }
  }

  function send(item) {
    // Rejects when no answer came; a connection that swallows the request without a word (poor
    // wifi) is given up after SEND_TIMEOUT_MS, so that it cannot hold the outbox for good.
    var body = new URLSearchParams();
    item.fields.forEach(function (field) { body.append(field[0], field[1]); });
    var stop = new AbortController();
    var timer = setTimeout(function () { stop.abort(); }, SEND_TIMEOUT_MS);
    return fetch(item.path, {
      method: "POST", body: body, credentials: "same-origin", signal: stop.signal,
      headers: { "HX-Request": "true", "X-CSRF-Token": csrfToken() },
    }).then(function (resp) {
      var made = parseInt(resp.headers.get("X-Table-Version") || "", 10);  // the version this tap produced
      return resp.text().then(function (html) { return { status: resp.status, html: html, version: isNaN(made) ? null : made }; });
    }).finally(function () { clearTimeout(timer); });
  }

  function sentence(reply) {
    // The server's own sentence: the flash strip of an htmx reply, or an error page's message.
    var doc = new DOMParser().parseFromString(reply.html, "text/html");
    var said = words(doc.querySelector("#flash")) || words(doc.querySelector(".error"));
    return said || window.ktcSay("The server refused it (%(status)s).", { status: reply.status });
  }

  function againIn(html) {
    // The server's dry run of a tap another phone's move overtook: may it be entered again?
    var m = /id="flash"[^>]*data-again="(yes|no)"/.exec(html);
    return m ? m[1] === "yes" : null;
  }

  function versionIn(html) {
    var m = /id="status"[^>]*data-version="(\d+)"/.exec(html);
    return m ? parseInt(m[1], 10) : null;
  }

  function showRegions(html) {
    // The reply's regions, unless a push already brought this page a newer version; without its
    // flash strip, since the outbox says itself what became of the action.
    var shown = document.getElementById("status");
    var replied = versionIn(html);
    if (!window.htmx || replied === null) return;
    if (shown && parseInt(shown.dataset.version || "-1", 10) > replied) return;
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var flash = holder.content.getElementById("flash");
    if (flash) flash.remove();
    htmx.swap(document.body, holder.innerHTML, { swapStyle: "none" });
  }

  function without(items, id) {
    return items.filter(function (other) { return other.id !== id; });
  }

  function settle(item, reply) {
    // Returns whether the next waiting action may be sent now.
    var table = tableOf(item.path);
    var waiting = load("waiting", table);
    if (TRY_AGAIN.indexOf(reply.status) >= 0) {
      waiting.forEach(function (other) {
        // An answer, and a sure "not applied": this try leaves nothing to wonder about.
        if (other.id === item.id) { other.tries = item.tries - 1; other.note = window.ktcSay("The server answered %(status)s: trying again.", { status: reply.status }); }
      });
      store("waiting", table, waiting);
      return false;
    }
    waiting = without(waiting, item.id);
    if (reply.status >= 200 && reply.status < 300 && reply.version !== null && item.version !== null) {
      // The taps entered after this one on the same page (offline, the page could not move on)
      // follow it: each is sent on the version this one produced, so the server's version check
      // still refuses them if another phone's move comes in between, and only then.
      waiting.forEach(function (other) {
        if (other.version !== item.version) return;
        other.version = String(reply.version);
        other.fields = other.fields.map(function (f) { return f[0] === "version" ? ["version", other.version] : f; });
      });
    }
    store("waiting", table, waiting);
    if (reply.status < 200 || reply.status >= 300) {
      var refused = load("refused", table);
      // A conflict after a try that got no answer may be that very try, applied: say so.
      var maybe = reply.status === 409 && item.tries > 1;
      refused.push({ id: item.id, path: item.path, fields: item.fields, version: item.version, label: item.label,
                     status: reply.status, reason: sentence(reply), maybe: maybe, again: againIn(reply.html), at: Date.now() });
      store("refused", table, refused);
    }
    showRegions(reply.html);
    return true;
  }

  function withLock(table, work) {
    // One sender per table among this phone's tabs; a tab that closes mid-send lets go of it.
    if (!navigator.locks) return Promise.resolve().then(work);
    return navigator.locks.request("ktc-outbox:" + table, { ifAvailable: true }, function (lock) {
      return lock ? work() : null;
    });
  }

  function sendNext(table) {
    // Send the waiting actions one after another, oldest first, until one gets no answer.
    var waiting = load("waiting", table);
    var item = waiting[0];
    if (!item || !navigator.onLine) return null;
    // Counted before the send: a try cut short with its tab is a try that may have landed.
    item.tries = (item.tries || 0) + 1;
    sendingId = item.id;
    store("waiting", table, waiting);
    return send(item).then(function (reply) {
      sendingId = "";
      return settle(item, reply) ? sendNext(table) : null;
    }, function () {
      sendingId = "";  // no answer: it waits for the next try
    });
  }

  function flush() {
    // While the browser knows it is offline a send would only fail: wait for "online".
    var table = pageTable();
    if (!table || sendingId !== null || !navigator.onLine || !load("waiting", table).length) return;
    sendingId = "";
    var done = function () {
      sendingId = null;
      if (window.ktcOutboxView) window.ktcOutboxView.render();
    };
    withLock(table, function () { return sendNext(table); }).then(done, done);
  }

  function enterAgain(id) {
    // A refused action sent once more, now on the version this phone shows.
    var table = pageTable();
    var refused = load("refused", table);
    var item = refused.filter(function (other) { return other.id === id; })[0];
    if (!item) return;
    store("refused", table, without(refused, id));
    var shown = document.getElementById("status");
    var version = shown ? shown.dataset.version : item.version;
    wait({
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 8),
      path: item.path, label: item.label, version: version, at: Date.now(),
      fields: item.fields.map(function (f) { return f[0] === "version" ? ["version", version] : f; }),
    });
    flush();
  }

  function forget(kind, id) {
    // The person's own choice: a waiting action cancelled, or a refused one dismissed.
    var table = pageTable();
    store(kind, table, load(kind, table).filter(function (item) { return item.id !== id || item.id === sendingId; }));
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var config = event.detail;
    if (config.verb !== "post" || !tableOf(new URL(config.path, location.href).pathname)) return;
    var submitter = config.triggeringEvent && config.triggeringEvent.submitter;
    config.ktcLabel = describe(config.elt, submitter);
    // Offline, or earlier actions still waiting (they go first): this one waits too.
    if (!navigator.onLine || load("waiting", pageTable()).length) {
      event.preventDefault();
      wait(entry(config));
      // No answer can redraw the page yet: a form that draws its next step itself (the dice pad) may.
      config.elt.dispatchEvent(new CustomEvent("ktc:queued", { bubbles: true, detail: { submitter: submitter } }));
      flush();
      return;
    }
    // The winning phone's move is often pushed before this tap's refusal comes back, and its
    // new controls replace the form: htmx then tells only the detached form of the answer.
    config.elt.addEventListener("htmx:afterRequest", function heard(after) {
      if (after.detail.requestConfig !== config) return;
      config.elt.removeEventListener("htmx:afterRequest", heard);
      lostRace(after);
    });
  });

  // The request never reached an answer (no network, server unreachable): keep it.
  document.addEventListener("htmx:sendError", function (event) {
    var config = event.detail.requestConfig;
    if (!config || !tableOf(new URL(config.path, location.href).pathname)) return;
    var item = entry(config);
    item.tries = 1;  // that request got no answer: it may have reached the table
    wait(item);
  });

  // A tap made online that lost the race to another phone: listed like a queued one, so that a
  // push arriving just after (which clears the flash strip) cannot make it vanish unseen.
  function lostRace(event) {
    var config = event.detail.requestConfig;
    var xhr = event.detail.xhr;
    if (!config || !xhr || xhr.status !== 409 || !tableOf(new URL(config.path, location.href).pathname)) return;
    var item = entry(config), html = xhr.responseText || "";
    var table = tableOf(item.path), refused = load("refused", table);
    item.status = 409;
    item.reason = sentence({ status: 409, html: html });
    item.again = againIn(html);
    refused.push(item);
    store("refused", table, refused);
    // The outbox now says it, with the action and a way to enter it again (if it may be): not twice.
    setTimeout(function () { var flash = document.getElementById("flash"); if (flash) flash.textContent = ""; }, 0);
  }

  window.addEventListener("online", flush);
  document.addEventListener("htmx:wsOpen", flush);
  setInterval(flush, RETRY_MS);

  window.ktcOutbox = {
    waiting: function () { return load("waiting", pageTable()); },
    refused: function () { return load("refused", pageTable()); },
    enterAgain: enterAgain,
    cancel: function (id) { forget("waiting", id); },
    dismiss: function (id) { forget("refused", id); },
    flush: flush,
    sending: function () { return sendingId; },
  };
  if (window.ktcOutboxView) window.ktcOutboxView.render();
  flush();
})();
