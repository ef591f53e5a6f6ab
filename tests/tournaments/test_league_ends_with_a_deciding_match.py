"""A league whose tie-break chain ends with a deciding match: when its last match leaves two
partnerships level for first, the deciding match is drawn on a table, and the season ends
with its result; a correction that breaks the tie takes it back."""

import datetime

import pytest

from scoring import engine
from scoring import services as scoring
from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_deciding_match_settles_ties import (
    TWO_DEALS,
    deciding_rounds,
    entry_ids,
    play_out,
    top_two_level,
)
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def league(club, size=4) -> Tournament:
    tournament = make_tournament(club, size, "league", fmt=TWO_DEALS,
                                 tie_breaks=["points", "deciding"], tables_count=2,
                                 starts_on=datetime.date(2026, 10, 5))
    services.tournament_start(tournament=tournament)
    return tournament


def play_season(tournament, deciding_winner) -> None:
    """Open each matchday in turn and play what is on the tables."""
    for matchday in tournament.rounds.order_by("number"):
        if not matchday.opened:
            services.matchday_open(round_=matchday)
        play_out(tournament, top_two_level, deciding_winner)


def test_a_league_level_at_the_top_after_its_last_match_plays_a_deciding_match(club):
    tournament = league(club)
    first, second, *_ = entry_ids(tournament)
    play_season(tournament, deciding_winner=lambda pairing: None)  # leave it on its table
    tournament.refresh_from_db()
    [negra] = deciding_rounds(tournament)
    [pairing] = negra.pairings.select_related("table")
    assert {pairing.a_id, pairing.b_id} == {first, second} and pairing.table is not None
    assert tournament.status == Tournament.Status.RUNNING  # every fixture played, not over
    play_out(tournament, top_two_level, deciding_winner=lambda pairing: "B")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == pairing.b_id


def test_a_correction_that_breaks_the_tie_takes_the_deciding_match_back_and_ends_the_season(
        club, organiser):
    tournament = league(club)
    first, second, *_ = entry_ids(tournament)
    play_season(tournament, deciding_winner=lambda pairing: None)
    [negra] = deciding_rounds(tournament)
    level = (tournament.rounds.exclude(pk=negra.pk).get(pairings__a__in=[first, second],
                                                        pairings__b__in=[first, second])
             .pairings.get(a__in=[first, second], b__in=[first, second]))
    deal = level.match.deals.filter(active=True).order_by("number").last()
    with pytest.raises(services.LaterMatchesStarted):  # the deciding match is named first
        scoring.deal_correct(deal=deal, replacement=engine.deal_from({"points": [70, 50]}),
                             user=organiser, reason="the sheet said 70-50")
    assert deciding_rounds(tournament) == [negra]
    scoring.deal_correct(deal=deal, replacement=engine.deal_from({"points": [70, 50]}),
                         user=organiser, reason="the sheet said 70-50", allow_reset=True)
    tournament.refresh_from_db()
    assert deciding_rounds(tournament) == []
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == level.a_id
