// One deal as the referee enters it and the card arithmetic it must satisfy (deals.py).

import { PACKS, TRICKS, possiblePoints } from "./cards.js";
import { DealError, asJson } from "./errors.js";
import { isInt, packOf } from "./options.js";

export const SIDES = ["A", "B"];
const DEAL_KEYS = ["points", "flag", "tricks", "revoke", "last_trick", "queen_of_hearts"];
const EITHER = "A deal has either card points or a revoke.";

// A bonus game: the rule giving its card points, the deal entry naming who took it.
const BONUSES = [
  {
    rule: "last_trick_bonus", entry: "last_trick",
    missing: "Say which side took the last trick: this game gives it a bonus of %(bonus)s.",
    unwanted: "This game gives no bonus for the last trick.",
    swept: "The side that took all ten tricks took the last trick too.",
  },
  {
    rule: "maria_de_copas", entry: "queen_of_hearts",
    missing: "Say which side took the Queen of Hearts: this game gives her a bonus of %(bonus)s.",
    unwanted: "This game gives no bonus for the Queen of Hearts.",
    swept: "The side that took all ten tricks took the Queen of Hearts too.",
  },
];
// Each pack's messages name its own total.
const SUM = {
  single: "Card points must add up to 120 (%(a)s + %(b)s = %(total)s).",
  double: "With the double pack card points must add up to 240 (%(a)s + %(b)s = %(total)s).",
};
const NO_ONE = {
  single: "No side can score 1 or 119 card points: no card is worth 1.",
  double: "No side can score 1 or 239 card points: no card is worth 1.",
};
const FLAG_POINTS = {
  single: "A flag needs 120 card points on the flag's side: %(side)s has %(points)s.",
  double: "With the double pack a flag needs 240 card points on the flag's side: %(side)s has %(points)s.",
};

const isPair = (v) => Array.isArray(v) && v.length === 2 && v.every(isInt);

// The deal parsed strictly; null entries count as absent. Shape errors carry no index.
export function dealFrom(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new DealError(EITHER);
  for (const key of Object.keys(data)) {
    if (!DEAL_KEYS.includes(key)) throw new DealError("Unknown entry %(key)s in a deal.", null, { key });
  }
  const deal = Object.fromEntries(DEAL_KEYS.map((key) => [key, data[key] ?? null]));
  const { points, flag, tricks, revoke } = deal;
  const withPoints = [flag, tricks, deal.last_trick, deal.queen_of_hearts];
  if ((points === null) === (revoke === null) || (revoke !== null && withPoints.some((v) => v !== null))) {
    throw new DealError(EITHER);
  }
  for (const side of [flag, revoke, deal.last_trick, deal.queen_of_hearts]) {
    if (side !== null && !SIDES.includes(side)) {
      throw new DealError("A side is A or B, not %(value)s.", null, { value: asJson(side) });
    }
  }
  if (points !== null && !isPair(points)) {
    throw new DealError("Card points are two whole numbers, one per side.");
  }
  if (tricks !== null && !isPair(tricks)) throw new DealError("Tricks are two whole numbers, one per side.");
  return Object.freeze(deal);
}

export function checkDeal(deal, rules, index = null) {
  if (deal.points === null) return;
  const [a, b] = deal.points;
  const whole = packOf(rules).points;
  if (a < 0 || b < 0) throw new DealError("Card points cannot be negative.", index);
  if (a + b !== whole) throw new DealError(SUM[rules.deck], index, { a, b, total: a + b });
  if ([a, b].some((p) => p === 1 || p === whole - 1)) throw new DealError(NO_ONE[rules.deck], index);
  if (deal.tricks !== null) checkTricks(deal.points, deal.tricks, rules.deck, index);
  if (deal.flag !== null) {
    const side = SIDES.indexOf(deal.flag);
    if (deal.points[side] !== whole) {
      throw new DealError(FLAG_POINTS[rules.deck], index, { side: deal.flag, points: deal.points[side] });
    }
    if (rules.flag === "tricks" && deal.tricks !== null && deal.tricks[side] !== TRICKS) {
      throw new DealError("A flag needs all ten tricks.", index);
    }
  }
  checkBonuses(deal, rules, index);
}

function checkTricks(points, tricks, deck, index) {
  if (Math.min(...tricks) < 0) throw new DealError("Tricks cannot be negative.", index);
  if (tricks[0] + tricks[1] !== TRICKS) throw new DealError("Tricks must add up to 10.", index);
  // One side's share fitting its tricks means the other's fits too.
  if (!possiblePoints(tricks[0], deck).has(points[0])) {
    throw new DealError("%(points)s card points are impossible with %(tricks)s of the ten tricks.",
      index, { points: points[0], tricks: tricks[0] });
  }
}

