""""We are here": from the partnership's private link, or from the poster at the door, once
check-in has opened."""

from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from sueca_club import outbox
from tournaments.models import Entry, Tournament
from tournaments.registration.models import SignUp
from tournaments.registration.models import door_token as door_of
from tournaments.registration.services.places import draft, registration_for, signup_now
from tournaments.services import rows
from tournaments.services.errors import TournamentRefused


def _check_in(tournament: Tournament, signup: SignUp) -> SignUp:
    if not registration_for(tournament).check_in_open():
        raise TournamentRefused(_("Check-in has not opened yet."))
    if not signup.in_line:
        raise TournamentRefused(_("Only an accepted partnership, or one on the waiting list, "
                                  "can check in."))
    if signup.entry_id:
        Entry.objects.filter(pk=signup.entry_id).update(checked_in=True)
    else:  # on the waiting list, or its players still to confirm: it keeps it
        signup.here = True
        signup.save(update_fields=["here"])
    rows.bump(tournament)
    return signup


@outbox.service
def signup_check_in(*, signup: SignUp) -> SignUp:
    """"We are here", from the partnership's private link, once check-in has opened."""
    tournament = draft(signup.tournament_id)
    return _check_in(tournament, signup_now(signup))


@outbox.service
def door_check_in(*, tournament: Tournament, door_token: str, signup: SignUp) -> SignUp:
    """"We are here", from the poster at the door: its token is the tournament's, and the
    sign-up must be one of its own."""
    tournament = _at_the_door(tournament, door_token, signup.tournament_id)
    return _check_in(tournament, signup_now(signup))


@outbox.service
def door_entry_check_in(*, tournament: Tournament, door_token: str, entry: Entry) -> Entry:
    """The same for a partnership the organiser registered (it has no sign-up)."""
    tournament = _at_the_door(tournament, door_token, entry.tournament_id)
    if not registration_for(tournament).check_in_open():
        raise TournamentRefused(_("Check-in has not opened yet."))
    Entry.objects.filter(pk=entry.pk).update(checked_in=True)
    rows.bump(tournament)
    return entry


def _at_the_door(tournament: Tournament, door_token: str, of_tournament: int) -> Tournament:
    tournament = draft(tournament.pk)
    if not constant_time_compare(door_token, door_of(tournament)) or (
            of_tournament != tournament.pk):
        raise TournamentRefused(_("This check-in poster is not this tournament's."))
    return tournament
