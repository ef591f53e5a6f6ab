// The referee keypad: digits go into one side's card points, the other side shows what is left
// (points-pair.js, on the browser scorer's otherSide). Without this file the two number fields
// still work (leave one blank). Also: a new screen takes no tap for a moment; refusals shown in
// place; the match watched for changes made elsewhere. An ES module.
import { mirrorPoints, pairPoints } from "./points-pair.js";

(function () {
  const ready = new WeakSet(); // not an attribute: a copy of the page (offline.js) needs setting up
  function setUp(root) {
    const pad = root.querySelector("[data-pad]");
    if (!pad || ready.has(pad)) return;
    ready.add(pad);
    pad.hidden = false;
    const inputs = { A: root.querySelector("[data-points=A]"), B: root.querySelector("[data-points=B]") };
    const note = root.querySelector("[data-pad-note]");
    const say = (text) => {
      if (!note) return;
      note.textContent = text;
    };
    const most = Number(pad.dataset.most || 120); // the pack's card points: 120, or 240
    let active = "A";
    // The side the phone filled in (120 minus what was typed): switched to, it is typed anew,
    // not added to ("50" then "6" is 6, not 506).
    let filled = null;
    let fresh = false;
    const other = () => (active === "A" ? "B" : "A");
    const mark = () => {
      inputs.A.classList.toggle("active", active === "A");
      inputs.B.classList.toggle("active", active === "B");
      // the switch is pressed while the digits go to B (a screen reader hears which)
      pad.querySelector("[data-switch]")?.setAttribute("aria-pressed", String(active === "B"));
    };
    const mirror = (side) => mirrorPoints(inputs[side], inputs[side === "A" ? "B" : "A"]);
    pairPoints(inputs.A, inputs.B);
    for (const side of ["A", "B"]) {
      inputs[side].addEventListener("focus", () => { active = side; fresh = side === filled; mark(); say(""); });
    }
    pad.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      const input = inputs[active];
      say("");
      if (button.dataset.digit !== undefined) {
        // After a refusal (the server's, or the phone's offline) the next digit starts the
        // number again, and the refusal goes: "45" refused, then "3" is 3, not 453.
        const refusals = root.querySelectorAll("form.entry .errorlist, form.entry [data-offline-error]");
        const anew = input.value === "0" || refusals.length > 0 || fresh;
        refusals.forEach((refusal) => refusal.remove());
        const next = anew ? button.dataset.digit : input.value + button.dataset.digit;
        if (Number(next) > most) {
          // Refused out loud: the number stays as the referee typed it, never silently cut.
          say((note ? note.dataset.over : "{n}").replace("{n}", next));
          return;
        }
        input.value = next;
      } else if (button.hasAttribute("data-clear")) {
        input.value = input.value.slice(0, -1);
      } else if (button.hasAttribute("data-switch")) {
        active = other();
        fresh = active === filled;
        mark();
        return;
      }
      fresh = false;
      mirror(active);
      filled = other();
    });
    mark();
  }
  // A refusal (400 impossible points, 403 closed link, 409 finished match or stale score) is
  // a page that says why: show it in place, as a plain form post would. htmx skips 4xx.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const status = event.detail.xhr.status;
    if ([400, 403, 409].includes(status) && event.detail.target && event.detail.target.id === "referee") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
      // Some other page (a proxy's, the site's error page): its text, not an empty screen.
      if (!event.detail.serverResponse.includes('id="referee"')) event.detail.selectOverride = "main";
    }
  });
  // The match may change elsewhere (the organiser corrects or voids a deal, or chooses who deals
  // first on the round status board; a second phone scores): while the keypad is shown with
  // nothing typed, no card open and nothing waiting on this phone, the page asks its match's
  // version every 10 s (a 304 while it has not moved) and, moved, loads itself again and says
  // so, so the table never plays on from a score or a dealer the site no longer has. A finished
  // match is watched too: the organiser voiding its last deal puts it back in play. A match
  // stopped (a withdrawal) or a table moved on loads the page, which says so.
  async function watch() {
    const root = document.getElementById("referee");
    const pending = document.getElementById("pending");
    if (!root || !root.dataset.watch || document.hidden || !window.htmx) return;
    if (pending && !pending.hidden) return;
    if (!(root.querySelector("form.entry") || "finished" in root.dataset) || root.dataset.offline || root.querySelector("details[open]")) return;
    const typed = (i) => (["radio", "checkbox"].includes(i.type) ? i.checked : i.value);
    if ([...root.querySelectorAll("form.entry input:not([type=hidden])")].some(typed)) return;
    const load = (query) => htmx.ajax("GET", `${window.location.pathname}${query}`, { target: "#referee", select: "#referee", swap: "outerHTML" });
    try {
      const response = await fetch(root.dataset.watch, { cache: "no-cache" });
      if (root !== document.getElementById("referee")) return;
      // The table has no match now (a partnership withdrew, the round was taken back) or the
      // link was revoked: the page says why.
      if (response.status >= 400 && response.status < 500) return load("");
      if (!response.ok) return;
      const { id, version } = await response.json();
      if (String(id) !== root.dataset.match) return load(""); // the table moved on to another match
      if (String(version) === root.dataset.version) return;
      // moved by this phone's own save, its answer lost on the way (offline.js says so): no news
      const own = !document.dispatchEvent(new CustomEvent("sueca:moved", { cancelable: true, detail: { id, version } }));
      load(own ? "" : "?changed=1");
    } catch (error) {
      // offline or a server away: the next try, or the referee's next tap, finds out
    }
  }
  setInterval(watch, 10000);

  // A new screen (the page loaded, an answer swapped in, a page brought back, offline.js's own
  // screens) takes no tap for SETTLE ms: the second tap of a double tap on "Next match" or on who
  // deals first lands on it, on whatever is there now (a keypad key), sooner than anyone reads a
  // screen. Meanwhile body[data-settling]: site.css lets a tap through to nothing, and a tap begun
  // then is not taken when it ends later. A screen that says what it said (a poll's) is not new.
  const SETTLE = 400;
  let settleTimer = null;
  let doomed = false; // the tap under way began while the screen was settling
  const settling = () => document.body.hasAttribute("data-settling");
  function screenCame() {
    document.body.setAttribute("data-settling", "");
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => document.body.removeAttribute("data-settling"), SETTLE);
  }
  document.addEventListener("pointerdown", () => { doomed = settling(); }, true);
  document.addEventListener("mousedown", (event) => { if (doomed) event.preventDefault(); }, true); // no focus
  document.addEventListener("click", (event) => {
    if (!event.detail || !(doomed || settling())) return; // a key's click (Enter) is no tap
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
  const says = () => document.getElementById("referee")?.textContent.replace(/\s+/g, " ").trim();
  let said = says();
  document.addEventListener("htmx:beforeSwap", () => { said = says(); });
  document.addEventListener("htmx:afterSwap", () => {
    if (says() !== said) screenCame();
    said = says();
  });
  document.addEventListener("htmx:historyRestore", screenCame);
  document.addEventListener("sueca:screen", screenCame); // offline.js
  window.addEventListener("pageshow", (event) => { if (event.persisted) screenCame(); });
  screenCame();
  document.addEventListener("DOMContentLoaded", () => setUp(document));
  document.addEventListener("htmx:load", (event) => setUp(event.detail.elt));
})();
