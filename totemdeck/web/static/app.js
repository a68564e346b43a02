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
  var flight = { busy: false, swapping: false, queue: [], sentQ: null, sentText: null, sentAdd: null };
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
    if (elt.tagName === "FORM" && elt.matches("#edit-form")) {
      // "Add a card" sends its text only when the player asked for it as it is (Enter
      // with no option chosen, or its button): a choice is already written in the box
      var asked = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
      if (!asked || asked.name !== "do") { delete event.detail.parameters.add; }
    }
    var combo = document.getElementById("add-line");  // null: not sent, kept whatever it holds
    flight.sentAdd = combo && event.detail.parameters.add !== undefined ? combo.value : null;
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var box = searchBox();
    var text = editBox();
    flight.busy = true;
    flight.swapping = false;
    flight.sentQ = box ? box.value : null;
    flight.sentText = text ? text.value : null;
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
    var combo = document.getElementById("add-line");
    var active = document.activeElement;
    kept = { scroll: panel ? panel.scrollTop : 0, text: null, q: null, combo: null,
             focus: focusKeys(active), names: null,
             open: Array.prototype.map.call(document.querySelectorAll("details[open][id]"), function (d) { return d.id; }) };
    // the edit box's text when it is being typed in, or was changed since the request left
    // (a print chosen meanwhile in "Add a card", whose own request waits in the queue)
    if (text && (active === text || (flight.sentText !== null && text.value !== flight.sentText))) {
      kept.text = { value: text.value, start: text.selectionStart, end: text.selectionEnd,
                    focused: active === text };
    }
    if (combo && (active === combo || (combo.value && combo.value !== flight.sentAdd))) {
      kept.combo = { value: combo.value !== flight.sentAdd ? combo.value : "", focused: active === combo,
                     start: combo.selectionStart, end: combo.selectionEnd };
    }
    if (suggest.items.length && suggest.host && suggest.host === active) {
      kept.names = { host: active.id, items: suggest.items, active: suggest.active };
    }
    if (box && flight.sentQ !== null && box.value !== flight.sentQ) {
      kept.q = { value: box.value, start: box.selectionStart, end: box.selectionEnd,
                 focused: document.activeElement === box };
    }
  });
  /* An edit's answer (build_swap) brings the parts of the results that depend on the deck
     (a badge and marks, an Add / Remove / why) in a template inside the deck panel: each
     takes the place of its namesake, the result around it untouched (as htmx out-of-band
     swaps, one by one, they cost ~140 ms an edit). */
  document.addEventListener("htmx:afterSwap", function () {
    var parts = document.getElementById("result-parts");
    if (!parts) { return; }
    Array.prototype.slice.call(parts.content.children).forEach(function (part) {
      var old = document.getElementById(part.id);
      if (!old) { return; }
      old.replaceWith(part);
      if (window.htmx && part.querySelector("button")) { window.htmx.process(part); }
    });
    parts.remove();
  });
  // Restored as the new page goes in (afterSwap), not at settle: a key typed in between
  // lands in the new box and must not be overwritten by the text kept before the swap.
  document.addEventListener("htmx:afterSwap", function () {
    if (!kept || kept.restored) { return; }
    kept.restored = true;
    var panel = document.getElementById("build-deck");
    if (panel) { panel.scrollTop = kept.scroll; }
    var text = document.getElementById("deck-text");
    var combo = document.getElementById("add-line");
    if (text && kept.text) {
      text.value = kept.text.value;
      if (kept.text.focused) { text.focus(); text.setSelectionRange(kept.text.start, kept.text.end); }
      var sent = flight.queue.some(function (x) { return x.formId === text.form.id; });
      if (text.value !== text.defaultValue && !timers.edit && !sent) {
        flight.queue.push({ formId: text.form.id, by: null });  // the box is the deck: it goes next
      }
    }
    if (combo && kept.combo) {
      combo.value = kept.combo.value;
      if (kept.combo.focused) { combo.focus(); combo.setSelectionRange(kept.combo.start, kept.combo.end); }
    }
    var host = kept.names && document.getElementById(kept.names.host);
    suggest.items = []; suggest.active = -1; suggest.host = null;
    if (host) {
      showList(host, kept.names.items);
      if (kept.names.active >= 0) { mark(host, kept.names.active); }
    } else {
      var typing = [text && kept.text && kept.text.focused && text, combo && kept.combo && kept.combo.focused && combo];
      typing = typing.filter(Boolean)[0];
      suggest.asked = "";  // an answer that came while the box was being replaced is asked again
      if (typing) { later("names", 150, function () { askNames(document.getElementById(typing.id)); }); }
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

  /* The Table on a phone (issue 37): whenever the turn passes to another seat (Next turn,
     the first player chosen or chosen again, a game opened), that seat comes on screen
     below the sticky bar (its scroll-margin), so its player's Knock Out is one tap with no
     swipe; after any other tap the page stays where it was. */
  var turnWas = null;
  function currentSeat() {
    var seat = document.querySelector(".seat.current");
    return seat ? seat.id : null;
  }
  function showTurn() {
    var seat = document.querySelector(".seat.current");
    if (seat && seat.id !== turnWas && seat.scrollIntoView) { seat.scrollIntoView({ block: "nearest" }); }
    turnWas = seat ? seat.id : null;
  }
  document.addEventListener("htmx:beforeRequest", function () { turnWas = currentSeat(); });
  document.addEventListener("htmx:afterSettle", showTurn);
  if (!window.location.hash) { showTurn(); }

  /* Autocomplete on two hosts (issue 37): the edit box (the card name on the caret's line)
     and "Add a card", a WAI-ARIA combobox (role=combobox, aria-expanded, aria-controls,
     aria-activedescendant over its listbox) whose choice writes its line into the edit
     box, which stays the deck. Both ask /build/prints (with a Totem: prints, those that
     fit first, each with its name, set code and number, a line of what it is and a small
     picture) or, before a Totem, /api/names. ArrowDown/Up move, Enter (or Tab in the edit
     box) takes, Escape closes; a list that is not on screen never takes a key. */
  var suggest = { host: null, items: [], active: -1, asked: "", dismissed: null };
  var HOSTS = "textarea[data-names], input[data-names]";
  function isCombo(host) { return host.tagName === "INPUT"; }
  function slotOf(host) {
    var before = isCombo(host) ? host.value : host.value.slice(0, host.selectionStart);
    var start = isCombo(host) ? 0 : before.lastIndexOf("\n") + 1;
    var line = before.slice(start);
    var count = line.match(/^\s*(?:\d{1,3}\s*[xX×]?\s+)?/)[0];
    return { from: start + count.length, count: count.replace(/\D/g, ""), text: line.slice(count.length) };
  }
  function listOf(host) { return document.getElementById(host.getAttribute("aria-controls")); }
  function statusOf(host) { return document.getElementById(isCombo(host) ? "add-status" : "name-status"); }
  function optionId(host, index) { return (isCombo(host) ? "add-option-" : "name-option-") + index; }
  function closeList(host) {
    var list = listOf(host);
    if (suggest.host === host || !suggest.host || !suggest.host.isConnected) {
      suggest.items = []; suggest.active = -1; suggest.host = null;
    }
    if (list) { list.hidden = true; list.textContent = ""; }
    host.removeAttribute("aria-activedescendant");
    if (isCombo(host)) { host.setAttribute("aria-expanded", "false"); }
    var said = statusOf(host);
    if (said) { said.textContent = ""; }
  }
  function picture(entry) {
    var box;
    if (entry.image) {
      box = document.createElement("img");
      box.src = entry.image;
      box.alt = "";  // the text line beside it says what it shows
      box.width = 30; box.height = 42;  // the room is kept: nothing moves as it comes
      box.loading = "lazy"; box.decoding = "async";
      box.referrerPolicy = "no-referrer";
      box.className = "thumb art";
    } else {
      box = document.createElement("span");
      box.className = "thumb";
    }
    box.setAttribute("aria-hidden", "true");
    return box;
  }
  function option(host, entry, index) {
    var item = document.createElement("li");
    item.id = optionId(host, index);
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", "false");
    if (typeof entry === "string") {
      item.textContent = entry;
    } else {  // a print: a small picture, its name, set code and number, and what it is
      var words = document.createElement("span");
      var code = document.createElement("b");
      var about = document.createElement("span");
      words.className = "words";
      code.textContent = " " + entry.code;
      about.className = "sub";
      about.textContent = " " + entry.about + (entry.why ? " · " + entry.why : "");
      words.appendChild(document.createTextNode(entry.name));
      words.appendChild(code);
      words.appendChild(about);
      item.appendChild(picture(entry));
      item.appendChild(words);
      if (!entry.fits) { item.className = "misfit"; }
    }
    item.addEventListener("mousedown", function (event) { event.preventDefault(); take(host, index); });
    return item;
  }
  function entryKey(entry) { return typeof entry === "string" ? entry : entry.line; }
  function showList(host, entries) {
    var list = listOf(host);
    if (!list) { return; }
    if (suggest.host && suggest.host !== host && suggest.host.isConnected) { closeList(suggest.host); }
    // the same list asked again (after a swap) keeps the option the player arrowed to
    var was = suggest.host === host && suggest.active >= 0 ? entryKey(suggest.items[suggest.active]) : null;
    list.textContent = "";
    suggest.host = host; suggest.items = entries.slice(0, 8); suggest.active = -1;
    suggest.items.forEach(function (entry, index) { list.appendChild(option(host, entry, index)); });
    list.hidden = suggest.items.length === 0;
    host.removeAttribute("aria-activedescendant");
    if (isCombo(host)) { host.setAttribute("aria-expanded", list.hidden ? "false" : "true"); }
    var said = statusOf(host);
    if (said) { said.textContent = list.hidden ? "" : (said.getAttribute("data-many") || "").replace("{n}", String(suggest.items.length)); }
    var again = was === null ? -1 : suggest.items.map(entryKey).indexOf(was);
    if (again >= 0) { mark(host, again); }
  }
  function mark(host, index) {
    var list = listOf(host);
    suggest.active = index;
    Array.prototype.forEach.call(list.children, function (item, i) {
      item.setAttribute("aria-selected", i === index ? "true" : "false");
    });
    host.setAttribute("aria-activedescendant", optionId(host, index));
    var shown = list.children[index];
    if (shown && shown.scrollIntoView) { shown.scrollIntoView({ block: "nearest" }); }
  }
  function take(host, index) {
    var at = slotOf(host);
    var entry = suggest.items[index];
    var name = typeof entry === "string" ? entry : entry.line;
    closeList(host);
    if (isCombo(host)) { addLine(host, (at.count || "1") + " " + name); return; }
    var end = host.value.indexOf("\n", at.from);
    end = end < 0 ? host.value.length : end;
    host.value = host.value.slice(0, at.from) + name + host.value.slice(end);
    var caret = at.from + name.length;
    host.setSelectionRange(caret, caret);
    host.dispatchEvent(new Event("input", { bubbles: true }));
  }
  /* The chosen print's line goes last in the edit box (under a "Main deck:" header when
     the list ends in its Totem, as the server writes a line typed without JavaScript), and
     the box is sent at once: the field is emptied for the next card and keeps the focus. */
  function addLine(host, line) {
    var box = editBox();
    if (!box) { return; }
    var text = box.value.replace(/\s+$/, "");
    var header = host.getAttribute("data-main-header");
    if (header && box.value.split("\n").indexOf(header) < 0) { text += (text ? "\n" : "") + header; }
    box.value = text + (text ? "\n" : "") + line + "\n";
    host.value = "";
    suggest.asked = "";
    cancel("edit");
    submit(box.form);
  }
  function askNames(host) {
    var at = slotOf(host);
    var text = at.text.trim();
    if (text.length < 2 || /\d$/.test(text) || text === suggest.dismissed ||
        (text === suggest.asked && suggest.host === host)) {
      if (text.length < 2) { closeList(host); }
      return;
    }
    suggest.asked = text;
    var prints = host.getAttribute("data-prints");  // with a Totem: prints, those that fit first
    var url = prints ? prints + (prints.indexOf("?") < 0 ? "?" : "&") + "q=" : host.getAttribute("data-names") + "?q=";
    fetch(url + encodeURIComponent(text), { credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : []; })
      .then(function (names) {
        var now = document.getElementById(host.id) || host;  // a swap may have replaced it
        // an answer for text the player dismissed with Escape (it was on its way) stays shut
        if (text === suggest.dismissed) { return; }
        if (slotOf(now).text.trim() === text) { showList(now, names); } else { suggest.asked = ""; }
      }, function () { closeList(host); });
  }
  document.addEventListener("input", function (event) {
    var host = event.target;
    if (host.matches && host.matches(HOSTS)) {
      suggest.dismissed = null;  // a new text: its list may show again
      later("names", 150, function () { askNames(document.getElementById(host.id) || host); });
    }
  });
  document.addEventListener("focusout", function (event) {
    var host = event.target;  // leaving the field closes its list (a click on an option does not blur)
    if (host.matches && host.matches(HOSTS) && suggest.host === host) { closeList(host); }
  });
  document.addEventListener("keydown", function (event) {
    var host = event.target;
    if (!host.matches || !host.matches(HOSTS)) { return; }
    var list = listOf(host);
    if (suggest.host !== host || !suggest.items.length || !list || list.hidden || !list.children.length) {
      if (suggest.host === host) { suggest.items = []; suggest.active = -1; }  // never an unseen one
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      var step = event.key === "ArrowDown" ? 1 : -1;
      var from = suggest.active < 0 && step < 0 ? 0 : suggest.active;
      mark(host, (from + step + suggest.items.length) % suggest.items.length);
    } else if ((event.key === "Enter" || (event.key === "Tab" && !isCombo(host))) && suggest.active >= 0) {
      event.preventDefault();
      take(host, suggest.active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel("names");  // a question still waiting to go, or on its way, opens nothing
      suggest.dismissed = slotOf(host).text.trim();
      closeList(host);
    }
  });
})();
