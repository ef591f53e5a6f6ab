"""When a match ends its players are emailed the result, once."""

import pytest

from scoring import engine, services
from tests.conftest import make_match
from tests.notifications.helpers import pairings, started, to, with_emails
from tests.ratings.helpers import finish
from tests.tournaments.helpers import play

pytestmark = pytest.mark.django_db


def test_the_players_of_a_finished_match_get_the_result(club, mailoutbox,
                                                        django_capture_on_commit_callbacks):
    tournament = started(club, django_capture_on_commit_callbacks)
    pairing = pairings(tournament)[0]
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play(pairing, "A")
    winner, loser = pairing.a.partnership.player_1, pairing.b.partnership.player_2
    [won] = to(mailoutbox, winner.email)
    [lost] = to(mailoutbox, loser.email)
    assert "Result:" in won.subject and "4–0" in won.subject
    assert "You won" in won.body and "You lost" in lost.body
    assert tournament.name in won.body
    assert f"/m/{pairing.match_id}/" in won.body
    assert len(mailoutbox) == 4


def test_a_friendly_match_result_is_sent_too(club, pair_a, pair_b, mailoutbox,
                                             django_capture_on_commit_callbacks):
    with_emails(club)
    with django_capture_on_commit_callbacks(execute=True):
        match = make_match(club, pair_a, pair_b)
        finish(match, "B")
    assert len(mailoutbox) == 4
    assert "You won" in to(mailoutbox, "carla.dias@example.com")[0].body


def test_a_correction_of_a_finished_match_sends_no_second_result(
        club, pair_a, pair_b, organiser, mailoutbox, django_capture_on_commit_callbacks):
    with_emails(club)
    with django_capture_on_commit_callbacks(execute=True):
        match = make_match(club, pair_a, pair_b)
        finish(match, "A")
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_correct(deal=match.deals.get(), reason="typo", user=organiser,
                              replacement=engine.deal_from({"points": [120, 0], "flag": "A",
                                                            "revoke": None}))
    assert len(mailoutbox) == 4
