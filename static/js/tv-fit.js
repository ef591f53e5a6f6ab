// The tournament TV (templates/tournaments/public/tv.html): a TV cannot scroll, so a screen
// taller or wider than the TV (a big bracket, the groups) is zoomed out until all of it shows.
// The cycle splits what it can into screens first (tournaments/views/public.py); this is for
// what is still too big. Runs again on each screen htmx swaps in, and when the window changes.
// Without this file the screen shows its top left, and the cycle moves on all the same.
function fitTv() {
  const tv = document.getElementById("tv");
  if (!tv) return;
  tv.style.zoom = "";
  const margin = tv.getBoundingClientRect().top;  // main's padding, kept below too
  const room = window.innerHeight - 2 * margin;
  const scale = Math.min(1, tv.clientWidth / tv.scrollWidth, room / tv.scrollHeight);
  if (scale < 1) tv.style.zoom = String(Math.floor(scale * 1000) / 1000);
}

document.addEventListener("DOMContentLoaded", fitTv);
window.addEventListener("load", fitTv);  // once the fonts are in
window.addEventListener("resize", fitTv);
// As soon as a new screen is in (htmx does not carry the old one's zoom over: a style
// attribute is refused by the Content-Security-Policy), and again once it has settled.
document.addEventListener("htmx:afterSwap", fitTv);
document.addEventListener("htmx:afterSettle", fitTv);
