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
    timers[key] = setTimeout(action, delay);
  }
  function submit(form) {
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }
  document.addEventListener("input", function (event) {
    var target = event.target;
    if (!target.closest) { return; }
    if (target.matches("input[data-live-search]")) {
      later("search", 350, function () { submit(target.form); });
    } else if (target.matches("textarea[data-autosubmit]")) {
      later("edit", 700, function () { submit(target.form); });
    }
  });

  var kept = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var panel = document.getElementById("build-deck");
    var text = document.getElementById("deck-text");
    kept = { scroll: panel ? panel.scrollTop : 0, text: null };
    if (text && document.activeElement === text) {
      kept.text = { value: text.value, start: text.selectionStart, end: text.selectionEnd };
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!kept) { return; }
    var panel = document.getElementById("build-deck");
    if (panel) { panel.scrollTop = kept.scroll; }
    var text = document.getElementById("deck-text");
    if (text && kept.text) {
      text.value = kept.text.value;
      text.focus();
      text.setSelectionRange(kept.text.start, kept.text.end);
    }
    kept = null;
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
  }
  function showList(box, names) {
    var list = listOf(box);
    if (!list) { return; }
    list.textContent = "";
    suggest.items = names.slice(0, 8); suggest.active = -1;
    suggest.items.forEach(function (name, index) {
      var item = document.createElement("li");
      item.id = "name-option-" + index;
      item.setAttribute("role", "option");
      item.textContent = name;
      item.addEventListener("mousedown", function (event) { event.preventDefault(); take(box, index); });
      list.appendChild(item);
    });
    list.hidden = suggest.items.length === 0;
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
    var name = suggest.items[index];
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
    fetch(box.getAttribute("data-names") + "?q=" + encodeURIComponent(text), { credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : []; })
      .then(function (names) {
        if (nameAtCaret(box).text.trim() === text) { showList(box, names); }
      }, function () { closeList(box); });
  }
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (box.matches && box.matches("textarea[data-names]")) {
      later("names", 150, function () { askNames(box); });
    }
  });
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("textarea[data-names]") || !suggest.items.length) { return; }
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
