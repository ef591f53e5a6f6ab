"""The demo tournaments played to a champion from their tables' referee links, by API."""

import json
import random
import uuid
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import Tournament


def seeded() -> dict:
    out = StringIO()
    call_command("seed_demo", "--json", stdout=out)
    return json.loads(out.getvalue())


def deal_for(state: dict, rng: random.Random) -> dict:
    side = rng.choice("AB")
    if state["format"]["type"] == "fixed_deals":
        return {"points": [70, 50] if side == "A" else [50, 70]}
    return {"points": [120, 0] if side == "A" else [0, 120], "flag": side}


def play_table(client, token: str, rng: random.Random) -> bool:
    """Post one deal at this table if it has a match in play; say whether it did."""
    current = client.get(f"/api/v1/referee/{token}")
    if current.status_code == 409 or current.json()["finished"]:
        return False
    response = client.post(f"/api/v1/referee/{token}/deals",
                           data=json.dumps(deal_for(current.json(), rng)),
                           content_type="application/json",
                           headers={"Idempotency-Key": str(uuid.uuid4())})
    assert response.status_code == 201, response.content
    return True


@pytest.mark.parametrize("structure", ["knockout", "rounds", "groups", "double"])
def test_a_demo_tournament_is_played_to_its_champion_from_the_tables(client, db, structure):
    demo = next(t for t in seeded()["tournaments"] if t["structure"] == structure)
    tokens = [table["referee_token"] for table in demo["tables"]]
    rng = random.Random(structure)
    for _ in range(2000):
        if not any([play_table(client, token, rng) for token in tokens]):
            break
    tournament = Tournament.objects.get(slug=demo["slug"])
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion is not None
    assert not tournament.rounds.filter(pairings__finished=False).exists()
