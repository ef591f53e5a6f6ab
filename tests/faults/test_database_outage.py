"""The database goes away while the site runs, then comes back: no hang, no restart needed.

The real site runs in gunicorn (two workers, DEBUG off, persistent connections with health
checks as in production) and reaches PostgreSQL through a proxy that the test controls, so
the outage is felt by the site alone and not by the shared server's other users:

- `refuse` is what a restart looks like from the site: every open connection drops and new
  ones are refused until the server is back;
- `blackhole` is a database host that stops answering: connections are accepted and never
  answered, so only a connect timeout keeps a request from hanging.

While it is down every request gets a clean 503 ("try again in a moment", Retry-After) in
bounded time; once it is back the same worker processes answer again, the first request
included, and a deal the phone retries is recorded exactly once.
"""

import pytest

from scoring.models import Deal, RefereeRequest
from tests.concurrency import postgres_only
from tests.faults.conftest import backends, terminate_backend
from tests.faults.site import Site, database_url

pytestmark = [*postgres_only, pytest.mark.faults, pytest.mark.usefixtures("needs_postgres")]

APP = "sueca-faults-outage"
WORKERS = 2


@pytest.fixture
def site(transactional_db, proxy):
    served = Site(database_url(port=proxy.port, application_name=APP), workers=WORKERS)
    yield served
    served.stop()


def deal(site, link, key, points=(95, 25)):
    return site.post(f"/api/v1/referee/{link.token}/deals", {"points": list(points)},
                     headers={"Idempotency-Key": key})


def assert_clean_503(reply, *, json_body: bool):
    assert reply.status == 503, (reply.status, reply.body[:500])
    assert reply.headers["Retry-After"]
    if json_body:
        assert "moment" in reply.json()["error"]
    else:
        assert b"Try again in a moment" in reply.body


@pytest.mark.parametrize("outage", ["refuse", "blackhole"])
def test_requests_fail_cleanly_while_the_database_is_away_and_the_site_recovers_alone(
        match, referee_link, proxy, site, outage):
    api = f"/api/v1/matches/{match.pk}"
    site.wait_ready(api)
    for _ in range(4 * WORKERS):  # every worker holds a live connection through the proxy
        assert site.get(api).status == 200
    assert deal(site, referee_link, "before").status == 201
    assert backends(APP), "the site's connections should be open and kept"
    workers = site.workers()

    proxy.down(outage)
    site.wait_out_remembered_versions()
    assert_clean_503(site.get(api), json_body=True)
    assert_clean_503(deal(site, referee_link, "during"), json_body=True)
    if outage == "refuse":  # (each request in the black hole waits out the connect timeout)
        assert_clean_503(site.get(f"/api/v1/referee/{referee_link.token}"), json_body=True)
        assert_clean_503(site.get(f"/m/{match.pk}/"), json_body=False)

    proxy.up()
    for _ in range(4 * WORKERS):  # every worker reconnects by itself, from the first request
        assert site.get(api).status == 200
    retry = deal(site, referee_link, "during")
    assert retry.status == 201, retry.body
    assert [d["games"] for d in retry.json()["deals"]] == [[2, 0], [2, 0]]
    assert deal(site, referee_link, "during").body == retry.body

    assert site.process.poll() is None and site.workers() == workers, (
        "gunicorn restarted a worker:\n" + site.output())
    assert Deal.objects.filter(match=match).count() == 2
    assert set(RefereeRequest.objects.filter(match=match).values_list("key", flat=True)) == {
        "before", "during"}


def test_connections_killed_between_requests_are_replaced_without_an_error(
        match, referee_link, site):
    """All the site's server backends are terminated while it is idle (what a quick restart
    does): the health check finds them dead and reconnects, and no request sees an error."""
    api = f"/api/v1/matches/{match.pk}"
    site.wait_ready(api)
    for _ in range(4 * WORKERS):
        assert site.get(api).status == 200
    killed = backends(APP)
    assert killed
    for pid in killed:
        terminate_backend(pid)

    for number in range(4 * WORKERS):
        assert site.get(api).status == 200
        assert deal(site, referee_link, f"after-{number}", points=(60, 60)).status == 201
    assert not set(killed) & set(backends(APP))
    assert Deal.objects.filter(match=match).count() == 4 * WORKERS
