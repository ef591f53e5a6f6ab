"""Every write to the club registry: one function each, one transaction each."""

import re
import unicodedata
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import IntegrityError, models, transaction
from django.db.models import ProtectedError, Q, QuerySet, Value
from django.db.models.functions import Lower
from django.utils.text import slugify

from sueca_club import outbox, zones
from sueca_club.models import Club, Membership, Partnership, Player

SLUG_LENGTH = Club._meta.get_field("slug").max_length
NAME_LENGTH = Player._meta.get_field("name").max_length


def _free_slug(name: str) -> str:
    """The slug of `name`, with -2, -3... added when another club has it."""
    base = slugify(name)[: SLUG_LENGTH - 4].strip("-") or "club"
    taken = set(Club.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def club_create(*, name: str, town: str = "", default_preset: str = "portugal",
                time_zone: str | None = None, by) -> Club:
    club = Club.objects.create(name=name, slug=_free_slug(name), town=town,
                               default_preset=default_preset,
                               time_zone=time_zone or zones.site_zone())
    Membership.objects.create(club=club, user=by, added_by=by)
    return club


@outbox.service
def club_update(*, club: Club, name: str, town: str, default_preset: str,
                time_zone: str) -> Club:
    """The club's settings. Its tournaments' pages show its name and times in its zone: they
    are rebuilt, after the commit (the steps registered for "club_changed")."""
    club.name, club.town, club.default_preset, club.time_zone = (name, town, default_preset,
                                                                 time_zone)
    club.save(update_fields=["name", "town", "default_preset", "time_zone"])
    outbox.emit("club_changed", club_id=club.pk)
    return club


@transaction.atomic
def account_create(*, username: str, email: str, password: str):
    """A new account (sign-up). Organisers are added to a club by invitation only."""
    return get_user_model().objects.create_user(username=username, email=email, password=password)


# Characters of the letter or symbol classes that print as nothing at all.
BLANKS = frozenset("\u2800\u3164\u115f\u1160\uffa0")


def person_name(typed: str) -> str:
    """A name as it is kept: each accented letter in one form (NFC: "é" typed as e and an
    accent is "é"), no invisible characters, single spaces; "" when nothing visible is left
    (a zero-width space, a braille blank)."""
    text = "".join(c for c in unicodedata.normalize("NFC", typed)
                   if unicodedata.category(c) != "Cf")
    text = " ".join(text.split())
    visible = any(unicodedata.category(c)[0] in "LNPS" and c not in BLANKS for c in text)
    return text if visible else ""


def name_key(name: str) -> str:
    """What makes two player names the same: case, spacing and how accents were typed do
    not count."""
    return person_name(name).casefold()


def alphabetical(name: str) -> str:
    """Where a name goes in a list people read: accents and case do not count ("Ângela" with
    the As, not after "Zé")."""
    return "".join(c for c in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(c)).casefold()


def by_name(items) -> list:
    """Players or partnerships in the order people read their names (alphabetical): "João
    Pereira" before "José Ferreira"."""
    return sorted(items, key=lambda item: alphabetical(str(item)))


def lookalike_key(name: str) -> str:
    """What makes two typed names look like one person's: case, spacing and accents, typed
    or not, do not count ("LENA SA" looks like Lena Sá)."""
    return alphabetical(person_name(name))


def players_by_name(players) -> dict[str, Player]:
    return {name_key(player.name): player for player in players}


def player_called(club: Club, name: str) -> Player | None:
    """The club's player with this name by name_key, or as the database compares names (its
    unique constraint's lower(name), which is not Python's casefold: PostgreSQL lowers "İa"
    to "ia")."""
    return (players_by_name(club.players.all()).get(name_key(name))
            or club.players.alias(lowered=Lower("name")).filter(lowered=Lower(Value(name)))
            .first())


def player_named(club: Club, name: str, players: dict[str, Player], *,
                 provisional: bool = False) -> Player:
    """The player of `players` (the club's, by name_key) called `name`, else a new one
    (`provisional`: a public sign-up's, Player.provisional); a name the database holds
    already in another case (player_called), or that a sign-up's player has, is that player."""
    key = name_key(name)
    if key not in players:
        try:
            with transaction.atomic():
                players[key] = Player.objects.create(club=club, name=name,
                                                     provisional=provisional)
        except IntegrityError:
            players[key] = player_called(club, name)
    return players[key]


@transaction.atomic
def player_add(*, club: Club, name: str) -> Player:
    """A new player of the club; a name only a public sign-up's player has is that player,
    now in the roster under the name as typed here (a name is one player of a club)."""
    signed_up = player_called(club, name)
    if signed_up is None or not signed_up.provisional:
        return Player.objects.create(club=club, name=name)
    signed_up.name, signed_up.provisional = name, False
    signed_up.save(update_fields=["name", "provisional"])
    return signed_up


@outbox.service
def player_update(*, player: Player, name: str, email: str, notify: bool) -> Player:
    """Rename a player and set where and whether they are emailed about play."""
    renamed = name != player.name
    player.name, player.email, player.notify = name, email, notify
    player.save(update_fields=["name", "email", "notify"])
    if renamed:
        _names_changed(Partnership.objects.filter(seated(player)))
    return player


def seated(player: Player) -> Q:
    """The partnerships with `player` at any seat."""
    return Q(player_1=player) | Q(player_2=player) | Q(player_3=player) | Q(player_4=player)


@transaction.atomic
def player_archive(*, player: Player, archived: bool) -> Player:
    player.archived = archived
    player.save(update_fields=["archived"])
    return player


@transaction.atomic
def partnership_add(*, club: Club, players: list[Player], name: str = "",
                    provisional: bool = False) -> Partnership:
    """A pair, or a partnership of four for the double pack (players in seat order), in the
    club's roster with its players; `provisional`: a public sign-up's, out of it until the
    sign-up gets into a tournament. Players a sign-up paired already are that partnership,
    taken into the roster."""
    partnership = None if provisional else partnership_existing(club, players)
    if partnership is None:
        seats = dict(zip(("player_1", "player_2", "player_3", "player_4"), players,
                         strict=False))
        partnership = Partnership.objects.create(club=club, name=name, provisional=provisional,
                                                 **seats)
    elif name:
        partnership.name = name
        partnership.save(update_fields=["name"])
    if not provisional and (partnership.provisional
                            or any(player.provisional for player in players)):
        roster_join([partnership])
    return partnership


def roster_join(partnerships) -> None:
    """These partnerships and their players are the club's like any other from now (one is
    in a tournament, or the organiser added it): no longer provisional. In the caller's
    transaction."""
    if not partnerships:
        return
    Partnership.objects.filter(pk__in=[p.pk for p in partnerships],
                               provisional=True).update(provisional=False)
    Player.objects.filter(pk__in=[pk for p in partnerships for pk in p.player_ids],
                          provisional=True).update(provisional=False)
    for partnership in partnerships:
        partnership.provisional = False


@outbox.service
def partnership_rename(*, partnership: Partnership, name: str) -> Partnership:
    partnership.name = name
    partnership.save(update_fields=["name"])
    _names_changed(Partnership.objects.filter(pk=partnership.pk))
    return partnership


def _names_changed(partnerships) -> None:
    """The pages that show these partnerships' names are rebuilt, after the commit (the
    steps registered for "names_changed": a tournament's pages, the club's TV)."""
    if ids := list(partnerships.values_list("pk", flat=True)):
        outbox.emit("names_changed", partnership_ids=ids)


@transaction.atomic
def partnership_archive(*, partnership: Partnership, archived: bool) -> Partnership:
    partnership.archived = archived
    partnership.save(update_fields=["archived"])
    return partnership


class Played(Exception):
    """A player or partnership that played, or is in a tournament, is kept (its results name
    it): archived, never deleted."""


def has_played(partnerships: QuerySet) -> bool:
    """Whether one of these partnerships played or is in a tournament: whether a row keeps it,
    by a relation that protects it from deletion (a match's side, a tournament's entry or
    sign-up; the apps that hold them are not this one's to import)."""
    return any(relation.related_model._base_manager
               .filter(**{f"{relation.field.name}__in": partnerships}).exists()
               for relation in Partnership._meta.get_fields(include_hidden=True)
               if isinstance(relation, models.ForeignObjectRel)
               and relation.on_delete is models.PROTECT)


@transaction.atomic
def player_delete(*, player: Player) -> None:
    """A player who never played (a name typed wrong) goes, with their partnerships, none of
    which played either. Played if one did."""
    try:
        Partnership.objects.filter(seated(player)).delete()
        player.delete()
    except ProtectedError as error:
        raise Played from error


@transaction.atomic
def partnership_delete(*, partnership: Partnership) -> None:
    """A partnership that never played goes; its players stay. Played if it did."""
    try:
        partnership.delete()
    except ProtectedError as error:
        raise Played from error


def partnership_existing(club: Club, players: list[Player]) -> Partnership | None:
    """The club's partnership of exactly these players, in any seat order (archived
    included): a pair among the pairs, a four among the fours."""
    ids = {player.pk for player in players}
    candidates = club.partnerships.filter(player_1__in=ids, player_2__in=ids,
                                          player_3__isnull=len(ids) == 2)
    if len(ids) == 4:
        candidates = candidates.filter(player_3__in=ids, player_4__in=ids)
    return candidates.first()


# What reads a partnership's players with it (select_related), a pair's or a four's.
PLAYERS = ("player_1", "player_2", "player_3", "player_4")

# Bulk add. A line names two players (a pair), or four (a partnership of four for the double
# pack), separated by "&", "+", "/", " - " (with spaces, so hyphenated names survive) or " e ".
# The separators are tried in that order and the first one found must split the line into
# two or four different names: "Ana e Sousa & Bruno" is the pair ("Ana e Sousa", "Bruno");
# "Ana & Bruno & Carla" is unreadable.
SEPARATORS = [re.compile(p, re.IGNORECASE) for p in (r"&", r"\+", r"/", r"\s[-–—]\s", r"\se\s")]


def parse_partnership(line: str) -> tuple[str, ...] | None:
    """The two or four player names on a pasted line, or None when it reads as neither."""
    for separator in SEPARATORS:
        parts = separator.split(line)
        if len(parts) == 1:
            continue
        names = tuple(person_name(part) for part in parts)
        if (len(names) in (2, 4) and all(0 < len(n) <= NAME_LENGTH for n in names)
                and len({name_key(n) for n in names}) == len(names)):
            return names
        return None
    return None


@dataclass
class BulkName:
    """A name on a pasted line: the club's player of that name (brought back if archived),
    else a new player, whose name may look like a player's of the club (lookalike_key)."""

    name: str
    player: Player | None = None
    alike: Player | None = None


@dataclass
class BulkLine:
    """One pasted line and what saving it would do."""

    NEW, EXISTING, REPEATED, UNREADABLE = "new", "existing", "repeated", "unreadable"

    number: int
    text: str
    status: str
    names: tuple[str, ...] | None = None
    players: list[BulkName] = field(default_factory=list)
    existing: Partnership | None = None


def partnerships_bulk_preview(*, club: Club, text: str) -> list[BulkLine]:
    """Read a paste, one partnership a line; blank lines are skipped. Changes nothing. What
    only a public sign-up made (provisional) is new to the roster."""
    players = players_by_name(club.players.in_roster())
    alike = {lookalike_key(player.name): player for player in players.values()}
    existing = {
        frozenset(name_key(player.name) for player in p.players): p
        for p in club.partnerships.in_roster().select_related(*PLAYERS)
    }
    seen: set[frozenset] = set()
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        names = parse_partnership(raw)
        line = BulkLine(number=number, text=raw.strip(), status=BulkLine.UNREADABLE, names=names)
        lines.append(line)
        if names is None:
            continue
        key = frozenset(name_key(n) for n in names)
        if key in existing:
            line.status, line.existing = BulkLine.EXISTING, existing[key]
        elif key in seen:
            line.status = BulkLine.REPEATED
        else:
            line.status = BulkLine.NEW
            line.players = [_bulk_name(name, players, alike) for name in names]
        seen.add(key)
    return lines


def _bulk_name(name: str, players: dict[str, Player], alike: dict[str, Player]) -> BulkName:
    player = players.get(name_key(name))
    return BulkName(name, player, None if player else alike.get(lookalike_key(name)))


@transaction.atomic
def partnerships_bulk_add(*, club: Club, text: str) -> list[Partnership]:
    """Save the new partnerships of a paste (reusing players by name, an archived one brought
    back: the list says they play again); skip every other line."""
    players = players_by_name(club.players.in_roster())
    created = []
    for line in partnerships_bulk_preview(club=club, text=text):
        if line.status != BulkLine.NEW:
            continue
        seated = [player_named(club, name, players) for name in line.names]
        for player in seated:
            if player.archived:
                player_archive(player=player, archived=False)
        created.append(partnership_add(club=club, players=seated))
    return created
