// The match form (scoring/manage/_rules_format.html, also in the new-tournament form): only the
// chosen format's options show, and only the four players of partnerships A and B are offered as
// first dealer. Without this file every option shows with its help text, every player is
// offered and the server refuses a dealer who does not play. An ES module, deferred.
const format = document.getElementById("id_format_type");
if (format) {
  const options = document.querySelectorAll("[data-formats]");
  const show = () => {
    for (const option of options) option.hidden = !option.dataset.formats.split(" ").includes(format.value);
  };
  format.addEventListener("change", show);
  show();
}

const seats = document.getElementById("players-of");
const dealer = document.getElementById("id_first_dealer");
if (seats && dealer) {
  const playersOf = JSON.parse(seats.textContent);
  const sides = ["id_a", "id_b"].map((id) => document.getElementById(id));
  const offer = () => {
    const playing = new Set(sides.flatMap((side) => playersOf[side.value] || []).map(String));
    for (const option of dealer.options) {
      const away = option.value !== "" && playing.size > 0 && !playing.has(option.value);
      option.hidden = away;
      option.disabled = away;
    }
    if (dealer.selectedOptions[0] && dealer.selectedOptions[0].disabled) dealer.value = "";
  };
  for (const side of sides) side.addEventListener("change", offer);
  offer();
}
