"""A friendly match started with a partnership, or a player, already in another match in play
of the club warns, naming that match (and its table), and starts only when the organiser taps
"Start anyway" (a match left unfinished must not block the table for ever). Before, it started
with no word, and the TV showed the same pair at two tables at once."""

import re
from html import unescape

import pytest

from scoring import services
from scoring.models import Match
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import in_play, make_tournament
from tournaments import services as tournament_services


def url(club):
    return f"/manage/{club.slug}/matches/new/"


def start(client, club, a, b, **more):
    return client.post(url(club), {"a": a.pk, "b": b.pk, "first_dealer": a.player_1.pk,
                                   "preset": "portugal", "format_type": "first_to", **more})


def text(response) -> str:
    html = response.content.decode()
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.fixture
def pair_c(club):
    return make_partnership(club, "Carla", "Duarte")


def test_a_partnership_in_a_match_in_play_is_warned_of(organiser_client, club, pair_a,
                                                       pair_b, pair_c):
    make_match(club, pair_a, pair_b)
    response = start(organiser_client, club, pair_a, pair_c)

    assert response.status_code == 200
    page = text(response)
    assert (f"{pair_a.display_name}: already in {pair_a.display_name} – {pair_b.display_name}, "
            "which has not finished.") in page
    assert "Start anyway" in page
    assert Match.objects.count() == 1


def test_start_anyway_starts_it(organiser_client, club, pair_a, pair_b, pair_c):
    make_match(club, pair_a, pair_b)
    response = start(organiser_client, club, pair_a, pair_c, start_anyway="1")

    match = Match.objects.latest("pk")
    assert response.status_code == 302 and response.url == f"/manage/matches/{match.pk}/"
    assert (match.a, match.b) == (pair_a, pair_c)


def test_a_player_in_another_partnership_counts_too(organiser_client, club, pair_a, pair_b,
                                                   pair_c):
    other = make_partnership(club, pair_a.player_1.name, "Eva")  # pair_a's first, with Eva
    make_match(club, other, pair_b)
    page = text(start(organiser_client, club, pair_a, pair_c))

    assert (f"{pair_a.player_1.name}: already in {other.display_name} – "
            f"{pair_b.display_name}, which has not finished.") in page
    assert Match.objects.count() == 1


def test_a_tournament_match_is_named_by_its_table(organiser_client, club, pair_c):
    tournament = make_tournament(club, 4, tables_count=2)
    tournament_services.tournament_start(tournament=tournament)
    second = in_play(tournament)[1]
    playing = second.match.a
    page = text(start(organiser_client, club, playing, pair_c))

    assert (f"{playing.display_name}: already in {second.match.a.display_name} – "
            f"{second.match.b.display_name} at table {second.table.number}, which has not "
            "finished.") in page


def test_finished_and_abandoned_matches_do_not_count(organiser_client, club, pair_a, pair_b,
                                                     pair_c):
    ended = make_match(club, pair_a, pair_b)
    Match.objects.filter(pk=ended.pk).update(finished=True)
    gone = make_match(club, pair_a, pair_b)
    services.matches_abandon([gone.pk])  # deal-less: deleted
    kept = make_match(club, pair_a, pair_b)
    Match.objects.filter(pk=kept.pk).update(abandoned_at="2025-01-01T00:00:00Z")

    response = start(organiser_client, club, pair_a, pair_c)
    assert response.status_code == 302


def test_the_service_refuses_unless_allowed(club, pair_a, pair_b, pair_c):
    make_match(club, pair_a, pair_b)
    with pytest.raises(services.PlayersBusy):
        make_match(club, pair_c, pair_b, allow_busy=False)
    assert make_match(club, pair_c, pair_b, allow_busy=True).b == pair_b
