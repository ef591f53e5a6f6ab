"""Who signs up: the names as kept, the club's players they are, and the rule that a player
plays in one partnership of a tournament only (sign-up, the organiser's confirmation, a
corrected name, a place taken)."""

from typing import NamedTuple

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from scoring import engine
from scoring.models import Match
from sueca_club.models import Partnership, Player
from sueca_club.services import (
    lookalike_key,
    name_key,
    partnership_add,
    partnership_existing,
    person_name,
    player_named,
    roster_join,
    seated,
)
from tournaments.models import Entry, Tournament
from tournaments.registration import selectors
from tournaments.registration.models import SignUp
from tournaments.services.errors import TournamentRefused


def players_per_partnership(tournament: Tournament) -> int:
    """Two, or four when the tournament plays with the double pack."""
    return engine.rules_from(overrides=tournament.rules).pack.players // 2


def names_kept(tournament: Tournament, names: list[str]) -> list[str]:
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


def partnership_of(club, players: list[Player]) -> Partnership:
    """The club's partnership of these players, else a new one out of the roster until the
    sign-up gets into the tournament (places.accept)."""
    return (partnership_existing(club, players)
            or partnership_add(club=club, players=players, provisional=True))


def signed_up_player(club, name: str, players: dict[str, Player]) -> Player:
    """The player of `players` (the club's, by name_key) called `name`; else the one another
    sign-up made under this name (in no tournament, so nobody's yet: the same name is the
    same newcomer, never a second player); else a new one, out of the roster likewise."""
    return player_named(club, name, players, provisional=True)


def newcomers(club, names: list[str]) -> list[Player] | None:
    """Players for names that no player of the club's roster has (signed_up_player); None
    when one of them is a roster player's name: typing it proves nobody is that player, so
    only the organiser can say."""
    if selectors.namesakes(club, names):
        return None
    with transaction.atomic():
        players = [signed_up_player(club, name, {}) for name in names]
        if all(player.provisional for player in players):
            return players
        # A roster player's name as the database compares names, or one added meanwhile.
        transaction.set_rollback(True)
        return None


def newcomers_join(signup: SignUp) -> None:
    """The sign-up's partnership and players into the club's roster, now that it is in the
    tournament; the players new to the roster are remembered as its own (SignUp.brought)."""
    if joining := [player for player in signup.partnership.players if player.provisional]:
        signup.brought.add(*joining)
    roster_join([signup.partnership])


def players_replace(tournament: Tournament, signup: SignUp, names: list[str],
                    players: list[Player], *, typed: bool) -> None:
    """The sign-up's players are now `players` (named `names`), each in one partnership of
    the tournament only, a newcomer's name compared by how it looks (as a visitor's typed
    names are: "Luis Vaz" is the waiting list's Luís Vaz; `typed`: as
    require_new_to_the_tournament); in the tournament already, its entry plays with them,
    and a player it brought into the roster and nothing else has now leaves it
    (misspelt_leave)."""
    _require_apart(_others(tournament, signup), _seats(players), _alike, typed=typed)
    old = signup.partnership
    signup.partnership = partnership_of(tournament.club, players)
    signup.names = names
    signup.save(update_fields=["partnership", "names"])
    if signup.entry_id:
        Entry.objects.filter(pk=signup.entry_id).update(partnership=signup.partnership)
        newcomers_join(signup)
        misspelt_leave(signup, old)


def misspelt_leave(signup: SignUp, old: Partnership) -> None:
    """After a name of an accepted sign-up is corrected (`old`: its partnership until then):
    a player it brought into the roster under a name now corrected leaves the roster again,
    with `old`, when nothing else has them (no other partnership; `old` in no entry, match
    nor other sign-up). A misspelling is nobody's: typing it back is a newcomer again
    (newcomers), never "another player of the club". A player the roster had before, or that
    plays elsewhere, stays."""
    if (Entry.objects.filter(partnership=old).exists()
            or Match.objects.filter(Q(a=old) | Q(b=old)).exists()
            or SignUp.objects.filter(partnership=old, status__in=SignUp.STANDING).exists()):
        return
    misspelt = [player for player in signup.brought.filter(pk__in=old.player_ids)
                .exclude(pk__in=signup.partnership.player_ids)
                if not Partnership.objects.filter(seated(player)).exclude(pk=old.pk).exists()]
    if misspelt:
        Player.objects.filter(pk__in=[player.pk for player in misspelt]).update(provisional=True)
        Partnership.objects.filter(pk=old.pk).update(provisional=True)
        signup.brought.remove(*misspelt)


_SEATS = ("partnership__player_1", "partnership__player_2", "partnership__player_3",
          "partnership__player_4")


_SHOWN = {SignUp.Status.PENDING: "private", SignUp.Status.CONFIRM: "private",
          SignUp.Status.WAITING: "waiting"}


class _Seat(NamedTuple):
    name: str
    player: Player | None  # None: a name typed, whose player the organiser has yet to confirm


