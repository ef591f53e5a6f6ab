"""A league's result of a matchday not opened yet does not count until it is: a withdrawal's
walkovers in the weeks to come count in the standings (and show among the results) when their
week comes; a season that ends with matchdays of walkovers alone counts them at its end."""

import datetime

import pytest
from django.utils.html import escape

from tests.tournaments.helpers import make_tournament, play
from tournaments import selectors, services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def start_league(club, size: int) -> Tournament:
    tournament = make_tournament(club, size, "league", fmt={"type": "first_to", "target": 2},
                                 tables_count=size // 2, starts_on=datetime.date(2026, 10, 5))
    services.tournament_start(tournament=tournament)
    return tournament


def play_matchdays(tournament: Tournament, last: int, organiser) -> None:
    for number in range(1, last + 1):
        matchday = tournament.rounds.get(number=number)
        if not matchday.opened:
            services.matchday_open(round_=matchday, by=organiser)
        for pairing in Pairing.objects.filter(round=matchday, finished=False):
            play(pairing)


def rows(tournament: Tournament) -> dict[int, object]:
    return {s.entry.pk: s.row for s in selectors.standings(
        tournament, list(selectors.pairings(tournament)), selectors.entries(tournament))}


def matches_up_to(tournament: Tournament, entry_id: int, last: int) -> int:
    return Pairing.objects.filter(round__tournament=tournament, round__number__lte=last,
                                  finished=True).filter(
        a_id=entry_id).count() + Pairing.objects.filter(
        round__tournament=tournament, round__number__lte=last, finished=True,
        b_id=entry_id).count()


def test_a_withdrawals_walkovers_in_weeks_to_come_count_when_their_week_comes(club, organiser):
    tournament = start_league(club, 7)
    play_matchdays(tournament, 4, organiser)
    gone = Pairing.objects.filter(round__tournament=tournament, round__number=6).first().a
    services.entry_withdraw(entry=gone, by=organiser)

    standing = rows(tournament)
    for entry in selectors.entries(tournament):
        assert standing[entry.pk].played == matches_up_to(tournament, entry.pk, 4), entry

    play_matchdays(tournament, 6, organiser)
    standing = rows(tournament)
    for entry in selectors.entries(tournament):
        assert standing[entry.pk].played == matches_up_to(tournament, entry.pk, 6), entry


def test_the_results_page_shows_a_walkover_once_its_matchday_is_open(client, club, organiser):
    tournament = start_league(club, 7)
    play_matchdays(tournament, 4, organiser)
    later = Pairing.objects.filter(round__tournament=tournament, round__number=6).first()
    services.entry_withdraw(entry=later.a, by=organiser)
    name = escape(later.a.partnership.display_name)

    html = client.get(f"/t/{tournament.slug}/results/").content.decode()
    assert "Matchday 6" not in html and f"{name} withdrew" not in html
    services.matchday_open(round_=tournament.rounds.get(number=6), by=organiser)
    html = client.get(f"/t/{tournament.slug}/results/").content.decode()
    assert "Matchday 6" in html and f"{name} withdrew" in html


def test_a_season_left_with_walkovers_alone_counts_them_at_its_end(club, organiser):
    tournament = start_league(club, 3)  # each matchday one match, one partnership sits out
    first = Pairing.objects.get(round__tournament=tournament, round__number=1)
    gone = next(e for e in selectors.entries(tournament) if e.pk not in (first.a_id, first.b_id))
    play(first)
    services.entry_withdraw(entry=gone, by=organiser)  # its two matches: matchdays 2 and 3

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert not tournament.rounds.filter(opened=False).exists()
    standing = rows(tournament)
    assert [standing[e].played for e in (first.a_id, first.b_id)] == [2, 2]
    assert tournament.champion_id == first.a_id
