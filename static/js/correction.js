// The organiser's correction of a deal (scoring/manage/deal_change.html): typing one side's
// card points fills in the other's. An ES module, deferred: the form is there when it runs.
import { pairPoints } from "./points-pair.js";

const a = document.getElementById("id_points_a");
const b = document.getElementById("id_points_b");
if (a && b) pairPoints(a, b);
