// The referee keypad: digits go into one side's card points, the other side shows what is left
// (points-pair.js, on the browser scorer's otherSide). Without this file the two number fields
// still work (leave one blank). An ES module.
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
    const other = () => (active === "A" ? "B" : "A");
    const mark = () => {
      inputs.A.classList.toggle("active", active === "A");
      inputs.B.classList.toggle("active", active === "B");
    };
    const mirror = (side) => mirrorPoints(inputs[side], inputs[side === "A" ? "B" : "A"]);
    pairPoints(inputs.A, inputs.B);
    for (const side of ["A", "B"]) {
      inputs[side].addEventListener("focus", () => { active = side; mark(); say(""); });
    }
    pad.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      const input = inputs[active];
      say("");
      if (button.dataset.digit !== undefined) {
        const next = input.value === "0" ? button.dataset.digit : input.value + button.dataset.digit;
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
        mark();
        return;
      }
      mirror(active);
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
  document.addEventListener("DOMContentLoaded", () => setUp(document));
  document.addEventListener("htmx:load", (event) => setUp(event.detail.elt));
})();
