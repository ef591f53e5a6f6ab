"""A partnership that withdrew mid-league (or mid round robin) is named as sitting out on no
matchday or round: not on the league's fixtures, a matchday's page, the organiser's page nor
its season; the others' days off are still said."""

import pytest

from tests.tournaments.test_pages_say_who_sits_out_and_what_the_lot_decided import (
    league,
    manage_url,
    names,
    play_the_first_round,
    playing,
    round_robin,
    sits_out,
)
from tests.tournaments.test_tv_and_api_name_the_sit_out import api
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def entry_named(tournament, name: str) -> Entry:
    return next(e for e in Entry.objects.filter(tournament=tournament).select_related(
        "partnership__player_1", "partnership__player_2") if e.partnership.display_name == name)


def test_a_withdrawn_partnership_sits_out_no_later_matchday(client, organiser_client, club):
    tournament = league(club, 5)
    off = {n: (names(tournament) - playing(tournament, n)).pop() for n in range(1, 6)}
    gone = off[3]  # its day off is matchday 3; it withdraws on matchday 1
    services.entry_withdraw(entry=entry_named(tournament, gone))
    still = [off[n] for n in (1, 2, 4, 5)]

    fixtures = client.get(f"/t/{tournament.slug}/fixtures/").content.decode()
    assert sits_out(fixtures) == still
    assert sits_out(client.get(f"/t/{tournament.slug}/rounds/3/").content.decode()) == []
    assert sits_out(client.get(f"/t/{tournament.slug}/rounds/4/").content.decode()) == [off[4]]
    assert sits_out(organiser_client.get(manage_url(tournament)).content.decode()) == still
    season = client.get(f"/t/{tournament.slug}/partnerships/"
                        f"{entry_named(tournament, gone).pk}/").content.decode()
    assert '<tr class="sits-out">' not in season
    other = client.get(f"/t/{tournament.slug}/partnerships/"
                       f"{entry_named(tournament, off[4]).pk}/").content.decode()
    assert other.count('<tr class="sits-out">') == 1  # the others keep their day off
    rounds = api(client, tournament)["rounds"]
    assert [r["sitting_out"] for r in rounds] == [[off[n]] if n != 3 else [] for n in off]


def test_a_round_robins_round_does_not_name_a_withdrawn_partnership(
        client, organiser_client, club):
    tournament = round_robin(club, 5)
    play_the_first_round(tournament)  # round 2 is drawn after the last result
    first = (names(tournament) - playing(tournament, 1)).pop()
    gone = (names(tournament) - playing(tournament, 2)).pop()  # without a match in round 2
    services.entry_withdraw(entry=entry_named(tournament, gone))
    assert sits_out(client.get(f"/t/{tournament.slug}/rounds/2/").content.decode()) == []
    assert sits_out(client.get(f"/t/{tournament.slug}/rounds/1/").content.decode()) == [first]
    assert sits_out(organiser_client.get(manage_url(tournament)).content.decode()) == [first]
