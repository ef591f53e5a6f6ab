"""The database connection drops in the middle of a deal post; the phone retries with its key.

Three ways the first attempt can go wrong, each followed by the phone's retry (same
Idempotency-Key, same If-Match), and each ending with exactly one deal and a 201 with the
state:

- the request's server backend is terminated (pg_terminate_backend, from the test's own
  connection) while its transaction is open, or while its one statement waits (a deal in the
  middle of its match is written in one: scoring.services._deal_alone): nothing was kept,
  the retry records the deal;
- the COMMIT, or that one statement, reaches the server but its answer never comes back (a
  proxy between Django and PostgreSQL forwards it and then drops the connection): the deal
  is recorded, the request still fails, and the retry gets the first answer back;
- the deal is committed and answered, but the phone never reads the answer (it hung up
  right after sending, against the real site in gunicorn): the retry gets the first answer.
"""

import json
import socket
import threading
from concurrent.futures import Future

import pytest
from django.db import connection
from django.test import Client

from scoring import engine, services
from scoring.models import AuditEntry, Deal, RefereeRequest
from tests.concurrency import key_held, postgres_only, until_waiting_on_a_lock
from tests.faults.conftest import terminate_backend, wait_until
from tests.faults.proxy import COMMIT_MESSAGE
from tests.faults.site import Site, database_url

pytestmark = [*postgres_only, pytest.mark.faults, pytest.mark.usefixtures("needs_postgres")]

KEY = "5f0c9a54-6f1e-4a55-9a77-0d2b1f3e0c11"
DEAL = {"points": [95, 25]}
ONE_STATEMENT = b"WITH guard AS (UPDATE"  # services._deal_alone's


def post_deal(client, link, *, version: int, key: str = KEY):
    return client.post(
        f"/api/v1/referee/{link.token}/deals", data=json.dumps({**DEAL, "match": link.match_id}),
        content_type="application/json",
        headers={"Idempotency-Key": key, "If-Match": f'"m{link.match_id}-{version}"'},
    )


def in_own_thread(work) -> Future:
    """Run `work` in a thread of its own, so on a database connection of its own."""
    future = Future()

    def run():
        try:
            future.set_result(work())
        except BaseException as exc:  # noqa: BLE001 - handed to the test through the future
            future.set_exception(exc)
        finally:
            connection.close()

    threading.Thread(target=run, daemon=True, name="deal-post").start()
    return future


class Pause:
    """A hook inside deal_record: the first call stops there, inside the open transaction,
    says which server backend its connection is, and waits until the test lets it go on."""

    def __init__(self):
        self.reached = threading.Event()
        self.release = threading.Event()
        self.backend_pid = None
        self.armed = False  # the test arms it just before its post

    def arm(self):
        self.armed = True

    def __call__(self, *args, **kwargs):
        if not self.armed:
            return
        self.armed = False
        assert connection.in_atomic_block  # the deal's transaction is open
        self.backend_pid = connection.connection.info.backend_pid
        self.reached.set()
        assert self.release.wait(timeout=30), "the test never let the request go on"


class HeldKey:
    """The pause of a deal written in one statement (services._deal_alone): another
    transaction holds the deal's key, so the statement waits in its middle, its match locked,
    until the test lets it go on (the holder rolls back)."""

    def __init__(self, match, link):
        self.match, self.link = match, link
        self.reached = threading.Event()
        self.release = threading.Event()
        self.backend_pid = None

    def arm(self):
        held = threading.Event()

        def hold():
            try:
                with key_held(match=self.match, link=self.link, key=KEY):
                    held.set()
                    [self.backend_pid] = until_waiting_on_a_lock()
                    self.reached.set()
                    self.release.wait(timeout=30)
            finally:
                connection.close()

        threading.Thread(target=hold, daemon=True, name="key-holder").start()
        assert held.wait(timeout=10)


@pytest.fixture(params=["deal-written", "all-written", "statement-waiting"])
def pause(request, monkeypatch, match, referee_link):
    """Pause inside the locked write (a deal's when its match moved on since its post read
    it, or when it ends the match) once the deal's rows are written (the deal, the match, the
    audit entry and the key with its answer) and what follows its state is recorded, or
    later, after the write's last statement, just before the commit; or inside the one
    statement that writes a deal in the middle of its match."""
    if request.param == "statement-waiting":
        hook = HeldKey(match, referee_link)
        yield hook
        hook.release.set()
        return
    hook = Pause()
    monkeypatch.setattr(services, "_deal_alone", lambda *args: False)
    name = "_state_saved" if request.param == "deal-written" else "_scores_changed"
    written = getattr(services, name)

    def paused(*args, **kwargs):
        written(*args, **kwargs)
        hook()

    monkeypatch.setattr(services, name, paused)
    yield hook
    hook.release.set()


