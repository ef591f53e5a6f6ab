// Rules, presets, match formats and the first dealer (rules.py, formats.py, seats.py),
// parsed as strictly as the Python engine parses them.

import { RulesError } from "./errors.js";

export const DEFAULT_PRESET = "portugal";
export const PRESETS = Object.freeze({
  portugal: {},
  vila_flor: {},
  brasil: { rotation: "clockwise" },
  carry_ties: { tie: "carry" },
  points_flag: { flag: "points" },
  strict_revoke: { revoke: "match" },
});

const DEFAULT_RULES = {
  flag: "tricks",
  flag_value: 4,
  flag_wins_partida: false,
  double_from: 91,
  tie: "none",
  revoke: 2,
  rotation: "counterclockwise",
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
};

export function rulesFrom(preset = DEFAULT_PRESET, overrides = null) {
  if (typeof preset !== "string" || !has(PRESETS, preset)) {
    throw new RulesError("Unknown preset %(name)s.", { name: preset });
  }
  overrides = overrides ?? {};
  if (!isMapping(overrides)) throw new RulesError("The rules must be a list of named options.");
  for (const key of Object.keys(overrides)) {
    if (!has(RULE_CHECKS, key)) throw new RulesError("Unknown rule %(key)s.", { key });
  }
  const rules = { ...DEFAULT_RULES, ...PRESETS[preset], ...overrides };
  for (const [key, [valid, message]] of Object.entries(RULE_CHECKS)) {
    if (!valid(rules[key])) throw new RulesError(message, { value: rules[key] });
  }
  return Object.freeze(rules);
}

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
    } else if (!validOption(key, value)) throw new RulesError(FORMAT_MESSAGES[key], { value });
    else format[key] = value;
  }
  return Object.freeze(format);
}

export function checkSeat(seat) {
  if (!isInt(seat) || seat < 0 || seat > 3) {
    throw new RulesError("The first dealer must be a seat from 0 to 3, not %(value)s.", { value: seat });
  }
  return seat;
}

// The deal passes on in the direction of play: to the right (seat + 3) when counterclockwise.
export const nextDealer = (dealer, rules) => (dealer + (rules.rotation === "clockwise" ? 1 : 3)) % 4;
