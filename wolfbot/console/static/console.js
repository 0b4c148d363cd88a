// wolfbot console: count the deadlines down, and refresh the page's <main> when the
// round's store changed (asked every few seconds) – no build step, no framework.
(function () {
  "use strict";
  var loaded = Date.now();
  var revision = null;
  var every = (parseInt(document.body.dataset.live, 10) || 3) * 1000;

  function two(n) { return (n < 10 ? "0" : "") + n; }
  function words(seconds) {
    var late = seconds < 0, s = Math.abs(seconds);
    var d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600), m = Math.floor(s % 3600 / 60);
    var text = (d ? d + " d " : "") + two(h) + ":" + two(m) + ":" + two(Math.floor(s % 60));
    return (late ? "− " : "") + text;
  }
  function tick() {
    var gone = Math.floor((Date.now() - loaded) / 1000);
    document.querySelectorAll("[data-seconds]").forEach(function (el) {
      var left = parseInt(el.dataset.seconds, 10) - gone;
      el.textContent = words(left);
      el.classList.toggle("overdue", left < 0);
    });
  }
  function swap(text) {
    var main = document.getElementById("main");
    // keep what the Spielleitung is typing: no refresh while a field has the focus
    var active = document.activeElement;
    if (active && main.contains(active) && /INPUT|SELECT|TEXTAREA/.test(active.tagName)) return false;
    var doc = new DOMParser().parseFromString(text, "text/html");
    var fresh = doc.getElementById("main"), top = doc.querySelector("header.top");
    if (!fresh) return false;
    main.innerHTML = fresh.innerHTML;
    if (top) document.querySelector("header.top").innerHTML = top.innerHTML;
    loaded = Date.now();
    tick();
    return true;
  }
  function poll() {
    if (document.hidden) { setTimeout(poll, every); return; }  // a tab in the background asks nothing
    fetch("/live", { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) {
        if (r.status === 403 || r.redirected) { location.reload(); throw new Error("login"); }
        return r.json();
      })
      .then(function (now) {
        document.getElementById("offline").hidden = true;
        if (revision === null) { revision = now.revision; return; }
        if (now.revision === revision) return;
        if (document.body.dataset.reloadOnChange) { location.reload(); return; }
        return fetch(location.href, { credentials: "same-origin" })
          .then(function (r) { return r.text(); })
          .then(function (text) { if (swap(text)) revision = now.revision; });
      })
      .catch(function () { document.getElementById("offline").hidden = false; })
      .then(function () { setTimeout(poll, every); });
  }
  tick();
  setInterval(tick, 1000);
  if (document.getElementById("main")) poll();
})();
