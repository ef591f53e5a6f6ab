"""Rate limits: failed logins per username and client address, with a ceiling per address
(settings.LOGIN_RATE_LIMIT, settings.LOGIN_ADDRESS_RATE_LIMIT), and the requests that create
an account or send an email (settings.POST_RATE_LIMITS).

The counters live in the default cache, which is Redis in production, so every gunicorn
process sees the same counts (sueca_club/cache.py: while it is unavailable nothing is
limited). For logins only failures count (a café full of organisers behind one address can
log in all evening), and a success never resets them: otherwise an attacker could clear the
address's count by logging into an account of their own between guesses.

A username is limited per address, never on its own: failing for somebody else's username
from other addresses must not lock them out of their own. One address guessing many
usernames meets the address's ceiling.

Once a count reaches its limit, a login POST is answered 429 before the login view runs, so
no password is checked at all until the window has passed. The middleware recognises the
login views themselves (any LoginView, and the admin's login), so a login page added later
is limited without anyone remembering to wrap it.

A sign-up, a password reset, an invitation or its Accept (which email the invited address)
and an organiser's "send the private link again" count whatever their outcome, per client
address, and a reset or an invitation also per email address it would write to, a private
link's email per sign-up: nobody can fill a stranger's inbox, or make accounts by the
thousand. Over the limit, the view does not run.
"""

import hashlib
import ipaddress

from django.conf import settings
from django.contrib.admin.sites import AdminSite
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.contrib.auth.views import LoginView
from django.dispatch import receiver
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

from sueca_club import cache

PREFIX = "login-failures"


def client_address(request) -> str:
    """The client's address: the one the nearest of settings.TRUSTED_PROXIES proxies saw.

    Each trusted proxy appends the address it was reached from to X-Forwarded-For, so the
    client is the TRUSTED_PROXIES-th entry from the right; entries further left are whatever
    the client sent and are never believed. IPv6 clients count per /64, which one host owns.
    """
    address = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                     if part.strip()]
        if len(forwarded) >= proxies:
            address = forwarded[-proxies]
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _keys(request, username: str) -> list[str]:
    """The address's key, then the username's at that address (when there is a username)."""
    address = client_address(request)
    keys = [f"{PREFIX}:ip:{address}"]
    username = (username or "").strip().lower()
    if username:
        digest = hashlib.sha256(f"{username}\0{address}".encode()).hexdigest()
        keys.append(f"{PREFIX}:user-ip:{digest}")
    return keys


def blocked(request, username: str) -> bool:
    address_key, *user_key = _keys(request, username)
    counts = cache.get_many([address_key, *user_key])
    return (counts.get(address_key, 0) >= settings.LOGIN_ADDRESS_RATE_LIMIT[0]
            or any(counts.get(key, 0) >= settings.LOGIN_RATE_LIMIT[0] for key in user_key))


def count_failure(request, username: str) -> None:
    address_key, *user_key = _keys(request, username)
    cache.count([address_key], settings.LOGIN_ADDRESS_RATE_LIMIT[1])
    cache.count(user_key, settings.LOGIN_RATE_LIMIT[1])


def _post_limits(request, name: str) -> dict[str, tuple[int, int]]:
    """The counts a POST to `name` is held to, by key: its connection's and, for a write that
    emails the address it is given, that address's (EMAIL_RATE_LIMITS), or the address of
    the object its URL names, that URL's (PATH_RATE_LIMITS)."""
    limits = {f"posts:{name}:ip:{client_address(request)}": settings.POST_RATE_LIMITS[name]}
    email = request.POST.get("email", "").strip().lower()
    if email and name in settings.EMAIL_RATE_LIMITS:
        digest = hashlib.sha256(email.encode()).hexdigest()
        limits[f"posts:{name}:email:{digest}"] = settings.EMAIL_RATE_LIMITS[name]
    if name in settings.PATH_RATE_LIMITS:
        digest = hashlib.sha256(request.path.encode()).hexdigest()
        limits[f"posts:{name}:path:{digest}"] = settings.PATH_RATE_LIMITS[name]
    return limits


def reset(request, username: str = "") -> None:
    """Forget the counts of this request's address and `username` (tests, support)."""
    cache.delete_many(_keys(request, username))


@receiver(user_login_failed, dispatch_uid="sueca_club.ratelimit.count_failure")
def _login_failed(sender, credentials, request=None, **kwargs):
    if request is not None:
        username_field = get_user_model().USERNAME_FIELD
        count_failure(request, str(credentials.get(username_field, "")))


def is_login_view(view) -> bool:
    view_class = getattr(view, "view_class", None)
    if isinstance(view_class, type) and issubclass(view_class, LoginView):
        return True
    return isinstance(getattr(view, "__self__", None), AdminSite) and view.__name__ == "login"


class RateLimitMiddleware:
    """Answer 429, without running the view, to a login, a sign-up or a password reset POST
    over its limit."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, view_args, view_kwargs):
        if request.method != "POST":
            return None
        if is_login_view(view):
            if blocked(request, request.POST.get(get_user_model().USERNAME_FIELD, "")):
                return _refused(request, "registration/login_limited.html",
                                settings.LOGIN_RATE_LIMIT[1])
            return None
        name = request.resolver_match.url_name if request.resolver_match else None
        if name not in settings.POST_RATE_LIMITS:
            return None
        limits = _post_limits(request, name)
        counts = cache.get_many(list(limits))  # none while the cache is unavailable
        if over := [window for key, (attempts, window) in limits.items()
                    if counts.get(key, 0) >= attempts]:
            return _refused(request, "registration/too_many.html", max(over))
        for key, (_attempts, window) in limits.items():
            cache.count([key], window)
        return None


def _refused(request, template: str, window: int):
    """The page that says so, leading back to the page the form was on (its Referer, when it
    is this site's): an organiser's button pressed once too often is no dead end."""
    back = request.headers.get("Referer", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = ""
    response = render(request, template, {"minutes": max(window // 60, 1), "back": back},
                      status=429)
    response["Retry-After"] = str(window)
    return response
