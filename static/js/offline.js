// Offline-safe scoring on the referee's phone (/r/<token>/). An ES module; it needs only the
// browser scorer's enteredOrNull (scorer.js), to show and score a kept deal as the server would.
//
// Online, nothing changes: the entry form asks the server what the deal awards
// (POST /r/<token>/confirm/) and the confirmation screen saves it (POST /r/<token>/deals/,
// with a server-made idempotency key and the match version the screen was made from).
//
// When the connection drops:
// - A save that gets no answer (network error, timeout) keeps the deal on the phone, in
//   localStorage under "sueca:pending:<token>", with that screen's key and version. So does a
//   save on its way when the page reloads: it is written there before it goes.
// - A confirmation that cannot reach the server is done on the phone: a deal the server would
//   refuse (impossible card points, tricks, flag or bonus sides for the match's rules, or the
//   match over on the phone's count) is refused at once in the server's words
//   (offline-score.js's check, the browser scorer's dealTyped); else the deal is shown as
//   entered, with what the browser scorer says it awards (offline-score.js; provisional), and,
//   once confirmed, kept with a key made here (crypto.randomUUID). While deals wait, new ones join the queue behind them, so the
//   order holds, and undo is hidden.
// - The queue is sent by itself: on page load, on the "online" event, and by a timer that
//   backs off from 1 s to 60 s. One deal at a time, in order, to
//   POST /api/v1/referee/<token>/deals with its own Idempotency-Key (the same key on every
//   try) and "match", the match it was entered for (the server never scores it on the
//   table's next match). A try without a definite answer is simply tried again: if the server
//   did record it, the same key gets the stored first answer back and nothing is doubled.
// - If-Match carries the newest match version the phone knows, chained: the version of the
//   screen the deal was entered on, or the version the answer to the previous deal reported.
//   Queued deals never fail each other's check, yet a deal another phone (or the organiser)
//   recorded meanwhile is a 409 the referee sees, not an interleaved update.
// - A deal leaves the queue only on a 2xx carrying the match state. A 4xx refusal stays at the
//   head, named by its number in the match, with the server's reason and two ways on: Change
//   this deal (its values back on the entry screen; the deal confirmed next takes its place and
//   the deals behind it follow it) or Discard this deal (the deals behind it are then held
//   until the referee has checked the score and chosen to send them, or discards them).
// - A kept deal is the body the API takes: the deal form's own fields (points, flag, revoke,
//   tricks, tie, trump) read from the form the referee used, so the page, the API and this
//   queue send the same fields through the same form (scoring/forms/deal.py).
// - The server stays authoritative: when the queue drains or a deal is refused, #referee is
//   reloaded from the server (unless the referee is typing the next deal). When a kept deal
//   ended the match, that match's result screen is shown (?after=<id>), as online.
// - Each render tells static/js/offline-score.js the queue ("sueca:queue" on document): it
//   shows the provisional score, next dealer and end of the match with the deals waiting.
// - Who deals first, tapped while offline or while deals wait (before the first deal: the card
//   goes once a deal waits), joins the queue in order too: {key, match, seen, dealer, name},
//   shown at once on its card and on the board (offline-score.js deals the waiting deals from
//   that player), and sent before the deals entered after it, to
//   POST /api/v1/referee/<token>/first-dealer with its own Idempotency-Key. A choice the server
//   refuses (a deal was recorded first, by another phone or the organiser) stops the queue as a
//   refused deal does: the referee is told that who deals first was not changed and why, and
//   the deals behind it wait until the referee sends them (dealt from the server's dealer) or
//   discards them. A tap whose request gets no answer is kept the same way.
// - An undo is never kept (sent later it would take back whichever deal is last then): tapped
//   offline, or getting no answer, it says that nothing was undone.
import { enteredOrNull } from "./scorer.js";
import { deckOf } from "./points-pair.js";

