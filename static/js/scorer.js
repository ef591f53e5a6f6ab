// The offline scorer: a port of the Python engine (scoring/engine) that moves a match on
// while the referee's phone has no network. The server stays the authority; this file
// must give exactly what `manage.py sueca_score` gives (tests/js/scorer.test.mjs checks
// it against vectors the Python engine wrote: tests/engine/js_vectors.py).

import {
  SIDES, bonusSides, checkDeal, dealEntered, dealFrom, dealTyped, enteredOrNull, flagSide, otherSide, scoredPoints,
} from "./scorer/deals.js";
import { CaseError, DealError, RulesError, fill } from "./scorer/errors.js";
import {
  DEFAULT_PRESET, WITH_PARTIDAS, checkSeat, dealTotal, formatFrom, nextDealer, packOf, rulesFrom, twoGamesFrom,
} from "./scorer/options.js";

export {
  CaseError, DealError, RulesError, DEFAULT_PRESET, bonusSides, dealEntered, dealFrom, dealTyped, enteredOrNull, fill,
  formatFrom, otherSide, rulesFrom, scoredPoints,
};
export { PRESETS } from "./scorer/options.js";
export { possiblePoints } from "./scorer/cards.js";

const CASE_KEYS = ["rules", "preset", "format", "first_dealer", "deals"];

const other = (side) => (side === "A" ? "B" : "A");
const give = (side, amount) => (side === "A" ? [amount, 0] : [0, amount]);
const plus = (left, right) => [left[0] + right[0], left[1] + right[1]];
const ahead = (pair) => (pair[0] === pair[1] ? null : pair[0] > pair[1] ? "A" : "B");

// A match before its first deal; it carries its rules and format so applyDeal needs no more.
export function newMatch(rules, format, firstDealer = 0) {
  return Object.freeze({
    rules, format,
    games: [0, 0], partidas: [0, 0], points: [0, 0], partidaGames: [0, 0], carry: 0,
    finished: false, winner: null, nextDealer: checkSeat(firstDealer, rules), deals: [], revoked: null,
  });
}

// The state that `stored()` of the Python MatchState gave (the match row), to go on from it.
export function stateFrom(row, rules, format) {
  return Object.freeze({
    rules, format,
    games: row.games, partidas: row.partidas, points: row.points,
    partidaGames: row.partida_games, carry: row.carry, finished: row.finished,
    winner: row.winner, nextDealer: row.next_dealer,
    deals: row.deals.map((d) => ({ dealer: d.dealer, games: d.games })), revoked: row.revoked,
  });
}

// The state after `data` (a deal in its JSON shape); DealError if it cannot be played.
export function applyDeal(state, data, index = null) {
  const { rules, format } = state;
  const deal = dealFrom(data);
  if (state.finished) throw new DealError("This match is finished: no more deals.", index);
  checkDeal(deal, rules, index);
  const score = scoreDeal(rules, format, state, deal);
  const dealer = state.nextDealer;
  const next = {
    ...state,
    games: plus(state.games, score.games),
    points: plus(state.points, score.points),
    partidaGames: WITH_PARTIDAS.includes(format.type) ? plus(state.partidaGames, score.games) : [0, 0],
    carry: score.carry,
    nextDealer: nextDealer(dealer, rules),
    deals: [...state.deals, { dealer, games: score.games, points: score.points, kind: score.kind }],
  };
  return Object.freeze(settle(rules, format, next, score));
}

// The conformance result for one case (parsed JSON); CaseError if the case is malformed.
export function replay(caseObject) {
  if (caseObject === null || typeof caseObject !== "object" || Array.isArray(caseObject)) {
    throw new CaseError("A case must be an object with its rules and deals.");
  }
  for (const key of Object.keys(caseObject)) {
    if (!CASE_KEYS.includes(key)) throw new CaseError("Unknown entry %(key)s in a case.", { key });
  }
  const { deals } = caseObject;
  if (!Array.isArray(deals)) throw new CaseError("A case needs its deals as a list.");
  const given = (key, fallback) => (Object.hasOwn(caseObject, key) ? caseObject[key] : fallback);
  let state;
  try {
    const rules = rulesFrom(given("preset", DEFAULT_PRESET), caseObject.rules);
    state = newMatch(rules, formatFrom(caseObject.format), given("first_dealer", 0));
  } catch (error) {
    if (error instanceof RulesError) return { ok: false, deal: null, error: error.message };
    throw error;
  }
  for (const [index, data] of deals.entries()) {
    try {
      state = applyDeal(state, data, index);
    } catch (error) {
      if (error instanceof DealError) return { ok: false, deal: index, error: error.message };
      throw error;
    }
  }
  return asResult(state);
}