def nothing_recorded(match) -> bool:
    match.refresh_from_db()
    return (not Deal.objects.filter(match=match).exists()
            and not RefereeRequest.objects.filter(match=match).exists()
            and not AuditEntry.objects.filter(match=match, deal__isnull=False).exists())


def assert_one_deal_and_replayed(match):
    deals = list(Deal.objects.filter(match=match))
    assert [(d.number, d.data["points"], d.active) for d in deals] == [(1, [95, 25], True)]
    assert RefereeRequest.objects.filter(match=match, key=KEY).count() == 1
    assert AuditEntry.objects.filter(match=match, action=AuditEntry.Action.RECORDED).count() == 1
    match.refresh_from_db()
    state = services.replay(match, [engine.deal_from(d.data) for d in deals])
    assert match.state == state.stored()


def assert_the_answer_to_one_deal(response, version: int):
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["games"] == [2, 0]
    assert body["deals"] == [{"dealer": 0, "games": [2, 0]}]
    assert body["version"] == version + 1


def test_backend_killed_inside_the_deal_transaction_then_the_retry_records_it_once(
        client, match, referee_link, pause):
    version = match.version
    pause.arm()
    first = in_own_thread(lambda: post_deal(Client(), referee_link, version=version))
    assert pause.reached.wait(timeout=20), "the deal post never reached the hook"
    assert not Deal.objects.filter(match=match).exists()  # not committed yet

    terminate_backend(pause.backend_pid)
    pause.release.set()
    failed = first.result(timeout=30)

    assert failed.status_code == 503, failed.content  # the phone keeps the deal and retries
    assert failed["Retry-After"]
    assert "moment" in failed.json()["error"]
    assert nothing_recorded(match)
    assert match.version == version

    retry = post_deal(client, referee_link, version=version)
    assert_the_answer_to_one_deal(retry, version)
    assert post_deal(client, referee_link, version=version).content == retry.content
    assert_one_deal_and_replayed(match)


@pytest.mark.parametrize("last", ["commit", "statement"])
def test_commit_done_but_its_answer_lost_then_the_retry_gets_the_first_answer(
        client, match, referee_link, proxy, monkeypatch, last):
    """The write's last message is its COMMIT when it is written under the match's lock, its
    one statement (in autocommit) when the deal is in the middle of the match."""
    version = match.version
    if last == "commit":
        monkeypatch.setattr(services, "_deal_alone", lambda *args: False)

    def through_proxy():
        connection.settings_dict = {**connection.settings_dict, "HOST": "127.0.0.1",
                                    "PORT": str(proxy.port)}
        proxy.trap(COMMIT_MESSAGE if last == "commit" else ONE_STATEMENT)
        return post_deal(Client(), referee_link, version=version)

    failed = in_own_thread(through_proxy).result(timeout=30)

    assert proxy.swallowed.is_set(), "the write's last message never went through the proxy"
    assert failed.status_code == 503, failed.content
    stored = RefereeRequest.objects.get(match=match, key=KEY)  # it was committed all the same
    assert_one_deal_and_replayed(match)

    retry = post_deal(client, referee_link, version=version)  # the If-Match is now stale
    assert_the_answer_to_one_deal(retry, version)
    assert retry.content.decode() == stored.body
    assert_one_deal_and_replayed(match)


@pytest.fixture
def site(transactional_db, needs_postgres):
    served = Site(database_url(application_name="sueca-faults-lost-answer"), workers=1)
    yield served
    served.stop()


def test_phone_hangs_up_before_the_answer_then_the_retry_gets_it(match, referee_link, site):
    site.wait_ready(f"/api/v1/matches/{match.pk}")
    version = match.version
    body = json.dumps({**DEAL, "match": match.pk}).encode()
    request = (f"POST /api/v1/referee/{referee_link.token}/deals HTTP/1.1\r\n"
               f"Host: 127.0.0.1\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(body)}\r\nIdempotency-Key: {KEY}\r\n"
               f'If-Match: "m{match.pk}-{version}"\r\nConnection: close\r\n\r\n').encode() + body
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as phone:
        phone.sendall(request)  # and the wifi drops: the answer is never read

    wait_until(lambda: RefereeRequest.objects.filter(match=match, key=KEY).exists(),
               what="the deal to be recorded")
    retry = site.post(f"/api/v1/referee/{referee_link.token}/deals",
                      {**DEAL, "match": match.pk},
                      headers={"Idempotency-Key": KEY, "If-Match": f'"m{match.pk}-{version}"'})
    assert retry.status == 201, retry.body
    assert retry.body.decode() == RefereeRequest.objects.get(match=match, key=KEY).body
    body = retry.json()
    assert (body["games"], body["version"]) == ([2, 0], version + 1)
    assert_one_deal_and_replayed(match)