// A bonus game names who took each bonus, a game without it names nobody, and the cards
// allow it: all ten tricks include the last one and the Queen.
function checkBonuses(deal, rules, index) {
  const swept = sweptSide(deal, rules);
  for (const bonus of BONUSES) {
    const side = deal[bonus.entry];
    const value = rules[bonus.rule];
    if (value && side === null) throw new DealError(bonus.missing, index, { bonus: value });
    if (!value && side !== null) throw new DealError(bonus.unwanted, index);
    if (side !== null && swept !== null && swept !== side) throw new DealError(bonus.swept, index);
  }
  if (deal.queen_of_hearts !== null) checkQueen(deal, SIDES.indexOf(deal.queen_of_hearts), rules.deck, index);
}

// The side with the Queen of Hearts holds as many card points as its tricks allow with her.
function checkQueen(deal, side, deck, index) {
  const points = deal.points[side];
  if (deal.tricks === null) {
    const possible = Array.from({ length: TRICKS + 1 }, (_, t) => possiblePoints(t, deck, true));
    if (!possible.some((set) => set.has(points))) {
      throw new DealError("A side with %(points)s card points cannot have taken the Queen of Hearts.",
        index, { points });
    }
  } else if (!possiblePoints(deal.tricks[side], deck, true).has(points)) {
    throw new DealError("%(points)s card points with %(tricks)s of the ten tricks cannot include the " +
      "Queen of Hearts.", index, { points, tricks: deal.tricks[side] });
  }
}

// The side that took all ten tricks, as far as this (checked) deal tells.
function sweptSide(deal, rules) {
  if (deal.tricks !== null && deal.tricks.includes(TRICKS)) return SIDES[deal.tricks.indexOf(TRICKS)];
  return rules.flag === "tricks" ? deal.flag : null;
}

// The side that made a flag in this (checked) deal, if any.
export function flagSide(deal, rules) {
  if (deal.points === null) return null;
  const whole = packOf(rules).points;
  if (rules.flag === "points") return SIDES.find((_, i) => deal.points[i] === whole) ?? null;
  return sweptSide(deal, rules);
}

// The card points of this (checked) deal with each bonus added to the side that took it.
export function scoredPoints(deal, rules) {
  const points = [...deal.points];
  for (const bonus of BONUSES) {
    const side = deal[bonus.entry];
    if (side !== null) points[SIDES.indexOf(side)] += rules[bonus.rule];
  }
  return points;
}

// What the other side has when one side's card points are typed (the keypad shows it): 120
// minus them, 240 with the double pack.
export const otherSide = (points, deck = "single") => PACKS[deck].points - points;

// The deal as a referee enters it (deal_entered in deals.py), in the conformance shape: one
// side's card points (null: the other side has the pack's points minus), tricks likewise out
// of 10, a flag alone (all the points), half and half in one tap, or a revoke (which ignores
// the rest); and the sides that took the bonuses.
export function dealEntered({
  points = [null, null], flag = null, revoke = null, tricks = [null, null], tie = false,
  last_trick: lastTrick = null, queen_of_hearts: queen = null, deck = "single",
}) {
  if (revoke) {
    dealFrom({ revoke });
    return { revoke };
  }
  const whole = PACKS[deck].points;
  const half = whole / 2;
  if (tie && points.some((side) => side !== null && side !== half)) {
    throw new DealError("A %(half)s-%(half)s gives each side %(half)s points: clear the card points typed, or leave out the %(half)s-%(half)s.", null, { half });
  }
  let [a, b] = tie ? [half, half] : points;
  if (a === null && b === null) {
    if (!flag) throw new DealError("Enter the card points of one side.");
    a = flag === SIDES[0] ? whole : 0;
  }
  const deal = { points: [a === null ? otherSide(b, deck) : a, b === null ? otherSide(a, deck) : b] };
  if (flag) deal.flag = flag;
  const [ta, tb] = tricks;
  if (ta !== null || tb !== null) deal.tricks = [ta === null ? TRICKS - tb : ta, tb === null ? TRICKS - ta : tb];
  if (lastTrick) deal.last_trick = lastTrick;
  if (queen) deal.queen_of_hearts = queen;
  dealFrom(deal);
  return deal;
}

// The sides a referee names for the bonuses, with what a flag tells without a tap
// (bonus_sides in deals.py): the flag's side took the Queen of Hearts and, when a flag is all
// ten tricks, the last trick. Only for a game giving the bonus.
export function bonusSides(rules, { flag = null, last_trick: lastTrick = null, queen_of_hearts: queen = null } = {}) {
  const named = { last_trick: lastTrick || null, queen_of_hearts: queen || null };
  for (const bonus of BONUSES) {
    const swept = bonus.entry === "queen_of_hearts" || rules.flag === "tricks";
    if (rules[bonus.rule] && named[bonus.entry] === null && swept) named[bonus.entry] = flag || null;
  }
  return named;
}

// What a referee's entry makes under `rules`, checked as the server checks it before it shows
// the deal for confirmation (deal_typed in deals.py): dealEntered with the rules' pack and the
// bonus sides a flag tells, then checkDeal. DealError if the deal is impossible.
export function dealTyped(entry, rules) {
  const sides = entry.revoke ? {} : bonusSides(rules, entry);
  const deal = dealEntered({ ...entry, ...sides, deck: rules.deck });
  checkDeal(dealFrom(deal), rules);
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
