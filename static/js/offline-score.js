// The provisional score on the referee's phone while deals wait to be sent (static/js/offline.js
// keeps them). An ES module: it replays the match the page came with (#referee-match, written
// by _referee_offline.html) plus the waiting deals in the browser scorer (scorer.js, a port of
// the engine) and shows the games, the next dealer and the end of the match in #pending,
// marked as waiting. The server stays the authority: once the deals are sent, offline.js
// reloads #referee from it, the queue is empty and the panel goes.
//
// offline.js tells this module about its queue with a "sueca:queue" event on document, asks
// window.SuecaProvisional.check(body) whether a deal entered offline can be played (the checks
// the server runs before it shows a deal for confirmation: the card arithmetic of the match's
// rules, and a match already over; refused in the server's words, #referee-messages) and
// window.SuecaProvisional.award(deal) for what it gives, .confirmer(deal) for who confirms it.
// It also registers the service worker (/r/sw.js) and keeps the page's latest copy for it.
import {
  DealError, applyDeal, bonusSides, dealFrom, dealTyped, enteredOrNull, fill, formatFrom, newMatch, rulesFrom, scoredPoints,
  stored as storedState,
} from "./scorer.js";

const box = document.getElementById("pending");
const panel = box && box.querySelector("[data-provisional]");
const PAGES = "sueca-referee-pages";
let items = stored(); // offline.js ran first (a module earlier in the page): read its queue

function stored() {
  try {
    const queue = box && JSON.parse(localStorage.getItem(box.dataset.store));
    return queue && Array.isArray(queue.items) ? queue.items : [];
  } catch (error) {
    return [];
  }
}

function say(name, values) {
  const node = box.querySelector("template[data-texts]").content.querySelector(`[data-text="${name}"]`);
  return node.textContent.trim().replace(/\{(\w+)\}/g, (all, key) => (values && key in values ? values[key] : all));
}

// The match as the server last showed it: the page's data, kept up to date through htmx swaps.
let match = read(document);
function read(root, id = "referee-match") {
  const node = root.getElementById(id);
  try {
    return node ? JSON.parse(node.textContent) : null;
  } catch (error) {
    return null;
  }
}
// The engine's messages in the page's language, by their English template (the server's words).
const messages = read(document, "referee-messages") || {};
const words = (error) => fill(messages[error.template] ?? error.template, error.params);

function waiting() {
  // A deal the server refused is not counted: it waits for the referee to discard it. A kept
  // deal is the API's body (the deal form's fields).
  return match ? items.filter((item) => item.match === match.match && !item.refused && !isDealer(item))
    .map((item) => kept(item.deal)).filter(Boolean) : [];
}

// A choice of who deals first kept by offline.js: {dealer: seat, name} instead of a deal.
const isDealer = (item) => Number.isInteger(item.dealer);

// Who deals first chosen on this phone and waiting to be sent (the last such choice; a refused
// one does not count), or null.
function choiceWaiting() {
  if (!match) return null;
  return items.filter((item) => item.match === match.match && !item.refused && isDealer(item)).pop() || null;
}
const dealerWaiting = () => choiceWaiting()?.dealer ?? null;

// The first dealer the deals waiting are dealt from: the phone's choice, else the server's.
const firstDealer = () => dealerWaiting() ?? match.first_dealer;

// The deal a kept body makes, with the bonus sides its flag tells (as the server's form does).
function kept(body) {
  try {
    return enteredOrNull({ ...body, ...(body.revoke ? {} : bonusSides(rules(), body)), deck: deck() });
  } catch (error) {
    return null;
  }
}

const rules = () => rulesFrom("portugal", match.rules);

function text(name) {
  const node = box && box.querySelector("template[data-texts]").content.querySelector(`[data-text="${name}"]`);
  return node ? node.textContent.trim() : null;
}

