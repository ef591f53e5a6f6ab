"""The TV highlights a table, and tells a screen reader "new deal" there, only when a deal was
recorded on it: not when the referee (or the organiser) chose who deals first before the
first deal, though that changes the match and the TV shows it at its next poll, naming the
new dealer; the first deal then passes the deal on from that player."""

import re
from datetime import timedelta

from django.utils import timezone

from scoring import services, tv
from scoring.models import Match, RefereeLink
from tests.scoring.test_club_tv_shows_every_table import tv_page
from tests.scoring.test_live_pages import HTMX, record
from tests.tournaments.helpers import in_play
from tests.tournaments.public_helpers import knockout_of_13

NEW_DEAL = '<span class="sr-only"> · new deal</span>'

# The seats in the order of play: Ana Silva 0 (A), Carla Dias 1 (B), Bruno Costa 2 (A),
# Duarte Lima 3 (B). In Portugal the deal passes to the right: (seat + 3) % 4.


def tile(html: str, match_id: int) -> str:
    found = re.search(rf'<li class="(tv-tile[^"]*)" data-match="{match_id}">(.*?)</li>', html,
                      re.S)
    assert found, match_id
    return found[0]


def dealer(html: str, match_id: int) -> str:
    return re.search(r'<span class="gives-way">([^<]*)</span> deals', tile(html, match_id))[1]


def a_minute_ago() -> None:
    """The match was placed on its table a while ago (nothing to highlight)."""
    then = timezone.now() - timedelta(minutes=1)
    Match.objects.update(updated_at=then, dealt_at=then)


def test_who_deals_first_is_no_new_deal_on_the_club_tv(client, club, match, referee_link):
    a_minute_ago()
    before = client.get(f"/c/{club.slug}/tv/", headers=HTMX)
    assert NEW_DEAL not in tile(before.content.decode(), match.pk)

    client.post(f"/r/{referee_link.token}/first-dealer/", {"seat": 1, "match": match.pk})
    after = client.get(f"/c/{club.slug}/tv/", headers={**HTMX, "If-None-Match": before["ETag"]})
    assert after.status_code == 200  # a change: the TV names the new dealer at this poll
    html = after.content.decode()
    assert dealer(html, match.pk) == "Carla Dias"
    assert NEW_DEAL not in tile(html, match.pk)
    assert 'class="tv-tile" ' in tile(html, match.pk)  # not highlighted

    record(match, {"points": [95, 25]})  # Carla Dias deals; then the deal passes to Ana Silva
    html = tv_page(client, club)
    assert dealer(html, match.pk) == "Ana Silva"
    assert NEW_DEAL in tile(html, match.pk)
    assert re.search(rf'class="tv-tile fresh fresh-\d" data-match="{match.pk}"', html)


def test_the_organisers_choice_is_no_new_deal_either(client, club, match):
    a_minute_ago()
    services.first_dealer_set(match_id=match.pk, seat=3)
    html = tv_page(client, club)
    assert dealer(html, match.pk) == "Duarte Lima"
    assert NEW_DEAL not in html and "tv-tile fresh" not in html


def test_nor_on_the_tournament_tv(client, club):
    tournament = knockout_of_13(club)
    pairing = in_play(tournament)[0]
    a_minute_ago()
    link = RefereeLink.objects.get(match=pairing.match)
    client.post(f"/r/{link.token}/first-dealer/", {"seat": 1, "match": pairing.match_id})
    html = client.get(f"/t/{tournament.slug}/tv/?page=1", headers=HTMX).content.decode()
    assert NEW_DEAL not in tile(html, pairing.match_id)

    record(pairing.match, {"points": [95, 25]})
    html = client.get(f"/t/{tournament.slug}/tv/?page=1", headers=HTMX).content.decode()
    assert NEW_DEAL in tile(html, pairing.match_id)


def test_a_deal_is_new_for_a_few_seconds_only(client, club, match):
    record(match, {"points": [95, 25]})
    assert NEW_DEAL in tv_page(client, club)
    Match.objects.update(dealt_at=timezone.now() - timedelta(seconds=tv.FRESH_SECONDS + 1))
    assert NEW_DEAL not in tv_page(client, club)
