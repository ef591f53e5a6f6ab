"""A body over the size the site reads (a valid deal padded to 3 MB) is refused saying it is
too large, not that it is no JSON; nothing is written."""

import json
import uuid

import pytest

from scoring.models import Deal

TOO_LARGE = "The body is too large: a referee's write is one small JSON object."


@pytest.mark.parametrize("path", ["deals", "undo", "first-dealer"])
def test_a_body_of_three_megabytes_is_refused_as_too_large(client, referee_link, path):
    raw = json.dumps({"points": [95, 25]}) + " " * 3_000_000
    response = client.post(f"/api/v1/referee/{referee_link.token}/{path}", data=raw,
                           content_type="application/json",
                           headers={"Idempotency-Key": str(uuid.uuid4())})
    assert (response.status_code, response.json()) == (400, {"error": TOO_LARGE})
    assert not Deal.objects.exists()