// Whether the deal form's fields `body` make a deal this match can take after the deals
// waiting, as the server would decide before showing it for confirmation: {deal}, or {error}
// in the words the server would use. Without the match's data, only what was typed is read.
function check(body, at = undefined) {
  if (!match) return { deal: enteredOrNull(body) };
  const ranges = { points: [rules().deck === "double" ? 240 : 120, "number-points"], tricks: [10, "number-tricks"] };
  for (const [name, [most, message]] of Object.entries(ranges)) {
    const values = (body[name] || []).filter((value) => value !== null);
    if (values.some((value) => !Number.isInteger(value) || value < 0 || value > most) && text(message)) {
      return { error: text(message) };
    }
  }
  try {
    const deal = dealTyped(body, rules());
    let state = newMatch(rules(), formatFrom(match.format), firstDealer());
    const queued = waiting();
    const deals = [...match.deals, ...queued.slice(0, at ?? queued.length)];
    try {
      deals.forEach((earlier, index) => { state = applyDeal(state, earlier, index); });
    } catch (error) {
      return { deal }; // the waiting deals cannot be scored here: the server will decide
    }
    applyDeal(state, deal, deals.length); // a match over on this phone's count takes no more
    return { deal };
  } catch (error) {
    if (error instanceof DealError) return { error: words(error) };
    throw error;
  }
}

// The match's pack: "single", or "double" (240 card points, eight seats).
const deck = () => (match.rules && match.rules.deck) || "single";

// The match after the server's deals, the waiting ones and `extra` (after the first `at` waiting
// ones: all of them unless said; the waiting ones after it left out unless `rest`), as the
// conformance result plus the current partida's games (stored()); null if the scorer cannot play them.
function result(extra = [], at = undefined, rest = true) {
  if (!match) return null;
  const server = match.deals.length;
  const queued = waiting();
  const place = at ?? queued.length; // where `extra` goes among the waiting deals
  try {
    let state = newMatch(rules(), formatFrom(match.format), firstDealer());
    [...match.deals, ...queued.slice(0, place), ...extra, ...(rest ? queued.slice(place) : [])]
      .forEach((deal, index) => { state = applyDeal(state, deal, index); });
    return { ...storedState(state), server };
  } catch (error) {
    return null;
  }
}

// The games the board shows: in game sets, the set in play's (the last set's once it is over).
const gamesShown = (outcome) => (match.format.type === "partidas" ? outcome.partida_games : outcome.games);

const gainer = (games) => (games[0] > 0 ? "A" : games[1] > 0 ? "B" : null);

function gamesText(games) {
  const side = gainer(games);
  if (!side) return say("award-none");
  const n = Math.max(...games);
  return say(n === 1 ? "wins-1" : "wins-n", { side, n });
}

// A deal's card points as the tally writes them: "70–60 (A: 60 + 10 bonus)" where a side took a
// bonus (presenters.TallyRow.what).
function pointsText(deal) {
  const scored = scoredPoints(dealFrom(deal), rules());
  const bonuses = scored.flatMap((points, i) => (points > deal.points[i]
    ? [say("bonus", { side: "AB"[i], cards: deal.points[i], bonus: points - deal.points[i] })] : []));
  return [scored.join("–"), ...(bonuses.length ? [`(${bonuses.join("; ")})`] : [])].join(" ");
}

// "1 tie game pending", "no games now, 2 games carried to the next deal": `name`-1 or -n.
const carried = (name, n) => say(`${name}-${n === 1 ? 1 : "n"}`, { n });

function pair(name, values) {
  return say(name, { a: values[0], b: values[1] });
}

