// Two card-points boxes, A's and B's: what is typed in one leaves the other what is left of the
// deal (the scorer's otherSide, 120 minus, 240 with the double pack), blank while it is not a deal's card points. Shared
// by the referee keypad (referee.js) and the organiser's correction form (correction.js). An
// ES module; without it both forms still work (leave one side blank).
import { otherSide } from "./scorer.js";

// The pack the boxes count: the nearest data-deck ("single", or "double" for 240 points).
export const deckOf = (element) => element.closest("[data-deck]")?.dataset.deck || "single";

// Write into `to` what `from` leaves.
export function mirrorPoints(from, to) {
  const value = from.value.trim();
  const n = Number(value);
  const left = value === "" || !Number.isInteger(n) || n < 0 ? -1 : otherSide(n, deckOf(from));
  to.value = left < 0 ? "" : String(left);
}

// Keep `a` and `b` in step as either is typed in.
export function pairPoints(a, b) {
  a.addEventListener("input", () => mirrorPoints(a, b));
  b.addEventListener("input", () => mirrorPoints(b, a));
}
