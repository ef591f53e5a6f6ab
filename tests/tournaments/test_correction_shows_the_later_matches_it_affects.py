"""An organiser's correction or void of a result a later round was drawn from, not begun,
or one that puts a finished tournament back in play, shows what it would change before
anything changes; confirmed, it goes ahead."""

import pytest

from tests.tournaments.helpers import make_tournament, play, swiss_round_one_played
from tournaments import services
from tournaments.models import Pairing, Round, Tournament


@pytest.fixture
def swiss(club):
    """Round 1 played (side A won each), round 2 drawn: its first match's deal corrected."""
    tournament, corrected = swiss_round_one_played(club)
    return tournament, corrected, corrected.match.deals.get(active=True)


def round_two_line(tournament) -> str:
    drawn = Round.objects.get(tournament=tournament, number=2).pairings.order_by("slot")
    matches = ", ".join(f"table {p.table.number} {p}" for p in drawn)
    return f"Round 2: {matches} are drawn again".replace("&", "&amp;")


@pytest.mark.parametrize("action, data", [
    ("correct", {"points": [50, 70], "reason": "misread"}),
    ("void", {"reason": "never played"}),
])
def test_the_form_lists_the_round_drawn_from_the_result_and_changes_nothing_unconfirmed(
        organiser_client, swiss, action, data):
    tournament, corrected, deal = swiss
    drawn = Round.objects.get(tournament=tournament, number=2)
    url = f"/manage/matches/{corrected.match_id}/deals/{deal.pk}/{action}/"
    page = organiser_client.post(url, data)
    html = page.content.decode()
    assert page.status_code == 200
    assert "Later matches were drawn from this result" in html
    assert round_two_line(tournament) in html and 'name="reset_later"' in html
    deal.refresh_from_db()
    corrected.refresh_from_db()
    assert deal.active and corrected.winner_id == corrected.a_id
    assert Round.objects.get(tournament=tournament, number=2).pk == drawn.pk


def test_a_confirmed_correction_changes_the_result_and_draws_the_round_again(organiser_client,
                                                                              swiss):
    tournament, corrected, deal = swiss
    drawn = Round.objects.get(tournament=tournament, number=2)
    url = f"/manage/matches/{corrected.match_id}/deals/{deal.pk}/correct/"
    page = organiser_client.post(url, {"points": [50, 70], "reason": "misread",
                                       "reset_later": "on"})
    assert page.status_code == 302
    corrected.refresh_from_db()
    assert corrected.winner_id == corrected.b_id
    again = Round.objects.get(tournament=tournament, number=2)
    assert again.pk != drawn.pk and again.pairings.count() == 3


def test_correcting_several_deals_lists_the_round_it_would_draw_again(organiser_client, club):
    tournament, first = swiss_round_one_played(club, deals=2)
    match = first.match
    deals = list(match.deals.filter(active=True).order_by("number"))
    data = {"reason": "misread", **{f"d{d.number}-points": [50, 70] for d in deals}}
    html = organiser_client.post(f"/manage/matches/{match.pk}/deals/correct/",
                                 data).content.decode()
    assert round_two_line(tournament) in html and 'name="reset_later"' in html
    assert all(d.active for d in match.deals.filter(pk__in=[d.pk for d in deals]))


@pytest.fixture
def season_over(club, organiser):
    """A league of four played to its end: a matchday-1 match, its deal to correct."""
    tournament = make_tournament(club, 4, "league", fmt={"type": "first_to", "target": 2},
                                 tables_count=2)
    services.tournament_start(tournament=tournament)
    services.matchday_open(round_=tournament.rounds.get(number=3), by=organiser)
    while placed := list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                         .exclude(match=None)):
        play(placed[0])
    first = Pairing.objects.filter(round__tournament=tournament, round__number=1).first()
    return tournament, first, first.match.deals.get(active=True)


REOPENS = "The tournament is over: this correction puts this match back in play."


@pytest.mark.parametrize("several", [False, True])
def test_a_correction_that_reopens_a_match_of_a_finished_league_asks_first(
        organiser_client, season_over, several):
    """Nothing was drawn from its result, so nothing was listed: the season went back in play
    and lost its champion unasked."""
    tournament, first, deal = season_over
    if several:
        url = f"/manage/matches/{first.match_id}/deals/correct/"
        data = {"reason": "misheard", f"d{deal.number}-points": [60, 60]}
    else:
        url = f"/manage/matches/{first.match_id}/deals/{deal.pk}/correct/"
        data = {"reason": "misheard", "points": [60, 60]}
    html = organiser_client.post(url, data).content.decode()
    assert REOPENS in html and 'name="reset_later"' in html
    assert f"{tournament.name} goes back in play, without a champion" in html
    deal.refresh_from_db()
    tournament.refresh_from_db()
    assert deal.active and tournament.status == Tournament.Status.FINISHED

    assert organiser_client.post(url, {**data, "reset_later": "on"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.champion_id is None