// The scoreboard beside the keypad (#referee .board, the tally under it): while deals wait,
// the score with them, marked "not saved yet", so that the page never shows two scores;
// else what the server's page says, as it came.
// While a refused deal or deals held behind one wait for the referee's decision (offline.js),
// nothing is on its way: the board shows the score as last saved, said so, for the referee to
// check before sending the held deals.
// A choice of who deals first waiting alone (`chosen`, no deal waiting) shows that player as the
// dealer, marked as not saved yet: who deals first, or who deals now once deals were played.
function board(outcome, count, stopped, chosen = null) {
  const root = document.getElementById("referee");
  const section = root && root.querySelector(".board");
  if (!section) return;
  const shown = Boolean(outcome && (count || chosen) && !stopped);
  section.toggleAttribute("data-provisional", shown);
  const mark = root.querySelector("[data-board-provisional]");
  if (mark) {
    mark.hidden = !shown && !(count && stopped);
    mark.toggleAttribute("data-as-saved", !shown);
    if (!mark.hidden) mark.textContent = say(!shown ? "mark-saved" : count ? "mark-provisional" : chosen.now ? "mark-dealer-now" : "mark-dealer");
  }
  const sides = ["a", "b"].map((side) => section.querySelector(`.side-${side}`));
  sides.forEach((side, i) => {
    if (!side) return;
    const counted = shown && gamesShown(outcome);
    put(side.querySelector("[data-board-games]"), shown && String(counted[i]));
    put(side.querySelector("[data-board-points]"), shown && String(outcome.points[i]));
    put(side.querySelector("[data-board-partidas]"), shown && String(outcome.partidas[i]));
    const set = side.querySelector("[data-board-set]"); // "Game set 2": its number, in any language
    if (set) put(set, shown && set.textContent.replace(/\d+/, String(setInPlay(outcome))));
    strokes(side.querySelector("[data-board-strokes]"), shown ? counted[i] : null);
    side.classList.toggle("provisional-winner", shown && outcome.finished && outcome.winner === "AB"[i]);
  });
  let turn = null;
  if (shown && outcome.finished) {
    turn = outcome.winner === "draw" ? say("over-draw-board") : say("over-board", { side: outcome.winner });
  } else if (shown) {
    const players = match.players || [];
    const dealer = outcome.next_dealer;
    turn = say("turn", { dealer: players[dealer] ?? dealer, leader: players[leadOf(dealer)] ?? leadOf(dealer) });
  }
  put(root.querySelector("[data-board-turn]"), turn);
  badges(root.querySelector("[data-board-seats]"), shown ? (outcome.finished ? undefined : outcome.next_dealer) : null);
  // "3 deals played" stays the server's count; the waiting ones are added to it, as not saved.
  const played = root.querySelector("[data-board-played]");
  const saved = played && ("saved" in played.dataset ? played.dataset.saved : played.textContent);
  const counted = shown && count > 0; // deals waiting, not only who deals first
  put(played, counted && `${(saved || "").trim()} · ${say(count === 1 ? "unsaved-1" : "unsaved-n", { n: count })}`);
  put(root.querySelector("[data-board-carry]"), counted && (outcome.carry ? ` · ${carried("carry", outcome.carry)}` : ""));
  const note = root.querySelector("[data-tally-waiting]");
  if (note) {
    note.hidden = !counted;
    note.textContent = counted ? say(count === 1 ? "tally-waiting-1" : "tally-waiting-n", { n: count }) : "";
  }
  const empty = root.querySelector("[data-tally-empty]");
  if (empty) empty.hidden = counted;
}

// In game sets, the set whose games the board shows: the one in play, or the last (selectors.Board).
const setInPlay = (outcome) => outcome.partidas[0] + outcome.partidas[1] + (outcome.finished ? 0 : 1);

// Show `text` in `node` instead of what the server wrote there (kept to put back: text false).
function put(node, text) {
  if (!node) return;
  if (text === false || text === null) {
    if ("saved" in node.dataset) {
      node.textContent = node.dataset.saved;
      if ("savedLabel" in node.dataset) node.setAttribute("aria-label", node.dataset.savedLabel);
      delete node.dataset.saved;
      delete node.dataset.savedLabel;
    }
    return;
  }
  if (!("saved" in node.dataset)) {
    node.dataset.saved = node.textContent;
    if (node.hasAttribute("aria-label")) node.dataset.savedLabel = node.getAttribute("aria-label");
  }
  node.removeAttribute("aria-label"); // the server's "1 game": the number is read instead
  node.textContent = text;
}

