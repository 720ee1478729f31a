// Tournament night pages (events): behaviour that must not be inline (the Content-Security-Policy
// forbids inline script). Every part works on the page as the server rendered it; without this
// script the forms still post and the pages still read.
(function () {
  "use strict";

  // -- Find my table: the name is remembered on this phone for this night, asked again whenever
  // the round changes (a push replaces #event-round), and the player's table is marked.
  function findForm() { return document.querySelector("#event-find form"); }

  function markMine() {
    var result = document.querySelector("#event-find .find-result");
    var tables = result ? (result.dataset.tables || "").split(" ").filter(Boolean) : [];
    document.querySelectorAll(".seat-card").forEach(function (card) {
      card.classList.toggle("mine", tables.indexOf(card.dataset.table) >= 0);
    });
  }

  function askAgain() {
    var form = findForm();
    var input = form && form.querySelector("input[name=name]");
    if (!input || !input.value.trim() || !window.htmx) return;
    htmx.trigger(form, "submit");
  }

  document.addEventListener("submit", function (event) {
    var input = event.target.querySelector && event.target.querySelector("input[data-remember]");
    if (!input) return;
    try { localStorage.setItem(input.dataset.remember, input.value.trim()); } catch (e) { /* private mode */ }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var input = document.querySelector("#event-find input[data-remember]");
    if (input && !input.value) {
      var saved = null;
      try { saved = localStorage.getItem(input.dataset.remember); } catch (e) { /* private mode */ }
      if (saved) { input.value = saved; setTimeout(askAgain, 0); }
    }
  });

  // -- The desk: a result entered by tapping names in finishing order. Each tap gives the name
  // the next place (after "Tie with the last", the place of the name before it); the tapped
  // order fills the form's place per player, which is what is sent. Kept per table while the
  // desk is pushed fresh regions (another table finished meanwhile).
  var orders = {};  // table id -> [{name, place}]

  function tableOf(form) { var id = form.querySelector("input[name=table_id]"); return id ? id.value : ""; }

  function ordinal(n) {
    var s = (n % 100 >= 11 && n % 100 <= 13) ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
    return n + s;
  }

  function drawOrder(form) {
    var order = orders[tableOf(form)] || [];
    var placeOf = {};
    order.forEach(function (o) { placeOf[o.name] = o.place; });
    form.querySelectorAll("[data-tap-name]").forEach(function (btn) {
      var place = placeOf[btn.dataset.tapName];
      btn.classList.toggle("placed", !!place);
      btn.setAttribute("aria-pressed", place ? "true" : "false");
      var badge = btn.querySelector(".tap-place");
      if (badge) badge.remove();
      if (place) {
        badge = document.createElement("span");
        badge.className = "tap-place";
        badge.textContent = ordinal(place);
        btn.appendChild(badge);
      }
    });
    form.querySelectorAll(".place-pick").forEach(function (label) {
      var name = label.querySelector("input[name=player]").value;
      label.querySelector("select[name=place]").value = placeOf[name] ? String(placeOf[name]) : "";
    });
    var out = form.querySelector(".tap-order");
    if (out) out.textContent = order.map(function (o) { return ordinal(o.place) + " " + o.name; }).join(" · ");
    var names = form.querySelectorAll("[data-tap-name]").length;
    var save = form.querySelector(".save-result");
    if (save) save.disabled = order.length !== names;
  }

  function enhanceResultForms(root) {
    (root || document).querySelectorAll("form.result-form").forEach(function (form) {
      var tap = form.querySelector(".tap");
      if (!tap) return;
      tap.hidden = false;
      var fields = form.querySelector(".place-fields");
      if (fields) fields.hidden = true;
      drawOrder(form);
    });
  }

  document.addEventListener("click", function (event) {
    var form = event.target.closest && event.target.closest("form.result-form");
    if (!form) return;
    var id = tableOf(form);
    var order = orders[id] = orders[id] || [];
    var name = event.target.closest("[data-tap-name]");
    var control = event.target.closest("[data-tap]");
    if (name) {
      if (order.some(function (o) { return o.name === name.dataset.tapName; })) return;
      var last = order[order.length - 1];
      var place = last && last.tie ? last.place : order.length + 1;
      if (last) delete last.tie;
      order.push({ name: name.dataset.tapName, place: place });
    } else if (control && control.dataset.tap === "tie") {
      if (order.length) order[order.length - 1].tie = true;
    } else if (control && control.dataset.tap === "undo") {
      order.pop();
    } else {
      return;
    }
    drawOrder(form);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    // When the form is taken (200): a result's tapped order is done with, and typed names are
    // cleared (they outlive live pushes, hx-preserve, so only a success empties them). The reply
    // replaces the form itself, and htmx's later events go to the old one, out of the page: the
    // request's own end is watched instead, and the fields found again by id.
    var form = event.detail && event.detail.elt;
    var xhr = event.detail && event.detail.xhr;
    if (!form || !form.matches || !form.matches("form") || !xhr) return;
    var table = form.matches("form.result-form") ? tableOf(form) : null;
    // A field is emptied only if it still holds what was sent: words typed while the request
    // was on its way are the next entry, not this one.
    var sent = {};
    (form.dataset.clear || "").split(" ").filter(Boolean).forEach(function (id) {
      var field = document.getElementById(id);
      if (field) sent[id] = field.value;
    });
    xhr.addEventListener("loadend", function () {
      if (xhr.status !== 200) return;
      setTimeout(function () {
        if (table) delete orders[table];
        Object.keys(sent).forEach(function (id) {
          var field = document.getElementById(id);
          if (field && field.value === sent[id]) field.value = "";
        });
      }, 0);
    });
  });

  // -- The desk: swapping two seats by tapping two names at different tables (before they start).
  var picked = null;  // the first name tapped

  function drawPick() {
    var hint = document.querySelector(".swap-hint");
    document.querySelectorAll("button.swap-name").forEach(function (btn) {
      btn.classList.toggle("picked", btn.dataset.swap === picked);
      btn.setAttribute("aria-pressed", btn.dataset.swap === picked ? "true" : "false");
    });
    if (!document.querySelector('button.swap-name[data-swap="' + CSS.escape(picked || "") + '"]')) picked = null;
    if (hint) {
      hint.classList.toggle("active", !!picked);
      hint.textContent = picked ? picked + " picked: tap a player at another table to swap their seats, or " +
        picked + " again to cancel." : hint.dataset.idle;
    }
  }

  document.addEventListener("click", function (event) {
    var btn = event.target.closest && event.target.closest("button.swap-name");
    if (!btn) return;
    var name = btn.dataset.swap;
    if (picked === null) { picked = name; drawPick(); return; }
    if (picked === name) { picked = null; drawPick(); return; }
    var first = document.querySelector('button.swap-name[data-swap="' + CSS.escape(picked) + '"]');
    if (first && first.closest(".seat-card") === btn.closest(".seat-card")) {
      picked = name;  // the same table: the new tap is the first pick instead
      drawPick();
      return;
    }
    var form = document.querySelector("form.swap-form");
    if (!form) return;
    form.querySelector("input[name=a]").value = picked;
    form.querySelector("input[name=b]").value = name;
    picked = null;
    drawPick();
    form.requestSubmit();
  });

  // -- What a push must not undo: an open "enter the result" or "correct" panel stays open.
  var open = {};
  document.addEventListener("toggle", function (event) {
    var d = event.target;
    if (d.dataset && d.dataset.keep) open[d.dataset.keep] = d.open;
  }, true);

  function reopen(root) {
    (root || document).querySelectorAll("details[data-keep]").forEach(function (d) {
      if (open[d.dataset.keep]) d.open = true;
    });
  }

  // -- Times in the history are written in UTC: shown in this phone's own time.
  function localTimes(root) {
    (root || document).querySelectorAll("time[datetime]").forEach(function (el) {
      var at = new Date(el.getAttribute("datetime"));
      if (isNaN(at)) return;
      el.textContent = String(at.getHours()).padStart(2, "0") + ":" + String(at.getMinutes()).padStart(2, "0");
    });
  }

  // -- The standings say they scroll sideways only when they do (a long name on a narrow phone).
  function scrollHints() {
    document.querySelectorAll(".standings-card").forEach(function (card) {
      var wide = Array.prototype.some.call(card.querySelectorAll(".scroll-x"), function (box) {
        return box.scrollWidth > box.clientWidth + 1;
      });
      card.classList.toggle("scrolls", wide);
    });
  }
  window.addEventListener("resize", scrollHints);

  // -- The big screen: standings longer than a page show one page at a time, turning every 10 s
  // (the page shown is kept when a push redraws them).
  var pageShown = {};
  function pagers() {
    document.querySelectorAll("[data-pager]").forEach(function (box) {
      var pages = box.querySelectorAll(":scope > .page");
      var key = box.dataset.pager;
      var k = (pageShown[key] || 0) % pages.length;
      box.classList.add("paging");
      pages.forEach(function (page, i) { page.classList.toggle("shown", i === k); });
      var note = box.closest("section") && box.closest("section").querySelector(".pager-note");
      if (note) note.textContent = pages[k].dataset.note || "";
    });
  }
  setInterval(function () {
    document.querySelectorAll("[data-pager]").forEach(function (box) {
      pageShown[box.dataset.pager] = (pageShown[box.dataset.pager] || 0) + 1;
    });
    pagers();
  }, 10000);

  function refresh() {
    pagers();
    scrollHints();
    markMine();
    enhanceResultForms();
    reopen();
    drawPick();
    localTimes();
  }
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSwap", refresh);
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "event-round") askAgain();
    refresh();
  });
})();
