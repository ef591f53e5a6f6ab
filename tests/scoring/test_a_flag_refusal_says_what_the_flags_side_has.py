"""A flag whose side has not all the card points is refused naming that side and what it has
(`[120, 0]` with the flag for B: B has 0), on the API, the referee's phone (the same engine
message) and `sueca_score`, whose contract fixes only `ok` and `deal`."""

import io
import json
import uuid

from django.core.management import call_command


def test_the_api_says_the_flags_side_has_0(client, referee_link):
    response = client.post(f"/api/v1/referee/{referee_link.token}/deals",
                           data=json.dumps({"points": [120, 0], "flag": "B"}),
                           content_type="application/json",
                           headers={"Idempotency-Key": str(uuid.uuid4())})
    assert (response.status_code, response.json()) == (
        400, {"error": "A flag needs 120 card points on the flag's side: B has 0."})


def test_sueca_score_says_it_too(monkeypatch):
    case = {"deals": [{"points": [61, 59]}, {"points": [120, 0], "flag": "B"}]}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(case)))
    out = io.StringIO()
    call_command("sueca_score", stdout=out)
    assert json.loads(out.getvalue()) == {
        "ok": False, "deal": 1, "error": "A flag needs 120 card points on the flag's side: B has 0."}
