"""Every write of a tournament's sign-up and check-in: one function each, one transaction each.

Each locks the tournament first (rows.locked), so two sign-ups for the last place, or a
withdrawal and a move up, are decided one after the other; each bumps the tournament's
version last, so the organiser's live check-in board and the public pages follow.
"""

from django.conf import settings
from django.db import IntegrityError, transaction
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
from tournaments.registration import selectors
from tournaments.registration.emails import email_address
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


def players_per_partnership(tournament: Tournament) -> int:
    """Two, or four when the tournament plays with the double pack."""
    return engine.rules_from(overrides=tournament.rules).pack.players // 2


def _names(tournament: Tournament, names: list[str]) -> list[str]:
    """The names as kept: as many as a partnership has, each visible, all different."""
    wanted = players_per_partnership(tournament)
    names = [person_name(name) for name in names]
    if len(names) != wanted or not all(names):
        raise TournamentRefused(_("Give the names of all four players.") if wanted == 4
                                else _("Give the names of both players."))
    if len({name_key(name) for name in names}) != len(names):
        raise TournamentRefused(_("The two players must be two different people.")
                                if len(names) == 2 else
                                _("The four players must be four different people."))
    return names


def _partnership_of(club, players: list[Player]) -> Partnership:
    return partnership_existing(club, players) or partnership_add(club=club, players=players)


def _newcomers(club, names: list[str]) -> list[Player] | None:
    """New players for names that no player of the club has; None when one of them is a club
    player's name: typing it proves nobody is that player, so only the organiser can say."""
    if selectors.namesakes(club, names):
        return None
    try:
        with transaction.atomic():
            return [Player.objects.create(club=club, name=name) for name in names]
    except IntegrityError:  # a namesake as the database compares names, or one made meanwhile
        return None


