"""Every write of a tournament's sign-up and check-in: one function each, one transaction each.

Each locks the tournament first (rows.locked), so two sign-ups for the last place, or a
withdrawal and a move up, are decided one after the other; each bumps the tournament's
version last, so the organiser's live check-in board and the public pages follow.
"""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from scoring import engine
from sueca_club import outbox
from sueca_club.models import Partnership, Player
from sueca_club.services import (
    name_key,
    partnership_add,
    partnership_existing,
    person_name,
    player_named,
)
from tournaments.models import Entry, Tournament
from tournaments.registration.models import Registration, SignUp
from tournaments.registration.models import door_token as door_of
from tournaments.services import rows
from tournaments.services.errors import TournamentRefused
from tournaments.services.setup import require_partnerships_fit


def registration_for(tournament: Tournament) -> Registration:
    """The tournament's sign-up settings (made, closed, the first time they are asked for)."""
    registration, _created = Registration.objects.get_or_create(tournament=tournament)
    return registration


def _draft(tournament_id: int) -> Tournament:
    tournament = rows.locked(tournament_id)
    if tournament.status != Tournament.Status.DRAFT:
        raise TournamentRefused(_("The tournament has started: its sign-ups can no longer change."))
    return tournament


def _signup(signup: SignUp) -> SignUp:
    """The sign-up as it is now, read after the tournament's lock."""
    return SignUp.objects.select_related("partnership__player_1", "partnership__player_2",
                                         "entry").get(pk=signup.pk)


@outbox.service
def registration_update(*, tournament: Tournament, open: bool, cap: int | None, closes_at,
                        approval: bool, check_in_from) -> Registration:
    """The organiser's settings. A higher cap (or none) moves the waiting list up at once."""
    tournament = _draft(tournament.pk)
    registration = registration_for(tournament)
    registration.open, registration.cap, registration.closes_at = open, cap, closes_at
    registration.approval, registration.check_in_from = approval, check_in_from
    registration.save()
    _move_up_waiting(tournament, registration)
    rows.bump(tournament)
    return registration


def _players_named(club, names) -> dict[str, Player]:
    """The club's players with these names, by name_key: one query, whatever the club's size."""
    keys = {name_key(name) for name in names}
    query = Q()
    for name in names:
        query |= Q(name__iexact=name)
    return {name_key(p.name): p for p in club.players.filter(query) if name_key(p.name) in keys}


def players_per_partnership(tournament: Tournament) -> int:
    """Two, or four when the tournament plays with the double pack."""
    return engine.rules_from(overrides=tournament.rules).pack.players // 2


def _partnership(tournament: Tournament, names: list[str]) -> Partnership:
    wanted = players_per_partnership(tournament)
    names = [person_name(name) for name in names]
    if len(names) != wanted or not all(names):
        raise TournamentRefused(_("Give the names of all four players.") if wanted == 4
                                else _("Give the names of both players."))
    if len({name_key(name) for name in names}) != len(names):
        raise TournamentRefused(_("The two players must be two different people.")
                                if len(names) == 2 else
                                _("The four players must be four different people."))
    club = tournament.club
    known = _players_named(club, names)
    players = [player_named(club, name, known) for name in names]
    return (partnership_existing(club, players)
            or partnership_add(club=club, players=players))


def _require_new_to_the_tournament(tournament: Tournament, partnership: Partnership,
                                   leaving: SignUp | None = None) -> None:
    """Refuse a partnership already in the tournament, or a player already in another of its
    partnerships (signed up, waiting or registered by the organiser)."""
    taken = Entry.objects.filter(tournament=tournament).select_related(
        "partnership__player_1", "partnership__player_2")
    live = SignUp.objects.filter(tournament=tournament, status__in=SignUp.LIVE,
                                 entry=None).select_related("partnership__player_1",
                                                            "partnership__player_2")
    if leaving is not None:
        taken = taken.exclude(pk=leaving.entry_id)
        live = live.exclude(pk=leaving.pk)
    others = [e.partnership for e in taken] + [s.partnership for s in live]
    if any(other.pk == partnership.pk for other in others):
        raise TournamentRefused(
            _("%(name)s are already signed up for this tournament.")
            % {"name": partnership.display_name})
    for other in others:
        for player in partnership.players:
            if player in other.players:
                raise TournamentRefused(
                    _("%(player)s is already signed up for this tournament, with %(other)s.")
                    % {"player": player.name, "other": other.display_name})


def _room(tournament: Tournament, registration: Registration) -> bool:
    return registration.cap is None or tournament.entries.count() < registration.cap


def _accept(tournament: Tournament, signup: SignUp, *, checked_in: bool = False) -> None:
    require_partnerships_fit(tournament, [signup.partnership])
    _require_new_to_the_tournament(tournament, signup.partnership, leaving=signup)
    signup.entry = Entry.objects.create(tournament=tournament, partnership=signup.partnership,
                                        checked_in=checked_in)
    signup.status = SignUp.Status.ACCEPTED
    signup.save(update_fields=["entry", "status"])


def _queue(signup: SignUp) -> None:
    signup.status, signup.queued_at = SignUp.Status.WAITING, timezone.now()
    signup.save(update_fields=["status", "queued_at"])


def _place(tournament: Tournament, registration: Registration, signup: SignUp) -> None:
    """Into the tournament while there is room, else onto the waiting list."""
    if _room(tournament, registration):
        _accept(tournament, signup)
    else:
        _queue(signup)


def _move_up_waiting(tournament: Tournament, registration: Registration) -> list[SignUp]:
    """Fill the free places from the waiting list, first come first served."""
    moved = []
    waiting = SignUp.objects.filter(tournament=tournament, status=SignUp.Status.WAITING)
    for signup in waiting.select_related("partnership").order_by("queued_at", "id"):
        if not _room(tournament, registration):
            break
        _accept(tournament, signup, checked_in=signup.here)
        moved.append(signup)
    return moved


