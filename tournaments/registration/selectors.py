"""Reads of sign-up and check-in: a few narrow queries each, whatever the number of entries."""

import re
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import quote

from django.conf import settings
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from sueca_club.models import Club, Player
from sueca_club.services import alphabetical, lookalike_key, name_key
from tournaments import selectors as tournament_selectors
from tournaments import sit_outs
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.presenters import round_title
from tournaments.registration.emails import email_address
from tournaments.registration.forms import PHONE
from tournaments.registration.models import Registration, SignUp, door_token

RELATED = ("partnership__player_1", "partnership__player_2", "entry")


def registration(tournament: Tournament) -> Registration:
    """The tournament's settings, or the defaults (closed) when none were ever saved."""
    return (Registration.objects.filter(tournament=tournament).first()
            or Registration(tournament=tournament))


def awaiting_the_organiser(tournament: Tournament) -> int:
    """The sign-ups the organiser has still to approve, or whose players to confirm: the
    start leaves them out."""
    return tournament.signups.filter(
        status__in=(SignUp.Status.PENDING, SignUp.Status.CONFIRM)).count()


def checked_in_waiting(tournament: Tournament, *, places: int) -> list[SignUp]:
    """The partnerships on the waiting list that checked in, in their turn on it, at most
    `places` of them: at the start they take the places of the entries that did not check in
    (setup.start_field)."""
    if places <= 0:
        return []
    return list(tournament.signups.filter(status=SignUp.Status.WAITING, here=True)
                .select_related(*RELATED).order_by("queued_at", "id")[:places])


def open_for_sign_up(club: Club) -> list[Tournament]:
    """The club's tournaments that take sign-ups on their public page now, the soonest to
    close first (those without a closing time last), each with its `registration`."""
    now = timezone.now()
    tournaments = (club.tournaments.filter(status=Tournament.Status.DRAFT,
                                           registration__open=True)
                   .filter(Q(registration__closes_at__isnull=True)
                           | Q(registration__closes_at__gt=now))
                   .select_related("registration"))
    return sorted(tournaments, key=lambda t: (t.registration.closes_at is None,
                                              t.registration.closes_at or now, t.name))


def why_closed(tournament: Tournament, registration: Registration, *,
               to_organiser: bool = False) -> str:
    """Why the public sign-up takes nobody now, or "" when it is open; `to_organiser`: said
    to the organiser, who opens it, not told to ask the organiser."""
    if tournament.status != Tournament.Status.DRAFT:
        return _("The tournament has started: sign-up is closed.")
    if not registration.open and to_organiser:
        return _("Public sign-up is off: open it below, and partnerships sign up on the "
                 "tournament's page.")
    if not registration.open:
        return _("This tournament does not take sign-ups here: ask its organiser.")
    if registration.closed():
        return _("Sign-up for this tournament has closed.")
    return ""


@dataclass(frozen=True)
class Places:
    taken: int  # by the entries
    held: int  # by sign-ups that came while there was room, whose players the organiser confirms
    cap: int | None

    @property
    def filled(self) -> int:
        return self.taken + self.held

    @property
    def free(self) -> int | None:
        return None if self.cap is None else max(self.cap - self.filled, 0)


def places(tournament: Tournament, registration: Registration) -> Places:
    """A sign-up that came while sign-ups were accepted at once holds its place while the
    organiser confirms its players (first come, first served), whatever the settings became
    since; with approval, no sign-up holds a place until approved."""
    held = tournament.signups.filter(status=SignUp.Status.CONFIRM, holds_place=True).count()
    return Places(tournament.entries.filter(withdrawn=False).count(), held, registration.cap)


def namesakes(club: Club, names) -> dict[str, Player]:
    """The club's players whose names look like these (lookalike_key: "LENA SA" is Lena
    Sá's), by the typed name's name_key; a player of the very name first. Players of the
    roster only: one another sign-up made is nobody's yet (services.players.newcomers). One
    query, the club's names compared here: SQLite compares case in ASCII letters only."""
    if not names:
        return {}
    players: dict[str, list[Player]] = {}
    for player in club.players.in_roster():
        players.setdefault(lookalike_key(player.name), []).append(player)
    found = {}
    for name in names:
        alike = players.get(lookalike_key(name), [])
        same = [player for player in alike if name_key(player.name) == name_key(name)]
        if alike:
            found[name_key(name)] = (same or alike)[0]
    return found


