"""Rate limits: failed logins per client address and per username (settings.LOGIN_RATE_LIMIT),
and the requests that create an account or send an email (settings.POST_RATE_LIMITS).

The counters live in the default cache, which is Redis in production, so every gunicorn
process sees the same counts. For logins only failures count (a café full of organisers
behind one address can log in all evening), and a success never resets them: otherwise an
attacker could clear the address's count by logging into an account of their own between
guesses.

Once either count reaches the limit, a login POST is answered 429 before the login view runs,
so no password is checked at all until the window has passed. The middleware recognises the
login views themselves (any LoginView, and the admin's login), so a login page added later
is limited without anyone remembering to wrap it.

A sign-up or a password reset counts whatever its outcome, per client address, and a reset
also per email address it would write to: nobody can fill a stranger's inbox, or make
accounts by the thousand. Over the limit, the view does not run.
"""

import hashlib
import ipaddress
import logging

from django.conf import settings
from django.contrib.admin.sites import AdminSite
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.dispatch import receiver
from django.shortcuts import render

from sueca_club.cache import UNAVAILABLE

PREFIX = "login-failures"
logger = logging.getLogger(__name__)


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
    keys = [f"{PREFIX}:ip:{client_address(request)}"]
    username = (username or "").strip().lower()
    if username:
        keys.append(f"{PREFIX}:user:{hashlib.sha256(username.encode()).hexdigest()}")
    return keys


def blocked(request, username: str) -> bool:
    attempts, _window = settings.LOGIN_RATE_LIMIT
    return _over(_keys(request, username), attempts)


def count_failure(request, username: str) -> None:
    _attempts, window = settings.LOGIN_RATE_LIMIT
    _count(_keys(request, username), window)


def _over(keys: list[str], attempts: int) -> bool:
    """Whether any count is at the limit; never while the cache is down (the requests go on,
    uncounted, rather than fail: sueca_club/cache.py)."""
    try:
        counts = cache.get_many(keys)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: requests are not limited", exc_info=True)
        return False
    return any(count >= attempts for count in counts.values())


def _count(keys: list[str], window: int) -> None:
    try:
        for key in keys:
            cache.add(key, 0, timeout=window)  # the window starts at the first request
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, timeout=window)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: a request is not counted", exc_info=True)


def _post_keys(request, name: str) -> list[str]:
    keys = [f"posts:{name}:ip:{client_address(request)}"]
    email = request.POST.get("email", "").strip().lower()
    if name == "password_reset" and email:
        keys.append(f"posts:{name}:email:{hashlib.sha256(email.encode()).hexdigest()}")
    return keys


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
        attempts, window = settings.POST_RATE_LIMITS[name]
        keys = _post_keys(request, name)
        if _over(keys, attempts):
            return _refused(request, "registration/too_many.html", window)
        _count(keys, window)
        return None


def _refused(request, template: str, window: int):
    response = render(request, template, {"minutes": max(window // 60, 1)}, status=429)
    response["Retry-After"] = str(window)
    return response
