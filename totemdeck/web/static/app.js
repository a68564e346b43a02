/* totemdeck's only script of its own: small comforts, the page works without it.
   - a card image that fails to load (offline, blocked) is hidden, so its text card shows;
   - "Copy" buttons copy the text of the element their data-copy names;
   - a relative share link is shown whole (the server never builds it from the Host header);
   - search boxes search as you type, the edit box updates the deck after a pause in typing
     (both by submitting their form, which htmx swaps in place);
   - across a swap the deck panel keeps its scroll and the edit box its text and caret;
   - the edit box completes card names from /api/names. */
(function () {
  "use strict";
  document.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target.tagName === "IMG" && target.classList.contains("art")) {
      target.classList.add("failed");
    }
  }, true);

  function copyFrom(selector, button) {
    var source = document.querySelector(selector);
    if (!source) { return; }
    var text = "value" in source ? source.value : source.textContent;
    var done = function () {
      var label = button.getAttribute("data-done") || "Copied";
      var before = button.textContent;
      button.textContent = label;
      setTimeout(function () { button.textContent = before; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(source, done); });
    } else {
      fallback(source, done);
    }
  }

  function fallback(source, done) {
    if (source.select) { source.select(); }
    try { if (document.execCommand("copy")) { done(); } } catch (e) { /* nothing more to try */ }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (button) {
      event.preventDefault();
      copyFrom(button.getAttribute("data-copy"), button);
    }
  });

  function absoluteShareLinks() {
    ["share-url", "game-url"].forEach(function (id) {
      var input = document.getElementById(id);
      if (input && input.value.charAt(0) === "/") {
        input.value = new URL(input.value, window.location.href).href;
      }
    });
  }
  absoluteShareLinks();
  document.addEventListener("htmx:afterSettle", absoluteShareLinks);

  var timers = {};
  function later(key, delay, action) {
    clearTimeout(timers[key]);
    timers[key] = setTimeout(function () { timers[key] = null; action(); }, delay);
  }
  function cancel(key) { clearTimeout(timers[key]); timers[key] = null; }
  function submit(form) {
    if (!form || !form.isConnected) { return; }
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }
  function searchBox() { return document.querySelector("input[data-live-search]"); }
  function editBox() { return document.querySelector("textarea[data-autosubmit]"); }
  document.addEventListener("input", function (event) {
    var target = event.target;
    if (!target.closest) { return; }
    // the timers find the form when they fire: a swap may have replaced it meanwhile
    if (target.matches("input[data-live-search]")) {
      later("search", 350, function () { var box = searchBox(); submit(box && box.form); });
    } else if (target.matches("textarea[data-autosubmit]")) {
      later("edit", 700, function () { var box = editBox(); submit(box && box.form); });
    }
  });
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches && target.matches("select[data-autosubmit]")) { submit(target.form); }
  });

  /* One request at a time (issue 37): the live search, the edit box and every button of
     Build's one form go through one queue, in the order the player acted. A step asked
     for while another is on its way waits, then runs against the page that answer made
     (its deck, its buttons), so no answer overwrites a newer one: no Add is lost, and
     what was typed meanwhile is kept in the box and searched next. Typed-but-unsent text
     in the edit box goes first (it is the deck), then the step. */
  var flight = { busy: false, swapping: false, queue: [], sentQ: null };
  function describe(elt, trigger) {
    if (elt.tagName === "FORM") {
      var by = trigger && trigger.submitter;
      return { formId: elt.id, form: elt,
               by: by && by.name ? { id: by.id, name: by.name, value: by.value } : null };
    }
    return { id: elt.id || null, href: elt.getAttribute && elt.getAttribute("href") };
  }
  function replay(intent) {
    if (intent.formId) {
      var form = document.getElementById(intent.formId);
      if (!form) { return false; }
      if (!intent.by) { submit(form); return true; }
      var same = intent.by.id && document.getElementById(intent.by.id);
      if (same && same.name === intent.by.name && !same.disabled) { same.click(); return true; }
      if (intent.by.name !== "card") { return false; }  // a row or button that is gone
      var word = document.createElement("button");  // an Add whose result left the page
      word.type = "submit"; word.hidden = true; word.name = intent.by.name; word.value = intent.by.value;
      form.appendChild(word);
      form.requestSubmit(word);
      setTimeout(function () { word.remove(); }, 0);
      return true;
    }
    var link = intent.id && document.getElementById(intent.id);
    if (link) { link.click(); return true; }
    return false;
  }
  function next() {
    while (!flight.busy && flight.queue.length) { replay(flight.queue.shift()); }
  }
  function landed() {
    if (!flight.busy) { return; }
    flight.busy = false;
    setTimeout(next, 0);
  }
  document.addEventListener("htmx:confirm", function (event) {
    var intent = describe(event.detail.elt, event.detail.triggeringEvent);
    if (flight.busy) { event.preventDefault(); flight.queue.push(intent); return; }
    var box = editBox();
    if (timers.edit && box && box.form && intent.form !== box.form) {
      event.preventDefault();  // the edit box's unsent text first, then this step
      cancel("edit");
      flight.queue.push(intent);
      submit(box.form);
      return;
    }
    if (intent.form && intent.form.hasAttribute("data-build-form")) {
      cancel("search");  // this request carries what the search box holds
    }
    if (box && intent.form === box.form) { cancel("edit"); }  // it sends the box now
  });
  document.addEventListener("htmx:configRequest", function (event) {
    var box = searchBox();
    var elt = event.detail.elt;
    if (elt.tagName === "FORM" && elt.hasAttribute("data-build-form")) {
      // the step is the button that submitted the form, never one that merely had focus
      // (htmx remembers a focused button as the submitter)
      var by = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
      ["card", "set", "toggle", "totem", "add"].forEach(function (name) {
        delete event.detail.parameters[name];
      });
      if (by && by.name) { event.detail.parameters[by.name] = by.value; }
    }
    if (box && elt.tagName === "FORM" && elt.matches("#edit-form") && box.value !== box.defaultValue) {
      event.detail.parameters.q = box.value;  // an edit keeps what the search box holds
    }
  });
  document.addEventListener("htmx:beforeRequest", function () {
    var box = searchBox();
    flight.busy = true;
    flight.swapping = false;
    flight.sentQ = box ? box.value : null;
  });
  document.addEventListener("htmx:afterRequest", function () {
    if (!flight.swapping) { landed(); }
  });
  document.addEventListener("htmx:sendError", landed);

  // A 4xx answer (a search the app rejects, a list too long) is a page that says why:
  // it takes the place of the results, as it does without JavaScript.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (status >= 400 && status < 500) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
    flight.swapping = !!event.detail.shouldSwap;
  });

  /* Across a swap: the deck panel's scroll, the edit box's text and caret, what was typed
     in the search box since the request left, and the focus — on the same control, or
     where the player acted (data-focus: a result's Add becomes its Remove, a Table action
     that is gone gives its seat). */
  var kept = null;
  function focusKeys(element) {
    var keys = [];
    for (var at = element; at && at !== document.body; at = at.parentElement) {
      if (at.getAttribute && at.getAttribute("data-focus")) { keys.push(at.getAttribute("data-focus")); }
    }
    return keys;
  }
  function place(element) {
    if (!element.matches("a[href], button, input, select, textarea, [tabindex]")) {
      element.setAttribute("tabindex", "-1");
    }
    element.focus({ preventScroll: true });
    if (element.scrollIntoView) { element.scrollIntoView({ block: "nearest" }); }
  }
  document.addEventListener("htmx:beforeSwap", function () {
    var panel = document.getElementById("build-deck");
    var text = document.getElementById("deck-text");
    var box = searchBox();
    kept = { scroll: panel ? panel.scrollTop : 0, text: null, q: null,
             focus: focusKeys(document.activeElement), names: null,
             open: Array.prototype.map.call(document.querySelectorAll("details[open][id]"), function (d) { return d.id; }) };
    if (text && document.activeElement === text) {
      kept.text = { value: text.value, start: text.selectionStart, end: text.selectionEnd };
      if (suggest.items.length) { kept.names = { items: suggest.items, active: suggest.active }; }
    }
    if (box && flight.sentQ !== null && box.value !== flight.sentQ) {
      kept.q = { value: box.value, start: box.selectionStart, end: box.selectionEnd,
                 focused: document.activeElement === box };
    }
  });
  // Restored as the new page goes in (afterSwap), not at settle: a key typed in between
  // lands in the new box and must not be overwritten by the text kept before the swap.
  document.addEventListener("htmx:afterSwap", function () {
    if (!kept || kept.restored) { return; }
    kept.restored = true;
    var panel = document.getElementById("build-deck");
    if (panel) { panel.scrollTop = kept.scroll; }
    var text = document.getElementById("deck-text");
    if (text && kept.text) {
      text.value = kept.text.value;
      text.focus();
      text.setSelectionRange(kept.text.start, kept.text.end);
      if (kept.names) {
        showList(text, kept.names.items);
        if (kept.names.active >= 0) { mark(text, kept.names.active); }
      } else {  // an answer that came while the box was being replaced is asked again
        later("names", 150, function () { askNames(document.getElementById("deck-text")); });
      }
    } else {
      suggest.items = []; suggest.active = -1; suggest.asked = "";
    }
    kept.open.forEach(function (id) {  // a "choose the print" or "More" stays open
      var details = document.getElementById(id);
      if (details) { details.open = true; }
    });
    var box = searchBox();
    if (box && kept.q) {
      box.value = kept.q.value;
      if (kept.q.focused) { box.focus(); box.setSelectionRange(kept.q.start, kept.q.end); }
      var asked = flight.queue.some(function (x) { return x.formId === box.form.id && !x.by; });
      if (!timers.search && !asked) { flight.queue.push({ formId: box.form.id, by: null }); }
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (kept) {
      var active = document.activeElement;
      if (!active || active === document.body) {
        for (var i = 0; i < kept.focus.length; i += 1) {
          var found = document.querySelector('[data-focus="' + kept.focus[i].replace(/["\\]/g, "") + '"]');
          if (found) { place(found); break; }
        }
      }
      kept = null;
    }
    landed();
  });

  /* Name autocomplete in the edit box: the card name being typed on the caret's line,
     completed from GET /api/names (Arrow keys choose, Enter or Tab takes, Escape closes). */
  var suggest = { items: [], active: -1, asked: "" };
  function nameAtCaret(box) {
    var before = box.value.slice(0, box.selectionStart);
    var start = before.lastIndexOf("\n") + 1;
    var line = before.slice(start);
    var count = line.match(/^\s*(?:\d{1,3}\s*[xX×]?\s+)?/)[0];
    return { from: start + count.length, text: line.slice(count.length) };
  }
  function listOf(box) { return document.getElementById(box.getAttribute("aria-controls")); }
  function closeList(box) {
    var list = listOf(box);
    suggest.items = []; suggest.active = -1;
    if (list) { list.hidden = true; list.textContent = ""; }
    box.removeAttribute("aria-activedescendant");
    var said = document.getElementById("name-status");
    if (said) { said.textContent = ""; }
  }
  function showList(box, names) {
    var list = listOf(box);
    if (!list) { return; }
    list.textContent = "";
    suggest.items = names.slice(0, 8); suggest.active = -1;
    suggest.items.forEach(function (entry, index) {
      var item = document.createElement("li");
      item.id = "name-option-" + index;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      if (typeof entry === "string") {
        item.textContent = entry;
      } else {  // a print: its name, set code and number, and what it is
        var code = document.createElement("b");
        var about = document.createElement("span");
        code.textContent = " " + entry.code;
        about.className = "sub";
        about.textContent = " " + entry.about + (entry.why ? " · " + entry.why : "");
        item.appendChild(document.createTextNode(entry.name));
        item.appendChild(code);
        item.appendChild(about);
        if (!entry.fits) { item.className = "misfit"; }
      }
      item.addEventListener("mousedown", function (event) { event.preventDefault(); take(box, index); });
      list.appendChild(item);
    });
    list.hidden = suggest.items.length === 0;
    var said = document.getElementById("name-status");
    if (said) { said.textContent = list.hidden ? "" : (said.getAttribute("data-many") || "").replace("{n}", String(suggest.items.length)); }
  }
  function mark(box, index) {
    var list = listOf(box);
    suggest.active = index;
    Array.prototype.forEach.call(list.children, function (item, i) {
      item.setAttribute("aria-selected", i === index ? "true" : "false");
    });
    box.setAttribute("aria-activedescendant", "name-option-" + index);
  }
  function take(box, index) {
    var at = nameAtCaret(box);
    var entry = suggest.items[index];
    var name = typeof entry === "string" ? entry : entry.line;
    var end = box.value.indexOf("\n", at.from);
    end = end < 0 ? box.value.length : end;
    box.value = box.value.slice(0, at.from) + name + box.value.slice(end);
    var caret = at.from + name.length;
    box.setSelectionRange(caret, caret);
    closeList(box);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function askNames(box) {
    var at = nameAtCaret(box);
    var text = at.text.trim();
    if (text.length < 2 || /\d$/.test(text) || text === suggest.asked) {
      if (text.length < 2) { closeList(box); }
      return;
    }
    suggest.asked = text;
    var prints = box.getAttribute("data-prints");  // with a Totem: prints, those that fit first
    var url = prints ? prints + (prints.indexOf("?") < 0 ? "?" : "&") + "q=" : box.getAttribute("data-names") + "?q=";
    fetch(url + encodeURIComponent(text), { credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : []; })
      .then(function (names) {
        var now = document.getElementById(box.id) || box;  // a swap may have replaced it
        if (nameAtCaret(now).text.trim() === text) { showList(now, names); } else { suggest.asked = ""; }
      }, function () { closeList(box); });
  }
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (box.matches && box.matches("textarea[data-names]")) {
      later("names", 150, function () { askNames(document.getElementById(box.id) || box); });
    }
  });
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("textarea[data-names]") || !suggest.items.length) { return; }
    var list = listOf(box);
    if (!list || list.hidden) { suggest.items = []; suggest.active = -1; return; }  // never an unseen one
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      var step = event.key === "ArrowDown" ? 1 : -1;
      mark(box, (suggest.active + step + suggest.items.length) % suggest.items.length);
    } else if ((event.key === "Enter" || event.key === "Tab") && suggest.active >= 0) {
      event.preventDefault();
      take(box, suggest.active);
    } else if (event.key === "Escape") {
      closeList(box);
    }
  });
})();
