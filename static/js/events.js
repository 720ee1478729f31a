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

  // A place as the page's language writes it (as the server's `ordinal`: 1st, 1er, 1., 1番目).
  function ordinal(n) {
    var lang = document.documentElement.lang;
    if (lang === "fr") return n === 1 ? "1er" : n + "e";
    if (lang === "de") return n + ".";
    if (lang === "ja") return n + "番目";
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
      hint.textContent = picked ? window.ktcSay("%(name)s picked: tap a player at another table to swap their seats, or %(name)s again to cancel.",
        { name: picked }) : hint.dataset.idle;
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

  // -- A result's correction form is fetched when its panel opens (drawing every one made the desk
  // of a 400-player night 1.35 MB). Its box outlives pushes (hx-preserve), so a panel reopened
  // after a push keeps what was chosen; a panel closed is emptied, so it opens on the result as it is.
  document.addEventListener("toggle", function (event) {
    var d = event.target;
    var box = d.classList && d.classList.contains("correct") && d.querySelector(".correct-form");
    if (!box || !window.htmx) return;
    if (!d.open) {
      if (box.dataset.link) { box.innerHTML = box.dataset.link; delete box.dataset.link; }
      return;
    }
    var link = box.querySelector("a[href]");
    if (box.querySelector("form") || !link) return;
    box.dataset.link = box.innerHTML;
    htmx.ajax("GET", link.getAttribute("href"), { target: box, swap: "innerHTML" });
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

  // -- The big screen: nothing it shows lies below the window (nobody scrolls a television). On
  // a window 1000 px wide or more the page is fitted to the window's height (body.fitted): the
  // tables and the standings each take the largest type size, within what reads from across
  // the room, at which all of them fit their box; what still does not fit is shown a page at a
  // time, in whole rows, turning every 10 s (`?turn=3` in the address: every 3 s). The page shown
  // is kept when a push redraws them, and everything is measured again then and on a resize.
  var FITTED = "(min-width: 1000px)";
  var TURN = Math.max(1, Number(new URLSearchParams(location.search).get("turn")) || 10) * 1000;
  var SCREEN_PARTS = [
    // key, the box, its items (a page holds whole rows of them), the names in them (two lines at most
    // unless the type is at its smallest), type sizes (em), the note saying which page shows, what it says
    { key: "seats", box: "#event-round .seats", items: ".seat-card", names: ".seat-card li", min: 0.8, max: 2.2, note: function () {
      var title = document.querySelector("#event-round .round-title");
      if (!title) return null;
      var note = title.querySelector(".pager-note");
      if (!note) { note = document.createElement("span"); note.className = "pager-note muted"; title.appendChild(note); }
      return note;
    }, says: function (first, last, all) {
      return window.ktcSay("tables %(first)s–%(last)s of %(all)s", { first: first.dataset.table, last: last.dataset.table, all: all.length });
    } },
    { key: "standings", box: "#event-standings [data-pager]", items: "tbody tr", names: "td.name-cell", min: 0.8, max: 1.5, note: function () {
      return document.querySelector("#event-standings .pager-note");
    }, says: function (first, last, all) {
      return window.ktcSay("%(first)s–%(last)s of %(all)s", { first: all.indexOf(first) + 1, last: all.indexOf(last) + 1, all: all.length });
    } },
  ];
  var screenPages = {};  // key -> {pages: [[item, …], …], note, says, items}
  var pageShown = {};    // key -> the page shown (counts on; taken modulo the pages there are)

  // Whether the box's content goes past its edges (a fraction of a pixel too: the box cuts it off).
  function overflows(box, items) {
    if (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1) return true;
    var b = box.getBoundingClientRect();
    return items.some(function (item) {
      var r = item.getBoundingClientRect();
      return r.right > b.right + 0.5 || r.bottom > b.bottom + 0.5;
    });
  }

  // Whether a name takes more than two lines (3.5 em: two lines of 1.35 and a cell's padding).
  function wraps(box, names) {
    var cells = box.querySelectorAll(names);
    if (!cells.length) return false;
    var most = 3.5 * parseFloat(window.getComputedStyle(cells[0]).fontSize);
    return Array.prototype.some.call(cells, function (cell) { return cell.getBoundingClientRect().height > most; });
  }

  function setFit(box, size) { box.style.setProperty("--fit", String(size)); }

  // The largest type size in [min, max] at which the box shows all it holds and no name takes
  // more than two lines (set on the box); null when even the smallest overflows the box.
  function bestFit(box, items, min, max, names) {
    var crowded = function () { return overflows(box, items) || wraps(box, names); };
    setFit(box, min);
    if (overflows(box, items)) return null;
    setFit(box, max);
    if (!crowded()) return max;
    for (var i = 0; i < 6; i++) {
      var mid = (min + max) / 2;
      setFit(box, mid);
      if (crowded()) max = mid; else min = mid;
    }
    setFit(box, min);
    return min;
  }

  // The items in pages that each fit the box: whole rows (items side by side share a row), under
  // what stays above them on every page (the standings' headings).
  function split(box, items) {
    var top = box.getBoundingClientRect().top;
    var rows = [];
    items.forEach(function (item) {
      var r = item.getBoundingClientRect();
      var row = rows[rows.length - 1];
      if (!row || Math.abs(r.top - top - row.top) > 2) rows.push(row = { top: r.top - top, bottom: r.bottom - top, items: [] });
      row.bottom = Math.max(row.bottom, r.bottom - top);
      row.items.push(item);
    });
    var head = rows.length ? rows[0].top : 0;
    var pages = [], page = null, start = 0;
    rows.forEach(function (row) {
      if (page && head + row.bottom - start > box.clientHeight) page = null;
      if (!page) { pages.push(page = []); start = row.top; }
      page.push.apply(page, row.items);
    });
    return pages.length ? pages : [items];
  }

  function showPage(key) {
    var p = screenPages[key];
    if (!p) return;
    var k = (pageShown[key] || 0) % p.pages.length;
    p.pages.forEach(function (page, i) {
      page.forEach(function (item) { item.classList.toggle("screen-off", i !== k); });
    });
    var page = p.pages[k];
    if (p.note) p.note.textContent = p.pages.length > 1 ? p.says(page[0], page[page.length - 1], p.items) : "";
  }

  function fitScreen() {
    if (!document.querySelector(".big-screen")) return;
    var fitted = window.matchMedia(FITTED).matches;
    document.body.classList.toggle("fitted", fitted);
    SCREEN_PARTS.forEach(function (part) {
      var box = document.querySelector(part.box);
      delete screenPages[part.key];
      if (!box) return;
      watch(part.key, box);
      var items = Array.prototype.slice.call(box.querySelectorAll(part.items));
      items.forEach(function (item) { item.classList.remove("screen-off"); });
      var note = part.note();
      if (note) note.textContent = "";
      if (!fitted) { box.style.removeProperty("--fit"); return; }
      if (!items.length || bestFit(box, items, part.min, part.max, part.names) !== null) return;
      // Pages: the note takes its room before the rows are measured (it may take a line).
      if (note) note.textContent = part.says(items[items.length - 1], items[items.length - 1], items);
      setFit(box, part.min);
      screenPages[part.key] = { pages: split(box, items), note: note, says: part.says, items: items };
      showPage(part.key);
    });
  }

  // Measured once for all that one push (or one resize) changed, before the screen is drawn again.
  var fitAsked = false;
  function fitSoon() {
    if (fitAsked) return;
    fitAsked = true;
    Promise.resolve().then(function () { fitAsked = false; fitScreen(); });
  }
  window.addEventListener("resize", fitSoon);
  window.addEventListener("load", fitSoon);  // the QR code and the fonts are in
  // A box that changes size (a block above it came or went, the round's title took a second line)
  // is measured again; the boxes a push brings are watched as they come.
  var resized = window.ResizeObserver ? new ResizeObserver(fitSoon) : null;
  var watched = {};  // key -> the box watched (the one a push replaced is let go)
  function watch(key, box) {
    if (!resized || watched[key] === box) return;
    if (watched[key]) resized.unobserve(watched[key]);
    watched[key] = box;
    resized.observe(box);
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (!document.querySelector(".big-screen")) return;
    setInterval(function () {
      Object.keys(screenPages).forEach(function (key) {
        if (screenPages[key].pages.length < 2) return;
        pageShown[key] = (pageShown[key] || 0) + 1;
        showPage(key);
      });
    }, TURN);
  });

  function refresh() {
    fitSoon();
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