@dataclass(frozen=True)
class Status:
    code: str  # a SignUp.Status, or "left_out" (not checked in when the tournament started)
    text: str
    position: int | None = None  # on the waiting list
    checked_in: bool | None = None  # said of a partnership on the waiting list
    next: str = ""  # what happens next, in a sentence or two
    moved_up: bool = False  # into the tournament from the waiting list, before the start


def waiting_position(signup: SignUp) -> int:
    ahead = SignUp.objects.filter(tournament_id=signup.tournament_id,
                                  status__in=(SignUp.Status.WAITING, SignUp.Status.CONFIRM),
                                  queued_at__isnull=False)
    return ahead.filter(queued_at__lt=signup.queued_at).count() + 1 + ahead.filter(
        queued_at=signup.queued_at, pk__lt=signup.pk).count()


def status_of(signup: SignUp, *, at_door: bool = False) -> Status:
    """Where the sign-up stands; `at_door`: said on the door's page, which is everyone's."""
    started = signup.tournament.status != Tournament.Status.DRAFT
    if signup.entry is not None and signup.entry.withdrawn:
        return Status("entry_withdrawn", _("Withdrawn from the tournament by the organiser."))
    if signup.status == SignUp.Status.ACCEPTED and signup.entry_id is None and started:
        return Status("left_out", _("Not playing: you had not checked in when the tournament "
                                    "started."))
    if signup.status == SignUp.Status.ACCEPTED:
        moved_up = signup.moved_up_at is not None and not started
        if signup.entry is not None and signup.entry.checked_in:
            return Status("checked_in", _("Accepted, and checked in."), moved_up=moved_up)
        return Status(signup.status, _("Accepted: you are in the tournament."),
                      moved_up=moved_up)
    if started and signup.status in (SignUp.Status.WAITING, SignUp.Status.PENDING,
                                     SignUp.Status.CONFIRM):
        return Status("not_taken", _("Not playing: the tournament started without a place "
                                     "for this sign-up."))
    if signup.status == SignUp.Status.WAITING:
        position = waiting_position(signup)
        return Status(signup.status, _("On the waiting list, number %(position)s.")
                      % {"position": position}, position, checked_in=signup.here,
                      next=_waiting_next(signup.here, at_door=at_door))
    return Status(signup.status, {
        SignUp.Status.PENDING: _("Awaiting the organiser's approval."),
        SignUp.Status.CONFIRM: _("Received: awaiting the organiser, who checks the players' "
                                 "names."),
        SignUp.Status.REFUSED: _("The organiser could not accept this sign-up."),
        SignUp.Status.WITHDRAWN: _("Withdrawn."),
        SignUp.Status.REMOVED: _("Taken out of the tournament by the organiser."),
    }[signup.status], checked_in=signup.here if signup.in_line else None)  # players to confirm


def _waiting_next(here: bool, *, at_door: bool = False) -> str:
    if at_door:  # the door's page is everyone's: it says nothing to one partnership
        return _("If a place frees before the start, you move up in your turn and play, "
                 "already checked in: the draw will name you. If none frees, you do not play "
                 "this time.")
    if here:
        return _("If a place frees before the start, you move up in your turn and play, "
                 "already checked in; this page will say so. If none frees, you do not play "
                 "this time.")
    return _("If a place frees before the start, you move up in your turn and play; this page "
             "will say so. If none frees, you do not play this time.")


def withdrawing(signup: SignUp) -> str:
    """What withdrawing from the private link does to this sign-up, said before it is done."""
    if signup.status == SignUp.Status.WAITING:
        said = _("You leave the waiting list.")
    elif signup.status != SignUp.Status.ACCEPTED:  # awaiting the organiser
        said = _("Your sign-up is withdrawn.")
    elif SignUp.objects.filter(tournament_id=signup.tournament_id,
                               status__in=(SignUp.Status.WAITING, SignUp.Status.CONFIRM),
                               queued_at__isnull=False).exists():
        said = _("Your place goes to the next partnership on the waiting list.")
    else:
        said = _("Your place in the tournament becomes free.")
    final = _("This cannot be undone.")
    return f"{said} {final}"


def signed_up_answer(signup: SignUp) -> str:
    """What a partnership is told once it has signed up: on the waiting list, at which
    number (the page itself says the rest, and to keep its address)."""
    if signup.status == SignUp.Status.WAITING:
        return (_("You are signed up, on the waiting list at number %(position)s.")
                % {"position": waiting_position(signup)})
    return _("You are signed up.")


