"""A tournament's seed decides its random draws, the Swiss lots and the "lots" tie-break:
whoever knew it before the start could work out the draw from the entries' ids (public) and
sign up, withdraw and sign up again until it suited them. No public page tells it, not even
in a header: the results-only pages' ETag names it by a digest."""

import pytest
from django.test import Client

from tests.tournaments.helpers import make_tournament


@pytest.mark.parametrize("page", ["", "standings/", "partnerships/{entry}/", "tv/"])
def test_no_public_page_tells_the_seed(club, page):
    tournament = make_tournament(club, 4)  # a draft, taking sign-ups
    entry = tournament.entries.first()
    response = Client().get(f"/t/{tournament.slug}/" + page.format(entry=entry.pk))
    assert response.status_code == 200
    assert tournament.seed not in str(response.headers)
    assert tournament.seed.encode() not in response.content


def test_the_etag_still_changes_with_the_seed(club):
    """A tournament made again under the same id and version is another page."""
    tournament = make_tournament(club, 4)
    client = Client()
    before = client.get(f"/t/{tournament.slug}/standings/")["ETag"]
    type(tournament).objects.filter(pk=tournament.pk).update(seed="0123456789abcdef")
    assert client.get(f"/t/{tournament.slug}/standings/")["ETag"] != before
