"""Organiser pages of sign-up and check-in, under /manage/<club>/tournaments/<slug>/: the
settings and the sign-ups (confirm who signed up, change a player, approve, turn down, move
up, a sign-up's private link given again), the live check-in board, and the two posters
(sign-up, and check-in at the door)."""

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from sueca_club.live import live_page
from tournaments import selectors as tournament_selectors
from tournaments.models import Tournament
from tournaments.registration import selectors, services
from tournaments.registration.forms import NamesForm, PlayersForm, RegistrationForm
from tournaments.registration.models import SignUp, door_token
from tournaments.views.manage import attempt, owned_tournament, refuse


def _signups_page(tournament):
    return redirect("manage_tournaments:signups", tournament.club.slug, tournament.slug)


def landing(page: str, tournament, row: str | None):
    """Back to the sign-ups or check-in `page` at `row` (`signup-12`, `entry-5`): the page
    says the action's answer there, not at its top (selectors.landed); to its top without."""
    url = reverse(f"manage_tournaments:{page}", args=[tournament.club.slug, tournament.slug])
    return redirect(f"{url}?at={row}#landed" if row else url)


def _after(tournament, signup: SignUp, was: str) -> str:
    """The row to land on after an answer to `signup` (`was` its status before): the next
    sign-up still waiting in its list, else the row it moved to (turned down: its row under
    "Withdrawn or turned down")."""
    board = selectors.board(tournament)
    still = {SignUp.Status.CONFIRM: board.confirm, SignUp.Status.PENDING: board.pending,
             SignUp.Status.WAITING: board.waiting}.get(was, [])
    following = selectors.next_of(still, signup.pk)
    if following is not None:
        return f"signup-{following.pk}"
    return _row(signup)


def _row(signup: SignUp) -> str:
    """The sign-up's row as it stands now: its entry's, once in the tournament."""
    signup.refresh_from_db(fields=["status", "entry"])
    return f"entry-{signup.entry_id}" if signup.entry_id else f"signup-{signup.pk}"


def check_in_landing(tournament, entry) -> str:
    """After "Check in" on the check-in board, the next partnership not here yet; after
    "Undo", the row itself."""
    entry.refresh_from_db(fields=["checked_in"])
    if entry.checked_in:
        waiting = [e for e in selectors.board(tournament).entries if not e.checked_in]
        following = selectors.next_of(waiting, entry.pk)
        if following is not None:
            return f"entry-{following.pk}"
    return f"entry-{entry.pk}"


def _signup(tournament, signup_id: int) -> SignUp:
    return get_object_or_404(tournament.signups.select_related(
        "partnership__player_1", "partnership__player_2"), pk=signup_id)


def _players_forms(tournament, board) -> None:
    """A form beside each sign-up whose players the organiser confirms (one query for all)."""
    namesakes = selectors.namesakes(tournament.club,
                                    [name for signup in board.confirm for name in signup.names])
    for signup in board.confirm:
        signup.players_form = PlayersForm(names=signup.names, namesakes=namesakes,
                                          prefix=f"s{signup.pk}")


def _change_forms(board) -> None:
    """A form beside each partnership in the tournament from a sign-up, to change a player."""
    for signup in [entry.from_signup for entry in board.entries if entry.from_signup]:
        signup.change_form = NamesForm(
            players=len(signup.player_names), prefix=f"c{signup.pk}",
            initial={f"name_{seat}": name
                     for seat, name in enumerate(signup.player_names, start=1)})