// Who sits where: the "deals" and "leads" badges on the provisional dealer and leader (null:
// the server's again; a match over on the phone's count has none).
function badges(list, dealer) {
  if (!list) return;
  if (!("saved" in list.dataset)) {
    if (dealer === null) return;
    const at = (name) => list.querySelector(`[data-badge=${name}]`)?.closest("[data-seat]")?.dataset.seat ?? "";
    list.dataset.saved = `${at("deals")} ${at("leads")}`;
  }
  let [deals, leads] = [dealer, dealer === null || dealer === undefined ? null : leadOf(dealer)];
  // null: the server's badges again; undefined: none (the match is over on this phone's count)
  if (dealer === null) {
    [deals, leads] = list.dataset.saved.split(" ").map((seat) => (seat === "" ? null : Number(seat)));
    delete list.dataset.saved;
  } else if (dealer === undefined) {
    [deals, leads] = [null, null];
  }
  list.querySelectorAll("[data-seat]").forEach((seat) => {
    seat.querySelectorAll("[data-badge]").forEach((badge) => {
      const before = badge.previousSibling; // a space this function put there
      if (before && before.nodeType === Node.TEXT_NODE && !before.textContent.trim()) before.remove();
      badge.remove();
    });
    for (const [name, at] of [["deals", deals], ["leads", leads]]) {
      if (Number(seat.dataset.seat) !== at) continue;
      const badge = document.createElement("span");
      badge.className = "dealer-badge";
      badge.dataset.badge = name;
      badge.textContent = say(`badge-${name}`);
      seat.append(" ", badge);
    }
  });
}

// One stroke (risco) per game, as the server draws them; null puts the server's back.
function strokes(node, games) {
  if (!node) return;
  if (games === null && !("saved" in node.dataset)) return;
  if (!("saved" in node.dataset)) node.dataset.saved = String(node.children.length);
  const count = games === null ? Number(node.dataset.saved) : games;
  if (games === null) delete node.dataset.saved;
  node.replaceChildren(...Array.from({ length: count }, () => {
    const stroke = document.createElement("span");
    stroke.className = "stroke";
    return stroke;
  }));
}

function show() {
  if (!panel) return;
  const queued = waiting();
  const chosen = choiceWaiting();
  const outcome = queued.length || chosen ? result() : null;
  const stopped = Boolean(match) && items.some((item) => item.match === match.match && (item.refused || item.held));
  board(outcome, queued.length, stopped, chosen);
  panel.hidden = !queued.length;
  document.body.toggleAttribute("data-provisional-over", Boolean(outcome && outcome.finished));
  if (!queued.length) return;
  const score = panel.querySelector("[data-provisional-score]");
  const next = panel.querySelector("[data-provisional-next]");
  const rows = panel.querySelector("[data-provisional-deals]");
  if (!outcome) {
    score.textContent = say("invalid");
    next.textContent = "";
    rows.replaceChildren();
    return;
  }
  const lines = [];
  if (match.format.type === "points") lines.push(pair("points", outcome.points));
  else lines.push(pair("score", gamesShown(outcome)));
  if (match.format.type === "partidas") lines.push(pair("partidas", outcome.partidas));
  score.textContent = lines.join(" · ");
  if (outcome.finished) {
    next.textContent = outcome.winner === "draw" ? say("over-draw") : say("over", { side: outcome.winner });
  } else {
    const players = match.players || [];
    const dealer = outcome.next_dealer;
    next.textContent = say("next", { dealer: players[dealer] ?? dealer, leader: players[leadOf(dealer)] ?? leadOf(dealer) });
  }
  rows.replaceChildren(...queued.map((deal, i) => {
    const row = document.createElement("tr");
    row.dataset.waiting = "";
    const given = outcome.deals[outcome.server + i];
    const cells = [String(outcome.server + i + 1), deal.revoke ? say("revoke", { side: deal.revoke }) : pointsText(deal),
                   given ? gamesText(given.games) : "", say("waiting-mark")];
    cells.forEach((text, column) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      if (column === 3) cell.className = "waiting-mark";
      row.append(cell);
    });
    return row;
  }));
}

// Who leads: the player after the dealer in the direction of play (engine.leader).
function leadOf(dealer) {
  const clockwise = match.rules && match.rules.rotation === "clockwise";
  const seats = deck() === "double" ? 8 : 4;
  return (dealer + (clockwise ? 1 : seats - 1)) % seats;
}

