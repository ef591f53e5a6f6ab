"""The JSON API answers every refusal as JSON {"error": ...} (docs/api.md), even for an
address or a method it has no view for."""

import pytest

from tests.fuzz.checks import assert_api_refusal


@pytest.mark.parametrize("path", ["matches/-1", "matches/abc", "matches/1/", "tournaments/a.b",
                                  "nothing"])
def test_an_api_address_that_names_nothing_is_a_json_404(client, db, path):
    response = client.get(f"/api/v1/{path}")
    assert response.status_code == 404
    assert_api_refusal(response)


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_a_wrong_method_on_the_api_is_a_json_405(client, referee_link, method):
    response = getattr(client, method)(f"/api/v1/referee/{referee_link.token}/deals",
                                       data="{}", content_type="application/json")
    assert response.status_code == 405
    assert_api_refusal(response)


@pytest.mark.parametrize("path", ["matches/{match}", "referee/{token}", "tournaments/{slug}"])
@pytest.mark.parametrize("method", ["post", "delete"])
def test_a_write_to_a_read_is_a_json_405_not_a_csrf_page(referee_link, club, path, method):
    """The reads take no cookie either: no CSRF check answers first with Django's HTML page."""
    from django.test import Client

    from tests.tournaments.helpers import make_tournament

    tournament = make_tournament(club, 4)
    url = "/api/v1/" + path.format(match=referee_link.match_id, token=referee_link.token,
                                   slug=tournament.slug)
    response = getattr(Client(enforce_csrf_checks=True), method)(
        url, data="{}", content_type="application/json")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert_api_refusal(response)
