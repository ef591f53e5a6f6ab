"""A correction reopens a match (its deciding deal voided) whose partnership withdrew after it
ended: it cannot play on, so the match is its opponent's walkover, as every match it still
had was when it withdrew, never back on a table with a side that left (whose walkover the
organiser could then not give: the match has deals, and the partnership has withdrawn
already). Reinstating the partnership resumes the match with its deals."""

import pytest

from scoring import services as scoring
from tests.tournaments.helpers import in_play, make_tournament, record
from tournaments import selectors, services
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db

FIRST_TO_2 = {"type": "first_to", "target": 2}
ONE_GAME_TO_A = {"points": [80, 40]}


def won_by_a_then_withdrawn(tournament, organiser) -> tuple[Pairing, Entry]:
    """The first match in play won by side A in two deals; side A then withdraws."""
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    record(pairing.match, ONE_GAME_TO_A)
    record(pairing.match, ONE_GAME_TO_A)
    gone = Entry.objects.get(pk=pairing.a_id)
    services.entry_withdraw(entry=gone, by=organiser)
    last = pairing.match.deals.filter(active=True).order_by("-number").first()
    scoring.deal_void(deal=last, reason="wrong", user=organiser, allow_reset=True)
    return Pairing.objects.select_related("match").get(pk=pairing.pk), gone


@pytest.mark.parametrize("structure", ["knockout", "double"])
def test_the_reopened_match_is_the_opponent_s_walkover(club, organiser, structure):
    tournament = make_tournament(club, 8, structure, fmt=FIRST_TO_2, tables_count=4)
    pairing, gone = won_by_a_then_withdrawn(tournament, organiser)
    assert (pairing.finished, pairing.winner_id, pairing.walkover, pairing.withdrawal) == (
        True, pairing.b_id, "B", True)
    assert pairing.match_id is None and pairing.stopped_id is not None
    assert pairing.pk not in {p.pk for p in in_play(tournament)}
    assert all(gone.pk not in (p.a_id, p.b_id) for p in in_play(tournament))


def test_in_rounds_the_opponent_s_walkover_counts_in_the_standings(club, organiser):
    tournament = make_tournament(club, 4, "rounds", fmt=FIRST_TO_2, pairing="round_robin",
                                 tables_count=2)
    pairing, gone = won_by_a_then_withdrawn(tournament, organiser)
    assert (pairing.winner_id, pairing.walkover, pairing.withdrawal) == (pairing.b_id, "B", True)
    rows = {s.entry.pk: s.row for s in selectors.standings(
        tournament, list(selectors.pairings(tournament)), selectors.entries(tournament))}
    assert rows[pairing.b_id].won == 1 and rows[gone.pk].won == 0


def test_reinstating_the_partnership_resumes_the_match_with_its_deals(club, organiser):
    tournament = make_tournament(club, 8, fmt=FIRST_TO_2, tables_count=4)
    pairing, gone = won_by_a_then_withdrawn(tournament, organiser)
    services.entry_reinstate(entry=gone, allow_reset=True, by=organiser)
    pairing = Pairing.objects.select_related("match").get(pk=pairing.pk)
    assert not pairing.finished and not pairing.walkover and pairing.match_id is not None
    assert pairing.match.deals.filter(active=True).count() == 1
    record(pairing.match, ONE_GAME_TO_A)
    pairing.refresh_from_db()
    assert pairing.finished and pairing.winner_id == gone.pk