// What a match row keeps (MatchState.stored() in Python): the result, the partida's games and
// the side whose revoke ended the match.
export const stored = (state) => ({
  ...asResult(state), partida_games: [...state.partidaGames], revoked: state.revoked,
});

export function asResult(state) {
  return {
    ok: true,
    games: [...state.games],
    partidas: [...state.partidas],
    points: [...state.points],
    finished: state.finished,
    winner: state.winner,
    next_dealer: state.nextDealer,
    carry: state.carry,
    deals: state.deals.map((d) => ({ dealer: d.dealer, games: [...d.games] })),
  };
}

// What one checked deal gives: {kind, side, games (pending ties included), points, carry}.
function scoreDeal(rules, format, state, deal) {
  if (format.type === "points") return inPointsFormat(rules, deal);
  if (deal.revoke !== null) return scoreRevoke(rules, format, state, other(deal.revoke));
  const points = scoredPoints(deal, rules);
  // The flag is the cards' (all the tricks, or all the card points): a bonus to the other
  // side cannot take it away.
  const flag = flagSide(deal, rules);
  const side = flag ?? ahead(points);
  if (side === null) {
    const pending = rules.tie === "carry" ? state.carry + 1 : 0;
    return { kind: "tie", side: null, games: [0, 0], points, carry: pending };
  }
  const at = SIDES.indexOf(side);
  const games = gamesFor(points[at], deal.points[at], rules, flag !== null) + state.carry;
  return { kind: flag ? "flag" : "points", side, games: give(side, games), points, carry: 0 };
}

// More than half the deal's total is a game (ahead); two from double_from, scaled to the
// total, and for all the card points (120, or 240) without a flag, bonus or not.
function gamesFor(points, cardPoints, rules, flag) {
  if (flag) return rules.flag_value;
  return points >= twoGamesFrom(rules) || cardPoints === packOf(rules).points ? 2 : 1;
}

// A number of games (pending ties added), or the games still needed for the partida.
function scoreRevoke(rules, format, state, innocent) {
  let games = 0;
  if (Number.isInteger(rules.revoke)) games = rules.revoke + state.carry;
  else if (WITH_PARTIDAS.includes(format.type)) {
    games = format.target - state.partidaGames[SIDES.indexOf(innocent)];
  }
  return { kind: "revoke", side: innocent, games: give(innocent, games), points: [0, 0], carry: 0 };
}

// Only card points (bonuses included) count; a revoke gives the innocent side the deal's total.
function inPointsFormat(rules, deal) {
  if (deal.revoke !== null) {
    const innocent = other(deal.revoke);
    return { kind: "revoke", side: innocent, games: [0, 0], points: give(innocent, dealTotal(rules)), carry: 0 };
  }
  const points = scoredPoints(deal, rules);
  return { kind: "points", side: ahead(points), games: [0, 0], points, carry: 0 };
}

// End the partida and the match if this deal did.
function settle(rules, format, state, score) {
  if (format.type === "points") return settlePoints(format, state);
  const whole = score.kind === "revoke" && !Number.isInteger(rules.revoke);
  if (format.type === "fixed_deals") return settleFixed(format, state, whole ? score.side : null);
  const sudden = whole || (score.kind === "flag" && rules.flag_wins_partida);
  const side = sudden ? score.side : reached(state.partidaGames, format.target);
  if (side === null) return state;
  const toWin = format.type === "partidas" ? format.to_win : 1;
  const at = SIDES.indexOf(side);
  const won = whole && rules.revoke === "match" ? toWin : state.partidas[at] + 1;
  const partidas = at === 0 ? [won, state.partidas[1]] : [state.partidas[0], won];
  const next = { ...state, partidas, carry: 0 };
  // the board keeps showing the last partida's games
  return won >= toWin ? finish(next, side, whole ? other(side) : null) : { ...next, partidaGames: [0, 0] };
}

const reached = (games, target) => SIDES.find((_, i) => games[i] >= target) ?? null;

function settlePoints(format, state) {
  const winner = ahead(state.points);
  if (winner === null || Math.max(...state.points) < format.target) return state;
  return finish(state, winner);
}

function settleFixed(format, state, revokeWinner) {
  if (revokeWinner !== null) return finish(state, revokeWinner, other(revokeWinner));
  if (state.deals.length < format.deals) return state;
  const winner = ahead(state.games) ?? ahead(state.points);
  if (winner === null && format.extra_deals) return state;
  return finish(state, winner ?? "draw");
}

// Pending tie games lapse and nobody deals any more; `revoked`: the side whose revoke ended the match.
const finish = (state, winner, revoked = null) => ({
  ...state, finished: true, winner, nextDealer: null, carry: 0, revoked,
});
