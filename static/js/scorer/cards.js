// Card points a side can hold with its tricks (cards.py): a subset sum over the counting
// cards of one pack (20) or two (40, the double pack), never a pasted table.

const RANK_POINTS = [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]; // A 7 K J Q 6 5 4 3 2
const SUITS = 4;
export const TRICKS = 10;
const CARDS_PER_TRICK = 4;
const DECK_SIZE = SUITS * RANK_POINTS.length;
export const DEAL_POINTS = SUITS * RANK_POINTS.reduce((a, b) => a + b, 0);
const COUNTING_VALUES = RANK_POINTS.filter((v) => v > 0);
const QUEEN = 2;

// `packs` 40-card packs shuffled together, ten cards a player; doubleFrom is the default of
// the rule double_from in the pack's own card points.
const pack = (packs, doubleFrom) => Object.freeze({
  packs,
  doubleFrom,
  players: packs * CARDS_PER_TRICK,
  points: packs * DEAL_POINTS,
  copies: packs * SUITS, // of each counting value
  counting: packs * SUITS * COUNTING_VALUES.length,
  blanks: packs * (DECK_SIZE - SUITS * COUNTING_VALUES.length),
});
export const PACKS = Object.freeze({ single: pack(1, 91), double: pack(2, 181) });

// totals[count] = every total that `count` counting cards can make (with `queen`, one given
// Queen, the Queen of Hearts, among them)
function totalsByCount(deck, queen) {
  const { copies } = PACKS[deck];
  let totals = queen ? [undefined, new Set([QUEEN])] : [new Set([0])];
  for (const value of COUNTING_VALUES) {
    const grown = [];
    const most = queen && value === QUEEN ? copies - 1 : copies;
    totals.forEach((sums, count) => {
      if (sums === undefined) return;
      for (let taken = 0; taken <= most; taken += 1) {
        const into = (grown[count + taken] ??= new Set());
        for (const sum of sums) into.add(sum + taken * value);
      }
    });
    totals = grown;
  }
  return totals;
}

const cache = new Map();

export function possiblePoints(tricks, deck = "single", queen = false) {
  const key = `${tricks} ${deck} ${queen}`;
  if (!cache.has(key)) {
    const { players, counting, blanks } = PACKS[deck];
    const totals = totalsByCount(deck, queen);
    const cards = tricks * players;
    const possible = new Set();
    const high = Math.min(counting, cards);
    for (let count = Math.max(0, cards - blanks); count <= high; count += 1) {
      for (const sum of totals[count] ?? []) possible.add(sum);
    }
    cache.set(key, possible);
  }
  return cache.get(key);
}
