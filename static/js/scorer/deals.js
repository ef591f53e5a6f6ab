// One deal as the referee enters it and the card arithmetic it must satisfy (deals.py).

import { DEAL_POINTS, TRICKS, possiblePoints } from "./cards.js";
import { DealError, Tuple } from "./errors.js";
import { isInt } from "./options.js";

export const SIDES = ["A", "B"];
const DEAL_KEYS = ["points", "flag", "tricks", "revoke"];
const EITHER = "A deal has either card points or a revoke.";

const isPair = (v) => Array.isArray(v) && v.length === 2 && v.every(isInt);
// Python turns every JSON list of a deal into a tuple; a message shows it as one.
const shown = (v) => (Array.isArray(v) ? new Tuple(v) : v);

// The deal parsed strictly; null entries count as absent. Shape errors carry no index.
export function dealFrom(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new DealError(EITHER);
  for (const key of Object.keys(data)) {
    if (!DEAL_KEYS.includes(key)) throw new DealError("Unknown entry %(key)s in a deal.", null, { key });
  }
  const [points, flag, tricks, revoke] = DEAL_KEYS.map((key) => data[key] ?? null);
  if ((points === null) === (revoke === null) || (revoke !== null && (flag !== null || tricks !== null))) {
    throw new DealError(EITHER);
  }
  for (const side of [flag, revoke]) {
    if (side !== null && !SIDES.includes(side)) {
      throw new DealError("A side is A or B, not %(value)s.", null, { value: shown(side) });
    }
  }
  if (points !== null && !isPair(points)) {
    throw new DealError("Card points are two whole numbers, one per side.");
  }
  if (tricks !== null && !isPair(tricks)) throw new DealError("Tricks are two whole numbers, one per side.");
  return Object.freeze({ points, flag, tricks, revoke });
}

export function checkDeal(deal, rules, index = null) {
  if (deal.points === null) return;
  const [a, b] = deal.points;
  if (a < 0 || b < 0) throw new DealError("Card points cannot be negative.", index);
  if (a + b !== DEAL_POINTS) {
    throw new DealError("Card points must add up to 120 (%(a)s + %(b)s = %(total)s).", index,
      { a, b, total: a + b });
  }
  if ([a, b].some((p) => p === 1 || p === DEAL_POINTS - 1)) {
    throw new DealError("No side can score 1 or 119 card points: no card is worth 1.", index);
  }
  if (deal.tricks !== null) checkTricks(deal.points, deal.tricks, index);
  if (deal.flag !== null) {
    const side = SIDES.indexOf(deal.flag);
    if (deal.points[side] !== DEAL_POINTS) throw new DealError("A flag needs 120 card points.", index);
    if (rules.flag === "tricks" && deal.tricks !== null && deal.tricks[side] !== TRICKS) {
      throw new DealError("A flag needs all ten tricks.", index);
    }
  }
}

function checkTricks(points, tricks, index) {
  if (Math.min(...tricks) < 0) throw new DealError("Tricks cannot be negative.", index);
  if (tricks[0] + tricks[1] !== TRICKS) throw new DealError("Tricks must add up to 10.", index);
  // One side's share fitting its tricks means the other's fits too.
  if (!possiblePoints(tricks[0]).has(points[0])) {
    throw new DealError("%(points)s card points are impossible with %(tricks)s of the ten tricks.",
      index, { points: points[0], tricks: tricks[0] });
  }
}

// The side that made a flag in this (checked) deal, if any.
export function flagSide(deal, rules) {
  if (deal.points === null) return null;
  if (rules.flag === "points") return SIDES.find((_, i) => deal.points[i] === DEAL_POINTS) ?? null;
  if (deal.flag === null && deal.tricks !== null && deal.tricks.includes(TRICKS)) {
    return SIDES[deal.tricks.indexOf(TRICKS)];
  }
  return deal.flag;
}

// What the other side has when one side's card points are typed (the keypad shows it).
export const otherSide = (points) => DEAL_POINTS - points;

// The deal as a referee enters it (deal_entered in deals.py), in the conformance shape: one
// side's card points (null: the other side has 120 minus), tricks likewise out of 10, a flag
// alone (all the points), 60-60 in one tap, or a revoke (which ignores the rest).
export function dealEntered({ points = [null, null], flag = null, revoke = null, tricks = [null, null], tie = false }) {
  if (revoke) {
    dealFrom({ revoke });
    return { revoke };
  }
  let [a, b] = tie ? [DEAL_POINTS / 2, DEAL_POINTS / 2] : points;
  if (a === null && b === null) {
    if (!flag) throw new DealError("Enter the card points of one side.");
    a = flag === SIDES[0] ? DEAL_POINTS : 0;
  }
  const deal = { points: [a === null ? otherSide(b) : a, b === null ? otherSide(a) : b] };
  if (flag) deal.flag = flag;
  const [ta, tb] = tricks;
  if (ta !== null || tb !== null) deal.tricks = [ta === null ? TRICKS - tb : ta, tb === null ? TRICKS - ta : tb];
  dealFrom(deal);
  return deal;
}

// dealEntered, or null when the entry makes no deal (nothing typed, a side that is no side).
export function enteredOrNull(entry) {
  try {
    return dealEntered(entry);
  } catch (error) {
    if (error instanceof DealError) return null;
    throw error;
  }
}
