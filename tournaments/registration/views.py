"""Public pages of sign-up and check-in: no login.

- /t/<slug>/sign-up/: the sign-up form (rate-limited per address, a honeypot field, a
  one-time form token), and beside it "lost your link?" (.../lost-link/): the private links
  emailed again to the address a sign-up was made with, rate-limited per client address and
  per email address, with the same answer whatever the address;
- /t/<slug>/entry/<token>/...: a sign-up's private link (its status, check in, correct a
  name, withdraw; once started, its table and opponent): the random token is the credential;
- /t/<slug>/door/<door_token>/...: the check-in poster at the door: the tournament's token,
  then tapping one's own partnership and confirming.
"""

import re

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.crypto import constant_time_compare
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoring.services import ScoringRefused
from sueca_club import formtokens
from sueca_club.formtokens import create_once
from sueca_club.live import live_page, recent_version
from sueca_club.zones import club_zone_activate
from tournaments import selectors as tournament_selectors
from tournaments.models import Tournament
from tournaments.registration import selectors, services
from tournaments.registration.forms import LinkRecoveryForm, NamesForm, SignUpForm
from tournaments.registration.models import Registration, SignUp, door_token
from tournaments.views.manage import attempt, refuse

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what new_token() makes
# Where a sign-up stands for good: its private link stops asking after it.
FINAL = (*SignUp.GONE, "entry_withdrawn", "left_out", "not_taken")


def _tournament(slug: str) -> Tournament:
    """The tournament, its club's zone switched on (sueca_club/zones.py)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    club_zone_activate(tournament.club)
    return tournament


def _by_token(slug: str, token: str) -> SignUp:
    if not TOKEN.fullmatch(token):
        raise Http404
    signup = get_object_or_404(
        SignUp.objects.select_related("tournament__club", "partnership__player_1",
                                      "partnership__player_2", "entry"),
        token=token, tournament__slug=slug)
    club_zone_activate(signup.tournament.club)
    return signup


def _door(slug: str, token: str) -> Registration:
    """The registration of the tournament whose check-in poster carries `token`."""
    tournament = _tournament(slug)
    if not constant_time_compare(token, door_token(tournament)):
        raise Http404
    registration = selectors.registration(tournament)
    registration.tournament = tournament  # read already, with its club
    return registration


def _private(response):
    """A page behind a secret link: never kept by a cache, never told to another site."""
    response["Referrer-Policy"] = "same-origin"  # forms still post (CSRF checks Origin)
    return response


def sign_up(request, slug):
    """The sign-up page; its poll (htmx) asks for the places left alone, live: a 304 while
    the tournament's version stays (every sign-up, withdrawal and move up bumps it)."""
    if request.method == "GET" and request.htmx:
        return _places_polled(request, slug)
    return _sign_up(request, slug)


def _places_polled(request, slug):
    """The places left, or why sign-up is closed (and then the page's form goes): built for
    each new version it is asked for, never kept, since a closing time passes without a
    new version."""
    etag = recent_version(f"tournament-results:{slug}",
                          lambda: tournament_selectors.results_etag(slug))
    if etag is None:
        raise Http404

    def context():
        tournament = _tournament(slug)
        registration = selectors.registration(tournament)
        return {"tournament": tournament, "registration": registration,
                "closed": selectors.why_closed(tournament, registration),
                "places": selectors.places(tournament, registration),
                "live": tournament.status == Tournament.Status.DRAFT}

    return live_page(request, f"{etag}-sign-up", "tournaments/registration/sign_up.html",
                     "tournaments/registration/_sign_up_live.html", context, private=True)


@never_cache
@create_once
def _sign_up(request, slug):
    tournament = _tournament(slug)
    registration = selectors.registration(tournament)
    closed = selectors.why_closed(tournament, registration)
    form = SignUpForm(request.POST or None, players=services.players_per_partnership(tournament))
    if request.method == "POST" and not closed and formtokens.valid(request, form):
        if form.is_robot:  # said to have worked, and nothing is written
            messages.success(request, _("Thank you: your sign-up was sent."))
            return redirect("tournaments:tournament_sign_up", tournament.slug)
        data = form.cleaned_data
        try:
            signup = services.signup_create(tournament=tournament, names=form.names,
                                            contact=data["contact"], language=get_language())
        except ScoringRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, selectors.signed_up_answer(signup))
            return redirect(signup.get_absolute_url())
    return _sign_up_page(request, tournament, registration, form, LinkRecoveryForm())


