"""Failed logins are limited per username at one address, and per address; over the limit, no
password is tried. Failing for a username elsewhere never locks its owner out.

Each test uses its own addresses (TEST-NET) and usernames and forgets their counts after, so
the counts in a shared cache (Redis in CI) never leak into other tests or runs.
"""

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.cache.backends import locmem
from django.test import RequestFactory

from sueca_club import ratelimit
from tests.conftest import PASSWORD
from tests.security import urlmap

LIMIT, WINDOW = 10, 300  # one username from one address
ADDRESS_LIMIT = 30  # one address, whatever the usernames


@pytest.fixture
def counted():
    """The cache keys of every address and username a test used: forgotten before first use
    and after the test, so counts never leak between tests, or between runs on Redis."""
    keys: set[str] = set()
    yield keys
    cache.delete_many(list(keys))


def keys_of(address: str, username: str) -> list[str]:
    return ratelimit._keys(RequestFactory().post("/", REMOTE_ADDR=address), username)


@pytest.fixture
def log_in(client, counted):
    def attempt(username, password="wrong-password", address="192.0.2.10", url="/accounts/login/",
                **headers):
        forwarded = headers.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        for key in keys_of(forwarded or address, username):
            if key not in counted:
                cache.delete(key)
                counted.add(key)
        return client.post(url, {"username": username, "password": password},
                           REMOTE_ADDR=address, **headers)
    return attempt


@pytest.fixture
def authentications(monkeypatch):
    """How many times a password was checked."""
    calls = []
    original = ModelBackend.authenticate

    def counted(self, request, username=None, password=None, **kwargs):
        calls.append(username)
        return original(self, request, username=username, password=password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", counted)
    return calls


@pytest.fixture
def user(db):
    return User.objects.create_user("marta", "marta@example.com", PASSWORD)


def test_the_limits_are_ten_failures_per_username_and_address_thirty_per_address(settings):
    assert settings.LOGIN_RATE_LIMIT == (LIMIT, WINDOW)
    assert settings.LOGIN_ADDRESS_RATE_LIMIT == (ADDRESS_LIMIT, WINDOW)


def test_ten_wrong_passwords_lock_the_username_at_that_address(log_in, user, authentications,
                                                               client):
    for _ in range(LIMIT):
        assert log_in("marta", address="192.0.2.10").status_code == 200
    authentications.clear()

    response = log_in("marta", PASSWORD, address="192.0.2.10")

    assert response.status_code == 429
    assert response["Retry-After"] == str(WINDOW)
    assert "too many wrong passwords" in response.content.decode()
    assert authentications == []  # the right password was not even checked
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_from_other_addresses_do_not_lock_the_user_out_of_their_own(
        log_in, user, client):
    for n in range(LIMIT):
        assert log_in("marta", address=f"192.0.2.{n + 1}").status_code == 200
    response = log_in("marta", PASSWORD, address="192.0.2.99")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_one_address_trying_many_usernames_meets_its_own_ceiling(log_in, user, authentications):
    for n in range(ADDRESS_LIMIT - 1):
        log_in(f"guess-{n}", address="198.51.100.7")
    assert log_in("marta", PASSWORD, address="198.51.100.7").status_code == 302  # not yet
    log_in("guess-last", address="198.51.100.7")
    authentications.clear()

    assert log_in("marta", PASSWORD, address="198.51.100.7").status_code == 429
    assert authentications == []
    assert log_in("marta", PASSWORD, address="198.51.100.8").status_code == 302  # elsewhere: fine


def test_fewer_failures_than_the_limit_still_let_the_right_password_in(log_in, user, client):
    for _ in range(LIMIT - 1):
        log_in("marta")
    response = log_in("marta", PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_logging_into_an_account_of_ones_own_does_not_clear_the_addresss_count(log_in, user):
    User.objects.create_user("mallory", "m@example.com", PASSWORD)
    for n in range(ADDRESS_LIMIT - 1):
        log_in(f"victim-{n}", address="203.0.113.5")
    assert log_in("mallory", PASSWORD, address="203.0.113.5").status_code == 302
    log_in("victim-last", address="203.0.113.5")
    assert log_in("victim-next", address="203.0.113.5").status_code == 429


def test_the_block_ends_when_the_window_has_passed(log_in, user, monkeypatch, settings):
    if settings.CACHES["default"]["BACKEND"] != "django.core.cache.backends.locmem.LocMemCache":
        pytest.skip("moves the local-memory cache's clock; Redis expires keys by itself")
    for _ in range(LIMIT):
        log_in("marta")
    assert log_in("marta", PASSWORD).status_code == 429
    now = locmem.time.time()
    monkeypatch.setattr(locmem, "time", type("Clock", (), {"time": staticmethod(
        lambda: now + WINDOW + 1)}))
    assert log_in("marta", PASSWORD).status_code == 302


def test_the_admin_login_is_limited_too(log_in, user, authentications):
    for _ in range(LIMIT):
        log_in("marta", url="/admin/login/")
    authentications.clear()
    assert log_in("marta", PASSWORD, url="/admin/login/").status_code == 429
    assert authentications == []


def test_behind_the_proxy_each_client_is_counted_by_its_own_address(log_in, user, settings):
    """The proxy appends the address it saw; whatever the client put before it is not believed."""
    settings.TRUSTED_PROXIES = 1
    for n in range(ADDRESS_LIMIT):
        log_in(f"guess-{n}", address="10.0.0.1", HTTP_X_FORWARDED_FOR=f"1.2.3.{n}, 198.51.100.20")
    blocked = log_in("marta", PASSWORD, address="10.0.0.1",
                     HTTP_X_FORWARDED_FOR="9.9.9.9, 198.51.100.20")
    other = log_in("marta", PASSWORD, address="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.21")
    assert (blocked.status_code, other.status_code) == (429, 302)


def test_without_trusted_proxies_an_invented_forwarded_address_does_not_escape_the_limit(
        client, counted, user, settings):
    """The default, in production too: no proxy is trusted, so X-Forwarded-For is ignored."""
    assert settings.TRUSTED_PROXIES == 0
    counted.update(keys_of("192.0.2.77", "marta"))
    cache.delete_many(list(counted))
    for n in range(LIMIT):
        client.post("/accounts/login/", {"username": "marta", "password": "wrong"},
                    REMOTE_ADDR="192.0.2.77", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
    response = client.post("/accounts/login/", {"username": "marta", "password": PASSWORD},
                           REMOTE_ADDR="192.0.2.77", HTTP_X_FORWARDED_FOR="203.0.113.200")
    assert response.status_code == 429


def test_ipv6_clients_are_counted_per_64_network():
    request = RequestFactory().post("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")
    assert ratelimit.client_address(request) == "2001:db8:1:2::/64"


def test_the_counts_live_in_the_shared_cache_with_the_window_as_their_lifetime(log_in, user):
    log_in("marta", address="192.0.2.50")
    request = RequestFactory().post("/", REMOTE_ADDR="192.0.2.50")
    assert list(cache.get_many(ratelimit._keys(request, "MARTA ")).values()) == [1, 1]


def test_every_login_page_of_the_site_is_limited():
    """A login view added later is limited without anyone remembering: found by the walk."""
    logins = [route for route in urlmap.routes() if "login" in route.route]
    assert {route.route for route in logins} >= {"accounts/login/", "admin/login/"}
    for route in logins:
        assert ratelimit.is_login_view(route.callback), route.route