def _require_new_to_the_tournament(tournament: Tournament, players: list[Player],
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
    ids = {player.pk for player in players}
    for other in others:
        if set(other.player_ids) == ids:
            raise TournamentRefused(
                _("%(name)s are already signed up for this tournament.")
                % {"name": other.display_name})
    for other in others:
        for player in players:
            if player.pk in other.player_ids:
                raise TournamentRefused(
                    _("%(player)s is already signed up for this tournament, with %(other)s.")
                    % {"player": player.name, "other": other.display_name})


def _room(tournament: Tournament, registration: Registration) -> bool:
    places = selectors.places(tournament, registration)
    return places.free is None or places.free > 0


def _accept(tournament: Tournament, signup: SignUp, *, checked_in: bool = False) -> None:
    require_partnerships_fit(tournament, [signup.partnership])
    _require_new_to_the_tournament(tournament, signup.partnership.players, leaving=signup)
    signup.entry = Entry.objects.create(tournament=tournament, partnership=signup.partnership,
                                        checked_in=checked_in)
    signup.status = SignUp.Status.ACCEPTED
    signup.save(update_fields=["entry", "status"])


def _move_up(tournament: Tournament, signup: SignUp) -> None:
    """A partnership on the waiting list into the tournament (checked in if it came to the
    door), told so: on its private link at once, and by email after the commit."""
    _accept(tournament, signup, checked_in=signup.here)
    moved_up(signup)


def stand_ins_move_up(tournament: Tournament, signups: list[SignUp]) -> None:
    """At the start (setup.tournament_start, in its transaction): these checked-in partnerships
    of the waiting list move up, in turn, into the places of the entries that did not check
    in, as the organiser's move up does, and are told so."""
    for signup in signups:
        _move_up(tournament, signup)


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


def _place(tournament: Tournament, registration: Registration, signup: SignUp) -> None:
    """Into the tournament while there is room, else onto the waiting list."""
    if _room(tournament, registration):
        _accept(tournament, signup)
    else:
        _queue(signup)


def _turn_while_confirming(tournament: Tournament, registration: Registration):
    """While the organiser confirms its players, a sign-up holds a place if there is one
    (None: when sign-ups are accepted at once), else it has its turn on the waiting list."""
    if registration.approval or _room(tournament, registration):
        return None
    return timezone.now()


def _move_up_waiting(tournament: Tournament, registration: Registration) -> None:
    """Fill the free places from the waiting list, first come first served. One whose
    players the organiser is confirming holds its place until then."""
    waiting = SignUp.objects.filter(
        tournament=tournament, status__in=(SignUp.Status.WAITING, SignUp.Status.CONFIRM),
        queued_at__isnull=False)
    for signup in waiting.select_related(*selectors.RELATED).order_by("queued_at", "id"):
        if not _room(tournament, registration):
            break
        if signup.status == SignUp.Status.CONFIRM:  # told once its players are confirmed
            signup.queued_at, signup.moved_up_at = None, timezone.now()
            signup.save(update_fields=["queued_at", "moved_up_at"])
        else:
            _move_up(tournament, signup)


@transaction.atomic  # not durable: the sign-up form's one-time token is stored in the same one
def signup_create(*, tournament: Tournament, names: list[str], contact: str = "",
                  language: str = "") -> SignUp:
    """A partnership signs up on the public page: accepted while there is room, else on the
    waiting list; or, when the organiser approves sign-ups, waiting for that. Names no club
    player has become new players; when one is a club player's, the organiser first confirms
    who is who (signup_players_confirm). `language`: its page's, that of its emails."""
    tournament = _draft(tournament.pk)
    registration = registration_for(tournament)
    if not registration.open:
        raise TournamentRefused(_("This tournament does not take sign-ups here."))
    if registration.closed():
        raise TournamentRefused(_("Sign-up for this tournament has closed."))
    names = _names(tournament, names)
    club = tournament.club
    _require_new_to_the_tournament(tournament, list(selectors.namesakes(club, names).values()))
    players = _newcomers(club, names)
    signup = SignUp(tournament=tournament, names=names, contact=contact.strip(),
                    language=language)
    if players is None:
        signup.status = SignUp.Status.CONFIRM
        signup.queued_at = _turn_while_confirming(tournament, registration)
        signup.save()
    else:
        signup.partnership = partnership_add(club=club, players=players)
        signup.status = SignUp.Status.PENDING
        signup.save()
        if not registration.approval:
            _place(tournament, registration, signup)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_players_confirm(*, signup: SignUp, names: list[str], by=None) -> SignUp:
    """The organiser says who signed up: each name is the club's player of that name, or a
    new player (someone else, under a name that tells them apart). The sign-up then goes on
    as any other: the place it held, its turn on the waiting list, or the approval."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status != SignUp.Status.CONFIRM:
        raise TournamentRefused(_("The players of this sign-up are already confirmed."))
    club = tournament.club
    names = _names(tournament, names)
    known = selectors.namesakes(club, names)
    players = [player_named(club, name, known) for name in names]
    _require_new_to_the_tournament(tournament, players)
    signup.partnership = _partnership_of(club, players)
    registration = registration_for(tournament)
    if registration.approval or signup.queued_at is not None:
        signup.status = (SignUp.Status.PENDING if registration.approval
                         else SignUp.Status.WAITING)
        signup.save(update_fields=["partnership", "status"])
    else:  # it held a place: it takes it
        signup.save(update_fields=["partnership"])
        _accept(tournament, signup)
        if signup.moved_up_at is not None:  # a place it had from the waiting list
            outbox.follow("tournaments.signup_moved_up_email", signup_id=signup.pk)
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
    """The organiser turns down a sign-up awaiting approval or on the waiting list (or its
    players' confirmation: the place it held goes to the first on the waiting list)."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status not in (SignUp.Status.CONFIRM, SignUp.Status.PENDING,
                             SignUp.Status.WAITING):
        raise TournamentRefused(_("Only a sign-up awaiting approval or on the waiting list can "
                                  "be turned down; remove an accepted partnership instead."))
    signup.status = SignUp.Status.REFUSED
    signup.save(update_fields=["status"])
    _move_up_waiting(tournament, registration_for(tournament))
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
    _move_up(tournament, signup)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_withdraw(*, signup: SignUp) -> SignUp:
    """The partnership withdraws from its private link before the start: its place goes to
    the first on the waiting list."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status not in SignUp.STANDING:
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
    """Correct a player's name from the private link before the start; the sign-up keeps its
    place. A club's player is never renamed by a visitor: a corrected name is a new player, or
    a player of this sign-up already. A name that is another club player's is the organiser's
    to give, as at sign-up; before the organiser has confirmed the players, the names as
    typed are simply corrected."""
    tournament = _draft(signup.tournament_id)
    signup = _signup(signup)
    if signup.status not in SignUp.STANDING:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    names = _names(tournament, names)
    if signup.partnership is None:
        signup.names = names
        signup.save(update_fields=["names"])
    else:
        _players_renamed(tournament, signup, names)
    rows.bump(tournament)
    return signup


def _players_renamed(tournament: Tournament, signup: SignUp, names: list[str]) -> None:
    ours = {name_key(player.name): player for player in signup.partnership.players}
    if all(name_key(name) in ours for name in names):  # at most capitals or seats differ
        raise TournamentRefused(_("Nothing to correct: these are the players signed up. The "
                                  "club's spelling of a name stays; the organiser can change "
                                  "it."))
    new = [name for name in names if name_key(name) not in ours]
    players = _newcomers(tournament.club, new)
    if players is None:
        raise TournamentRefused(_("A corrected name is the name of another player of the "
                                  "club: ask the organiser to make this change."))
    made = dict(zip(new, players, strict=True))
    players = [ours.get(name_key(name)) or made[name] for name in names]
    _require_new_to_the_tournament(tournament, players, leaving=signup)
    signup.partnership = _partnership_of(tournament.club, players)
    signup.names = names
    signup.save(update_fields=["partnership", "names"])
    if signup.entry_id:
        Entry.objects.filter(pk=signup.entry_id).update(partnership=signup.partnership)


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


@outbox.service
def signup_links_send(*, tournament: Tournament, email: str, language: str) -> None:
    """Email again the private links of the tournament's sign-ups made with `email` (those
    not withdrawn nor turned down), in `language`, after the commit; nothing when none was.
    Whoever asks is answered the same either way (views.link_recovery)."""
    found = list(tournament.signups.filter(status__in=SignUp.STANDING,
                                           contact__iexact=email.strip())
                 .values_list("pk", flat=True))
    if found:
        outbox.follow("tournaments.signup_links_email", signup_ids=found, language=language)


@outbox.service
def signup_link_email(*, signup: SignUp, by=None) -> SignUp:
    """The organiser emails a sign-up's private link again, to the address it was made with,
    in the language it signed up in: the same email as "lost your link?", after the commit.
    It changes nothing of the tournament (no lock, no new version): it records the email."""
    signup = SignUp.objects.get(pk=signup.pk)
    if signup.status not in SignUp.STANDING:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    if not email_address(signup.contact):
        raise TournamentRefused(_("This sign-up gave no email address."))
    outbox.follow("tournaments.signup_links_email", signup_ids=[signup.pk],
                  language=signup.language or settings.LANGUAGE_CODE)
    return signup