@login_required
@require_safe
def signups(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    registration = selectors.registration(tournament)
    board = selectors.board(tournament)
    _players_forms(tournament, board)
    _change_forms(board)
    return render(request, "tournaments/registration/manage_signups.html", {
        "tournament": tournament, "club": tournament.club, "registration": registration,
        "draft": tournament.status == Tournament.Status.DRAFT,  # sign-ups change only before
        "form": RegistrationForm.of(registration), "board": board,
        "landed": selectors.landed(request.GET.get("at", ""), board),
        "places": selectors.places(tournament, registration),
        "closed": selectors.why_closed(tournament, registration, to_organiser=True),
        "public_url": request.build_absolute_uri(
            reverse("tournaments:tournament_sign_up", args=[tournament.slug])),
    })


@login_required
@require_POST
def registration_update(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    form = RegistrationForm(request.POST)
    if not form.is_valid():
        refuse(request, form)
        return _signups_page(tournament)
    attempt(request, lambda: services.registration_update(tournament=tournament,
                                                          **form.cleaned_data),
            _("The sign-up settings are saved."))
    return _signups_page(tournament)


def _decide(request, club_slug, slug, signup_id, service, done: str):
    tournament = owned_tournament(request, club_slug, slug)
    signup = _signup(tournament, signup_id)
    was = signup.status
    attempt(request, lambda: service(signup=signup, by=request.user),
            done % {"name": signup.display_name})
    page = "check_in_board" if request.POST.get("next") == "check-in" else "signups"
    return landing(page, tournament, _after(tournament, signup, was))


@login_required
@require_POST
def signup_players(request, club_slug, slug, signup_id):
    """The organiser says who signed up, for a sign-up with a name the club's players have."""
    tournament = owned_tournament(request, club_slug, slug)
    signup = _signup(tournament, signup_id)
    form = PlayersForm(request.POST, names=signup.names, prefix=f"s{signup.pk}",
                       namesakes=selectors.namesakes(tournament.club, signup.names))
    if not form.is_valid():
        refuse(request, form)
    else:
        attempt(request, lambda: services.signup_players_confirm(
            signup=signup, names=form.names, by=request.user),
            _("The players of %(name)s are confirmed.") % {"name": signup.display_name})
    return landing("signups", tournament, _after(tournament, signup, SignUp.Status.CONFIRM))


@login_required
@require_POST
def signup_players_change(request, club_slug, slug, signup_id):
    """The organiser changes a player of a sign-up: it keeps its place."""
    tournament = owned_tournament(request, club_slug, slug)
    signup = _signup(tournament, signup_id)
    form = NamesForm(request.POST, players=len(signup.player_names), prefix=f"c{signup.pk}")
    if not form.is_valid():
        refuse(request, form)
    else:
        was = signup.display_name
        if attempt(request, lambda: services.signup_players_change(
                signup=signup, names=form.names, by=request.user), ""):
            signup = _signup(tournament, signup.pk)
            messages.success(request, _("%(was)s are now %(name)s.")
                             % {"was": was, "name": signup.display_name})
    return landing("signups", tournament, _row(signup))


@login_required
@require_POST
def signup_approve(request, club_slug, slug, signup_id):
    return _decide(request, club_slug, slug, signup_id, services.signup_approve,
                   _("%(name)s approved."))


@login_required
@require_POST
def signup_refuse(request, club_slug, slug, signup_id):
    return _decide(request, club_slug, slug, signup_id, services.signup_refuse,
                   _("%(name)s turned down: out of the tournament's sign-ups (listed under "
                     "“Withdrawn or turned down”), and their private link now says so. Should "
                     "they sign up again, their new sign-up here says they were turned down."))


@login_required
@require_POST
def signup_move_up(request, club_slug, slug, signup_id):
    return _decide(request, club_slug, slug, signup_id, services.signup_move_up,
                   _("%(name)s moved up from the waiting list into the tournament."))


@login_required
@never_cache  # it shows the sign-up's secret link: kept by no cache
@require_safe
def signup_private_link(request, club_slug, slug, signup_id):
    """A sign-up's private link given again, to show at the door (its QR code) or to send
    from the organiser's phone (an SMS), or emailed again: for a partnership that lost it."""
    tournament = owned_tournament(request, club_slug, slug)
    signup = _signup(tournament, signup_id)
    link = selectors.private_link(signup)
    return render(request, "tournaments/registration/manage_link.html", {
        "tournament": tournament, "club": tournament.club, "signup": signup, "link": link,
        "status": selectors.status_of(signup),  # as the link itself says it
        "standing": signup.status in SignUp.STANDING,
        "qr": _qr(link.url, _("Private link of %(name)s") % {"name": signup.display_name})})


@login_required
@require_POST
def signup_private_link_email(request, club_slug, slug, signup_id):
    """"Send by email again": the lost-link email, to the address the sign-up gave."""
    tournament = owned_tournament(request, club_slug, slug)
    signup = _signup(tournament, signup_id)
    attempt(request, lambda: services.signup_link_email(signup=signup, by=request.user),
            _("The private link of %(name)s is on its way to %(address)s.")
            % {"name": signup.display_name, "address": signup.contact})
    return redirect("manage_tournaments:signup_private_link", tournament.club.slug,
                    tournament.slug, signup.pk)


@login_required
@require_safe
def check_in_board(request, club_slug, slug):
    """Who is here, live: htmx polls the fragment, answered 304 while nothing changed."""
    tournament = owned_tournament(request, club_slug, slug)

    def context():
        registration = selectors.registration(tournament)
        board = selectors.board(tournament)
        return {"tournament": tournament, "club": tournament.club,
                "registration": registration, "board": board,
                "landed": selectors.landed(request.GET.get("at", ""), board),
                "draft": tournament.status == tournament.Status.DRAFT,
                "undecided_signups": selectors.awaiting_the_organiser(tournament)}

    etag = f"{tournament_selectors.live_etag(slug)}-check-in" if request.htmx else None
    return live_page(request, etag, "tournaments/registration/manage_check_in.html",
                     "tournaments/registration/_check_in_board.html", context, private=True)


def _qr(url: str, title: str) -> str:
    return mark_safe(segno.make(url, error="m").svg_inline(  # noqa: S308 - segno's own SVG
        scale=8, light="#fff", title=title, omitsize=True))


@login_required
@require_safe
def poster(request, club_slug, slug, kind):
    """A poster to print: the sign-up page's QR code, or the door's check-in QR code (which
    carries the tournament's check-in token: put it up only at the door)."""
    tournament = owned_tournament(request, club_slug, slug)
    if kind == "door":
        url = reverse("tournaments:door", args=[tournament.slug, door_token(tournament)])
    else:
        url = reverse("tournaments:tournament_sign_up", args=[tournament.slug])
    url = request.build_absolute_uri(url)
    return render(request, "tournaments/registration/poster.html", {
        "tournament": tournament, "club": tournament.club, "kind": kind, "url": url,
        "qr": _qr(url, _("Check in") if kind == "door" else _("Sign up")),
        "registration": selectors.registration(tournament)})
