"""A league over weeks played through the real services: whole seasons with postponed
matches, withdrawals and corrections, and the organiser's refusals."""

import datetime
import uuid
from collections import Counter

import pytest
from django.utils.formats import date_format
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import engine
from scoring import services as scoring
from tests.conftest import make_partnership
from tests.tournaments.events import (
    assert_nobody_at_two_tables,
    assert_standings_equal_a_replay,
    league_move,
    pairings,
)
from tests.tournaments.helpers import make_tournament, play
from tournaments import selectors, services
from tournaments.models import Action, Pairing, Round, Tournament
from tournaments.services import TournamentRefused

pytestmark = pytest.mark.django_db

DEALS = [{"points": [120, 0], "flag": "A"}, {"points": [0, 120], "flag": "B"},
         {"points": [80, 40]}, {"points": [30, 90]}]
FIRST_TO_2 = {"type": "first_to", "target": 2}


def start_league(club, size, legs=1, **options) -> Tournament:
    options = {"tables_count": 2, "starts_on": datetime.date(2026, 10, 5)} | options
    tournament = make_tournament(club, size, "league", fmt=FIRST_TO_2, legs=legs, **options)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


# The season at its start ----------------------------------------------------------------------

@pytest.mark.parametrize(("size", "legs"), [(2, 1), (5, 1), (6, 2), (7, 2)])
def test_every_matchday_is_drawn_at_the_start_with_its_date_only_the_first_opened(club, size,
                                                                                  legs):
    tournament = start_league(club, size, legs=legs, matchday_interval=7)
    rounds = list(tournament.rounds.order_by("number"))
    days = (size - 1 + size % 2) * legs
    assert [r.number for r in rounds] == list(range(1, days + 1))
    assert [r.date for r in rounds] == [datetime.date(2026, 10, 5) + datetime.timedelta(7 * i)
                                        for i in range(days)]
    assert [r.opened for r in rounds] == [True] + [False] * (days - 1)
    assert {r.stage for r in rounds} == {Round.Stage.ROUNDS}
    met = Counter(frozenset((p.a_id, p.b_id)) for p in pairings(tournament))
    assert len(met) == size * (size - 1) // 2 and set(met.values()) == {legs}
    on_tables = [p for p in pairings(tournament) if p.match_id]
    assert on_tables and {p.round.number for p in on_tables} == {1}


def test_the_second_half_swaps_the_sides_of_the_first(club):
    tournament = start_league(club, 4, legs=2)
    sides = [(p.round.number, p.a_id, p.b_id) for p in pairings(tournament)]
    first = {(a, b) for n, a, b in sides if n <= 3}
    second = {(a, b) for n, a, b in sides if n > 3}
    assert second == {(b, a) for a, b in first}


def test_an_empty_start_date_makes_matchday_one_today(club):
    tournament = start_league(club, 3, starts_on=None, matchday_interval=3)
    dates = list(tournament.rounds.order_by("number").values_list("date", flat=True))
    from django.utils import timezone
    today = timezone.localdate()
    assert dates == [today, today + datetime.timedelta(3), today + datetime.timedelta(6)]


# Matchdays, postponements and the end of a season ---------------------------------------------

def test_the_tables_take_only_opened_matchdays_and_opening_one_opens_those_before(club,
                                                                                 organiser):
    tournament = start_league(club, 6, tables_count=3)
    play_all_placed(tournament)
    assert not selectors_waiting(tournament)  # matchday 2 is not opened: nothing is placed
    services.matchday_open(round_=tournament.rounds.get(number=3), by=organiser)
    assert set(tournament.rounds.filter(opened=True).values_list("number", flat=True)) == {1, 2, 3}
    assert {p.round.number for p in pairings(tournament) if p.match_id and not p.finished} == {2}
    assert Action.objects.filter(tournament=tournament, kind=Action.Kind.MATCHDAY).count() == 1
    with pytest.raises(TournamentRefused, match="open already"):
        services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)


