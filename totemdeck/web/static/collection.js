/* The player's collection, kept in this browser only (localStorage, never on the server):
   the Collection page stores what it read (and forgets it on request), Check's forms send it
   with the deck, and Build and Cards ask /api/owned for the "owned ×N" marks of the cards on
   the page, again after each htmx swap, and a Cards search with own: sends it. Without it
   every page still works as a form. */
(function () {
  "use strict";
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

  /* A Cards search that uses own: (owned:) reads the collection: the browser sends it with
     the same URL as a POST form (the server reads it for this one answer and keeps nothing).
     The answer marks itself (data-collection-sent), so it is sent once. */
  var OWN = /(^|[\s(!-])own(ed)?(:|[<>=!])/i;
  function ownSearch() {
    if (window.location.pathname !== "/cards" || !window.URLSearchParams) { return; }
    var q = new window.URLSearchParams(window.location.search).get("q") || "";
    var text = stored();
    if (!text || !OWN.test(q) || document.querySelector("[data-collection-sent]")) { return; }
    var form = document.createElement("form");
    form.method = "post";
    form.action = window.location.pathname + window.location.search;
    form.hidden = true;
    var field = document.createElement("textarea");
    field.name = "collection";
    field.value = text;
    form.appendChild(field);
    document.body.appendChild(form);
    form.submit();
  }
  ownSearch();
  document.addEventListener("htmx:afterSettle", ownSearch);
})();
