"""The tournament TV's screens are kept like the other live pages: a screen is built once per
version and every other TV polling it meanwhile gets the kept copy for the ETag's query alone.
While a table is highlighted its ETag moves on each second, so the highlight ends on time."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring import services as scoring
from scoring.models import Match
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import HTMX, swiss
from tournaments.models import LiveScores
from tournaments.tv import tv_etag


@pytest.fixture
def tournament(club):
    tournament = swiss(club, size=40, rounds=2)  # 20 tables in play: two screens of tables
    record(in_play(tournament)[0].match, {"points": [70, 50]})
    return tournament


def long_ago(tournament) -> None:
    """No deal in the last seconds: nothing is highlighted."""
    then = timezone.now() - timedelta(minutes=1)
    Match.objects.update(updated_at=then, dealt_at=then)
    LiveScores.objects.filter(tournament=tournament).update(changed_at=then)


@pytest.mark.parametrize("query", ["?i=0", "?i=1", "?i=2", "?i=3", "?page=2", ""])
def test_a_second_tv_on_the_same_screen_costs_the_etag_alone(client, tournament, query,
                                                             django_assert_num_queries):
    long_ago(tournament)
    for headers in (HTMX, {}):
        first = client.get(f"/t/{tournament.slug}/tv/{query}", headers=headers)
        with django_assert_num_queries(1):
            again = client.get(f"/t/{tournament.slug}/tv/{query}", headers=headers)
        assert again.content == first.content and again["ETag"] == first["ETag"]


def test_each_screen_is_its_own_copy(client, tournament):
    long_ago(tournament)
    first, second = (client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=HTMX).content
                     for i in (1, 2))
    assert b"page 1 of 2" in first and b"page 2 of 2" in second


def test_an_address_no_tv_asks_for_is_built_for_its_request(client, tournament,
                                                            django_assert_num_queries):
    long_ago(tournament)
    for query in ("?i=1&x=2", "?i=01", "?i=64"):
        client.get(f"/t/{tournament.slug}/tv/{query}", headers=HTMX)
        with django_assert_num_queries(3):  # the ETag, the tournament, the pairings
            client.get(f"/t/{tournament.slug}/tv/{query}", headers=HTMX)


def test_a_deal_brings_a_new_copy(client, tournament):
    long_ago(tournament)
    path = f"/t/{tournament.slug}/tv/?i=1"
    before = client.get(path, headers=HTMX)
    record(in_play(tournament)[1].match, {"points": [95, 25]})
    after = client.get(path, headers={**HTMX, "If-None-Match": before["ETag"]})
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert 'class="tv-tile fresh fresh-0"' in after.content.decode()


def test_the_highlight_ends_without_another_deal(client, tournament, monkeypatch):
    path = f"/t/{tournament.slug}/tv/?i=1"
    highlighted = client.get(path, headers=HTMX)
    assert "tv-tile fresh" in highlighted.content.decode()
    later = timezone.now() + timedelta(seconds=10)
    monkeypatch.setattr(timezone, "now", lambda: later)
    after = client.get(path, headers={**HTMX, "If-None-Match": highlighted["ETag"]})
    assert after.status_code == 200 and "tv-tile fresh" not in after.content.decode()
    again = client.get(path, headers={**HTMX, "If-None-Match": after["ETag"]})
    assert again.status_code == 304


def test_a_table_just_placed_is_not_highlighted(client, club):
    tournament = swiss(club, size=8, rounds=2)  # drawn now: no deal yet
    assert "tv-tile fresh" not in client.get(f"/t/{tournament.slug}/tv/?i=1").content.decode()


def test_who_deals_first_or_an_undo_moves_the_version_but_highlights_nothing(client,
                                                                                tournament):
    long_ago(tournament)
    now = timezone.now()
    before = tv_etag(tournament.slug, now)
    untouched = next(p.match for p in in_play(tournament) if not p.match.deals.exists())
    scoring.first_dealer_set(match_id=untouched.pk, seat=2)
    scoring.deal_undo(match_id=in_play(tournament)[0].match_id, key="undo-1")
    after = tv_etag(tournament.slug, now)
    assert after != before and after.split("-f")[1].startswith("0-")  # a version, no second
    record(untouched, {"points": [80, 40]})
    assert not tv_etag(tournament.slug, timezone.now()).split("-f")[1].startswith("0-")