def _sign_up_page(request, tournament, registration, form, lost_form):
    """The sign-up form, and beside it the form of a lost private link."""
    return render(request, "tournaments/registration/sign_up.html", {
        "tournament": tournament, "registration": registration,
        "closed": selectors.why_closed(tournament, registration), "form": form,
        "lost_form": lost_form, "places": selectors.places(tournament, registration),
        "live": tournament.status == Tournament.Status.DRAFT})


@never_cache
@require_POST
def link_recovery(request, slug):
    """"Lost your link?": the same answer whatever the address, so it tells nobody who signed
    up; the links go by email, to the address the sign-up was made with."""
    tournament = _tournament(slug)
    lost_form = LinkRecoveryForm(request.POST)
    if not lost_form.is_valid():
        form = SignUpForm(players=services.players_per_partnership(tournament))
        return _sign_up_page(request, tournament, selectors.registration(tournament), form,
                             lost_form)
    services.signup_links_send(tournament=tournament, email=lost_form.cleaned_data["email"],
                               language=get_language())
    messages.success(request, _("If a sign-up for this tournament was made with that address, "
                                "its private link is on its way there. Look in your inbox, and "
                                "in the spam folder."))
    return redirect("tournaments:tournament_sign_up", tournament.slug)


@require_safe
def signup_link(request, slug, token):
    """The private link, live: htmx polls where the partnership stands (its number on the
    waiting list, moved up, checked in; once started, where it plays), and a poll while
    nothing changed is a 304 that costs the tournament's version alone (every write of the
    sign-ups, a draw and a result bump it). Never kept by a shared cache; the whole page is
    never stored (it carries the forms of a secret link).

    A poll names the page's `shape` (where the sign-up stands, and which forms the page
    shows): when that has changed (moved up, checked in elsewhere, the start), the poll has
    the whole page loaded again, so its forms, and the answer to what was last done on it,
    are never left over from before."""
    if not TOKEN.fullmatch(token):
        raise Http404
    etag = None
    if request.htmx:
        etag = tournament_selectors.results_etag(slug)
        if etag is None:
            raise Http404
        etag += "-entry"
    made = {}

    def context():
        page = _link_page(_by_token(slug, token))
        made["shape"] = page["shape"]
        return page

    response = live_page(request, etag, "tournaments/registration/link.html",
                         "tournaments/registration/_link_live.html", context, private=True)
    if etag is None:
        add_never_cache_headers(response)
    elif response.status_code == 200 and made["shape"] != request.GET.get("shape"):
        response = HttpResponse()
        response["HX-Refresh"] = "true"
        add_never_cache_headers(response)  # never answered again from the browser's cache
    return _private(response)


def _link_page(signup: SignUp, names_form: NamesForm | None = None) -> dict:
    """What the private link's page shows; `names_form` is a refused name correction."""
    tournament = signup.tournament
    registration = selectors.registration(tournament)
    status = selectors.status_of(signup)
    forms = (tournament.status == Tournament.Status.DRAFT
             and status.code not in SignUp.GONE)
    can_check_in = selectors.can_check_in(signup, registration)
    return {
        "tournament": tournament, "signup": signup, "registration": registration,
        "status": status, "place": selectors.place_of(signup), "forms": forms,
        "can_check_in": can_check_in, "shape": f"{status.code}.{forms:d}.{can_check_in:d}",
        "withdrawing": selectors.withdrawing(signup) if forms else "",
        "live": tournament.status != Tournament.Status.FINISHED
        and status.code not in FINAL,
        "names_form": names_form or NamesForm(
            players=len(signup.player_names),
            initial={f"name_{seat}": name
                     for seat, name in enumerate(signup.player_names, start=1)}),
    }


@never_cache
@require_POST
def signup_check_in(request, slug, token):
    signup = _by_token(slug, token)
    try:
        checked = services.signup_check_in(signup=signup)
    except ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, selectors.checked_in_answer(checked))
    return redirect(signup.get_absolute_url())


