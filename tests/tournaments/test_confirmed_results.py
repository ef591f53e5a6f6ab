"""Confirmed results (the tournament option `confirmation`): off, each deal, each result.

With "result", the deal that ends a match finishes it on the scoring side, but the result
awaits a player of the losing side (on the table's phone) or the organiser (on the board):
until then the pairing is not finished, nothing is drawn from it and standings do not count it.
"""

import re

import pytest

from scoring import engine
from scoring import services as scoring
from scoring.models import AuditEntry, Match
from tests.tournaments.helpers import make_tournament, play, record
from tournaments import services
from tournaments.models import Pairing, Round, Table, Tournament

FLAG_A = {"points": [120, 0], "flag": "A"}


def start(club, confirmation: str, **options) -> Tournament:
    tournament = make_tournament(club, 4, tables_count=2, confirmation=confirmation, **options)
    services.tournament_start(tournament=tournament)
    return tournament


def semis(tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament, round__number=1)
                .select_related("match", "table__link").order_by("slot"))


def token_of(pairing: Pairing) -> str:
    return Table.objects.select_related("link").get(pk=pairing.table_id).link.token


def confirm_on_phone(client, pairing: Pairing, match: Match | None = None):
    match = match or Match.objects.get(pk=pairing.match_id)
    return client.post(f"/r/{token_of(pairing)}/result/",
                       {"match": match.pk, "version": match.version})


def rounds(tournament) -> int:
    return Round.objects.filter(tournament=tournament).count()


def test_off_by_default_a_result_stands_at_once_as_before(club):
    tournament = start(club, "")
    first, second = semis(tournament)
    assert not first.match.confirm_result and not first.match.confirm_by_opponent
    play(first, "A")
    play(second, "B")
    first.refresh_from_db()
    assert first.finished and rounds(tournament) == 2
    assert not Match.objects.get(pk=first.match_id).awaiting_confirmation


def test_each_deal_gives_the_tables_matches_the_friendlies_per_deal_confirmation(club, client):
    tournament = start(club, "deal")
    first = semis(tournament)[0]
    assert first.match.confirm_by_opponent and not first.match.confirm_result
    token = token_of(first)
    page = client.post(f"/r/{token}/confirm/", {"points": ["70", "50"]})
    assert "Hand the phone to a player of B to confirm." in page.content.decode()
    hidden: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"',
                                  page.content.decode()):
        hidden.setdefault(name, []).append(value)
    assert client.post(f"/r/{token}/deals/", hidden).status_code == 302
    deal = first.match.deals.get()
    assert deal.opponent_confirmed


def test_each_result_waits_for_the_losing_side_then_the_tournament_goes_on(club, client):
    tournament = start(club, "result")
    first, second = semis(tournament)
    play(first, "A")
    play(second, "A")
    match = Match.objects.get(pk=first.match_id)
    assert match.finished and match.awaiting_confirmation and match.winner == "A"
    first.refresh_from_db()
    assert not first.finished and first.winner_id is None
    assert rounds(tournament) == 1  # no final drawn from results that do not stand yet
    assert confirm_on_phone(client, first).status_code == 302
    first.refresh_from_db()
    assert first.finished and first.winner_id == first.a_id
    assert rounds(tournament) == 1  # the other semi still awaits its confirmation
    confirm_on_phone(client, second)
    assert rounds(tournament) == 2
    final = Round.objects.get(tournament=tournament, number=2).pairings.get()
    assert {final.a_id, final.b_id} == {first.a_id, Pairing.objects.get(pk=second.pk).a_id}
    assert AuditEntry.objects.filter(match=match, action="confirmed").count() == 1


def test_the_organiser_confirms_from_the_board(club, organiser, organiser_client):
    tournament = start(club, "result")
    first = semis(tournament)[0]
    play(first, "B")
    match = Match.objects.get(pk=first.match_id)
    url = f"/manage/{club.slug}/tournaments/{tournament.slug}/tables/{first.table.number}/confirm/"
    response = organiser_client.post(url, {"match": match.pk, "version": match.version})
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.finished and first.winner_id == first.b_id
    entry = AuditEntry.objects.get(match=match, action="confirmed")
    assert entry.user == organiser and entry.via_link is None


