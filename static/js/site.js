// Small progressive enhancements; every page works without this file.
// Live fragments poll only while the tab is visible (no eval: works under a strict CSP).
// Nor while a choice inside is open (the status board's who deals first): the new fragment
// would close it under the organiser's finger. A fragment marked whole (data-pause-poll on
// the poll itself: the door's list) waits while any details in it is open or any of its
// fields has focus.
function held(poll) {
  if (poll.querySelector("[data-pause-poll][open]")) return true;
  return poll.hasAttribute("data-pause-poll")
    && poll.querySelector("details[open], input:focus, select:focus, textarea:focus") !== null;
}
document.addEventListener("htmx:beforeRequest", (event) => {
  const poll = event.detail.elt;
  if (!poll.hasAttribute("data-poll")) return;
  if (document.hidden || held(poll)) event.preventDefault();
});

// A poll's new fragment keeps the keyboard's place: the link or button that had focus is found
// again in it (same kind, same address, or same name, value and words; the same n-th of those)
// and focused, where the swap threw focus to the top of the page. htmx does this itself only for
// an element with an id, and the fragments' links have none. Only polls: an answer to what the
// user did (the referee's pages, an organiser's approval) places focus itself.
let focusedBefore = null;
const focusKey = (node) => [node.tagName, node.getAttribute("href")
  ?? `${node.getAttribute("name")}=${node.getAttribute("value")} ${node.textContent.trim()}`].join(" ");
const twinsOf = (region, key) => [...region.getElementsByTagName(key.split(" ", 1)[0])]
  .filter((node) => focusKey(node) === key);

document.addEventListener("htmx:beforeSwap", (event) => {
  const region = event.detail.target;
  const focused = document.activeElement;
  focusedBefore = null;
  if (!event.detail.shouldSwap || !event.detail.elt.hasAttribute("data-poll")) return;
  if (!region || focused === region || !region.contains(focused)) return;
  const key = focusKey(focused);
  focusedBefore = { region, id: region.id, key, nth: twinsOf(region, key).indexOf(focused) };
});
document.addEventListener("htmx:afterSwap", () => {
  const was = focusedBefore;
  focusedBefore = null;
  if (!was || document.activeElement !== document.body) return;
  const region = was.region.isConnected ? was.region : document.getElementById(was.id);
  const twin = region && twinsOf(region, was.key)[was.nth];
  if (twin) twin.focus({ preventScroll: true });
});

// A long round's page (tournaments/public/round.html): the box shows only the tables whose
// partnerships or players match what is typed, accents and case aside, and again after each
// poll brings the list anew. Without this file the box stays hidden: the browser's find.
const plain = (text) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();

function findTables(box) {
  const wanted = plain(box.querySelector("input").value);
  let shown = 0;
  for (const line of document.querySelectorAll("#t-live .pairings > li")) {
    line.hidden = Boolean(wanted) && !plain(line.textContent).includes(wanted);
    if (!line.hidden) shown += 1;
  }
  box.querySelector("[data-find-none]").hidden = shown > 0;
}

document.addEventListener("input", (event) => {
  const box = event.target.closest("[data-find]");
  if (box) findTables(box);
});
// As soon as the new list is in, before the browser paints it: after the settle (20 ms later)
// the whole list flashed up, and a phone could tap a table it had not asked for.
document.addEventListener("htmx:afterSwap", () => {
  document.querySelectorAll("[data-find]").forEach(findTables);
});
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-find]").forEach((box) => {
    box.hidden = false;
    findTables(box);  // what the browser kept in the box on a reload
  });
});

// A live page's news (the scoreboard's score, then its result): each poll brings its words in
// a hidden [data-news] element, and they go to the live region that data-news names only when
// they change. A screen reader then says each change once; an unchanged poll (the same page
// again) says nothing, and neither does the page as it opens.
function tellNews(root) {
  for (const news of root.querySelectorAll("[data-news]")) {
    const region = document.getElementById(news.dataset.news);
    const words = news.textContent.replace(/\s+/g, " ").trim();
    if (!region || region.dataset.told === words) continue;
    if (region.dataset.told !== undefined) region.textContent = words;
    region.dataset.told = words;
  }
}
document.addEventListener("htmx:load", (event) => tellNews(event.detail.elt));

// What only holds while htmx polls ("This page moves on by itself…") comes hidden, and is shown
// once htmx runs: without JS the page's own "Check again" button is what moves it on.
document.addEventListener("htmx:load", (event) => {
  event.detail.elt.querySelectorAll("[data-while-polled]").forEach((node) => { node.hidden = false; });
});

// An organiser's answer on the sign-ups or check-in page, swapped in place (htmx): the list
// is brought to the row it is about, where its message is (the reloaded page gets there by
// its #landed address).
document.addEventListener("htmx:afterSwap", () => {
  const landed = document.querySelector("[data-landed]");
  if (!landed) return;
  landed.scrollIntoView({ block: "center" });
  landed.focus({ preventScroll: true });
  landed.removeAttribute("data-landed");
});