def test_a_postponed_match_leaves_its_table_to_the_next_and_the_season_waits_for_it(club,
                                                                                   organiser):
    tournament = start_league(club, 4, tables_count=1)
    services.matchday_open(round_=tournament.rounds.get(number=3), by=organiser)
    first = next(p for p in pairings(tournament) if p.match_id)
    services.pairing_postpone(pairing=first, to=datetime.date(2026, 11, 30), by=organiser)
    first.refresh_from_db()
    assert first.postponed_to == datetime.date(2026, 11, 30) and first.match_id is None
    assert next(p for p in pairings(tournament) if p.match_id).pk != first.pk
    play_all_placed(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # the postponed one is still to play
    with pytest.raises(TournamentRefused, match="still to play"):
        services.tournament_finish(tournament=tournament, by=organiser)
    services.pairing_play_now(pairing=first, by=organiser)
    first.refresh_from_db()
    assert first.postponed_to is None and first.match_id
    play(first)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == ranked(tournament)[0].entry.pk


def test_postponing_refuses_a_match_begun_or_a_date_not_after_its_matchday(club, organiser):
    tournament = start_league(club, 4)
    placed = [p for p in pairings(tournament) if p.match_id]
    with pytest.raises(TournamentRefused, match="after its matchday"):
        services.pairing_postpone(pairing=placed[0], to=placed[0].round.date, by=organiser)
    scoring.deal_record(match_id=placed[1].match_id, deal=engine.deal_from(DEALS[0]),
                        key=str(uuid.uuid4()))
    with pytest.raises(TournamentRefused, match="not begun"):
        services.pairing_postpone(pairing=placed[1], to=datetime.date(2027, 1, 1), by=organiser)
    with pytest.raises(TournamentRefused, match="postponed match"):
        services.pairing_play_now(pairing=placed[0], by=organiser)
    assert not Pairing.objects.exclude(postponed_to=None).exists()


def test_a_league_draws_nothing_again_and_has_no_next_round(club, organiser):
    tournament = start_league(club, 4)
    with pytest.raises(TournamentRefused, match="whole season"):
        services.round_redraw(tournament=tournament, by=organiser)
    with pytest.raises(TournamentRefused, match="still to play"):
        services.round_draw_next(tournament=tournament, by=organiser)


def test_a_withdrawal_walks_over_every_match_left_opened_or_not_postponed_too(club, organiser):
    tournament = start_league(club, 5, legs=2, tables_count=1)
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    later = next(p for p in pairings(tournament) if p.round.number == 2 and not p.match_id)
    gone = later.a
    services.pairing_postpone(pairing=later, to=datetime.date(2027, 1, 1), by=organiser)
    services.entry_withdraw(entry=gone, by=organiser)
    theirs = [p for p in pairings(tournament) if gone.pk in (p.a_id, p.b_id)]
    assert len(theirs) == 8 and all(p.finished for p in theirs)
    assert all(p.walkover and p.winner_id != gone.pk for p in theirs if not p.match_id
               or not p.match.finished)
    second = later.b
    services.entry_withdraw(entry=second, by=organiser)
    both = [p for p in pairings(tournament) if {p.a_id, p.b_id} == {gone.pk, second.pk}]
    assert all(p.walkover in ("-", "A", "B") for p in both)


def play_all_placed(tournament) -> None:
    while placed := [p for p in pairings(tournament) if p.match_id and not p.finished]:
        play(placed[0])


def selectors_waiting(tournament) -> list[Pairing]:
    return [p for p in pairings(tournament) if not p.finished and p.match_id]


def ranked(tournament):
    return selectors.standings(tournament, list(selectors.pairings(tournament)),
                               selectors.entries(tournament))


# Whole seasons --------------------------------------------------------------------------------

@st.composite
def seasons(draw):
    return {"size": draw(st.integers(2, 10)), "legs": draw(st.sampled_from([1, 2])),
            "tables": draw(st.integers(1, 4)),
            "moves": draw(st.lists(st.integers(0, 99), min_size=60, max_size=60))}


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(season=seasons())
def test_every_season_finishes_and_its_table_equals_a_replay(club, organiser, season):
    tournament = services.tournament_create(
        club=club, name="Liga", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(FIRST_TO_2), structure="league", legs=season["legs"],
        tables_count=season["tables"], starts_on=datetime.date(2026, 10, 5))
    run = uuid.uuid4().hex[:6]
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"P{i}a {run}", f"P{i}b {run}") for i in range(season["size"])])
    services.tournament_start(tournament=tournament)
    for roll in season["moves"] + [99] * 2000:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        league_move(tournament, roll, organiser, DEALS)
        assert_nobody_at_two_tables(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED, season
    size = season["size"]
    assert len(pairings(tournament)) == season["legs"] * size * (size - 1) // 2, season
    assert tournament.champion_id == next(
        (s.entry.pk for s in ranked(tournament) if not s.entry.withdrawn), None)
    assert_standings_equal_a_replay(tournament)


def test_a_postponement_to_its_matchday_or_before_is_refused_with_the_date_as_pages_write_it(
        club, organiser):
    """The refusal wrote the matchday ISO (2026-12-04) on a page that writes dates 4 Dec 2026."""
    tournament = start_league(club, 4, tables_count=1)
    first = next(p for p in pairings(tournament) if p.match_id)
    day = first.round.date
    with pytest.raises(TournamentRefused) as refused:
        services.pairing_postpone(pairing=first, to=day, by=organiser)
    assert date_format(day) in str(refused.value) and day.isoformat() not in str(refused.value)


def test_a_postponed_match_played_now_waits_for_its_partnerships_to_be_free(club, organiser):
    """Played now while its partnerships play the current matchday at other tables, it waits
    for both, and then takes the first free table."""
    tournament = start_league(club, 4, tables_count=3)
    postponed = next(p for p in pairings(tournament) if p.match_id)
    services.pairing_postpone(pairing=postponed, to=datetime.date(2027, 1, 1), by=organiser)
    play_all_placed(tournament)
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    services.pairing_play_now(pairing=postponed, by=organiser)
    logged = tournament.actions.order_by("-pk").first()
    assert (logged.kind, logged.what) == (Action.Kind.PLAY_NOW, str(postponed))
    postponed.refresh_from_db()
    assert postponed.match_id is None  # both sides are at the matchday 2 tables
    assert_nobody_at_two_tables(tournament)
    while postponed.match_id is None:
        play(next(p for p in pairings(tournament) if p.match_id and not p.finished))
        assert_nobody_at_two_tables(tournament)
        postponed.refresh_from_db()


# Organiser pages ------------------------------------------------------------------------------

def manage_url(tournament, what: str) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/{what}"


def test_another_clubs_organiser_cannot_open_postpone_or_play_now(client, club, other_organiser):
    tournament = start_league(club, 4)
    pairing = next(p for p in pairings(tournament) if p.match_id)
    client.force_login(other_organiser)
    for what in ("matchdays/2/open/", f"pairings/{pairing.pk}/postpone/",
                 f"pairings/{pairing.pk}/play-now/"):
        response = client.post(manage_url(tournament, what), {"to": "2027-01-01"})
        assert response.status_code in (403, 404), what
    assert not Pairing.objects.exclude(postponed_to=None).exists()
    assert tournament.rounds.filter(opened=True).count() == 1


def test_the_organiser_opens_postpones_and_plays_now_from_the_tournament_page(
        organiser_client, club):
    tournament = start_league(club, 4)
    page = organiser_client.get(manage_url(tournament, "")).content.decode()
    assert "Open matchday 2" in page and "Postpone" in page
    # the matchdays not opened come last, folded: the page opens on the matches in play
    opened, folded = page.split('<details class="later-rounds">', 1)
    assert 'id="round-1"' in opened and "2 matchdays not opened yet" in folded
    assert 'id="round-2"' in folded and 'id="round-3"' in folded
    pairing = next(p for p in pairings(tournament) if p.match_id)
    response = organiser_client.post(manage_url(tournament, f"pairings/{pairing.pk}/postpone/"),
                                     {"to": "2026-10-05"}, follow=True)
    assert "after its matchday" in response.content.decode()
    organiser_client.post(manage_url(tournament, f"pairings/{pairing.pk}/postpone/"),
                          {"to": "2026-10-20"})
    pairing.refresh_from_db()
    assert pairing.postponed_to == datetime.date(2026, 10, 20)
    organiser_client.post(manage_url(tournament, f"pairings/{pairing.pk}/play-now/"))
    pairing.refresh_from_db()
    assert pairing.postponed_to is None
    organiser_client.post(manage_url(tournament, "matchdays/2/open/"))
    assert tournament.rounds.filter(opened=True).count() == 2


def test_the_round_status_board_follows_the_matchday_in_play(organiser_client, club, organiser):
    """The season is drawn whole at the start: the board names the last matchday opened, and
    a table still playing an earlier one names that matchday, not a round."""
    tournament = start_league(club, 4, tables_count=1)
    board = organiser_client.get(manage_url(tournament, "board/")).content.decode()
    assert "Matchday 1" in board and "Matchday 3" not in board
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    board = organiser_client.get(manage_url(tournament, "board/")).content.decode()
    heading, tables = board.split('class="tables-grid"', 1)
    assert "Matchday 2" in heading
    assert '<p class="muted">Matchday 1</p>' in tables and "Round 1" not in tables


# A correction that reopens a match ------------------------------------------------------------

DRAWN = {"points": [60, 60]}  # no game: a match of first to 2 that it ends is in play again


def reopen(pairing, organiser, allow_reset=True) -> None:
    """The organiser corrects the deal that ended the pairing's match to one that ends nothing."""
    last = pairing.match.deals.filter(active=True).order_by("-number").first()
    scoring.deal_correct(deal=last, replacement=engine.deal_from(DRAWN), reason="misheard",
                         user=organiser, allow_reset=allow_reset)
    pairing.refresh_from_db()


def table_of(pairing):
    """The table whose referee link holds the pairing's match (None: it waits for one)."""
    return next((t for t in pairing.round.tournament.tables.select_related("link")
                 if t.link.match_id == pairing.match_id), None)


def test_an_old_match_reopened_after_the_season_goes_back_on_its_free_table_to_be_finished(
        club, organiser, organiser_client):
    """Its table's link had moved on to a later matchday's match, ended since: the match was
    shown at that table while the link held the other, and no referee could finish it."""
    tournament = start_league(club, 4, tables_count=2)
    services.matchday_open(round_=tournament.rounds.get(number=3), by=organiser)
    play_all_placed(tournament)
    first = next(p for p in pairings(tournament) if p.round.number == 1)
    table = first.table
    assert table.link.match_id != first.match_id  # the table moved on

    reopen(first, organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.champion_id is None
    assert first.table == table and table_of(first) == table
    board = organiser_client.get(manage_url(tournament, "board/")).content.decode()
    assert "Waiting for a table" not in board.split('class="tables-grid"', 1)[0]

    play(first)  # at its table, as its referee scores it
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion_id


def test_a_match_reopened_while_its_table_plays_on_waits_and_takes_the_next_free_table(
        club, organiser):
    """Its table's next match is under way, its partnerships are free: it goes to another
    table, where the link holds it."""
    tournament = start_league(club, 6, tables_count=3)
    play_all_placed(tournament)
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    first_day = [p for p in pairings(tournament) if p.round.number == 1]
    second_day = [p for p in pairings(tournament) if p.round.number == 2]
    busy, earlier = next(
        (later, p) for later in second_day for p in first_day
        if p.table_id == later.table_id and not {p.a_id, p.b_id} & {later.a_id, later.b_id})
    scoring.deal_record(match_id=busy.match_id, deal=engine.deal_from(DRAWN),
                        key=str(uuid.uuid4()))
    for pairing in second_day:
        if pairing.pk != busy.pk:
            play(pairing)

    reopen(earlier, organiser)
    assert earlier.table is not None and earlier.table_id != busy.table_id
    assert table_of(earlier) == earlier.table
    assert_nobody_at_two_tables(tournament)


def test_a_match_reopened_while_its_partnerships_play_elsewhere_keeps_the_table_it_was_played_at(
        club, organiser):
    """It waits for them to be free; ended again before it is placed, it names the table it
    was played at, where it named none on every page and export."""
    tournament = start_league(club, 4, tables_count=2)
    play_all_placed(tournament)
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    first = next(p for p in pairings(tournament) if p.round.number == 1)
    table = first.table

    reopen(first, organiser)
    assert first.table is None and table_of(first) is None  # both its sides are seated
    play(first)  # the organiser corrects it back: an ended match, off the tables
    first.refresh_from_db()
    assert first.finished and first.table == table


def test_a_reopened_match_that_waited_names_the_table_it_is_next_played_at(club, organiser):
    tournament = start_league(club, 4, tables_count=2)
    play_all_placed(tournament)
    services.matchday_open(round_=tournament.rounds.get(number=2), by=organiser)
    first = next(p for p in pairings(tournament) if p.round.number == 1)
    reopen(first, organiser)
    for pairing in pairings(tournament):
        if pairing.round.number == 2:
            play(pairing)
    first.refresh_from_db()
    assert first.table is not None and table_of(first) == first.table  # placed once free
    play(first)
    first.refresh_from_db()
    assert first.finished and first.table == table_of(first) and first.earlier_table is None
