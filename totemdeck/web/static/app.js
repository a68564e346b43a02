/* totemdeck's only script of its own: small comforts, the page works without it.
   - a card image that fails to load (offline, blocked) is hidden, so its text card shows;
   - "Copy" buttons copy the text of the element their data-copy names;
   - a relative share link is shown whole (the server never builds it from the Host header);
   - search boxes search as you type, the edit box updates the deck after a pause in typing
     (both by submitting their form, which htmx swaps in place);
   - across a swap the deck panel keeps its scroll and the edit box its text and caret. */
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
    var input = document.getElementById("share-url");
    if (input && input.value.charAt(0) === "/") {
      input.value = new URL(input.value, window.location.href).href;
    }
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
})();
