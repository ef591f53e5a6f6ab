"""Signing up on the public page, and the organiser's answers to a sign-up: who its players
are (confirmed, or changed later), approved, turned down, moved up from the waiting list."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from sueca_club import outbox
from sueca_club.services import players_by_name
from tournaments.models import Tournament
from tournaments.registration import selectors
from tournaments.registration.models import SignUp
from tournaments.registration.services.places import (
    accept,
    draft,
    hold_or_queue,
    move_up,
    move_up_waiting,
    place,
    registration_for,
    signup_now,
)
from tournaments.registration.services.players import (
    names_kept,
    newcomers,
    partnership_of,
    players_replace,
    require_names_new_to_the_tournament,
    require_new_to_the_tournament,
    signed_up_player,
)
from tournaments.services import rows
from tournaments.services.errors import TournamentRefused


@transaction.atomic  # not durable: the sign-up form's one-time token is stored in the same one
def signup_create(*, tournament: Tournament, names: list[str], contact: str = "",
                  language: str = "") -> SignUp:
    """A partnership signs up on the public page: accepted while there is room, else on the
    waiting list; or, when the organiser approves sign-ups, waiting for that. Names no player
    of the club's roster has are newcomers, out of the roster until accepted; when one is a
    roster player's, the organiser first confirms who is who (signup_players_confirm).
    `language`: its page's, that of its emails."""
    tournament = draft(tournament.pk)
    registration = registration_for(tournament)
    if not registration.open:
        raise TournamentRefused(_("This tournament does not take sign-ups here."))
    if registration.closed():
        raise TournamentRefused(_("Sign-up for this tournament has closed."))
    names = names_kept(tournament, names)
    club = tournament.club
    require_names_new_to_the_tournament(tournament, names, selectors.namesakes(club, names))
    players = newcomers(club, names)
    signup = SignUp(tournament=tournament, names=names, contact=contact.strip(),
                    language=language)
    if players is None:
        signup.status = SignUp.Status.CONFIRM
        hold_or_queue(tournament, registration, signup)
        signup.save()
    else:
        signup.partnership = partnership_of(club, players)
        signup.status = SignUp.Status.PENDING
        signup.save()
        if not registration.approval:
            place(tournament, registration, signup)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_players_confirm(*, signup: SignUp, names: list[str], by=None) -> SignUp:
    """The organiser says who signed up: each name is the club's player of that name, or a
    new player (someone else, under a name that tells them apart). The sign-up then goes on
    as any other: the place it held (checked in if it came), its turn on the waiting list,
    or the approval; a place or a turn it had stays whatever the settings became since."""
    tournament = draft(signup.tournament_id)
    signup = signup_now(signup)
    if signup.status != SignUp.Status.CONFIRM:
        raise TournamentRefused(_("The players of this sign-up are already confirmed."))
    club = tournament.club
    names = names_kept(tournament, names)
    known = selectors.namesakes(club, names)
    players = [signed_up_player(club, name, known) for name in names]
    require_new_to_the_tournament(tournament, players)
    signup.partnership = partnership_of(club, players)
    if signup.holds_place:
        signup.save(update_fields=["partnership"])
        accept(tournament, signup, checked_in=signup.here)
        if signup.moved_up_at is not None:  # a place it had from the waiting list
            outbox.follow("tournaments.signup_moved_up_email", signup_id=signup.pk)
    else:
        signup.status = (SignUp.Status.WAITING if signup.queued_at is not None
                         else SignUp.Status.PENDING)
        signup.save(update_fields=["partnership", "status"])
    rows.bump(tournament)
    return signup


@outbox.service
def signup_players_change(*, signup: SignUp, names: list[str], by=None) -> SignUp:
    """The organiser changes a player of a sign-up before the start (accepted, waiting or
    awaiting approval): it keeps its place. Each name is the sign-up's own player, else the
    club's player of that name, as when the organiser confirms who signed up, else a new
    player; a player plays in one partnership of the tournament only."""
    tournament = draft(signup.tournament_id)
    signup = signup_now(signup)
    if signup.status == SignUp.Status.CONFIRM:
        raise TournamentRefused(_("Confirm the players of this sign-up first."))
    if signup.status not in SignUp.LIVE:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    club, ours = tournament.club, signup.partnership.players
    names = names_kept(tournament, names)
    known = selectors.namesakes(club, names) | players_by_name(ours)
    players = [signed_up_player(club, name, known) for name in names]
    if set(players) == set(ours):
        raise TournamentRefused(_("Nothing to change: these are the players of this sign-up."))
    players_replace(tournament, signup, [player.name for player in players], players,
                    typed=False)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_approve(*, signup: SignUp, by=None) -> SignUp:
    """The organiser accepts a sign-up: into the tournament while there is room, else onto
    the waiting list."""
    tournament = draft(signup.tournament_id)
    signup = signup_now(signup)
    if signup.status != SignUp.Status.PENDING:
        raise TournamentRefused(_("Only a sign-up awaiting approval can be approved."))
    place(tournament, registration_for(tournament), signup)
    rows.bump(tournament)
    return signup


@outbox.service
def signup_refuse(*, signup: SignUp, by=None) -> SignUp:
    """The organiser turns down a sign-up awaiting approval or on the waiting list (or its
    players' confirmation: the place it held goes to the first on the waiting list)."""
    tournament = draft(signup.tournament_id)
    signup = signup_now(signup)
    if signup.status not in (SignUp.Status.CONFIRM, SignUp.Status.PENDING,
                             SignUp.Status.WAITING):
        raise TournamentRefused(_("Only a sign-up awaiting approval or on the waiting list can "
                                  "be turned down; remove an accepted partnership instead."))
    signup.status, signup.refused_at = SignUp.Status.REFUSED, timezone.now()
    signup.save(update_fields=["status", "refused_at"])
    move_up_waiting(tournament, registration_for(tournament))
    rows.bump(tournament)
    return signup


@outbox.service
def signup_move_up(*, signup: SignUp, by=None) -> SignUp:
    """The organiser moves a waiting partnership into the tournament, past the cap (into the
    place of one that did not come). One that checked in at the door plays checked in."""
    tournament = draft(signup.tournament_id)
    signup = signup_now(signup)
    if signup.status != SignUp.Status.WAITING:
        raise TournamentRefused(_("Only a partnership on the waiting list can be moved up."))
    move_up(tournament, signup)
    rows.bump(tournament)
    return signup
