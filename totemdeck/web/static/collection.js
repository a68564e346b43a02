/* The player's collection, kept in this browser only (localStorage, never on the server):
   the Collection page stores what it read and its owned set (copies by alike key, computed
   once there; a collection stored before has it computed once by /api/owned-set), and forgets
   both on request; Check's forms send the text with the deck; Build and Cards send only their
   cards' ids to /api/owned and count each card's alike key in the owned set, again after each
   htmx swap; a Cards search with own: sends the text. Without JavaScript every page still works as a form. */
(function () {
  "use strict";
  var KEY = "totemdeck.collection";
  var OWNED = "totemdeck.owned";
  function stored() {
    try { return window.localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
  }
  function store(text) {
    try {
      if (text) { window.localStorage.setItem(KEY, text); } else { window.localStorage.removeItem(KEY); }
      window.localStorage.removeItem(OWNED);  /* a new text: its owned set comes with it */
    } catch (e) { /* storage full or refused: the page still works as a form */ }
  }
  function ownedSet() {
    try { return JSON.parse(window.localStorage.getItem(OWNED) || "null"); } catch (e) { return null; }
  }
  function storeOwned(owned) {
    try { window.localStorage.setItem(OWNED, JSON.stringify(owned)); } catch (e) { /* full */ }
  }

  function collectionPage() {
    var box = document.getElementById("collection");
    var read = document.getElementById("owned-set");
    if (box && box.hasAttribute("data-keep-collection") && box.value.trim()) {
      store(box.value);
      if (read) { try { storeOwned(JSON.parse(read.textContent)); } catch (e) { /* none */ } }
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
  function post(url, body) {
    return window.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (answer) { return answer.ok ? answer.json() : null; });
  }
  function withOwnedSet(text) {
    var owned = ownedSet();
    if (owned) { return Promise.resolve(owned); }
    return post("/api/owned-set", { collection: text }).then(function (data) {
      if (!data || !data.owned) { return null; }
      storeOwned(data.owned);
      return data.owned;
    });
  }
  function ownedMarks() {
    var path = window.location.pathname;
    var text = stored();
    if (!text || (path !== "/build" && path !== "/cards") || !window.fetch) { return; }
    var places = ownedPlaces().slice(0, 200);
    if (!places.length) { return; }
    var ids = places.map(function (p) { return p.id; });
    withOwnedSet(text).then(function (owned) {
      if (!owned) { return null; }
      return post("/api/owned", { ids: ids }).then(function (data) {
        if (!data || !data.keys) { return; }
        places.forEach(function (p) {
          if (!(p.id in data.keys) || p.into.querySelector(".badge.owned")) { return; }
          var n = owned[data.keys[p.id]] || 0;
          var badge = document.createElement("span");
          badge.className = "badge owned" + (n ? "" : " none");
          badge.setAttribute("data-owned", String(n));
          badge.textContent = data.label.replace("{n}", String(n));
          p.into.insertBefore(badge, p.before);
        });
      });
    }).catch(function () { /* offline: no marks */ });
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