def test_a_retry_of_a_confirm_is_harmless(club, client):
    tournament = start(club, "result")
    first = semis(tournament)[0]
    play(first, "A")
    match = Match.objects.get(pk=first.match_id)
    confirm_on_phone(client, first, match)
    again = confirm_on_phone(client, first, match)  # the same screen, sent twice
    assert again.status_code == 302
    assert AuditEntry.objects.filter(match=match, action="confirmed").count() == 1
    first.refresh_from_db()
    assert first.finished


def test_a_confirm_on_the_phone_after_the_organiser_confirmed_is_harmless(club, organiser,
                                                                          client):
    tournament = start(club, "result")
    first, second = semis(tournament)
    play(first, "A")
    match = Match.objects.get(pk=first.match_id)
    scoring.result_confirm(match_id=match.pk, user=organiser)
    play(second, "A")
    confirm_on_phone(client, second)
    final_round = Round.objects.get(tournament=tournament, number=2)
    response = confirm_on_phone(client, first, match)  # the phone's screen, shown before
    assert response.status_code == 302
    assert AuditEntry.objects.filter(match=match, action="confirmed").count() == 1
    assert Round.objects.get(tournament=tournament, number=2).pk == final_round.pk


def test_the_organiser_corrects_an_awaiting_result_and_the_correction_stands(club,
                                                                             organiser):
    tournament = start(club, "result")
    first = semis(tournament)[0]
    play(first, "A")
    deal = Match.objects.get(pk=first.match_id).deals.get(active=True)
    scoring.deal_correct(deal=deal, replacement=engine.deal_from({"points": [0, 120],
                                                                  "flag": "B"}),
                         reason="the flag was B's", user=organiser)
    match = Match.objects.get(pk=first.match_id)
    assert match.winner == "B" and not match.awaiting_confirmation  # the organiser's word
    first.refresh_from_db()
    assert first.finished and first.winner_id == first.b_id


def test_the_organiser_reopens_an_awaiting_match_and_its_next_end_awaits_again(club,
                                                                               organiser,
                                                                               client):
    tournament = start(club, "result")
    first = semis(tournament)[0]
    record(first.match, {"points": [95, 25]})  # A 2
    record(first.match, {"points": [95, 25]})  # A 4: over, awaiting
    ending = Match.objects.get(pk=first.match_id).deals.get(number=2)
    scoring.deal_void(deal=ending, reason="dealt twice", user=organiser)
    match = Match.objects.get(pk=first.match_id)
    assert not match.finished and not match.awaiting_confirmation
    record(match, {"points": [30, 90]})
    record(match, {"points": [95, 25]})
    match.refresh_from_db()
    assert match.finished and match.awaiting_confirmation
    first.refresh_from_db()
    assert not first.finished
    confirm_on_phone(client, first)
    first.refresh_from_db()
    assert first.finished


def test_a_referee_undo_of_the_ending_deal_takes_the_awaiting_result_back(club):
    tournament = start(club, "result")
    first = semis(tournament)[0]
    play(first, "A")
    scoring.deal_undo(match_id=first.match_id, key="8f4ed59e-4f07-4b47-8e55-3b0f9d37e2a1")
    match = Match.objects.get(pk=first.match_id)
    assert not match.finished and not match.awaiting_confirmation


def test_nothing_to_confirm_before_the_match_ends_and_a_stale_screen_is_refused(club):
    tournament = start(club, "result")
    first = semis(tournament)[0]
    with pytest.raises(scoring.ScoringRefused):
        scoring.result_confirm(match_id=first.match_id)
    play(first, "A")
    match = Match.objects.get(pk=first.match_id)
    with pytest.raises(scoring.StaleScore):
        scoring.result_confirm(match_id=match.pk, expected_version=match.version - 1)
    assert Match.objects.get(pk=match.pk).awaiting_confirmation


def test_a_friendly_match_never_awaits(match):
    record(match, FLAG_A)
    match.refresh_from_db()
    assert match.finished and not match.awaiting_confirmation and match.result_stands


def test_standings_do_not_count_a_result_awaiting_confirmation(club):
    tournament = make_tournament(club, 4, structure="rounds", tables_count=2,
                                 confirmation="result", pairing="round_robin",
                                 fmt={"type": "fixed_deals", "deals": 8})
    services.tournament_start(tournament=tournament)
    first = semis(tournament)[0]
    play(first, "A")
    from tournaments import selectors
    pairings = list(selectors.pairings(tournament))
    ranked = selectors.standings(tournament, pairings, selectors.entries(tournament))
    assert all(standing.row.played == 0 for standing in ranked)
