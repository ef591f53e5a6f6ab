"""The walkover service refuses what is no walkover, whoever asks: the organiser's page only
says why (services.pairing_walkover)."""

import pytest

from scoring import services as scoring
from sueca_club import outbox
from sueca_club.models import OutboxStep
from tests.tournaments.helpers import make_tournament, play, record, semi_finals_played
from tournaments import services
from tournaments.models import Action, Pairing, Tournament


@pytest.fixture
def running(club) -> Tournament:
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    return tournament


def first_pairing(tournament: Tournament) -> Pairing:
    return (Pairing.objects.filter(round__tournament=tournament).select_related("match")
            .order_by("slot").first())


def refused(pairing: Pairing, present: str, message: str) -> None:
    with pytest.raises(services.TournamentRefused) as refusal:
        services.pairing_walkover(pairing=pairing, present=present)
    assert message in refusal.value.message
    assert not Action.objects.filter(kind=Action.Kind.WALKOVER).exists()


def test_a_finished_match_gets_no_walkover(running):
    pairing = first_pairing(running)
    play(pairing, "A")
    refused(pairing, "B", "This match already has a result")
    pairing.refresh_from_db()
    assert (pairing.walkover, pairing.winner_id) == ("", pairing.a_id)


def test_a_match_played_to_its_end_gets_no_walkover_before_its_pairing_follows_it(
        running, monkeypatch):
    pairing = first_pairing(running)
    with monkeypatch.context() as held:
        held.setattr(outbox, "dispatch", lambda step_id, name: None)  # follow_match waits
        play(pairing, "A")
    pairing.refresh_from_db()
    assert pairing.match.finished and not pairing.finished
    refused(pairing, "B", "This match already has a result")
    for step in OutboxStep.objects.filter(status=OutboxStep.Status.PENDING).order_by("pk"):
        outbox.run(step.pk)
    pairing.refresh_from_db()
    assert (pairing.finished, pairing.walkover, pairing.winner_id) == (True, "", pairing.a_id)


def test_a_bye_gets_no_walkover(club):
    tournament = make_tournament(club, 3, tables_count=1, auto_advance=False)
    services.tournament_start(tournament=tournament)
    bye = Pairing.objects.get(round__tournament=tournament, b=None)
    refused(bye, "A", "A bye has no opponent to give a walkover to.")


def test_a_walkover_must_say_who_came(running):
    pairing = first_pairing(running)
    refused(pairing, "C", "Say which partnership came to the table.")
    pairing.refresh_from_db()
    assert not pairing.finished


def test_a_match_being_played_gets_no_walkover_and_the_page_offers_none(
        running, organiser_client):
    """Both came: their deals are on the match. A walkover would leave that match live for
    ever beside the table's next one; who leaves mid-match is withdrawn instead."""
    pairing = first_pairing(running)
    record(pairing.match, {"points": [70, 50]})
    refused(pairing, "B", "This match is being played: both partnerships came.")
    pairing.refresh_from_db()
    assert not pairing.finished and pairing.walkover == ""
    page = organiser_client.get(
        f"/manage/{running.club.slug}/tournaments/{running.slug}/").content.decode()
    assert page.count("No-show: give a walkover") == Pairing.objects.filter(
        round__tournament=running, finished=False, b__isnull=False).count() - 1



def test_a_match_taken_back_with_its_round_gets_no_walkover(club, organiser):
    """The organiser's round page was read before a semi-final's deal was voided, taking the
    final back: the walkover is refused in words, not a server error."""
    _, semi, final = semi_finals_played(club)
    final = Pairing.objects.select_related("round").get(pk=final.pk)  # as the page reads it
    scoring.deal_void(deal=semi.match.deals.get(active=True), reason="never played",
                      user=organiser, allow_reset=True)
    refused(final, "A", "This match is no longer in the draw")
