"""What a partnership does from its private link before the start (withdraw, correct a
name), and the link emailed again (asked for by the partnership, or sent by the organiser)."""

from django.conf import settings
from django.utils.translation import gettext as _

from sueca_club import outbox
from sueca_club.services import name_key
from tournaments.models import Tournament
from tournaments.registration import selectors
from tournaments.registration.emails import email_address
from tournaments.registration.models import SignUp
from tournaments.registration.services.places import (
    draft,
    move_up_waiting,
    registration_for,
    signup_now,
)
from tournaments.registration.services.players import (
    names_kept,
    newcomers,
    players_replace,
    require_new_to_the_tournament,
)
from tournaments.services import rows
from tournaments.services.errors import TournamentRefused


@outbox.service
def signup_withdraw(*, signup: SignUp) -> SignUp:
    """The partnership withdraws from its private link before the start: its place goes to
    the first on the waiting list."""
    tournament = draft(signup.tournament_id)
    signup = signup_now(signup)
    if signup.status not in SignUp.STANDING:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    entry = signup.entry
    signup.status, signup.entry = SignUp.Status.WITHDRAWN, None
    signup.save(update_fields=["status", "entry"])
    if entry is not None:
        entry.delete()
    move_up_waiting(tournament, registration_for(tournament))
    rows.bump(tournament)
    return signup


@outbox.service
def signup_rename(*, signup: SignUp, names: list[str]) -> SignUp:
    """Correct a player's name from the private link before the start; the sign-up keeps its
    place. A club's player is never renamed by a visitor: a corrected name is a new player, or
    a player of this sign-up already; the player it replaces, when the sign-up brought them
    into the roster and nothing else has them, leaves the roster (players.misspelt_leave). A
    name that is another club player's is the organiser's to give, as at sign-up
    (signup_players_change); before the organiser has confirmed the players, the names as
    typed are simply corrected."""
    tournament = draft(signup.tournament_id)
    signup = signup_now(signup)
    if signup.status not in SignUp.STANDING:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    names = names_kept(tournament, names)
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
    require_new_to_the_tournament(tournament, list(selectors.namesakes(tournament.club, new)
                                                   .values()), leaving=signup, typed=True)
    players = newcomers(tournament.club, new)
    if players is None:
        raise TournamentRefused(_("A corrected name is the name of another player of the "
                                  "club: ask the organiser to make this change."))
    made = dict(zip(new, players, strict=True))
    players_replace(tournament, signup, names,
                    [ours.get(name_key(name)) or made[name] for name in names], typed=True)


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
    in the language it signed up in: the email of "lost your link?", saying the organiser
    sent it, after the commit. It changes nothing of the tournament (no lock, no new
    version): it records the email."""
    signup = SignUp.objects.get(pk=signup.pk)
    if signup.status not in SignUp.STANDING:
        raise TournamentRefused(_("This sign-up is no longer in the tournament."))
    if not email_address(signup.contact):
        raise TournamentRefused(_("This sign-up gave no email address."))
    outbox.follow("tournaments.signup_links_email", signup_ids=[signup.pk],
                  language=signup.language or settings.LANGUAGE_CODE, by_organiser=True)
    return signup
