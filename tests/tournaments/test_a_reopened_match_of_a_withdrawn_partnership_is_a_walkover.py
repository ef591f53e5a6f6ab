"""A correction reopens a match (its deciding deal voided) whose partnership withdrew after it
ended: it cannot play on, so the match is its opponent's walkover, as every match it still
had was when it withdrew, never back on a table with a side that left (whose walkover the
organiser could then not give: the match has deals, and the partnership has withdrawn
already). Reinstating the partnership resumes the match with its deals."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring import services as scoring
from tests.tournaments.helpers import in_play, make_tournament, record
from tournaments import selectors, services
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db

FIRST_TO_2 = {"type": "first_to", "target": 2}
ONE_GAME_TO_A = {"points": [80, 40]}


def won_by_a(tournament) -> Pairing:
    """The first match in play, won by side A in two deals."""
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    record(pairing.match, ONE_GAME_TO_A)
    record(pairing.match, ONE_GAME_TO_A)
    return pairing


def deciding_deal(pairing: Pairing):
    return pairing.match.deals.filter(active=True).order_by("-number").first()


def won_by_a_then_withdrawn(tournament, organiser) -> tuple[Pairing, Entry]:
    """The first match in play won by side A in two deals; side A then withdraws, and its
    deciding deal is voided."""
    pairing = won_by_a(tournament)
    gone = Entry.objects.get(pk=pairing.a_id)
    services.entry_withdraw(entry=gone, by=organiser)
    scoring.deal_void(deal=deciding_deal(pairing), reason="wrong", user=organiser,
                      allow_reset=True)
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


def change_pages(pairing: Pairing) -> list[str]:
    """The organiser's pages that change a match's deals: correct one, void one, several."""
    deal = deciding_deal(pairing)
    return [reverse("manage:deal_correct", args=[pairing.match_id, deal.pk]),
            reverse("manage:deal_void", args=[pairing.match_id, deal.pk]),
            reverse("manage:deals_correct", args=[pairing.match_id])]


def test_the_pages_that_change_its_deals_say_beforehand_it_would_be_a_walkover(
        club, organiser, organiser_client):
    tournament = make_tournament(club, 8, fmt=FIRST_TO_2, tables_count=4)
    pairing = won_by_a(tournament)
    assert not any("data-withdrawn" in organiser_client.get(page).content.decode()
                   for page in change_pages(pairing))
    services.entry_withdraw(entry=Entry.objects.get(pk=pairing.a_id), by=organiser)
    said = escape(f"{pairing.match.a.display_name} has withdrawn from the tournament: if this "
                  "change takes the match's result away, it is not played on, and "
                  f"{pairing.match.b.display_name} has the walkover.")
    for page in change_pages(pairing):
        assert said in organiser_client.get(page).content.decode(), page


def test_the_void_says_the_match_went_to_the_walkover_not_back_in_play(
        club, organiser, organiser_client):
    tournament = make_tournament(club, 8, fmt=FIRST_TO_2, tables_count=4)
    pairing = won_by_a(tournament)
    services.entry_withdraw(entry=Entry.objects.get(pk=pairing.a_id), by=organiser)
    page = organiser_client.post(change_pages(pairing)[1],
                                 {"reason": "wrong", "reset_later": "on"},
                                 follow=True).content.decode()
    assert escape(f"{pairing.match.a.display_name} has withdrawn from the tournament: the "
                  "match's result no longer stands, it is not played on, and "
                  f"{pairing.match.b.display_name} has the walkover.") in page
    assert "in play again" not in page
    pairing.refresh_from_db()
    assert (pairing.walkover, pairing.winner_id) == ("B", pairing.b_id)


def test_with_both_partnerships_withdrawn_the_pages_say_neither_wins(
        club, organiser, organiser_client):
    tournament = make_tournament(club, 4, "rounds", fmt=FIRST_TO_2, pairing="round_robin",
                                 tables_count=2)
    pairing = won_by_a(tournament)
    for side in (pairing.a_id, pairing.b_id):
        services.entry_withdraw(entry=Entry.objects.get(pk=side), by=organiser)
    page = organiser_client.get(change_pages(pairing)[1]).content.decode()
    assert ("Both partnerships have withdrawn from the tournament: if this change takes the "
            "match&#x27;s result away, it is not played on, and neither wins it.") in page
    page = organiser_client.post(change_pages(pairing)[1], {"reason": "wrong"},
                                 follow=True).content.decode()
    assert ("Both partnerships have withdrawn from the tournament: the match&#x27;s result no "
            "longer stands, it is not played on, and neither wins it.") in page
    pairing.refresh_from_db()
    assert (pairing.walkover, pairing.winner_id) == ("-", None)


def test_the_walkover_given_before_the_page_says_so_still_names_the_withdrawn_side(
        club, organiser):
    """What follows a change runs after its commit, from the outbox: a worker may have given
    the walkover before the page that made the change writes its message."""
    tournament = make_tournament(club, 8, fmt=FIRST_TO_2, tables_count=4)
    pairing, _gone = won_by_a_then_withdrawn(tournament, organiser)
    assert pairing.walkover == "B"
    assert selectors.withdrawn_sides(pairing.stopped) == "A"
