// Rules, presets, match formats and the first dealer (rules.py, formats.py, seats.py),
// parsed as strictly as the Python engine parses them.

import { PACKS } from "./cards.js";
import { RulesError, asJson } from "./errors.js";

export const DEFAULT_PRESET = "portugal";
export const PRESETS = Object.freeze({
  portugal: {},
  vila_flor: {},
  brasil: { rotation: "clockwise" },
  carry_ties: { tie: "carry" },
  points_flag: { flag: "points" },
  strict_revoke: { revoke: "match" },
  double_pack: { deck: "double" },
  brasil_last_trick: { rotation: "clockwise", last_trick_bonus: 10 },
});

const DEFAULT_RULES = {
  flag: "tricks",
  flag_value: 4,
  flag_wins_partida: false,
  double_from: null, // the pack's default
  tie: "none",
  revoke: 2,
  rotation: "counterclockwise",
  deck: "single",
  last_trick_bonus: 0,
  maria_de_copas: 0,
  play: "standard", // a label: no score depends on it
};

export const isInt = (v) => Number.isInteger(v);
const isBool = (v) => typeof v === "boolean";
const oneOf = (...choices) => (v) => choices.includes(v);
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const isMapping = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// In the field order of the Python dataclass: the first bad field is the one reported.
const RULE_CHECKS = {
  flag: [oneOf("tricks", "points"),
    "A flag is counted by tricks or by points, not %(value)s."],
  flag_value: [(v) => isInt(v) && v >= 1,
    "A flag is worth a whole number of games, at least 1, not %(value)s."],
  flag_wins_partida: [isBool,
    "Whether a flag wins the game set must be true or false, not %(value)s."],
  double_from: [(v) => isInt(v) && v >= 61 && v <= 120,
    "Two games are won from a number of card points from 61 to 120, not %(value)s."],
  tie: [oneOf("none", "carry"),
    "A 60-60 tie scores nothing (none) or carries a game (carry), not %(value)s."],
  revoke: [(v) => (isInt(v) && v >= 1) || v === "partida" || v === "match",
    "A revoke costs a number of games (at least 1), the game set (partida) " +
    "or the match, not %(value)s."],
  rotation: [oneOf("counterclockwise", "clockwise"),
    "The deal passes counterclockwise or clockwise, not %(value)s."],
  deck: [(v) => typeof v === "string" && has(PACKS, v),
    "The cards are one pack (single) or two packs (double), not %(value)s."],
  last_trick_bonus: [(v) => isInt(v) && v >= 0,
    "The bonus for the last trick is a whole number of card points, 0 for none, not %(value)s."],
  maria_de_copas: [(v) => isInt(v) && v >= 0,
    "The bonus for the Queen of Hearts is a whole number of card points, 0 for none, not %(value)s."],
  play: [oneOf("standard", "forced_trumping", "open_hands"),
    "The cards are played the standard way (standard), with forced trumping (forced_trumping) " +
    "or with open hands (open_hands), not %(value)s."],
};
const DOUBLE_PACK_DOUBLE_FROM = [(v) => isInt(v) && v >= 121 && v <= 240,
  "With the double pack two games are won from a number of card points from 121 to 240, not %(value)s."];

