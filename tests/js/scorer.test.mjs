// The browser scorer agrees with the Python engine on every vector the engine wrote
// (tests/engine/js_vectors.json; regenerate with `python -m tests.engine.js_vectors`).
// Run with `node --test tests/js/`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  CaseError, DealError, RulesError, applyDeal, asResult, dealEntered, dealTyped, formatFrom, newMatch, otherSide, replay, rulesFrom,
  stateFrom, stored,
} from "../../static/js/scorer.js";

const ALL = JSON.parse(readFileSync(new URL("../engine/js_vectors.json", import.meta.url), "utf8"));
const VECTORS = ALL.filter((vector) => "case" in vector);
const ENTRIES = ALL.filter((vector) => "entry" in vector);
const TYPED = ALL.filter((vector) => "typed" in vector);

test("there are vectors to check", () => {
  assert.ok(VECTORS.length > 500, `only ${VECTORS.length} vectors`);
});

for (const { name, case: caseObject, expected } of VECTORS) {
  test(name, () => {
    if ("case_error" in expected) {
      assert.throws(() => replay(caseObject), (error) => error instanceof CaseError
        && error.message === expected.case_error, `${name}: expected CaseError ${expected.case_error}`);
      return;
    }
    assert.deepStrictEqual(replay(caseObject), expected, `${name}: ${JSON.stringify(caseObject)}`);
  });
}

test("what a referee types makes the deal the engine makes of it", () => {
  assert.ok(ENTRIES.length > 100, `only ${ENTRIES.length} entries`);
  for (const { name, entry, expected } of ENTRIES) {
    if ("deal_error" in expected) {
      assert.throws(() => dealEntered(entry), (error) => error instanceof DealError
        && error.message === expected.deal_error, `${name}: expected DealError ${expected.deal_error}`);
    } else {
      assert.deepStrictEqual(dealEntered(entry), expected, `${name}: ${JSON.stringify(entry)}`);
    }
  }
});

test("what a referee types is checked as the server checks it, under every table's rules", () => {
  // The phone refuses offline what the server would refuse online (119, a flag without 120,
  // a bonus side the cards make impossible...), in the engine's words.
  assert.ok(TYPED.length > 1000, `only ${TYPED.length} typed entries`);
  assert.ok(TYPED.some(({ typed, expected }) => typed.points && typed.points[0] === 119 && "deal_error" in expected));
  for (const { name, typed, rules, expected } of TYPED) {
    const parsed = rulesFrom(rules.preset, rules.rules);
    if ("deal_error" in expected) {
      assert.throws(() => dealTyped(typed, parsed), (error) => error instanceof DealError
        && error.message === expected.deal_error, `${name}: expected DealError ${expected.deal_error} for ${JSON.stringify(typed)} under ${JSON.stringify(rules)}`);
    } else {
      assert.deepStrictEqual(dealTyped(typed, parsed), expected, `${name}: ${JSON.stringify(typed)} under ${JSON.stringify(rules)}`);
    }
  }
});

test("applyDeal moves a match on one deal at a time, as replay does", () => {
  const deals = [{ points: [73, 47] }, { points: [60, 60] }, { revoke: "A" }, { points: [0, 120], flag: "B" }];
  let state = newMatch(rulesFrom("carry_ties"), formatFrom({ type: "partidas" }), 2);
  deals.forEach((deal, index) => { state = applyDeal(state, deal, index); });
  assert.deepStrictEqual(asResult(state), replay({ preset: "carry_ties", format: { type: "partidas" },
    first_dealer: 2, deals }));
});

test("a match resumed from its stored row goes on as if it had never stopped", () => {
  for (const { name, case: c, expected } of VECTORS) {
    if (!expected.ok) continue;
    const rules = rulesFrom(c.preset ?? "portugal", c.rules);
    const format = formatFrom(c.format);
    const half = Math.floor(c.deals.length / 2);
    let state = newMatch(rules, format, c.first_dealer ?? 0);
    c.deals.forEach((deal, index) => {
      if (index === half) state = stateFrom(JSON.parse(JSON.stringify(stored(state))), rules, format);
      state = applyDeal(state, deal, index);
    });
    assert.deepStrictEqual(asResult(state), expected, name);
  }
});

test("the other side has 120 minus what is typed, 240 minus with the double pack", () => {
  assert.equal(otherSide(73), 47);
  assert.equal(otherSide(173, "double"), 67);
  assert.equal(otherSide(0, "double"), 240);
});

test("a double-pack match goes round eight seats, one deal at a time", () => {
  const deals = [{ points: [150, 90] }, { points: [120, 120] }, { revoke: "B" }];
  let state = newMatch(rulesFrom("double_pack"), formatFrom(null), 7);
  deals.forEach((deal, index) => { state = applyDeal(state, deal, index); });
  assert.deepStrictEqual(state.deals.map((d) => d.dealer), [7, 6, 5]);
  assert.equal(state.nextDealer, 4);
  assert.deepStrictEqual(asResult(state), replay({ preset: "double_pack", first_dealer: 7, deals }));
});

test("how the cards were played is a label the rules check and no score reads", () => {
  assert.equal(rulesFrom("portugal", { play: "open_hands" }).play, "open_hands");
  assert.equal(rulesFrom().play, "standard");
  assert.throws(() => rulesFrom("portugal", { play: "obrigacao" }), RulesError);
  const deals = [{ points: [73, 47] }, { flag: "B", points: [0, 120] }];
  assert.deepStrictEqual(
    replay({ rules: { play: "forced_trumping" }, deals }), replay({ deals }));
});

test("a finished match of game sets keeps its last set's games, as the engine does", () => {
  // A wins the first set 4-0, B the second 4-0 and the third 4-2 (tests/scoring/
  // test_a_finished_match_in_game_sets_shows_its_last_set.py): the board shows 2-4, not 0-0.
  const format = formatFrom({ type: "partidas", to_win: 2, target: 4 });
  let state = newMatch(rulesFrom("portugal"), format, 0);
  [95, 95, 30, 0, 30, 95, 30, 30, 0].forEach((points, index) => {
    state = applyDeal(state, { points: [points, 120 - points] }, index);
    if (index === 1) assert.deepStrictEqual(stored(state).partida_games, [0, 0]); // a set won mid-match
  });
  assert.deepStrictEqual([stored(state).finished, stored(state).partidas, stored(state).partida_games],
    [true, [1, 2], [2, 4]]);
});

test("a match row names the side whose revoke ended the match, as the engine's does", () => {
  // tests/engine/test_the_state_says_a_revoke_ended_the_match.py: fixed deals, games 1-1, B wins
  const format = formatFrom({ type: "fixed_deals", deals: 8 });
  let state = newMatch(rulesFrom("strict_revoke"), format, 0);
  [{ points: [80, 40] }, { points: [50, 70] }].forEach((deal, index) => { state = applyDeal(state, deal, index); });
  assert.equal(stored(state).revoked, null);
  state = stateFrom(JSON.parse(JSON.stringify(stored(state))), state.rules, format);
  state = applyDeal(state, { revoke: "A" }, 2);
  assert.deepStrictEqual([stored(state).games, stored(state).winner, stored(state).revoked], [[1, 1], "B", "A"]);
});
