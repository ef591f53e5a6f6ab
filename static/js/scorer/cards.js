// Card points a side can hold with its tricks (cards.py): a subset sum over the 20
// counting cards, never a pasted table.

const RANK_POINTS = [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]; // A 7 K J Q 6 5 4 3 2
const SUITS = 4;
export const TRICKS = 10;
const CARDS_PER_TRICK = 4;
const DECK_SIZE = SUITS * RANK_POINTS.length;
export const DEAL_POINTS = SUITS * RANK_POINTS.reduce((a, b) => a + b, 0);
const COUNTING_VALUES = RANK_POINTS.filter((v) => v > 0);
const COUNTING = SUITS * COUNTING_VALUES.length;
const BLANKS = DECK_SIZE - COUNTING;

// totals[count] = every total that `count` counting cards can make
function totalsByCount() {
  let totals = [new Set([0])];
  for (const value of COUNTING_VALUES) {
    const grown = [];
    totals.forEach((sums, count) => {
      for (let taken = 0; taken <= SUITS; taken += 1) {
        const into = (grown[count + taken] ??= new Set());
        for (const sum of sums) into.add(sum + taken * value);
      }
    });
    totals = grown;
  }
  return totals;
}

const cache = new Map();

export function possiblePoints(tricks) {
  if (!cache.has(tricks)) {
    const totals = totalsByCount();
    const cards = tricks * CARDS_PER_TRICK;
    const possible = new Set();
    const high = Math.min(COUNTING, cards);
    for (let count = Math.max(0, cards - BLANKS); count <= high; count += 1) {
      for (const sum of totals[count]) possible.add(sum);
    }
    cache.set(tricks, possible);
  }
  return cache.get(tricks);
}