// What one more deal, entered now (after the first `at` waiting deals: all unless said), would give: "A wins 2 games", or null if the scorer cannot say.
function award(deal, at = undefined) {
  const outcome = result([deal], at, false); // the deal offline.js made of the entry (check)
  if (!outcome) return null;
  const given = outcome.deals[outcome.server + (at ?? waiting().length)];
  if (match.format.type === "points") return deal.revoke ? null : pointsText(deal);
  // the deal is the last one `result` played: the carry after it is the one it left
  if (!gainer(given.games) && outcome.carry) return say("award", { award: carried("award-carry", outcome.carry) });
  return say("award", { award: gamesText(given.games) });
}

// Who confirms one more deal, entered now, where the other side confirms: the side it gives no
// games ("B" when it gives A games), as the server's screen names it; null for a tie, the points
// format, or when the scorer cannot say.
function confirmer(deal, at = undefined) {
  const outcome = result([deal], at, false);
  if (!outcome || match.format.type === "points") return null;
  const side = gainer(outcome.deals[outcome.server + (at ?? waiting().length)].games);
  return side && (side === "A" ? "B" : "A");
}

// How many deals the server has recorded in the match on screen, as far as this page knows
// (null: the page has no match data, e.g. a result screen).
const recorded = () => (match ? match.deals.length : null);

window.SuecaProvisional = { show, award, confirmer, check, recorded };

document.addEventListener("sueca:queue", (event) => {
  items = Array.isArray(event.detail) ? event.detail : [];
  show();
});

// A waiting deal the server recorded (offline.js, before the page is reloaded from the server):
// it is one of the match's deals now. If the server's state tells of others too (recorded
// elsewhere meanwhile), the page's data is read again from the server.
document.addEventListener("sueca:sent", (event) => {
  const { key, deal, dealer, state } = event.detail || {};
  items = items.filter((item) => item.key !== key);
  if (!match || !state || state.id !== match.match) return;
  if (Number.isInteger(dealer)) { // who deals first: the server's now
    match = { ...match, first_dealer: state.first_dealer ?? dealer, version: state.version };
    show();
    return;
  }
  const played = kept(deal);
  if (played && Array.isArray(state.deals) && state.deals.length === match.deals.length + 1) {
    match = { ...match, deals: [...match.deals, played], version: state.version };
  } else if (box) {
    fetch(box.dataset.page, { cache: "no-store" }).then((response) => response.text()).then((text) => {
      match = read(new DOMParser().parseFromString(text, "text/html")) ?? match;
      show();
    }).catch(() => {});
  }
});

// A fresh #referee from the server (a save, an undo, offline.js's refresh): take its match data,
// and keep the page as the service worker's copy for a reload without network.
document.addEventListener("htmx:afterRequest", (event) => {
  const xhr = event.detail.xhr;
  if (!event.detail.successful || !xhr || !box) return;
  const url = new URL(xhr.responseURL || location.href);
  if (url.pathname !== box.dataset.page) return;
  const text = xhr.responseText;
  const fresh = read(new DOMParser().parseFromString(text, "text/html"));
  if (fresh || !text.includes('id="referee"')) match = fresh ?? match;
  else match = null; // the table has no match now
  const node = document.getElementById("referee-match");
  if (node && fresh) node.textContent = JSON.stringify(fresh);
  show();
  document.dispatchEvent(new CustomEvent("sueca:match")); // offline.js: a refused deal's number
  if (window.caches && text.includes('id="referee"')) {
    const headers = { "Content-Type": xhr.getResponseHeader("Content-Type") || "text/html; charset=utf-8" };
    const policy = xhr.getResponseHeader("Content-Security-Policy");
    if (policy) headers["Content-Security-Policy"] = policy;
    caches.open(PAGES).then((cache) => cache.put(url.origin + url.pathname, new Response(text, { headers })))
      .catch(() => {});
  }
});

if (box && box.dataset.sw && "serviceWorker" in navigator) {
  // A page the worker did not serve (the first visit) is kept now, for a reload offline.
  const keep = !navigator.serviceWorker.controller && window.caches;
  navigator.serviceWorker.register(box.dataset.sw, { scope: "/r/" })
    .then(() => (keep ? caches.open(PAGES).then((cache) => cache.add(box.dataset.page)) : null))
    .catch(() => {});
}
show();
