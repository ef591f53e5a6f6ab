"""Another club's ids put in the *fields* of an organiser's form (not in the URL, which
tests/security walks): each must be refused, and nothing of either club may change."""

import json
import uuid

from scoring.models import Deal, Match
from sueca_club.models import Partnership
from tests.security.conftest import changes, client_for, snapshot
from tournaments.models import Entry, Pairing


def _unchanged_by(post):
    before = snapshot()
    response = post()
    assert response.status_code < 500
    written = [label for label in changes(before, snapshot())
               if label not in ("sueca_club.FormSubmission", "auth.User")]
    return response, written


def test_a_partnership_of_another_clubs_players_is_refused(world):
    a, b = world.a, world.b
    players = b.partnership.players
    response, written = _unchanged_by(lambda: client_for(a.owner).post(
        f"/manage/{a.club.slug}/partnerships/add/",
        {"player_1": players[0].pk, "player_2": players[1].pk}))
    assert written == [] and not Partnership.objects.filter(club=a.club,
                                                             player_1=players[0]).exists()


def test_a_friendly_match_between_another_clubs_partnerships_is_refused(world):
    a, b = world.a, world.b
    other = Partnership.objects.filter(club=b.club).exclude(pk=b.partnership.pk).first()
    response, written = _unchanged_by(lambda: client_for(a.owner).post(
        f"/manage/{a.club.slug}/matches/new/",
        {"a": b.partnership.pk, "b": other.pk, "first_dealer": b.player.pk,
         "preset": "portugal", "format_type": "first_to"}))
    assert written == []


def test_another_clubs_partnership_cannot_be_registered_in_a_tournament(world):
    from scoring import engine
    from tournaments import services
    a, b = world.a, world.b
    draft = services.tournament_create(club=a.club, name="Draft", rules=engine.rules_from(
        "portugal"), fmt=engine.format_from(None), structure="knockout")
    response, written = _unchanged_by(lambda: client_for(a.owner).post(
        f"/manage/{a.club.slug}/tournaments/{draft.slug}/entries/add/",
        {"partnerships": [b.partnership.pk]}))
    assert written == [] and not Entry.objects.filter(tournament=draft,
                                                      partnership=b.partnership).exists()


def test_a_swap_naming_another_clubs_pairings_swaps_nothing(world):
    a, b = world.a, world.b
    other = Pairing.objects.filter(round=b.pairing.round).exclude(pk=b.pairing.pk).first()
    response, written = _unchanged_by(lambda: client_for(a.owner).post(
        f"/manage/{a.club.slug}/tournaments/{a.tournament.slug}/rounds/swap/",
        {"first": f"{b.pairing.pk}-A", "second": f"{other.pk}-B"}))
    assert written == []


def test_the_board_confirms_no_match_of_another_club(world):
    a, b = world.a, world.b
    response, written = _unchanged_by(lambda: client_for(a.owner).post(
        f"/manage/{a.club.slug}/tournaments/{a.tournament.slug}/tables/1/confirm/",
        {"match": b.table_match.pk, "version": b.table_match.version}))
    assert written == []


def test_a_referee_undo_naming_another_clubs_match_undoes_nothing_there(world):
    a, b = world.a, world.b
    before = Deal.objects.filter(match=b.table_match, active=True).count()
    client_for().post(f"/api/v1/referee/{a.token}/undo",
                      json.dumps({"match": b.table_match.pk}), content_type="application/json",
                      HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert Deal.objects.filter(match=b.table_match, active=True).count() == before


def test_a_referee_deal_naming_another_clubs_match_is_recorded_nowhere(world):
    a, b = world.a, world.b
    before = (Deal.objects.count(), Match.objects.get(pk=b.table_match.pk).version)
    response = client_for().post(
        f"/r/{a.token}/deals/", {"points": [70, 50], "key": str(uuid.uuid4()),
                                 "version": b.table_match.version, "match": b.table_match.pk})
    assert (Deal.objects.count(), Match.objects.get(pk=b.table_match.pk).version) == before
    assert response.status_code in (302, 400)
