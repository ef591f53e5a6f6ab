// The organiser's corrections (scoring/manage/deal_change.html, deals_correct.html): typing one
// side's card points fills in the other's, in each deal's pair of boxes. An ES module,
// deferred: the form is there when it runs.
import { pairPoints } from "./points-pair.js";

for (const a of document.querySelectorAll('input[id$="points_a"]')) {
  const b = document.getElementById(a.id.replace(/_a$/, "_b"));
  if (b) pairPoints(a, b);
}