(function () {
  const box = document.getElementById("pending");
  if (!box || !window.fetch || !window.localStorage) return;
  const STORE = box.dataset.store;
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SEND_TIMEOUT = 15000;
  const WAIT_MAX = 60000;
  const FRESH = "Sueca-Fresh"; // asks the service worker (sw.js) for the server's answer alone
  let sending = false;
  let timer = null;
  let wait = 0;
  let notice = "";
  let lastSubmit = null; // {form, data, button?} of the form last sent, for when its request fails
  let entryScreen = null; // the entry screen's HTML, to come back to from a confirmation
  let entryBody = null; // what was typed on it, put back when the referee goes back to change it
  let seen = null; // {match, version, confirm} of the last server page shown
  let ended = null; // the match a kept deal ended: its result is shown once the queue drains
  let fixing = null; // the key of the refused deal the referee is changing on the entry screen
  let sentDeals = false; // since the queue was last empty, a deal was sent (not only a dealer)

  const referee = () => document.getElementById("referee");
  // A screen shown here, not by the server: it takes no tap for a moment either (referee.js).
  const newScreen = () => document.dispatchEvent(new CustomEvent("sueca:screen"));
  // The deal an entry makes, with the pack of the match on screen (120 or 240 card points).
  const entered = (body) => enteredOrNull({ ...body, deck: deckOf(referee() || box) });
  const part = (name) => box.querySelector(`[data-pending-${name}]`);

  function say(name, values) {
    const node = box.querySelector("template[data-texts]").content.querySelector(`[data-text="${name}"]`);
    return node.textContent.trim().replace(/\{(\w+)\}/g, (all, key) => (values && key in values ? values[key] : all));
  }

  // The queue: {items: [{key, match, seen, deal, number, confirmed, refused?, advised?, held?}],
  // expect, posting?}, where a choice of who deals first has `dealer` (its seat) and `name`
  // instead of `deal` and `number`, `seen` is the match version shown when the deal was entered,
  // `number` the deal's number then, `advised` a refusal that says what to do next, `expect` the
  // version the last answer reported (kept when the queue empties, for the next deal entered
  // offline), and `posting` a save the confirmation screen has on its way (onItsWay).
  function load() {
    try {
      const queue = JSON.parse(localStorage.getItem(STORE));
      if (queue && Array.isArray(queue.items)) return queue;
    } catch (error) { /* unreadable: start again */ }
    return { items: [], expect: null };
  }
  function store(queue) {
    try {
      localStorage.setItem(STORE, JSON.stringify(queue));
      return true;
    } catch (error) {
      return false;
    }
  }

  function page() {
    const element = referee();
    if (element && element.dataset.match) {
      seen = { match: Number(element.dataset.match), version: Number(element.dataset.version),
               confirm: element.dataset.confirm === "1" };
    }
    return seen;
  }

  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16)); // plain http has no randomUUID
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  // The deal form's fields, as the API takes them (the same names; JSON's types): the body
  // a kept deal is sent with. The page posts the same fields as a form.
  function bodyFrom(data) {
    const text = (name) => String(data.get(name) || "").trim();
    const body = {};
    for (const name of ["points", "tricks"]) {
      const values = data.getAll(name).map((value) => String(value).trim());
      if (values.length === 2 && values.some(Boolean)) body[name] = values.map((value) => (value === "" ? null : Number(value)));
    }
    for (const name of ["flag", "revoke", "trump", "last_trick", "queen_of_hearts"]) if (text(name)) body[name] = text(name);
    if (text("tie")) body.tie = true;
    return body;
  }

  const isDealer = (item) => Number.isInteger(item.dealer);
  const isDeal = (item) => !isDealer(item);

  // A line of the pending box: the deal as entered, or who deals first.
  function describeItem(item) {
    if (!isDealer(item)) return describe(item.deal);
    return say(item.now ? "dealer-now-item" : "dealer-item", { dealer: item.name });
  }

  function describe(body) {
    const deal = entered(body) || {};
    const parts = deal.revoke ? [say("revoke", { side: deal.revoke })] : [deal.points.join("–")];
    if (deal.flag) parts.push(say("flag", { side: deal.flag }));
    if (deal.tricks) parts.push(say("tricks", { a: deal.tricks[0], b: deal.tricks[1] }));
    if (deal.last_trick) parts.push(say("last-trick", { side: deal.last_trick }));
    if (deal.queen_of_hearts) parts.push(say("queen", { side: deal.queen_of_hearts }));
    if (body.trump) parts.push(`${say("trump")} ${SUITS[body.trump] || body.trump}`);
    return parts.join(" · ");
  }

  function keep(item) {
    const queue = load();
    const at = fixing ? queue.items.findIndex((other) => other.key === fixing && other.refused) : -1;
    if (item.deal) item.number = numberAt(queue.items.slice(0, at >= 0 ? at : undefined), item.match);
    if (at >= 0) {
      // The changed deal takes the refused one's place; the deals after it follow it now (the
      // referee has seen the score with them), checked against the page's version.
      queue.items[at] = item;
      queue.items.slice(at + 1).forEach((other) => {
        if (!other.held) return;
        delete other.held;
        if (other.match === item.match) other.seen = item.seen;
      });
      queue.expect = null;
      fixing = null;
      wait = 0;
    } else if (!queue.items.some((other) => other.key === item.key)) queue.items.push(item);
    if (store(queue)) return true;
    notice = say("no-storage");
    return false;
  }

  // ---- Sending -------------------------------------------------------------------------

  async function send(item, expect) {
    // The newest version this phone knows of: the page the deal was entered on, or the answer
    // to the deal sent before it (versions only grow).
    const known = [item.seen, expect && expect.match === item.match ? expect.version : null];
    const version = Math.max(...known.filter(Number.isInteger));
    const headers = { "Content-Type": "application/json", "Idempotency-Key": item.key };
    // Who deals first needs no If-Match: refused once a deal is recorded, whoever recorded it.
    if (Number.isInteger(version) && isDeal(item)) headers["If-Match"] = `"m${item.match}-${version}"`;
    const body = isDealer(item) ? { seat: item.dealer, match: item.match } : { ...item.deal, match: item.match };
    if (item.confirmed) body.confirmed = true;
    const abort = new AbortController();
    const stop = setTimeout(() => abort.abort(), SEND_TIMEOUT);
    try {
      const response = await fetch(isDealer(item) ? box.dataset.dealerApi : box.dataset.api, {
        method: "POST", headers, body: JSON.stringify(body), cache: "no-store",
        redirect: "error", signal: abort.signal, // a wifi login page is no answer
      });
      const answer = await response.json().catch(() => null);
      if (response.ok && answer && Number.isInteger(answer.version)) return { state: answer };
      if (response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status)) {
        const reason = answer && typeof answer.error === "string" ? answer.error : "";
        // A 409 (another deal meanwhile, a match over) says itself what to do next.
        return { refusal: reason || say("refused", { status: response.status }), advised: response.status === 409 };
      }
    } catch (error) {
      // No answer: the deal may or may not be recorded. The same key will tell.
    } finally {
      clearTimeout(stop);
    }
    return {};
  }

  async function flush() {
    clearTimeout(timer);
    const head = load().items[0];
    if (sending || !head || head.refused || head.held || navigator.onLine === false) return render();
    sending = true;
    render();
    const outcome = await send(head, load().expect);
    sending = false;
    const queue = load();
    const index = queue.items.findIndex((item) => item.key === head.key);
    if (outcome.state) {
      // offline-score.js counts it with the match's deals until the page comes from the server
      document.dispatchEvent(new CustomEvent("sueca:sent", {
        detail: { key: head.key, deal: head.deal, dealer: head.dealer, state: outcome.state } }));
      if (index >= 0) queue.items.splice(index, 1);
      queue.expect = { match: head.match, version: outcome.state.version };
      if (outcome.state.finished && isDeal(head)) ended = outcome.state.id;
      if (isDeal(head)) sentDeals = true;
      wait = 0;
      store(queue);
      if (!queue.items.length) {
        notice = say(sentDeals ? "sent" : head.now ? "sent-dealer-now" : "sent-dealer");
        sentDeals = false;
        refresh();
      }
      return flush();
    }
    if (outcome.refusal) {
      if (index >= 0) {
        queue.items[index].refused = outcome.refusal;
        queue.items[index].advised = outcome.advised;
        queue.items.slice(index + 1).forEach((item) => { item.held = true; });
      }
      queue.expect = null;
      store(queue);
      refresh();
      return render();
    }
    wait = Math.min(wait ? wait * 2 : 1000, WAIT_MAX);
    timer = setTimeout(flush, wait);
    return render();
  }

  // Show the server's score again, unless the referee is on a confirmation screen; what they
  // were typing on the entry screen is put back in the server's (the board and the tally
  // beside it must not stay behind the deals just sent). After a kept deal that ended the
  // match, its result (which a reload keeps showing).
  function refresh() {
    const element = referee();
    if (!element || !window.htmx || element.dataset.offline) return;
    if (element.querySelector("[data-offline=record]")) return;
    const form = element.querySelector("[data-offline=entry]");
    const typed = form ? Array.from(form.querySelectorAll("input:not([type=hidden]), select"))
      .filter((field) => (field.type === "radio" ? field.checked : field.value !== ""))
      .map((field) => ({ id: field.id, name: field.name, value: field.value, radio: field.type === "radio" })) : [];
    if (typed.length && ended) return; // the result would take the entry screen away
    const url = ended ? `${box.dataset.page}?after=${ended}` : box.dataset.page;
    ended = null;
    // The server's screen, not the worker's kept copy (sw.js): that is the screen just sent from.
    htmx.ajax("GET", url, { target: "#referee", select: "#referee", swap: "outerHTML",
      headers: { [FRESH]: "1" } })
      .then(() => {
        if (url !== location.pathname + location.search) history.replaceState(null, "", url);
        const fresh = referee() && referee().querySelector("[data-offline=entry]");
        if (!fresh) return;
        typed.forEach(({ id, name, value, radio }) => {
          const field = radio ? fresh.querySelector(`input[type=radio][name="${name}"][value="${value}"]`)
            : fresh.querySelector(`#${CSS.escape(id)}`);
          if (!field) return;
          if (radio) field.checked = true;
          else field.value = value;
        });
        // a refused deal put back on the entry screen while this page was on its way
        if (fixing) fix();
      });
  }

  // ---- The pending box -----------------------------------------------------------------

  function render() {
    const items = load().items;
    const head = items[0];
    const deals = items.filter(isDeal).length;
    document.body.toggleAttribute("data-pending", items.length > 0);
    // Who deals is chosen on its card, whose buttons count the deals recorded: it goes while a
    // deal waits.
    document.body.toggleAttribute("data-pending-deals", deals > 0);
    box.hidden = !items.length && !notice;
    part("title").textContent = deals ? say(deals === 1 ? "waiting-1" : "waiting-n", { n: deals })
      : items.length ? say(items.some((item) => item.now) ? "waiting-dealer-now" : "waiting-dealer") : "";
    let status = notice;
    if (head && !head.refused && !head.held) {
      status = say(sending ? "sending" : "waiting");
    }
    part("status").textContent = status;
    const listed = head && head.refused ? items.slice(1) : items; // the refused one: below
    part("list").replaceChildren(...listed.map((item) => {
      const li = document.createElement("li");
      li.textContent = describeItem(item);
      if (item.held) {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.discardKey = item.key;
        button.textContent = say("discard");
        li.append(" ", button);
      }
      return li;
    }));
    const refused = part("refused");
    refused.hidden = !(head && head.refused);
    if (head && head.refused) {
      const dealer = isDealer(head);
      const number = dealer ? null : numberOf(head);
      const named = dealer ? null : head.number ?? number; // the number it was entered as
      const title = refused.querySelector("[data-refused-title]");
      if (!("plain" in title.dataset)) title.dataset.plain = title.textContent; // "This deal was not recorded"
      title.textContent = dealer ? say("refused-dealer") : named ? say("refused-number", { n: named }) : title.dataset.plain;
      refused.querySelector("[data-deal]").textContent = dealer ? head.name : describe(head.deal);
      refused.querySelector("[data-reason]").textContent = head.refused;
      refused.querySelector("[data-later]").hidden = items.length < 2;
      refused.querySelector("[data-again]").hidden = dealer || head.advised; // "enter the deal again"
      const discardButton = refused.querySelector("[data-discard]");
      if (!("plain" in discardButton.dataset)) discardButton.dataset.plain = discardButton.textContent;
      discardButton.textContent = dealer ? say("discard-dealer") : discardButton.dataset.plain;
      // It can be changed on the entry screen of its own match; a deal for a match the table
      // no longer plays can only be discarded.
      refused.querySelector("[data-fix]").hidden = !number || !entryForm();
    }
    if (fixing && !(head && head.refused && head.key === fixing)) fixing = null;
    banner(head);
    dealerShown(items);
    part("held").hidden = !(head && head.held);
    document.dispatchEvent(new CustomEvent("sueca:queue", { detail: items })); // offline-score.js
  }

  function discard(key) {
    const queue = load();
    queue.items = queue.items.filter((item) => item.key !== key);
    store(queue);
    notice = "";
    if (fixing === key) fixing = null;
    flush();
  }

  const entryForm = () => referee() && referee().querySelector("[data-offline=entry]");

  // The number a deal would be changed as on the match on screen: the one it was entered as
  // (kept with it), or, kept before numbers were, the next; none when the page has no match
  // data (the match is over): nothing to change it on.
  function numberOf(item) {
    const now = page();
    const next = now && now.match === item.match ? numberAt([], item.match) : null;
    return next === null ? null : item.number ?? next;
  }

  // The number of a deal entered now after `before` (waiting items) on the match on screen.
  function numberAt(before, match) {
    const recorded = window.SuecaProvisional ? window.SuecaProvisional.recorded() : null;
    if (recorded === null) return null;
    return recorded + before.filter((other) => other.deal && other.match === match).length + 1;
  }

  // Change the refused deal: its values back on the entry screen, and the next deal confirmed
  // takes its place at the head of the queue (keep()), the deals after it following it.
  function fix() {
    const head = load().items[0];
    const form = entryForm();
    if (!head || !head.refused || !form || isDealer(head)) return;
    clearEntry(referee());
    fillEntry(form, head.deal);
    fixing = head.key;
    render();
    const first = form.querySelector("[data-points]");
    form.scrollIntoView({ block: "start" });
    if (first) first.focus({ preventScroll: true });
  }

  // A kept deal's values (bodyFrom's fields) back in the entry form.
  function fillEntry(form, deal) {
    const set = (selector, value) => {
      const field = form.querySelector(selector);
      if (field && value !== null && value !== undefined) field.value = String(value);
    };
    (deal.points || []).forEach((value, i) => set(`[data-points=${"AB"[i]}]`, value));
    // the side typed shows the other's share, as typing it does (points-pair.js)
    const typed = (deal.points || []).findIndex((value) => value !== null && value !== undefined);
    if (typed >= 0) form.querySelector(`[data-points=${"AB"[typed]}]`)?.dispatchEvent(new Event("input"));
    (deal.tricks || []).forEach((value, i) => set(`#id_tricks_${"ab"[i]}`, value));
    set("#id_trump", deal.trump);
    for (const name of ["last_trick", "queen_of_hearts"]) {
      const radio = deal[name] && form.querySelector(`input[type=radio][name="${name}"][value="${deal[name]}"]`);
      if (radio) radio.checked = true;
    }
    if (deal.tricks || deal.trump) form.querySelectorAll("details").forEach((details) => { details.open = true; });
  }

  // The entry screen says which refused deal is being changed.
  function banner(head) {
    const form = entryForm();
    if (!form) return;
    let line = form.querySelector("[data-fixing]");
    if (!fixing) {
      if (line) line.remove();
      return;
    }
    if (!line) {
      line = document.createElement("p");
      line.className = "fixing";
      line.dataset.fixing = "";
      line.setAttribute("role", "status");
      form.prepend(line);
    }
    line.textContent = say("fixing", { n: numberOf(head) ?? "", deal: describe(head.deal) });
  }

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-fix")) {
      fix();
    } else if (button.hasAttribute("data-discard")) {
      const head = load().items[0];
      if (head) discard(head.key);
    } else if (button.dataset.discardKey) {
      discard(button.dataset.discardKey);
    } else if (button.hasAttribute("data-send")) {
      // The referee has checked the score now shown: the held deals follow it.
      const now = page();
      const queue = load();
      queue.items.forEach((item) => {
        if (item.held) {
          delete item.held;
          if (now && now.match === item.match) item.seen = now.version;
        }
      });
      queue.expect = null;
      store(queue);
      wait = 0;
      flush();
    }
  });

  // ---- Entering deals while offline ----------------------------------------------------

  function clearEntry(element) {
    const form = element && element.querySelector("[data-offline=entry]");
    if (!form) return;
    form.querySelectorAll("input:not([type=hidden]):not([type=radio]), select").forEach((field) => { field.value = ""; });
    form.querySelectorAll("input[type=radio]").forEach((field) => { field.checked = false; });
    markRefused(form, null);
    form.querySelectorAll("details").forEach((details) => { details.open = false; });
  }

  // The refusal shown on the entry (the server's, in #points-error, or this phone's), tied to
  // the points boxes for a screen reader; none: both gone.
  function markRefused(form, error) {
    form.querySelectorAll("[data-offline-error], .errorlist, #points-error").forEach((old) => old.remove());
    form.querySelectorAll("[data-points]").forEach((box) => {
      for (const [name, value] of [["aria-invalid", "true"], ["aria-describedby", "points-error"]]) {
        if (error) box.setAttribute(name, value);
        else box.removeAttribute(name);
      }
    });
    if (error) form.prepend(error);
  }

  // The entry screen the confirmation came from: empty, or with `deal` typed again in it.
  function backToEntry(deal = null) {
    const element = referee();
    if (!entryScreen || !element || !window.htmx) return false;
    htmx.swap(element, entryScreen, { swapStyle: "outerHTML" });
    clearEntry(referee());
    if (deal) fillEntry(entryForm(), deal);
    return true;
  }

  function showError(form, message) {
    // this error replaces what the server said of an earlier try (its .errorlist), not adds to it
    const error = document.createElement("p");
    error.className = "errorlist";
    error.id = "points-error";
    error.setAttribute("role", "alert");
    error.dataset.offlineError = "";
    error.textContent = message;
    markRefused(form, error);
  }

  // The confirmation the server could not give: the deal as entered, kept on this phone.
  function confirmHere(form, data, reason = "offline") {
    const body = bodyFrom(data);
    // Refused here what the server would refuse (119, a flag without 120...), in its words,
    // before the deal is kept: a deal the server refuses would hold the ones behind it.
    // A changed deal goes where the refused one was: before the deals waiting behind it.
    const at = fixing ? 0 : undefined;
    const checked = window.SuecaProvisional ? window.SuecaProvisional.check(body, at) : { deal: entered(body) };
    const deal = checked.deal;
    const element = referee();
    const now = page();
    if (checked.error) return showError(form, checked.error);
    if (!deal) return showError(form, say("no-points"));
    if (!element || !now) return;
    const screen = document.getElementById("referee-offline-confirm").content.firstElementChild.cloneNode(true);
    screen.querySelector("[data-deal]").textContent = describe(body);
    const award = window.SuecaProvisional ? window.SuecaProvisional.award(deal, at) : null;
    if (award) {
      const line = screen.querySelector("[data-award]");
      line.textContent = award;
      line.hidden = false;
    }
    screen.querySelector(now.confirm ? "[data-when-plain]" : "[data-when-confirm]").remove();
    const side = now.confirm && window.SuecaProvisional ? window.SuecaProvisional.confirmer(deal, at) : null;
    if (side) {
      screen.querySelector("[data-when-confirm] p").textContent = say("confirm-by", { side });
      screen.querySelector("[data-when-confirm] button").textContent = say("agrees", { side });
    }
    // Online with deals waiting, the screen says why the deal is kept here and not saved now.
    const note = fixing ? "note-fix" : reason === "queue" ? "note-queue" : null;
    if (note) screen.querySelector(".offline-note").textContent = say(note);
    const close = () => {
      screen.remove();
      delete element.dataset.offline;
      newScreen();
    };
    screen.querySelector("form").addEventListener("submit", (event) => {
      event.preventDefault();
      close();
      if (keep({ key: uuid(), match: now.match, seen: now.version, deal: body, confirmed: now.confirm })) {
        clearEntry(element);
      }
      const first = element.querySelector("[data-points]");
      if (first) first.focus({ preventScroll: true });
      flush();
    });
    screen.querySelector("[data-offline-back]").addEventListener("click", close);
    element.dataset.offline = "confirm";
    element.prepend(screen);
    newScreen();
    screen.querySelector("h1").focus();
  }

  // The deal the server's confirmation screen showed, as the queue keeps it: with that screen's
  // key and version.
  function confirmedItem(data) {
    const now = page();
    const body = bodyFrom(data);
    if (!now || !entered(body)) return null;
    return { key: String(data.get("key")), match: Number(data.get("match")) || now.match,
             seen: Number(data.get("version")), deal: body, confirmed: now.confirm };
  }

  // A deal the server's confirmation screen showed, whose save got no answer: keep it.
  function keepConfirmed(data) {
    const item = confirmedItem(data);
    onItsWay(null); // it waits in the queue instead
    if (!item) return;
    keep(item);
    backToEntry();
    flush();
  }

  // A save the confirmation screen sends is written down before it goes (queue.posting), and
  // crossed out when its answer comes: a reload while it is on its way (the page's request then
  // dropped, maybe after the server got it) finds it on the next load, where it joins the queue
  // and is sent again with its key. The server answers a save it got with its first answer, so
  // nothing is doubled, and the phone shows the deal sending, not the score from before it.
  function onItsWay(item) {
    const queue = load();
    if (item) queue.posting = item;
    else delete queue.posting;
    store(queue);
  }
  function adopt() {
    const queue = load();
    if (!queue.posting) return;
    if (!queue.items.some((item) => item.key === queue.posting.key)) queue.items.unshift(queue.posting);
    delete queue.posting;
    store(queue);
  }
  document.addEventListener("htmx:afterRequest", (event) => {
    const { xhr, requestConfig } = event.detail; // an answer's status; 0: none came
    if (xhr && xhr.status && requestConfig && requestConfig.elt.dataset.offline === "record") onItsWay(null);
  });

  // ---- Who deals first, kept on the phone -----------------------------------------------

  // The choice tapped on `form` (the first-dealer card): into the queue, in order with the
  // deals; a choice still waiting for the same match, last in the queue and not on its way,
  // takes the new seat rather than sending two, with a new key (an earlier try with the old
  // seat may have arrived: its key would answer with the old seat).
  function keepDealer(form, button) {
    const now = page();
    const seat = Number(button && button.value);
    if (!now || !Number.isInteger(seat) || !button || button.name !== "seat") return;
    const name = (button.dataset.player || button.textContent).trim();
    // After the first deal the card asks who deals now (its buttons post who dealt first)
    const dealing = Boolean(form.closest("[data-dealer-now]"));
    const queue = load();
    const last = queue.items[queue.items.length - 1];
    const onItsWay = sending && last === queue.items[0];
    if (last && isDealer(last) && last.match === now.match && !last.refused && !onItsWay) {
      Object.assign(last, { key: uuid(), dealer: seat, name, now: dealing });
    } else {
      queue.items.push({ key: uuid(), match: now.match, seen: now.version, dealer: seat, name,
        now: dealing });
    }
    if (!store(queue)) notice = say("no-storage");
    flush();
    // back at the board, which names the chosen dealer, and the keypad: as online
    const top = referee();
    if (top) top.scrollIntoView({ block: "start" });
    newScreen();
  }

  // The choice waiting on the phone, shown where it was made: the chosen player's button
  // filled, and a note on the card saying it is kept and sent when the connection is back.
  // offline-score.js names that player as the dealer on the board ("sueca:queue").
  function dealerShown(items) {
    const card = referee() && referee().querySelector("#first-dealer");
    const now = page();
    if (!card || !now) return;
    const waiting = items.filter((item) => isDealer(item) && item.match === now.match && !item.refused).pop();
    const note = card.querySelector("[data-dealer-offline]");
    if (note) {
      note.hidden = !waiting;
      note.textContent = waiting ? say(waiting.now ? "dealer-now-kept" : "dealer-kept", { dealer: waiting.name }) : "";
    }
    if (!waiting) return;
    card.querySelectorAll("button[name=seat]").forEach((button) => {
      const chosen = Number(button.value) === waiting.dealer;
      button.classList.toggle("chosen", chosen);
      button.setAttribute("aria-pressed", String(chosen));
      const badge = button.querySelector(".dealer-badge");
      if (chosen && !badge) {
        const mark = document.createElement("span");
        mark.className = "dealer-badge";
        mark.textContent = say("badge-deals");
        button.append(" ", mark);
      } else if (!chosen && badge) {
        const before = badge.previousSibling; // "A · Ana Silva ": the space before the badge goes
        if (before && before.nodeType === Node.TEXT_NODE) before.textContent = before.textContent.trimEnd();
        badge.remove();
      }
    });
  }

  // An undo cannot wait on the phone (it would take back whichever deal is last when it is sent):
  // without a connection it is refused, out loud.
  function undoRefused() {
    notice = say("undo-offline");
    render();
    box.scrollIntoView({ block: "start" });
  }
  const stop = (event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  function undoTapped(event) {
    if (navigator.onLine === false) {
      stop(event);
      undoRefused();
    } else if (notice) {
      notice = "";
      render();
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[data-offline]");
    if (!link) return;
    if (link.dataset.offline === "undo") {
      undoTapped(event);
    } else if (link.dataset.offline === "back" && entryBody && backToEntry(entryBody)) {
      // online too, the entry screen comes back with what was typed (the server's page is empty)
      stop(event);
      const first = entryForm() && entryForm().querySelector("[data-points]");
      if (first) first.focus({ preventScroll: true });
    }
  }, true);

  // Decide before htmx sends: while offline or while deals wait, nothing goes to the server.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const role = form.dataset ? form.dataset.offline : undefined;
    if (role === "undo") return undoTapped(event);
    if (role === "dealer") {
      // Online with nothing waiting: the server's (htmx). Else kept, in order with the deals.
      lastSubmit = { form, data: null, button: event.submitter };
      if (navigator.onLine !== false && !load().items.length) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      keepDealer(form, event.submitter);
      return;
    }
    if (role !== "entry" && role !== "record") return;
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.append(event.submitter.name, event.submitter.value);
    lastSubmit = { form, data };
    if (notice) {
      notice = "";
      render();
    }
    if (navigator.onLine !== false && !load().items.length) {
      if (role === "entry") {
        entryScreen = referee().outerHTML;
        entryBody = bodyFrom(data);
      } else {
        onItsWay(confirmedItem(data));
      }
      return; // the normal online path
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (role === "entry") confirmHere(form, data, navigator.onLine === false ? "offline" : "queue");
    else keepConfirmed(data);
  }, true);

  // The tapped button says its request is out (hx-disabled-elt on #referee keeps every button
  // from a second tap meanwhile); it says what it did again if the screen stays.
  let sendingButton = null;
  document.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!button || !event.target.matches("#referee form")) return;
    sendingButton = { button, html: button.innerHTML };
    button.textContent = say("sending");
    button.setAttribute("aria-busy", "true");
  });
  function sent() {
    if (!sendingButton) return;
    sendingButton.button.innerHTML = sendingButton.html;
    sendingButton.button.removeAttribute("aria-busy");
    sendingButton = null;
  }
  document.addEventListener("htmx:afterRequest", sent);
  window.addEventListener("pageshow", sent); // back to a page left by a plain post (no htmx)

  // Back (or forward) to a screen htmx kept in its history: the page as it was, its board
  // behind, a button maybe still "Sending…", its question (save this deal? undo that one?)
  // answered since. The table's page as it is now comes instead, at its own address (an undo's
  // is the table's page), and without a change "on another screen" to tell again; so too when
  // htmx kept no copy of the screen.
  function backToNow(event) {
    event.preventDefault();
    const url = new URL(event.detail.path, location.href);
    url.pathname = box.dataset.page;
    url.searchParams.delete("changed");
    const now = url.pathname + url.search;
    htmx.ajax("GET", now, { target: "#referee", select: "#referee", swap: "outerHTML", replace: now });
  }
  document.addEventListener("htmx:historyCacheHit", backToNow);
  document.addEventListener("htmx:historyCacheMiss", backToNow);

  // A request htmx sent got no answer (the connection dropped on the way, or it timed out).
  function noAnswer(event) {
    const element = event.detail.elt;
    const role = element && element.dataset ? element.dataset.offline : undefined;
    if (lastSubmit && lastSubmit.form === element) {
      if (role === "entry") confirmHere(element, lastSubmit.data);
      else if (role === "record") keepConfirmed(lastSubmit.data);
      // the same seat sent again is harmless if this one arrived after all
      else if (role === "dealer") keepDealer(element, lastSubmit.button);
    } else if (role === "back") {
      backToEntry();
    } else if (role === "undo") {
      undoRefused();
    }
  }
  document.addEventListener("htmx:sendError", noAnswer);
  document.addEventListener("htmx:timeout", noAnswer);
  document.addEventListener("htmx:load", () => page());
  // A screen older than what the last answer reported (the service worker's copy when the
  // network was slow, or a page asked for before the write was saved) would show the board as
  // before that write: the page is asked for again, once the phone is online.
  let behindTimer = null;
  function catchUp() {
    clearTimeout(behindTimer);
    const now = page();
    const { expect } = load();
    if (!now || !expect || expect.match !== now.match || now.version >= expect.version) return;
    behindTimer = setTimeout(() => { if (navigator.onLine !== false) refresh(); }, 1500);
  }
  // A new screen from the server: whether a refused deal can be changed there, and the banner.
  document.addEventListener("htmx:afterSettle", () => {
    if (load().items.length) render();
    catchUp();
  });
  document.addEventListener("sueca:match", () => { if (load().items.length) render(); }); // offline-score.js
  // referee.js found the match moved on from this page: to the version the answer to this
  // phone's own last save reported, which is no change "on another screen".
  document.addEventListener("sueca:moved", (event) => {
    const { expect } = load();
    if (expect && expect.match === event.detail.id && expect.version === event.detail.version) event.preventDefault();
  });

  window.addEventListener("online", () => { wait = 0; flush(); catchUp(); });
  window.addEventListener("storage", (event) => { if (event.key === STORE) render(); });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) flush(); });
  page();
  adopt();
  flush(); // deals left from an earlier visit go now
})();