@transaction.atomic  # not durable: the sign-up form's one-time token is stored in the same one
def signup_create(*, tournament: Tournament, names: list[str], contact: str = "") -> SignUp:
    """A partnership signs up on the public page: accepted while there is room, else on the
    waiting list; or, when the organiser approves sign-ups, waiting for that."""
    tournament = _draft(tournament.pk)
    registration = registration_for(tournament)
    if not registration.open:
        raise TournamentRefused(_("This tournament does not take sign-ups here."))
    if registration.closed():
        raise TournamentRefused(_("Sign-up for this tournament has closed."))
    partnership = _partnership(tournament, names)
    _require_new_to_the_tournament(tournament, partnership)
    signup = SignUp.objects.create(tournament=tournament, partnership=partnership,
                                   contact=contact.strip(), status=SignUp.Status.PENDING)
    if not registration.approval:
        _place(tournament, registration, signup)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_approve(*, signup: SignUp, by=None) -> SignUp:
    """The organiser accepts a sign-up: into the tournament while there is room, else onto
    the waiting list."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status != SignUp.Status.PENDING:
        raise TournamentRefused(_("Only a sign-up awaiting approval can be approved."))
    _place(tournament, registration_for(tournament), signup)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_refuse(*, signup: SignUp, by=None) -> SignUp:
    """The organiser turns down a sign-up awaiting approval or on the waiting list."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status not in (SignUp.Status.PENDING, SignUp.Status.WAITING):
        raise TournamentRefused(_("Only a sign-up awaiting approval or on the waiting list can "
                                  "be turned down; remove an accepted partnership instead."))
    signup.status = SignUp.Status.REFUSED
    signup.save(update_fields=["status"])
    rows.bump(tournament)
    return signup


@outbox.service
def signup_move_up(*, signup: SignUp, by=None) -> SignUp:
    """The organiser moves a waiting partnership into the tournament, past the cap (into the
    place of one that did not come). One that checked in at the door plays checked in."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status != SignUp.Status.WAITING:
        raise TournamentRefused(_("Only a partnership on the waiting list can be moved up."))
    _accept(tournament, signup, checked_in=signup.here)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_withdraw(*, signup: SignUp) -> SignUp:
    """The partnership withdraws from its private link before the start: its place goes to
    the first on the waiting list."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status not in SignUp.LIVE:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    entry = signup.entry
    signup.status, signup.entry = SignUp.Status.WITHDRAWN, None
    signup.save(update_fields=["status", "entry"])
    if entry is not None:
        entry.delete()
    _move_up_waiting(tournament, registration_for(tournament))
    rows.bump(tournament)
    return signup


def entry_leaving(entry: Entry) -> None:
    """The organiser removes an entry before the start (setup.entry_remove, in its
    transaction): a sign-up it came from is withdrawn."""
    SignUp.objects.filter(entry=entry).update(status=SignUp.Status.WITHDRAWN, entry=None)


def places_freed(tournament: Tournament) -> None:
    """After setup.entry_remove: the waiting list moves up into the free place."""
    registration = Registration.objects.filter(tournament=tournament).first()
    if registration is not None:
        _move_up_waiting(tournament, registration)


@outbox.service
def signup_rename(*, signup: SignUp, names: list[str]) -> SignUp:
    """Correct a player's name from the private link before the start. The names are matched
    to the club's players again (or new ones made): a club's player is never renamed by a
    visitor. The sign-up keeps its place."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status not in SignUp.LIVE:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    partnership = _partnership(tournament, names)
    if partnership.pk == signup.partnership_id:  # the same players: at most capitals differ
        raise TournamentRefused(_("Nothing to correct: these are the players signed up. The "
                                  "club's spelling of a name stays; the organiser can change "
                                  "it."))
    _require_new_to_the_tournament(tournament, partnership, leaving=signup)
    signup.partnership = partnership
    signup.save(update_fields=["partnership"])
    if signup.entry_id:
        Entry.objects.filter(pk=signup.entry_id).update(partnership=partnership)
    rows.bump(tournament)
    return signup


def _check_in(tournament: Tournament, signup: SignUp) -> SignUp:
    if not registration_for(tournament).check_in_open():
        raise TournamentRefused(_("Check-in has not opened yet."))
    if signup.status == SignUp.Status.ACCEPTED and signup.entry_id:
        Entry.objects.filter(pk=signup.entry_id).update(checked_in=True)
    elif signup.status == SignUp.Status.WAITING:
        signup.here = True
        signup.save(update_fields=["here"])
    else:
        raise TournamentRefused(_("Only an accepted partnership, or one on the waiting list, "
                                  "can check in."))
    rows.bump(tournament)
    return signup


@outbox.service
def signup_check_in(*, signup: SignUp) -> SignUp:
    """"We are here", from the partnership's private link, once check-in has opened."""
    tournament = _draft(signup.tournament_id)
    return _check_in(tournament, _signup(signup))


@outbox.service
def door_check_in(*, tournament: Tournament, door_token: str, signup: SignUp) -> SignUp:
    """"We are here", from the poster at the door: its token is the tournament's, and the
    sign-up must be one of its own."""
    tournament = _at_the_door(tournament, door_token, signup.tournament_id)
    return _check_in(tournament, _signup(signup))


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
    tournament = _draft(tournament.pk)
    if not constant_time_compare(door_token, door_of(tournament)) or (
            of_tournament != tournament.pk):
        raise TournamentRefused(_("This check-in poster is not this tournament's."))
    return tournament
