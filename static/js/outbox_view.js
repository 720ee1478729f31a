// The outbox on the table page, just above the controls: "1 action waiting" (each with Cancel),
// and what was not applied (each with the reason, "Enter it again" and "Dismiss"), each action
// in the page's own words (describe). Built with text nodes only: labels carry player names,
// which must never be read as HTML.
(function () {
  "use strict";
  var say = window.ktcSay, count = window.ktcCount;
  var MAYBE = say("It may already be on the table: an earlier try got no answer before the connection dropped. Check the history before entering it again.");

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (child) {
      if (child === null) return;  // a part this entry does not have
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function button(text, action, id, secondary) {
    var attrs = { type: "button", "data-outbox": action, "data-id": id };
    if (secondary) attrs["class"] = "secondary";
    return el("button", attrs, [text]);
  }

  function waitingPart(items) {
    var waiting = count("%(num)s action waiting", "%(num)s actions waiting", items.length);
    var list = el("ul", {}, items.map(function (item) {
      var parts = [el("span", { "class": "what" }, [item.label])];
      if (item.note) parts.push(el("span", { "class": "muted why" }, [item.note]));
      var sending = window.ktcOutbox && window.ktcOutbox.sending() === item.id;
      parts.push(sending ? el("span", { "class": "muted" }, [say("Sending…")]) : button(say("Cancel"), "cancel", item.id, true));
      return el("li", {}, parts);
    }));
    return el("div", { "class": "outbox-waiting", role: "status" }, [
      el("p", {}, [el("b", {}, [waiting]), " " + say("on this phone: sent as soon as the connection is back.")]),
      // The page cannot play the rules itself (the engine is the server's), so it says what it shows.
      el("p", { "class": "muted" }, [items.length === 1
        ? say("The buttons below are the table as it was before it: what it makes possible (the next player's turn) appears once sent.")
        : say("The buttons below are the table as it was before them: what they make possible (the next player's turn) appears once sent.")]), list]);
  }

  function refusedPart(items) {
    var list = el("ul", {}, items.map(function (item) {
      return el("li", {}, [
        el("span", { "class": "what" }, [item.label]),
        el("span", { "class": "why" }, [item.reason]),
        item.maybe ? el("span", { "class": "why" }, [MAYBE]) : null,
        // Offered unless the server's dry run said the table would no longer take it.
        el("span", { "class": "row" }, [item.again === false ? null : button(say("Enter it again"), "again", item.id),
                                        button(say("Dismiss"), "dismiss", item.id, true)]),
      ]);
    }));
    var heading = items.length === 1 ? say("Not applied") : count("%(num)s action not applied", "%(num)s actions not applied", items.length);
    return el("div", { "class": "outbox-refused", role: "alert" }, [
      el("p", {}, [el("b", {}, [heading]), ": " + say("the table did not take what this phone sent. Look at the table, then enter it again or dismiss it.")]),
      list]);
  }

  function words(node) {
    return (node && node.textContent || "").replace(/\s+/g, " ").trim();
  }

  function labelOf(input) {
    if (input.labels && input.labels.length) return words(input.labels[0]);
    return input.getAttribute("aria-label") || input.name;
  }

  function describe(form, submitter) {
    // What the person tapped, in the page's own words: the button and the choices it carried.
    var what = words(submitter);
    if (!what && form && form.querySelector) what = words(form.querySelector("button:not([type=button])"));
    var details = [];
    if (form && form.querySelectorAll) {
      // What a form sends in hidden fields it says in words itself (the dice pad: "dice: 1 1 3").
      form.querySelectorAll("[data-says]").forEach(function (node) { if (node.dataset.says) details.push(node.dataset.says); });
      form.querySelectorAll("input, select").forEach(function (input) {
        if (input.type === "hidden" || input.disabled) return;
        if (input.type === "radio" || input.type === "checkbox") {
          if (input.checked) details.push(labelOf(input));
        } else if (input.tagName === "SELECT") {
          var option = input.selectedOptions[0];
          if (option && option.value) details.push(words(option));
        } else if (input.value && input.value !== "0") {
          details.push(labelOf(input) + ": " + input.value);
        }
      });
    }
    var text = (what || say("An action")) + (details.length ? " (" + details.join(", ") + ")" : "");
    return text.length > 160 ? text.slice(0, 157) + "…" : text;
  }

  function render() {
    var outbox = window.ktcOutbox;
    var flash = document.getElementById("flash");
    var panel = document.getElementById("outbox");
    var waiting = outbox ? outbox.waiting() : [];
    var refused = outbox ? outbox.refused() : [];
    if (!flash || (!waiting.length && !refused.length)) {
      if (panel) panel.remove();
      return;
    }
    if (!panel) {
      // Outside the swapped regions, so pushes and replies never wipe it; left out of the saved
      // copy (saved_copy.js), which draws it again from the stored lists when it loads.
      panel = el("section", { id: "outbox", "class": "outbox", "data-added-by-script": "outbox_view.js" });
      flash.parentNode.insertBefore(panel, flash);
    }
    var parts = [];
    if (waiting.length) parts.push(waitingPart(waiting));
    if (refused.length) parts.push(refusedPart(refused));
    panel.replaceChildren.apply(panel, parts);
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-outbox]");
    if (!target || !window.ktcOutbox) return;
    var id = target.dataset.id;
    if (target.dataset.outbox === "cancel") window.ktcOutbox.cancel(id);
    else if (target.dataset.outbox === "dismiss") window.ktcOutbox.dismiss(id);
    else if (target.dataset.outbox === "again") window.ktcOutbox.enterAgain(id);
  });
  // Another tab of this phone changed the lists.
  window.addEventListener("storage", function (event) {
    if (event.key && event.key.indexOf("ktc-") === 0) render();
  });
  // The flash strip is swapped by every reply: put the panel back before it if it went.
  document.addEventListener("htmx:afterSettle", function () { if (!document.getElementById("outbox")) render(); });

  window.ktcOutboxView = { render: render, describe: describe };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render);
  else render();
})();
