"""When a round is drawn, each player is emailed their opponent and their table."""

import pytest

from tests.notifications.helpers import pairings, started, to
from tests.tournaments.helpers import play
from tournaments.models import Notification

pytestmark = pytest.mark.django_db


def test_each_player_is_told_their_table_and_opponent(club, mailoutbox,
                                                      django_capture_on_commit_callbacks):
    tournament = started(club, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 8  # four players at each of the two tables
    assert {p.table.number for p in pairings(tournament)} == {1, 2}
    [ours] = [p for p in pairings(tournament)
              if "Player 0a" in f"{p.a.partnership} {p.b.partnership}"]
    opponent = ours.b if "Player 0a" in str(ours.a.partnership) else ours.a
    [email] = to(mailoutbox, "player.0a@example.com")
    assert f"table {ours.table.number}, against {opponent.partnership}" in email.subject
    assert "you and Player 0b play" in email.body
    assert f"Your table: table {ours.table.number}." in email.body
    assert f"/t/{tournament.slug}/" in email.body


def test_a_pairing_waiting_for_a_table_is_told_its_opponent_then_its_table(
        club, mailoutbox, django_capture_on_commit_callbacks):
    tournament = started(club, django_capture_on_commit_callbacks, tables_count=1)
    on_table, waiting = pairings(tournament)
    waiting_player = waiting.a.partnership.player_1
    [first] = to(mailoutbox, waiting_player.email)
    assert "No table is free yet" in first.body
    assert "table" not in first.subject
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play(on_table, "A")
    [second] = to(mailoutbox, waiting_player.email)
    assert second.subject.endswith("your table is table 1")
    assert "a table is free for your match against" in second.body
    assert Notification.objects.filter(player=waiting_player).count() == 2


def test_byes_and_walkovers_send_no_pairing_email(club, mailoutbox,
                                                  django_capture_on_commit_callbacks):
    started(club, django_capture_on_commit_callbacks, size=3)  # a knockout of 3: one bye
    assert len(mailoutbox) == 4  # only the two partnerships that play


def test_the_email_says_how_to_stop_them_and_carries_the_one_click_header(
        club, mailoutbox, django_capture_on_commit_callbacks):
    started(club, django_capture_on_commit_callbacks)
    email = mailoutbox[0]
    link = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert link.startswith("http://") and "/t/unsubscribe/" in link
    assert f"To stop these emails: {link}" in email.body
    assert email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_each_language_of_the_email_names_the_round_in_that_language(
        club, mailoutbox, django_capture_on_commit_callbacks, settings):
    """The site writes in Portuguese, then English; the round's name was worked out once, in
    the language of whoever started the tournament."""
    settings.LANGUAGE_CODE = "pt-pt"
    from django.utils import translation

    with translation.override("en"):  # the organiser's browser in English
        tournament = started(club, django_capture_on_commit_callbacks, size=8,
                             structure="rounds", pairing="swiss", rounds_count=3)
    [email] = to(mailoutbox, "player.0a@example.com")
    portuguese, english = email.body.split("— — —")
    assert "Ronda 1" in portuguese and "Round 1" not in portuguese
    assert "Round 1" in english and "Ronda 1" not in english
    assert tournament.rounds.count() == 1