@never_cache
@require_POST
def signup_rename(request, slug, token):
    signup = _by_token(slug, token)
    form = NamesForm(request.POST, players=services.players_per_partnership(signup.tournament))
    if form.is_valid():
        try:
            services.signup_rename(signup=signup, names=form.names)
        except ScoringRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, _("The names are corrected."))
            return redirect(signup.get_absolute_url())
    page = _link_page(signup, names_form=form)
    if not page["forms"]:  # started or withdrawn meanwhile: the page has no panel to say it in
        refuse(request, form)
        return redirect(signup.get_absolute_url())
    # The page again, its panel open on the names as typed and what is wrong with them
    return _private(render(request, "tournaments/registration/link.html", page, status=400))


@never_cache
@require_POST
def signup_withdraw(request, slug, token):
    signup = _by_token(slug, token)
    attempt(request, lambda: services.signup_withdraw(signup=signup),
             _("You have withdrawn from the tournament."))
    return redirect(signup.get_absolute_url())


@require_safe
def door(request, slug, door_token):
    """The check-in poster's page: every partnership that may check in, to tap one's own.

    Live, for the volunteer who keeps it open at the door: htmx polls the list, and a poll
    while nothing changed is a 304 for one query (the tournament's version, and whether
    check-in is open now): a check-in on another phone, a sign-up, a name, the opening time
    and the start all show within a poll. Never kept by a shared cache (the address is the
    poster's secret); static/js/site.js holds the poll while a field or a details of the
    list is open under the volunteer's finger."""
    etag = None
    if request.htmx:
        etag = selectors.door_etag(slug, door_token)
        if etag is None:
            raise Http404

    def context():
        registration = _door(slug, door_token)
        tournament = registration.tournament
        return {"tournament": tournament, "registration": registration,
                "open": registration.check_in_open()
                and tournament.status == Tournament.Status.DRAFT,
                "rows": selectors.door_rows(tournament),
                "live": tournament.status == Tournament.Status.DRAFT}

    response = live_page(request, etag, "tournaments/registration/door.html",
                         "tournaments/registration/_door_live.html", context, private=True)
    if etag is None:
        add_never_cache_headers(response)
    return _private(response)


@never_cache
@require_http_methods(["GET", "POST"])
def door_check_in(request, slug, door_token, signup_id):
    """"Is this you?" and the "We are here" button, for one partnership of the poster's page."""
    registration = _door(slug, door_token)
    signup = get_object_or_404(registration.tournament.signups.select_related(
        "partnership__player_1", "partnership__player_2", "entry"), pk=signup_id,
        status__in=SignUp.STANDING)
    if not signup.in_line:
        raise Http404
    return _at_the_door(request, registration, signup.player_names,
                        selectors.status_of(signup, at_door=True),
                        lambda tournament: selectors.checked_in_answer(
                            services.door_check_in(tournament=tournament, door_token=door_token,
                                                   signup=signup),
                            name=signup.display_name))


@never_cache
@require_http_methods(["GET", "POST"])
def door_entry_check_in(request, slug, door_token, entry_id):
    """The same for a partnership the organiser registered (it has no sign-up)."""
    registration = _door(slug, door_token)
    entry = get_object_or_404(registration.tournament.entries.select_related(
        "partnership__player_1", "partnership__player_2"), pk=entry_id, signup=None)

    def check_in(tournament):
        services.door_entry_check_in(tournament=tournament, door_token=door_token, entry=entry)
        return _("%(name)s: you are checked in.") % {"name": entry.partnership.display_name}

    return _at_the_door(request, registration, [player.name for player in entry.partnership.players],
                        None, check_in)


def _at_the_door(request, registration, names: list[str], status, check_in):
    """The confirmation page (GET), or the check-in (POST: `check_in` answers what to say),
    back to the poster's list."""
    tournament = registration.tournament
    if request.method == "POST":
        try:
            messages.success(request, check_in(tournament))
        except ScoringRefused as refused:
            messages.error(request, refused.message)
        return redirect("tournaments:door", tournament.slug, registration.door_token)
    return _private(render(request, "tournaments/registration/door_confirm.html", {
        "tournament": tournament, "registration": registration, "names": names,
        "status": status}))
