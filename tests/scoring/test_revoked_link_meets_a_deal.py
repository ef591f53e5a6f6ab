"""The organiser renews a referee link (a lost phone, a QR card photographed by the wrong
person) while a deal comes through the old one. The deal is recorded before the revocation or
refused after it, never recorded after it: the write reads the link again under its match's
row lock, and the revocation locks that row too (and bumps its version, which a deal written
in one statement checks once it has waited for the lock). Before, a deal that read the link just before
the revocation and then waited for the match was recorded through a revoked link."""

import json
import threading

import pytest
from django.db import transaction
from django.test import Client

from scoring import engine, services
from scoring.models import AuditEntry, Deal, RefereeLink
from tests.concurrency import (  # noqa: F401
    in_thread,
    key_held,
    needs_postgres,
    paused_after,
    until_waiting_on_a_lock,
)

DEAL = {"points": [70, 50]}
FLAG = {"points": [120, 0], "flag": "A"}  # it ends the match


def post(token: str, key: str, deal: dict = DEAL):
    return Client().post(f"/api/v1/referee/{token}/deals", data=json.dumps(deal),
                         content_type="application/json", headers={"Idempotency-Key": key})


def test_a_write_that_read_the_link_before_its_revocation_is_refused(match, referee_link,
                                                                     organiser):
    read_before = RefereeLink.objects.get(pk=referee_link.pk)
    services.referee_link_revoke(link=referee_link, user=organiser)
    for write in (
        lambda: services.deal_record(match_id=match.pk, deal=engine.deal_from(DEAL),
                                     key="late-deal", link=read_before),
        lambda: services.deal_undo(match_id=match.pk, key="late-undo", link=read_before),
    ):
        with pytest.raises(services.LinkRevoked) as refused:
            write()
        assert refused.value.status == 403
        assert refused.value.message == str(services.REVOKE_MESSAGE)
    assert not Deal.objects.filter(match=match).exists()


def test_a_deal_recorded_before_the_revocation_still_answers_its_retry(match, referee_link,
                                                                       organiser):
    assert post(referee_link.token, "sent-once").status_code == 201
    services.referee_link_revoke(link=referee_link, user=organiser)
    answer = services.deal_record(match_id=match.pk, deal=engine.deal_from(DEAL),
                                  key="sent-once", link=referee_link)
    assert answer.status == 201
    assert Deal.objects.filter(match=match).count() == 1


@pytest.mark.usefixtures("needs_postgres")
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_that_waited_for_the_revocation_is_refused(match, referee_link, organiser):
    revoked, release = threading.Event(), threading.Event()

    def renew():
        with transaction.atomic():
            services.referee_link_revoke(link=referee_link, user=organiser)
            revoked.set()
            release.wait(10)
    organiser_thread, _ = in_thread(renew)
    assert revoked.wait(10)
    referee, answer = in_thread(lambda: post(referee_link.token, "waited"))
    try:
        until_waiting_on_a_lock()
    finally:
        release.set()
        organiser_thread.join(10)
        referee.join(10)
    assert answer[0].status_code == 403
    assert answer[0].json() == {"error": str(services.REVOKE_MESSAGE)}
    assert not Deal.objects.filter(match=match).exists()


def assert_recorded_then_revoked(match, answer, renewed):
    assert answer[0].status_code == 201
    assert isinstance(renewed[0], RefereeLink)
    assert list(AuditEntry.objects.filter(match=match).order_by("id")
                .values_list("action", flat=True)) == [AuditEntry.Action.RECORDED,
                                                       AuditEntry.Action.LINK_REVOKED]


@pytest.mark.usefixtures("needs_postgres")
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_written_first_is_recorded_before_the_revocation(monkeypatch, match,
                                                                referee_link, organiser):
    """A flag ends the match: its write takes the match's lock, then writes its rows."""
    written, release = paused_after(monkeypatch, services, "_state_saved")
    referee, answer = in_thread(lambda: post(referee_link.token, "first", FLAG))
    assert written.wait(10)
    organiser_thread, renewed = in_thread(
        lambda: services.referee_link_revoke(link=referee_link, user=organiser))
    try:
        until_waiting_on_a_lock()
    finally:
        release.set()
        referee.join(10)
        organiser_thread.join(10)
    assert_recorded_then_revoked(match, answer, renewed)


@pytest.mark.usefixtures("needs_postgres")
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_written_alone_first_is_recorded_before_the_revocation(match, referee_link,
                                                                      organiser):
    """A deal in the middle of the match is written in one statement, which locks the match
    as it begins: held there (its key held by another transaction), the revocation waits."""
    with key_held(match=match, link=referee_link, key="first"):
        referee, answer = in_thread(lambda: post(referee_link.token, "first"))
        until_waiting_on_a_lock()
        organiser_thread, renewed = in_thread(
            lambda: services.referee_link_revoke(link=referee_link, user=organiser))
        until_waiting_on_a_lock(count=2)
    referee.join(10)
    organiser_thread.join(10)
    assert_recorded_then_revoked(match, answer, renewed)
