"""The withdrawal service refuses a partnership that is not playing, whoever asks: the
organiser's page only says why (services.entry_withdraw)."""

import pytest

from sueca_club import outbox
from sueca_club.models import OutboxStep
from tests.tournaments.helpers import make_tournament, play, play_to_the_end
from tournaments import services
from tournaments.models import Action, Entry, Pairing

NOT_PLAYING = "Only a partnership still playing can withdraw."


def refused(entry: Entry) -> None:
    before = Action.objects.filter(kind=Action.Kind.WITHDRAWAL).count()
    with pytest.raises(services.TournamentRefused) as refusal:
        services.entry_withdraw(entry=entry)
    assert refusal.value.message == NOT_PLAYING
    assert Action.objects.filter(kind=Action.Kind.WITHDRAWAL).count() == before


def test_a_withdrawn_partnership_cannot_withdraw_again(club):
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    entry = tournament.entries.first()
    services.entry_withdraw(entry=entry)
    refused(entry)


def test_nobody_withdraws_from_a_finished_tournament(club):
    tournament = make_tournament(club, 2, tables_count=1)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)
    entry = tournament.entries.first()
    refused(entry)
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_nobody_withdraws_before_the_start(club):
    tournament = make_tournament(club, 4, tables_count=2)
    entry = tournament.entries.first()
    refused(entry)
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_a_withdrawal_leaves_a_match_played_to_its_end_to_its_result(club, monkeypatch):
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    pairing = Pairing.objects.filter(round__tournament=tournament).order_by("slot").first()
    with monkeypatch.context() as held:
        held.setattr(outbox, "dispatch", lambda step_id, name: None)  # follow_match waits
        play(pairing, "A")
        services.entry_withdraw(entry=pairing.a)
    for step in OutboxStep.objects.filter(status=OutboxStep.Status.PENDING).order_by("pk"):
        outbox.run(step.pk)
    pairing.refresh_from_db()
    assert (pairing.finished, pairing.walkover, pairing.winner_id) == (True, "", pairing.a_id)
    assert Entry.objects.get(pk=pairing.a_id).withdrawn
