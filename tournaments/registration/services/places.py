"""The organiser's settings, the places and the waiting list: who takes a place, who waits,
and who moves up when one frees (a withdrawal, a refusal, a larger field, an entry removed,
the start)."""

from django.utils import timezone
from django.utils.translation import gettext as _

from sueca_club import outbox
from tournaments.models import Entry, Tournament
from tournaments.registration import selectors
from tournaments.registration.models import Registration, SignUp
from tournaments.registration.services.players import (
    newcomers_join,
    require_new_to_the_tournament,
)
from tournaments.services import rows
from tournaments.services.errors import TournamentRefused
from tournaments.services.setup import require_partnerships_fit


def registration_for(tournament: Tournament) -> Registration:
    """The tournament's sign-up settings (made, closed, the first time they are asked for)."""
    registration, _created = Registration.objects.get_or_create(tournament=tournament)
    return registration


def draft(tournament_id: int) -> Tournament:
    """The tournament, locked, while its sign-ups can change (before the start)."""
    tournament = rows.locked(tournament_id)
    if tournament.status != Tournament.Status.DRAFT:
        raise TournamentRefused(_("The tournament has started: its sign-ups can no longer change."))
    return tournament


def signup_now(signup: SignUp) -> SignUp:
    """The sign-up as it is now, read after the tournament's lock."""
    return SignUp.objects.select_related("partnership__player_1", "partnership__player_2",
                                         "entry").get(pk=signup.pk)


@outbox.service
def registration_update(*, tournament: Tournament, open: bool, cap: int | None, closes_at,
                        approval: bool, check_in_from) -> Registration:
    """The organiser's settings. A higher cap (or none) moves the waiting list up at once."""
    tournament = draft(tournament.pk)
    registration = registration_for(tournament)
    registration.open, registration.cap, registration.closes_at = open, cap, closes_at
    registration.approval, registration.check_in_from = approval, check_in_from
    registration.save()
    move_up_waiting(tournament, registration)
    rows.bump(tournament)
    return registration


def room(tournament: Tournament, registration: Registration) -> bool:
    places = selectors.places(tournament, registration)
    return places.free is None or places.free > 0


def accept(tournament: Tournament, signup: SignUp, *, checked_in: bool = False) -> None:
    """Into the tournament: an entry, and its partnership and players in the club's roster
    from now (every way in comes here, but the organiser's own registration)."""
    require_partnerships_fit(tournament, [signup.partnership])
    require_new_to_the_tournament(tournament, signup.partnership.players, leaving=signup)
    signup.entry = Entry.objects.create(tournament=tournament, partnership=signup.partnership,
                                        checked_in=checked_in)
    newcomers_join(signup)
    signup.status = SignUp.Status.ACCEPTED
    signup.save(update_fields=["entry", "status"])


def move_up(tournament: Tournament, signup: SignUp) -> None:
    """A partnership on the waiting list into the tournament (checked in if it came to the
    door), told so: on its private link at once, and by email after the commit."""
    accept(tournament, signup, checked_in=signup.here)
    moved_up(signup)


def stand_ins_move_up(tournament: Tournament, signups: list[SignUp]) -> None:
    """At the start (setup.tournament_start, in its transaction): these checked-in partnerships
    of the waiting list move up, in turn, into the places of the entries that did not check
    in, as the organiser's move up does, and are told so."""
    for signup in signups:
        move_up(tournament, signup)


def moved_up(signup: SignUp) -> None:
    """Record that `signup` has just moved from the waiting list into the tournament (also
    when the organiser registers its partnership: setup._take_in_sign_ups), for its private
    link, and email it so after the commit."""
    signup.moved_up_at = timezone.now()
    signup.save(update_fields=["moved_up_at"])
    outbox.follow("tournaments.signup_moved_up_email", signup_id=signup.pk)


def _queue(signup: SignUp) -> None:
    signup.status, signup.queued_at = SignUp.Status.WAITING, timezone.now()
    signup.save(update_fields=["status", "queued_at"])


def place(tournament: Tournament, registration: Registration, signup: SignUp) -> None:
    """Into the tournament while there is room, else onto the waiting list."""
    if room(tournament, registration):
        accept(tournament, signup)
    else:
        _queue(signup)


def hold_or_queue(tournament: Tournament, registration: Registration, signup: SignUp) -> None:
    """Sign-ups accepted at once: while the organiser confirms its players, a sign-up holds a
    place if there is one, else it has its turn on the waiting list."""
    if registration.approval:
        return
    if room(tournament, registration):
        signup.holds_place = True
    else:
        signup.queued_at = timezone.now()


def move_up_waiting(tournament: Tournament, registration: Registration) -> None:
    """Fill the free places from the waiting list, first come first served. One whose
    players the organiser is confirming holds its place until then."""
    waiting = SignUp.objects.filter(
        tournament=tournament, status__in=(SignUp.Status.WAITING, SignUp.Status.CONFIRM),
        queued_at__isnull=False)
    for signup in waiting.select_related(*selectors.RELATED).order_by("queued_at", "id"):
        if not room(tournament, registration):
            break
        if signup.status == SignUp.Status.CONFIRM:  # told once its players are confirmed
            signup.queued_at, signup.holds_place, signup.moved_up_at = None, True, timezone.now()
            signup.save(update_fields=["queued_at", "holds_place", "moved_up_at"])
        else:
            move_up(tournament, signup)


def entry_leaving(entry: Entry) -> None:
    """The organiser removes an entry before the start (setup.entry_remove, in its
    transaction): a sign-up it came from is removed (its private link says who did it)."""
    SignUp.objects.filter(entry=entry).update(status=SignUp.Status.REMOVED, entry=None)


def places_freed(tournament: Tournament) -> None:
    """After setup.entry_remove: the waiting list moves up into the free place."""
    registration = Registration.objects.filter(tournament=tournament).first()
    if registration is not None:
        move_up_waiting(tournament, registration)