export function rulesFrom(preset = DEFAULT_PRESET, overrides = null) {
  if (typeof preset !== "string" || !has(PRESETS, preset)) {
    throw new RulesError("Unknown preset %(name)s.", { name: preset });
  }
  overrides = overrides ?? {};
  if (!isMapping(overrides)) throw new RulesError("The rules must be a list of named options.");
  for (const key of Object.keys(overrides)) {
    if (!has(RULE_CHECKS, key)) throw new RulesError("Unknown rule %(key)s.", { key });
  }
  if (has(overrides, "double_from") && overrides.double_from === null) {
    throw new RulesError("Two games are won from a number of card points, not null: to play the " +
      "pack's default, leave the rule out.");
  }
  const rules = { ...DEFAULT_RULES, ...PRESETS[preset], ...overrides };
  const check = (key, [valid, message]) => {
    if (!valid(rules[key])) throw new RulesError(message, { value: asJson(rules[key]) });
  };
  // The pack first: the range and the default of double_from depend on it.
  check("deck", RULE_CHECKS.deck);
  rules.double_from ??= PACKS[rules.deck].doubleFrom;
  for (const [key, checks] of Object.entries(RULE_CHECKS)) {
    check(key, key === "double_from" && rules.deck === "double" ? DOUBLE_PACK_DOUBLE_FROM : checks);
  }
  if (rules.deck === "double" && bonuses(rules)) {
    throw new RulesError("The bonuses for the last trick and the Queen of Hearts are played with one " +
      "pack only, not with the double pack.");
  }
  return Object.freeze(rules);
}

const bonuses = (rules) => rules.last_trick_bonus + rules.maria_de_copas;
export const packOf = (rules) => PACKS[rules.deck];
// What a deal shares out: the pack's card points and the bonuses (120 + N, or 240).
export const dealTotal = (rules) => packOf(rules).points + bonuses(rules);
// double_from scaled by the deal's total over the pack's points, rounded up.
export const twoGamesFrom = (rules) => Math.ceil((rules.double_from * dealTotal(rules)) / packOf(rules).points);

const FORMAT_DEFAULTS = {
  first_to: { target: 4 },
  partidas: { to_win: 2, target: 4 },
  fixed_deals: { deals: 8, extra_deals: false },
  points: { target: 500 },
};
export const WITH_PARTIDAS = ["first_to", "partidas"];

// In the order the Python Format checks its options.
const FORMAT_MESSAGES = {
  target: "The target must be a whole number, at least 1, not %(value)s.",
  to_win: "The game sets to win must be a whole number, at least 1, not %(value)s.",
  deals: "The number of deals must be a whole number, at least 1, not %(value)s.",
  extra_deals: "Extra deals must be true or false, not %(value)s.",
};

const validOption = (key, value) => (key === "extra_deals" ? isBool(value) : isInt(value) && value >= 1);

export function formatFrom(data = null) {
  data = data ?? {};
  if (!isMapping(data)) throw new RulesError("The match format must be a list of named options.");
  for (const key of Object.keys(data)) {
    if (key !== "type" && !has(FORMAT_MESSAGES, key)) {
      throw new RulesError("Unknown match format option %(key)s.", { key });
    }
  }
  const type = has(data, "type") ? data.type : "first_to";
  if (typeof type !== "string" || !has(FORMAT_DEFAULTS, type)) {
    throw new RulesError("Unknown match format %(name)s.", { name: type });
  }
  const options = FORMAT_DEFAULTS[type];
  const format = { type };
  for (const key of Object.keys(FORMAT_MESSAGES)) {
    const value = data[key];
    if (value === null || value === undefined) format[key] = options[key] ?? null;
    else if (!has(options, key)) {
      throw new RulesError("A %(name)s match has no option %(key)s.", { name: type, key });
    } else if (!validOption(key, value)) throw new RulesError(FORMAT_MESSAGES[key], { value: asJson(value) });
    else format[key] = value;
  }
  return Object.freeze(format);
}

const SEAT_MESSAGES = {
  single: "The first dealer must be a seat from 0 to 3, not %(value)s.",
  double: "With the double pack the first dealer must be a seat from 0 to 7, not %(value)s.",
};

export function checkSeat(seat, rules) {
  if (!isInt(seat) || seat < 0 || seat >= packOf(rules).players) {
    throw new RulesError(SEAT_MESSAGES[rules.deck], { value: asJson(seat) });
  }
  return seat;
}

// The deal passes on in the direction of play: to the right (seat + players - 1) when
// counterclockwise; 4 players with one pack, 8 with the double pack.
export function nextDealer(dealer, rules) {
  const { players } = packOf(rules);
  return (dealer + (rules.rotation === "clockwise" ? 1 : players - 1)) % players;
}