def checked_in_answer(signup: SignUp, *, name: str = "") -> str:
    """What a partnership is told once it has checked in (`name`: said at the door, where
    anyone may be holding the phone): where it stands, and on the waiting list, what next."""
    if not signup.on_waiting_list:
        if name:
            return _("%(name)s: you are checked in.") % {"name": name}
        return _("You are checked in. Enjoy the tournament!")
    words = {"name": name, "position": waiting_position(signup)}
    said = (_("%(name)s: you are checked in, and on the waiting list at number %(position)s.")
            if name else
            _("You are checked in, and on the waiting list at number %(position)s.")) % words
    return f"{said} {_waiting_next(True, at_door=bool(name))}"


def can_check_in(signup: SignUp, registration: Registration) -> bool:
    done = signup.here or (signup.entry is not None and signup.entry.checked_in)
    return (signup.in_line and not done and registration.check_in_open()
            and signup.tournament.status == Tournament.Status.DRAFT)


@dataclass(frozen=True)
class DoorRow:
    name: str
    first: str  # its first player's name: the list's order
    here: bool
    waiting: bool
    signup_id: int | None = None  # tapped through its sign-up, or (registered by the
    entry_id: int | None = None   # organiser, with none) through its entry


def door_etag(slug: str, token: str) -> str | None:
    """The version of the door's list (None: no tournament has this poster): the tournament's
    own (every check-in, sign-up, name and the start bump it), and whether check-in is open
    now, since its opening time passes without a new version. One query: all an unchanged
    poll of the door costs."""
    row = (Tournament.objects.filter(slug=slug)
           .values_list("pk", "seed", "version", "status", "registration__check_in_from")
           .first())
    if row is None:
        return None
    pk, seed, version, status, check_in_from = row
    if not constant_time_compare(token, door_token(Tournament(pk=pk, seed=seed))):
        return None
    open_now = (status == Tournament.Status.DRAFT and check_in_from is not None
                and timezone.now() >= check_in_from)
    return f"door{pk}-{version}-{'o' if open_now else 'c'}"


def door_rows(tournament: Tournament) -> list[DoorRow]:
    """Who may check in at the door, by name: the tournament's entries (signed up, or
    registered by the organiser, or holding a place while the organiser confirms the
    players), then the waiting list."""
    signups = [s for s in tournament.signups.filter(status__in=SignUp.STANDING)
               .select_related(*RELATED) if s.in_line]
    rows = [DoorRow(s.display_name, s.player_names[0],
                    s.here or bool(s.entry and s.entry.checked_in), s.on_waiting_list,
                    signup_id=s.pk) for s in signups]
    registered = (tournament.entries.filter(signup=None)
                  .select_related("partnership__player_1", "partnership__player_2"))
    rows += [DoorRow(e.partnership.display_name, e.partnership.player_1.name, e.checked_in,
                     False, entry_id=e.pk) for e in registered]
    return sorted(rows, key=lambda row: (row.waiting, alphabetical(row.first)))


@dataclass
class Board:
    """The organiser's view of sign-ups and check-in, in three queries."""

    entries: list  # every entry still playing (signed up or registered by the organiser),
    #                with its sign-up
    confirm: list[SignUp]  # players to confirm
    pending: list[SignUp]
    waiting: list[SignUp]
    others: list[SignUp]  # refused or withdrawn
    withdrawn: list  # entries withdrawn once the tournament was under way: apart, not counted
    left_out: list[SignUp]  # accepted, but left out at the start for not having checked in
    not_taken: list[SignUp]  # still on the waiting list or awaiting the organiser at the start

    @property
    def present(self) -> int:
        return sum(entry.checked_in for entry in self.entries)

    @property
    def absent(self) -> int:
        return len(self.entries) - self.present