class _Other(NamedTuple):
    """A partnership in the tournament, or on its way in, as a new one is compared with it."""

    name: str
    seats: list[_Seat]
    shown: str  # "entered", "waiting", or "private": awaiting the organiser, on no public page


def _others(tournament: Tournament, leaving: SignUp | None) -> list[_Other]:
    """The tournament's entries (signed up or registered by the organiser), then its sign-ups
    on their way in: awaiting approval or their players' confirmation, or on the waiting list."""
    taken = Entry.objects.filter(tournament=tournament).select_related(*_SEATS)
    coming = SignUp.objects.filter(tournament=tournament, status__in=SignUp.STANDING,
                                   entry=None).select_related(*_SEATS)
    if leaving is not None:
        taken = taken.exclude(pk=leaving.entry_id)
        coming = coming.exclude(pk=leaving.pk)
    others = [_Other(e.partnership.display_name, _seats(e.partnership.players), "entered")
              for e in taken]
    for signup in coming:
        seats = ([_Seat(name, None) for name in signup.names] if signup.partnership is None
                 else _seats(signup.partnership.players))
        others.append(_Other(signup.display_name, seats, _SHOWN.get(signup.status, "entered")))
    return others


def _seats(players: list[Player]) -> list[_Seat]:
    return [_Seat(player.name, player) for player in players]


def require_new_to_the_tournament(tournament: Tournament, players: list[Player],
                                  leaving: SignUp | None = None, *, typed: bool = False) -> None:
    """Refuse a partnership already in the tournament, or a player already in another of its
    partnerships (signed up, waiting or registered by the organiser). `typed`: the players
    are named by what a visitor typed, who may be another person of the same name: told how
    to go on then."""
    _require_apart(_others(tournament, leaving), _seats(players), _same_player, typed=typed)


def require_names_new_to_the_tournament(tournament: Tournament, names: list[str],
                                        namesakes: dict[str, Player]) -> None:
    """Refuse names a visitor typed that are already in the tournament (told how to go on):
    a roster player's (`namesakes`: selectors.namesakes) by who they are; any other by how it
    looks (lookalike_key), since a newcomer of another sign-up, or a name whose player the
    organiser has yet to confirm, is nobody's but by name: "Sofia Brandao" is Sofia Brandão
    of a sign-up awaiting approval."""
    seats = [_Seat(name, namesakes.get(name_key(name))) for name in names]
    _require_apart(_others(tournament, None), seats, _alike, typed=True)


def _same_player(new: _Seat, seat: _Seat) -> bool:
    return seat.player is not None and new.player is not None and new.player.pk == seat.player.pk


def _alike(new: _Seat, seat: _Seat) -> bool:
    """Two players of the roster by who they are; else (a name typed, a newcomer's) by how
    the names look."""
    if all(s.player is not None and not s.player.provisional for s in (new, seat)):
        return _same_player(new, seat)
    return lookalike_key(new.name) == lookalike_key(seat.name)


def _require_apart(others: list[_Other], seats: list[_Seat], same, *, typed: bool) -> None:
    for other in others:
        if len(other.seats) == len(seats) and all(
                any(same(new, seat) for seat in other.seats) for new in seats):
            raise TournamentRefused(
                (_("%(name)s already have a sign-up for this tournament, which the "
                   "organiser has not accepted yet.") if other.shown == "private" else
                 _("%(name)s are already signed up for this tournament."))
                % {"name": other.name})
    for other in others:
        for new in seats:
            for seat in other.seats:
                if same(new, seat):
                    raise TournamentRefused(_entered(seat, other, typed))


def _entered(seat: _Seat, other: _Other, typed: bool) -> str:
    """`seat`'s player is in `other` already: said with the partner (or the three others of a
    four), since saying the partnership would name them too."""
    partners = Partnership.name_of("", *(s.name for s in other.seats if s is not seat))
    words = {"player": seat.name, "partner": partners, "example": told_apart(seat.name)}
    if typed and other.shown == "private":  # a visitor is not told who else awaits the organiser
        return _("%(player)s is already in a sign-up for this tournament that the organiser "
                 "has not accepted yet. If this is another person of the same name, add "
                 "something to the name that tells them apart (e.g. “%(example)s”).") % words
    if typed and other.shown == "waiting":
        return _("%(player)s is already on this tournament's waiting list, with %(partner)s. If "
                 "this is another person of the same name, add something to the name that "
                 "tells them apart (e.g. “%(example)s”).") % words
    if typed:
        return _("%(player)s is already entered in this tournament, with %(partner)s. If this is "
                 "another person of the same name, add something to the name that tells them "
                 "apart (e.g. “%(example)s”).") % words
    return _("%(player)s is already signed up for this tournament, with %(partner)s.") % words


def told_apart(name: str) -> str:
    """A name with a middle initial, as an example of one that tells two people apart:
    "Manuel Santos" → "Manuel J. Santos"."""
    first, _space, rest = name.partition(" ")
    return f"{first} J. {rest}" if rest else f"{first} J."
