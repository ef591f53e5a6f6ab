// The new-tournament form (tournaments/manage/new.html): only the settings that the chosen
// structure reads show, each fieldset and setting naming those structures in data-structures
// (tournaments.forms.SETTING_STRUCTURES). One with an error after a post has none: it shows
// whatever the structure. Without this file every setting shows, and those of the other
// structures play no part. An ES module, deferred.
const structures = document.querySelectorAll('input[name="structure"]');
if (structures.length) {
  const settings = document.querySelectorAll("[data-structures]");
  const show = () => {
    const chosen = [...structures].find((choice) => choice.checked);
    if (!chosen) return;
    for (const setting of settings) setting.hidden = !setting.dataset.structures.split(" ").includes(chosen.value);
  };
  for (const choice of structures) choice.addEventListener("change", show);
  // A hidden setting the browser refuses (a number out of range, typed before the structure
  // changed) shows, so that the browser can say what is wrong rather than not sending the form.
  structures[0].form.addEventListener("invalid", (event) => {
    for (let hidden = event.target.closest("[hidden]"); hidden; hidden = hidden.parentElement?.closest("[hidden]")) {
      hidden.hidden = false;
    }
  }, true);
  show();
}