def board(tournament: Tournament) -> Board:
    entries = list(tournament.entries.select_related(
        "partnership__player_1", "partnership__player_2").order_by("-checked_in", "id"))
    started = tournament.status != Tournament.Status.DRAFT
    signups = list(tournament.signups.select_related(*RELATED).order_by("queued_at", "id"))
    by_entry = {s.entry_id: s for s in signups if s.entry_id}
    for entry in entries:
        entry.from_signup = by_entry.get(entry.pk)
    _refused_before(signups)
    before = [] if started else signups
    return Board(
        entries=[entry for entry in entries if not entry.withdrawn],
        confirm=[s for s in before if s.status == SignUp.Status.CONFIRM],
        pending=[s for s in before if s.status == SignUp.Status.PENDING],
        waiting=[s for s in before if s.status == SignUp.Status.WAITING],
        others=[s for s in signups if s.status in SignUp.GONE],
        withdrawn=[entry for entry in entries if entry.withdrawn],
        left_out=[s for s in signups if started and s.status == SignUp.Status.ACCEPTED
                  and s.entry_id is None],
        not_taken=[s for s in signups if started and s.status in (
            SignUp.Status.CONFIRM, SignUp.Status.PENDING, SignUp.Status.WAITING)],
    )


def _names_of(signup: SignUp) -> frozenset[str]:
    return frozenset(name_key(name) for name in signup.names)


def _refused_before(signups: list[SignUp]) -> None:
    """Mark each sign-up still standing with `refused_before`: when the organiser last turned
    down, before it was made, a sign-up of the same names (a partnership turned down may sign
    up again at once), else None: one turned down after it was made (a copy of it) is not
    its past."""
    refused: dict[frozenset[str], list] = {}
    for signup in signups:
        if signup.status == SignUp.Status.REFUSED and signup.refused_at is not None:
            refused.setdefault(_names_of(signup), []).append(signup.refused_at)
    for signup in signups:
        before = [at for at in refused.get(_names_of(signup), []) if at < signup.created_at]
        signup.refused_before = (max(before, default=None)
                                 if signup.status in SignUp.STANDING else None)


@dataclass(frozen=True)
class Landed:
    """The row of the organiser's sign-ups or check-in page to land on after an action (the
    page's `?at=signup-12`), where the action's answer is said."""

    signup: int | None = None
    entry: int | None = None
    gone: bool = False  # the sign-up is under "Withdrawn or turned down", folded until then

    @property
    def anchor(self) -> str:
        return f"signup-{self.signup}" if self.signup else f"entry-{self.entry}"


def landed(at: str, board: Board) -> Landed | None:
    """The row `at` names (`signup-12`, `entry-5`), when the board shows it; else None."""
    kind, _sep, pk = at.partition("-")
    if not pk.isdigit():
        return None
    pk = int(pk)
    if kind == "entry" and any(entry.pk == pk for entry in board.entries):
        return Landed(entry=pk)
    standing = (*board.confirm, *board.pending, *board.waiting)
    if kind == "signup" and any(signup.pk == pk for signup in standing):
        return Landed(signup=pk)
    if kind == "signup" and any(signup.pk == pk for signup in board.others):
        return Landed(signup=pk, gone=True)
    return None


def next_of(rows: list, acted_pk: int):
    """Of the rows still waiting for the organiser (in the page's order), the one after the
    row acted on, else the first; None when none waits: 10 in a row, each tap lands on the
    next."""
    later = [row for row in rows if row.pk > acted_pk]
    return (later or rows or [None])[0]


@dataclass(frozen=True)
class Place:
    """Where a partnership in a started tournament plays now, as its private link says it."""

    code: str  # "table" (its match is on a table), "drawn" (no table yet), "bye" (through
    #            without playing), "sit_out" (a round robin's round without it), "next"
    #            (waiting for the next round), "out" (nothing left to play), "finished" (the end)
    text: str
    round: str = ""
    opponent: str = ""
    table: int | None = None
    match_id: int | None = None


