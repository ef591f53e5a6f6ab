"""Deals the referee sends that contradict themselves."""

import json
import uuid

from scoring.models import Deal
from tests.fuzz.checks import assert_api_refusal


def post(client, link, body):
    return client.post(f"/api/v1/referee/{link.token}/deals", data=json.dumps(body),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


def test_a_tie_with_other_card_points_is_refused_not_scored_as_a_tie(client, referee_link):
    response = post(client, referee_link, {"tie": True, "points": [95, 25]})
    assert_api_refusal(response)
    assert not Deal.objects.filter(match=referee_link.match).exists()


def test_the_referee_page_refuses_a_tie_with_other_card_points(client, referee_link):
    response = client.post(f"/r/{referee_link.token}/confirm/",
                           {"tie": "on", "points": ["95", "25"]})
    assert response.status_code == 400
