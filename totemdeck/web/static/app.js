/* totemdeck's only script of its own: small comforts, the page works without it.
   - a card image that fails to load (offline, blocked) is hidden, so its text card shows;
   - "Copy" buttons copy the text of the element their data-copy names;
   - a relative share link is shown whole (the server never builds it from the Host header);
   - search boxes search as you type, the edit box updates the deck after a pause in typing
     (both by submitting their form, which htmx swaps in place);
   - across a swap the deck panel keeps its scroll and the edit box its text and caret;
   - the player's collection is kept in this browser (localStorage, never on the server):
     the Collection page stores what it read, Check's forms send it, and Build and Cards
     ask /api/owned for the "owned ×N" marks of the cards on the page. */
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
  var KEY = "totemdeck.collection";
  function stored() {
    try { return window.localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
  }
  function store(text) {
    try {
      if (text) { window.localStorage.setItem(KEY, text); } else { window.localStorage.removeItem(KEY); }
    } catch (e) { /* storage full or refused: the page still works as a form */ }
  }

  function collectionPage() {
    var box = document.getElementById("collection");
    if (box && box.hasAttribute("data-keep-collection") && box.value.trim()) {
      store(box.value);
    } else if (box && !box.value.trim() && stored()) {
      box.value = stored();
      var note = document.getElementById("collection-stored");
      if (note) { note.hidden = false; }
    }
    var forget = document.getElementById("forget-collection");
    if (forget) {
      forget.hidden = !stored();
      forget.addEventListener("click", function () {
        store("");
        if (box) { box.value = ""; }
        forget.textContent = forget.getAttribute("data-done") || forget.textContent;
        forget.disabled = true;
      });
    }
    Array.prototype.forEach.call(document.querySelectorAll("[data-needs-collection]"),
      function (form) { form.hidden = !stored(); });
    Array.prototype.forEach.call(document.querySelectorAll("textarea[data-collection-field]"),
      function (field) { if (!field.value.trim()) { field.value = stored(); } });
  }
  collectionPage();

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-send-collection") || !stored()) { return; }
    if (!form.querySelector("[name=collection]")) {
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "collection";
      field.value = stored();
      form.appendChild(field);
    }
  }, true);

  function cardId(link) {
    try { return decodeURIComponent(link.getAttribute("href").slice("/cards/".length)); } catch (e) { return ""; }
  }
  function ownedPlaces() {
    var places = [];
    Array.prototype.forEach.call(document.querySelectorAll(".grid .item"), function (item) {
      var link = item.querySelector("a[href^='/cards/']");
      var caption = item.querySelector(".caption");
      if (link && caption) { places.push({ id: cardId(link), into: caption, before: null }); }
    });
    Array.prototype.forEach.call(document.querySelectorAll("li.row > a.name"), function (link) {
      places.push({ id: cardId(link), into: link.parentNode, before: link.nextElementSibling });
    });
    return places.filter(function (p) { return p.id && !p.into.querySelector(".badge.owned"); });
  }
  function ownedMarks() {
    var path = window.location.pathname;
    var text = stored();
    if (!text || (path !== "/build" && path !== "/cards") || !window.fetch) { return; }
    var places = ownedPlaces().slice(0, 200);
    if (!places.length) { return; }
    var ids = places.map(function (p) { return p.id; });
    window.fetch("/api/owned", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ collection: text, ids: ids })
    }).then(function (answer) { return answer.ok ? answer.json() : null; }).then(function (data) {
      if (!data || !data.owned) { return; }
      places.forEach(function (p) {
        if (!(p.id in data.owned) || p.into.querySelector(".badge.owned")) { return; }
        var n = data.owned[p.id];
        var badge = document.createElement("span");
        badge.className = "badge owned" + (n ? "" : " none");
        badge.setAttribute("data-owned", String(n));
        badge.textContent = data.label.replace("{n}", String(n));
        p.into.insertBefore(badge, p.before);
      });
    }, function () { /* offline: no marks */ });
  }
  ownedMarks();
  document.addEventListener("htmx:afterSettle", ownedMarks);
})();