def place_of(signup: SignUp) -> Place | None:
    """Where the sign-up's partnership plays now, once the tournament has started: its
    current match (table and opponent), else its bye or sit-out of the current round, waiting
    for the next round, out, or the end. None before the start, or without a place in the
    tournament. Its own pairings in one query; without a match, the current round's (two
    more, and the field's for a round robin), and the whole bracket's (two more) to tell
    "out" from "next round": as many whatever the size of the tournament."""
    tournament, entry = signup.tournament, signup.entry
    if tournament.status == Tournament.Status.DRAFT or entry is None or entry.withdrawn:
        return None
    if tournament.status == Tournament.Status.FINISHED:
        return Place("finished", _("The tournament is over: thank you for playing."))
    mine = tournament_selectors.pairing_summaries(
        tournament, Q(a=entry.pk) | Q(b=entry.pk), Q(round__opened=True),
        Q(finished=False), Q(b__isnull=False), Q(postponed_to__isnull=True))
    if mine:
        now = min(mine, key=lambda p: (p.match_id is None, p.round.number, p.slot))
        opponent = now.b_name if now.a_id == entry.pk else now.a_name
        words = {"opponent": opponent, "table": now.table_number}
        if now.match_id is not None and now.table_number is not None:
            return Place("table", _("Table %(table)s, against %(opponent)s.") % words,
                         round_title(now.round), opponent, now.table_number, now.match_id)
        return Place("drawn", _("You play %(opponent)s: waiting for a free table.") % words,
                     round_title(now.round), opponent, match_id=now.match_id)
    idle = _bye_or_sit_out(tournament, entry)
    if idle is not None:
        return idle
    if entry.pk in _out(tournament):
        return Place("out", _("Out of the tournament: you have no match left to play."))
    return Place("next", _("Waiting for the next round: your match is not drawn yet."))


def _bye_or_sit_out(tournament: Tournament, entry: Entry) -> Place | None:
    """The entry's place when it has no match in the current round: a bye (a stored pairing
    without an opponent: a knockout's or a Swiss's), or a round robin's round it sits out (no
    stored pairing: sit_outs). None when it played its match of the round, or is not in it
    (out). Two queries (the round, its pairings' ids), and the field's for a round robin."""
    round_ = tournament_selectors.current_round(tournament)
    if round_ is None:
        return None
    pairs = [_Pair(*row) for row in
             Pairing.objects.filter(round=round_).values_list("a_id", "b_id", "group")]
    for pair in pairs:
        if entry.pk in (pair.a_id, pair.b_id):
            if pair.b_id is None:
                told = (_("Bye this round: you have no opponent.")
                        if round_.stage == Round.Stage.ROUNDS
                        else _("Bye this round: you go through without playing."))
                return Place("bye", told, round_title(round_))
            return None
    if not sit_outs.is_round_robin(tournament, round_):
        return None
    field = [sit_outs.Member(e.pk, e.group, e.display_name, e.withdrawn)
             for e in tournament_selectors.entry_summaries(tournament)]
    if entry.pk in sit_outs.sitting_out_ids(tournament, round_, pairs, field):
        return Place("sit_out", _("You sit out this round (round %(number)s).")
                     % {"number": round_.number}, round_title(round_))
    return None


class _Pair(NamedTuple):
    """A pairing of the current round as sit_outs reads it."""

    a_id: int | None
    b_id: int | None
    group: str


def _out(tournament: Tournament) -> frozenset[int]:
    if tournament.structure in (Tournament.Structure.ROUNDS, Tournament.Structure.LEAGUE):
        return frozenset()  # nobody is out before the end
    field = [Entry(pk=e.pk, withdrawn=e.withdrawn, group=e.group)
             for e in tournament_selectors.entry_summaries(tournament)]
    return tournament_selectors.entries_out(
        tournament, tournament_selectors.pairing_summaries(tournament), field)


@dataclass(frozen=True)
class PrivateLink:
    """A sign-up's private link as the organiser gives it again: its full address, and how
    to send it to the sign-up's contact (an SMS from the organiser's phone, or the email)."""

    url: str
    sms: str = ""  # an sms: address with the message written, when the contact is a phone
    email: str = ""  # the contact, when it is an email address


def phone_number(contact: str) -> str:
    """The contact as a number to text ("+351912345678"), or "" when it is not a phone."""
    if "@" in contact or not PHONE.fullmatch(contact.strip()):
        return ""
    return re.sub(r"[^0-9+]", "", contact)


def private_link(signup: SignUp) -> PrivateLink:
    """The sign-up's private link, written as the emails write it (settings.SITE_URL); the
    SMS in the language the partnership signed up in."""
    url = settings.SITE_URL + signup.get_absolute_url()
    number = phone_number(signup.contact)
    sms = ""
    if number:
        with translation.override(signup.language or translation.get_language()):
            text = _("Your private link for %(tournament)s, to check in or change your "
                     "sign-up: %(url)s") % {"tournament": signup.tournament.name, "url": url}
        sms = f"sms:{number}?body={quote(text, safe='')}"
    return PrivateLink(url=url, sms=sms, email=email_address(signup.contact))
