"""Every URL pattern of the site, read from the URL configuration: what it accepts, who may write.

Nothing here is a hand-kept list of endpoints. `routes()` walks `get_resolver()` recursively;
a route is a *write* when its view accepts POST, read from the view itself: the method list
of `require_POST`/`require_GET`/`require_http_methods` (found through the `__wrapped__`
chain of its decorators) or a class-based view's handlers; a view with no such restriction
accepts every method, so it counts as a write too. tests/security/test_read_only_routes.py
checks the reading by trying: every route read as not a write answers 405 to a POST.

Each write route then gets its audience from its place in DESIGN.md's "URLs by audience"
table, and anything that fits none of them is an error, not a guess.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.resolvers import RegexPattern, RoutePattern

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}

# Audiences of the write routes (DESIGN.md, "URLs by audience").
ORGANISER = "organiser"  # /manage/...: login, and the object's club must be one of the user's
TOKEN = "token"  # /r/<token>/..., /api/v1/referee/<token>/...: the token is the credential
STAFF = "staff"  # /admin/...: Django admin, staff only
PUBLIC = "public"  # no credential: the exemptions listed below
OWN_ACCOUNT = "own account"  # any signed-in user, acting on their own account only
EMAILED_LINK = "emailed link"  # a signed link sent to one player: the signature is the credential
SIGNUP_LINK = "sign-up link"  # a partnership's private link: its random token is the credential
DOOR_POSTER = "door poster"  # the check-in poster at the door: the tournament's signed token

PREFIXES = [
    ("manage/", ORGANISER),
    ("r/", TOKEN),
    ("api/v1/referee/", TOKEN),
    ("admin/", STAFF),
]

# Writes open to anyone, each with the reason it is safe. A route here that no longer exists
# fails test_the_exemptions_are_exactly_the_routes_found, so this list cannot go stale.
PUBLIC_WRITES = {
    "accounts/login/": "logging in; failures are rate-limited (sueca_club/ratelimit.py)",
    "admin/login/": "the admin's login; rate-limited like the site's",
    "accounts/signup/": "anyone may register (and then create a club of their own); "
                        "rate-limited per address",
    "accounts/password_reset/": "asks for a reset email; says nothing about the address; "
                                "rate-limited per address and per email",
    "accounts/reset/<uidb64>/<token>/": "Django's signed, expiring token in the email is the "
                                        "credential",
    "i18n/setlang/": "sets the visitor's own language cookie",
    "t/<slug:slug>/sign-up/": "anyone may sign a partnership up for an open tournament; "
                              "rate-limited per address, a honeypot field, a one-time form "
                              "token; it creates only a sign-up the organiser sees",
    "t/<slug:slug>/sign-up/lost-link/": "emails a sign-up's private link again, only to the "
                                        "address it was made with; answers the same whatever "
                                        "the address; rate-limited per address and per email",
    "accounts/logout/": "ends the poster's own session",
    "admin/logout/": "ends the poster's own session",
}
# Writes by any signed-in user that only ever touch what is theirs.
OWN_ACCOUNT_WRITES = {
    "manage/": "creates a new club, whose only organiser is the user who posts",
    "accounts/password_change/": "changes the signed-in user's own password",
}
# Writes by a signed link in an email, good for one player and one thing.
EMAILED_LINK_WRITES = {
    "t/unsubscribe/<str:token>/": "turns off the emails of the one player the link was signed for",
}
# Writes by a partnership's private link (tournaments/registration): check in, correct a name,
# withdraw; the token, made at sign-up and shown only to whoever signed up, is the credential.
SIGNUP_LINK_PREFIX = "t/<slug:slug>/entry/<str:token>/"
# Check-in at the door: the poster's URL carries the tournament's signed check-in token, and
# checking in takes tapping one's own partnership and confirming; rate-limited per address.
DOOR_POSTER_PREFIX = "t/<slug:slug>/door/<str:door_token>/"
# Writes that skip Django's CSRF check: they take no cookie, only the credential in the URL.
CSRF_EXEMPT = {
    "api/v1/referee/": "the referee's phone posts JSON with the table's token in the URL",
    "r/": "the referee's page posts its forms with the table's token in the URL, as the API; "
          "an organiser logging in on the same phone would otherwise refuse its next deal",
    "t/unsubscribe/": "one-click unsubscribe (RFC 8058): mail programs post without cookies",
    "i18n/setlang/": "sets only the poster's own language cookie; with no token in the form, "
                     "a public page is the same for every visitor and rendered once",
}


class Unclassified(AssertionError):
    """A route the walker cannot place: say where it goes in urlmap.py."""


@dataclass(frozen=True, eq=False)
class Route:
    route: str  # the full route, e.g. "manage/<slug:club_slug>/players/add/"
    callback: Callable
    patterns: tuple = field(repr=False)  # each level's pattern, to build the URL
    default_args: dict = field(default_factory=dict, repr=False)

    def __str__(self):
        return self.route

    @property
    def kwargs(self) -> list[str]:
        """The names the URL needs filled, outermost first."""
        names = []
        for pattern in self.patterns:
            if isinstance(pattern, RoutePattern):
                names += list(pattern.converters)
            elif isinstance(pattern, RegexPattern):
                names += list(pattern.regex.groupindex)
            else:
                raise Unclassified(f"{self.route}: unknown pattern type {type(pattern).__name__}")
        return names

    @property
    def methods(self) -> frozenset[str] | None:
        """The HTTP methods the view accepts; None when it accepts any."""
        return accepted_methods(self.callback)

    @property
    def is_write(self) -> bool:
        methods = self.methods
        return methods is None or bool(methods & WRITE_METHODS)

    @property
    def accepts_get(self) -> bool:
        return self.methods is None or "GET" in self.methods

    @property
    def csrf_exempt(self) -> bool:
        return bool(getattr(self.callback, "csrf_exempt", False))

    def url(self, values: dict) -> str:
        """The path with `values` filled in, checked by resolving it back to this route."""
        missing = [name for name in self.kwargs if name not in values]
        if missing:
            raise Unclassified(f"{self.route}: no value for {missing}")
        path = "/" + "".join(_fill(pattern, values, self.route) for pattern in self.patterns)
        found = resolve(path)
        expected = {name: str(values[name]) for name in self.kwargs}
        if found.func != self.callback or {k: str(v) for k, v in found.kwargs.items()
                                          if k in expected} != expected:
            raise Unclassified(f"{self.route}: the URL {path} resolves to {found.route} "
                               f"{found.kwargs}, not to this route")
        return path


def _fill(pattern, values: dict, route: str) -> str:
    if isinstance(pattern, RoutePattern):
        text = str(pattern)
        for name, converter in pattern.converters.items():
            text = re.sub(rf"<(?:\w+:)?{name}>", str(converter.to_url(values[name])), text)
        return text
    text = pattern.regex.pattern.removeprefix("^").removesuffix("$").removesuffix(r"\Z")
    text = re.sub(r"\(\?P<(\w+)>[^()]*\)", lambda m: str(values[m.group(1)]), text)
    if re.search(r"[()\[\]*+?^$|\\]", text):
        raise Unclassified(f"{route}: cannot build a URL from the regex {pattern.regex.pattern!r}")
    return text


def accepted_methods(view) -> frozenset[str] | None:
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        return frozenset(name.upper() for name in view_class.http_method_names
                         if name != "options" and hasattr(view_class, name))
    seen = set()
    while view is not None and id(view) not in seen:
        seen.add(id(view))
        code = getattr(view, "__code__", None)
        if code is not None and "request_method_list" in code.co_freevars:  # require_http_methods
            cell = view.__closure__[code.co_freevars.index("request_method_list")]
            return frozenset(method.upper() for method in cell.cell_contents)
        view = getattr(view, "__wrapped__", None)
    return None


def routes() -> list[Route]:
    def walk(patterns, above):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, above + (entry.pattern,))
            elif isinstance(entry, URLPattern):
                parts = above + (entry.pattern,)
                yield Route("".join(str(p) for p in parts), entry.callback, parts,
                            dict(entry.default_args))
            else:
                raise Unclassified(f"unknown URL entry {entry!r}")

    return list(walk(get_resolver().url_patterns, ()))


def audience(route: Route) -> str:
    if route.route in PUBLIC_WRITES:
        return PUBLIC
    if route.route in OWN_ACCOUNT_WRITES:
        return OWN_ACCOUNT
    if route.route in EMAILED_LINK_WRITES:
        return EMAILED_LINK
    if route.route.startswith(SIGNUP_LINK_PREFIX):
        return SIGNUP_LINK
    if route.route.startswith(DOOR_POSTER_PREFIX):
        return DOOR_POSTER
    for prefix, who in PREFIXES:
        if route.route.startswith(prefix):
            return who
    raise Unclassified(
        f"{route.route} accepts {sorted(route.methods or ['every method'])} but is under no "
        "audience of DESIGN.md. Restrict it to GET (@require_GET) if it writes nothing, "
        "or add it to tests/security/urlmap.py with who may post to it.")


def write_routes() -> list[Route]:
    return [route for route in routes() if route.is_write]


def read_only_routes() -> list[Route]:
    return [route for route in routes() if not route.is_write]
