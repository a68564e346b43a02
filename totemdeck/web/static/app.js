/* totemdeck's only script of its own: small comforts, the page works without it.
   - a card image that fails to load (offline, blocked) is hidden, so its text card shows;
   - "Copy" buttons copy the text of the element their data-copy names. */
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
})();
