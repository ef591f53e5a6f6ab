"""A task that runs again, after a retry or queued twice, sends no email twice."""

import pytest
from django.core import mail

from sueca_club import outbox
from tests.conftest import make_match
from tests.notifications.helpers import pairings, started, with_emails
from tests.ratings.helpers import finish
from tournaments import notifications, steps
from tournaments.models import Notification

pytestmark = pytest.mark.django_db


def test_the_round_task_run_again_sends_nothing_new(club, mailoutbox,
                                                    django_capture_on_commit_callbacks):
    tournament = started(club, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 8
    round_ = pairings(tournament)[0].round
    steps.notify_round(round_id=round_.pk)
    for pairing in pairings(tournament):
        steps.notify_pairing(pairing_id=pairing.pk)
    assert len(mailoutbox) == 8
    assert Notification.objects.count() == 16  # told the opponent and the table, each of 8


def test_the_result_task_run_again_sends_nothing_new(club, pair_a, pair_b, mailoutbox,
                                                     django_capture_on_commit_callbacks):
    with_emails(club)
    with django_capture_on_commit_callbacks(execute=True):
        match = make_match(club, pair_a, pair_b)
        finish(match, "A")
    match.refresh_from_db()
    steps.notify_result(match_id=match.pk, version=match.version, allow_reset=False)
    steps.notify_result(match_id=match.pk, version=match.version, allow_reset=False)
    assert len(mailoutbox) == 4


def test_a_failed_send_is_not_recorded_so_the_retry_sends_it_once(
        club, pair_a, pair_b, mailoutbox, monkeypatch, django_capture_on_commit_callbacks):
    with_emails(club)
    with django_capture_on_commit_callbacks(execute=True):
        match = make_match(club, pair_a, pair_b)
    match.refresh_from_db()
    with monkeypatch.context() as held:
        held.setattr(outbox, "dispatch", lambda step_id, name: None)  # the step never ran
        finish(match, "A")
    sent = []

    def flaky_send(self, fail_silently=False):
        if len(sent) == 2:
            sent.append("failed")
            raise ConnectionError("the mail server went away")
        sent.append(self.to[0])
        mail.outbox.append(self)
        return 1

    with monkeypatch.context() as patch:
        patch.setattr(mail.EmailMessage, "send", flaky_send)
        with pytest.raises(ConnectionError):
            notifications.result_notify(match_id=match.pk)  # the first try dies on the 3rd
        assert Notification.objects.count() == 2
        notifications.result_notify(match_id=match.pk)  # the retry
    assert len(mailoutbox) == 4
    assert len({email.to[0] for email in mailoutbox}) == 4
