"""Reads: match lists, seats and the JSON shape of a match (shared by pages and the API)."""

from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, Exists, F, Max, OuterRef, Q, QuerySet, Window

from scoring import engine, presenters
from scoring.models import IN_PLAY, AuditEntry, Deal, Match
from sueca_club.live import recent_version
from sueca_club.models import MAX_ID
from sueca_club.services import PLAYERS

RESULT_KEYS = ("games", "partidas", "points", "finished", "winner", "next_dealer", "carry",
               "deals")
TEAMS = ("a__player_1", "a__player_2", "b__player_1", "b__player_2")  # who plays a match
MATCH_RELATED = ("club", *TEAMS)


def matches_with_teams() -> QuerySet[Match]:
    return Match.objects.select_related(*MATCH_RELATED)


def listed_matches() -> QuerySet[Match]:
    """Matches with their partnerships for a list, which never shows a tally (not read), and,
    for a tournament's match, its tournament's name and its table's number (`tournament_name`,
    `table_number`; None for a friendly)."""
    return matches_with_teams().defer("tally").annotate(
        tournament_name=F("pairing__round__tournament__name"),
        table_number=F("pairing__table__number"))


def _match_row(pk: int, columns: str) -> tuple | None:
    """`columns` of the match's row, None when there is no such match: all that an unchanged
    poll of its JSON or scoreboard costs. Plain SQL on the primary key, like the tournaments'
    ETags."""
    if not 0 < pk <= MAX_ID:  # an address's number past any id: no match, not a database error
        return None
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {Match._meta.db_table} WHERE id = %s", [pk])
        return cursor.fetchone()


def match_version(pk: int) -> int | None:
    """The match's version (its JSON's ETag), None when there is no such match."""
    row = _match_row(pk, "version")
    return row and row[0]


def recent_match_version(pk: int) -> int | None:
    return recent_version(f"match:{pk}", lambda: match_version(pk))


def scoreboard_stamp(pk: int) -> str | None:
    """What the scoreboard's ETag names: the match's version and its last change, which a
    rename of who plays also is (services.names_changed), while the version, which a
    referee's If-Match names, stays. None when there is no such match."""
    row = _match_row(pk, "version, updated_at")
    return row and f"{Match.version_tag(pk, row[0])}-{row[1].timestamp():.6f}"


def recent_scoreboard_stamp(pk: int) -> str | None:
    return recent_version(f"scoreboard:{pk}", lambda: scoreboard_stamp(pk))


def live_matches(*, club=None, limit: int | None = 20) -> list[Match]:
    matches = listed_matches().in_play()
    if club is not None:
        matches = matches.filter(club=club)
    return list(matches.order_by("-updated_at")[:limit])


def live_matches_of(partnerships: QuerySet) -> list[Match]:
    """The matches under way that these partnerships play (a friendly or a tournament's)."""
    return list(listed_matches().in_play().filter(Q(a__in=partnerships) | Q(b__in=partnerships))
                .order_by("-updated_at"))


def playing_now(*, club, partnerships) -> list[Match]:
    """The club's matches in play that a player of `partnerships` plays in (as one of them,
    or in another partnership), with their partnerships' players and, for a tournament's, the
    number of the table it is at (`table`, None for a friendly)."""
    players = [player.pk for partnership in partnerships for player in partnership.players]
    sides = Q()
    for side in ("a", "b"):
        for seat in PLAYERS:
            sides |= Q(**{f"{side}__{seat}__in": players})
    return list(Match.objects.in_play().filter(sides, club=club)
                .select_related(*(f"{side}__{seat}" for side in "ab" for seat in PLAYERS))
                .annotate(table=Max("referee_links__table_number")).order_by("pk"))


def first_live(*, club=None, count: int) -> tuple[list[Match], bool]:
    """The `count` live matches that changed last, and whether more are live (the list of
    every match in play, `in_play`, has them all). One query."""
    matches = live_matches(club=club, limit=count + 1)
    return matches[:count], len(matches) > count


def recent_matches(*, club, limit: int = 10) -> list[Match]:
    return list(listed_matches().filter(club=club, finished=True)
                .order_by("-finished_at")[:limit])


@dataclass(frozen=True)
class Seat:
    number: int
    side: str
    player: str
    deals: bool
    leads: bool
    first_if_dealing: int  # who dealt first if this player deals the next deal


def seats(match: Match) -> list[Seat]:
    """The seats in the order of play (Match.players): A at the even seats, B at the odd;
    none deals nor leads while who deals first is not chosen (Match.dealer_known)."""
    players = match.players
    rules = engine.rules_from(overrides=match.rules)
    dealer = match.state["next_dealer"] if match.dealer_known else None
    leader = None if dealer is None else engine.leader(dealer, rules)
    played = len(match.state["deals"])
    return [
        Seat(number=i, side="AB"[i % 2], player=players[i].name, deals=i == dealer,
             leads=i == leader, first_if_dealing=engine.first_dealer_for(i, played, rules))
        for i in range(len(players))
    ]


@dataclass(frozen=True)
class Board:
    """Everything a scoreboard shows, from the match row alone (no deal is read)."""

    match: Match
    seats: list[Seat]
    strokes: tuple[range, range]

    @property
    def sides(self) -> list[tuple]:
        """Each side's games as its strokes count them: in game sets, the current set's."""
        state = self.match.state
        return [
            (side, team, self.strokes[i], len(self.strokes[i]), state["partidas"][i],
             state["points"][i])
            for i, (side, team) in enumerate((("A", self.match.a), ("B", self.match.b)))
        ]

    @property
    def set_number(self) -> int | None:
        """In game sets, the set whose games the board shows: the one in play, or the last
        played (a revoke that loses the match credits sets never played)."""
        if self.match.format["type"] != "partidas":
            return None
        tally = self.match.tally
        if not self.match.finished or not tally:
            return sum(self.match.state["partidas"]) + 1
        before = tally[-2]["partidas"] if len(tally) > 1 else (0, 0)
        return sum(before) + 1

    @property
    def progress_text(self) -> str:
        """The format and the deals played, each said once (presenters.progress_text)."""
        return presenters.progress_text(self.match.format, self.match.rules,
                                        played=len(self.match.state["deals"]),
                                        finished=self.match.finished)

    @property
    def how_won(self) -> str:
        """How the finished match was won where its score does not say (presenters)."""
        return self.match.how_won

    @property
    def dealer(self) -> Seat | None:
        return next((seat for seat in self.seats if seat.deals), None)

    @property
    def leader(self) -> Seat | None:
        return next((seat for seat in self.seats if seat.leads), None)


def board(match: Match) -> Board:
    state = match.state
    counted = state["partida_games"] if match.format["type"] == "partidas" else state["games"]
    return Board(match=match, seats=seats(match),
                 strokes=(presenters.tally(counted[0]), presenters.tally(counted[1])))


def partnership_payload(partnership) -> dict:
    return {"id": partnership.pk, "name": partnership.display_name,
            "players": [player.name for player in partnership.players]}


def active_deal_data(match: Match) -> list[dict]:
    """The data of every active deal of the match, in order: one query."""
    return list(Deal.objects.filter(match_id=match.pk, active=True).order_by("number")
                .values_list("data", flat=True))


def tally(match: Match) -> list[presenters.TallyRow]:
    """Every active deal of the match as the paper tally lists it, from the match row alone."""
    return presenters.deal_tally(match)


def match_payload(match: Match) -> dict:
    """The API shape: the conformance result plus who plays, the rules and the version,
    and the tally (every deal with its card points, kind and running games)."""
    result = {key: match.state[key] for key in RESULT_KEYS}
    return {
        "id": match.pk,
        "version": match.version,
        "a": partnership_payload(match.a),
        "b": partnership_payload(match.b),
        "rules": match.rules,
        "format": match.format,
        "first_dealer": match.first_dealer,
        **result,
        # A finished match whose result waits for the losing side's (or organiser's) word.
        "awaiting_confirmation": match.awaiting_confirmation,
        # Each deal is confirmed by a player of the other side before it is sent.
        "confirm_by_opponent": match.confirm_by_opponent,
        # Its tournament no longer plays it (a round taken back, a withdrawal): no more writes.
        "abandoned": match.abandoned_at is not None,
        "tally": presenters.tally_payload(match),
    }


def dealer_if_voided(match: Match, deal: Deal) -> tuple[str, str] | None:
    """Who deals now and who would deal next if `deal` were voided, when that changes (a void
    is a deal never played: the turn moves back a seat), for the organiser to see before
    voiding; None when it does not change, the match is over, or the replay would refuse."""
    if match.finished:
        return None
    rules, fmt = engine.rules_from(overrides=match.rules), engine.format_from(match.format)
    rest = [engine.deal_from(data) for data in Deal.objects.filter(
        match_id=match.pk, active=True).exclude(pk=deal.pk).order_by("number")
        .values_list("data", flat=True)]
    try:
        after = engine.replay(rules, fmt, match.first_dealer, rest)
    except engine.SuecaError:
        return None
    now = match.state["next_dealer"]
    if after.finished or after.next_dealer == now:
        return None
    players = match.players
    return players[now].name, players[after.next_dealer].name


def audit_for(match: Match) -> QuerySet[AuditEntry]:
    return match.audit.select_related("user", "deal")


def last_change_elsewhere(match: Match, link) -> AuditEntry | None:
    """What changed the match last, made anywhere but on `link`'s phone: the referee's phone
    that finds its match moved says what moved it (a correction of deal 3, a void, a deal a
    second phone recorded)."""
    return audit_for(match).exclude(via_link=link).order_by("-at", "-pk").first()


# Every match in play: the café TV (scoring/tv.py) and the lists behind the club's and the home
# page's "Live now" ------------------------------------------------------------------------------

@dataclass(frozen=True)
class LiveStamp:
    etag: str
    live: int  # matches in play
    shown: int = 0  # on the TV: in play, or ended at most tv.FINAL_SECONDS ago (on_the_tv)


def on_the_tv(ended_since) -> Q:
    """What the TV shows: the matches in play, and those ended at or after `ended_since` whose
    tournament table no later match has taken since (in play there, or ended there after it: a
    table is one tile). A finished match was last changed when it ended, or later: updated_at
    narrows the search to the index's recent rows, and the table is looked up only for those
    (SQLite tests the conditions in the order written)."""
    taken = Match.objects.filter(abandoned_at__isnull=True,
                                 pairing__table=OuterRef("pairing__table"),
                                 created_at__gt=OuterRef("created_at"))
    return IN_PLAY | (Q(finished=True, abandoned_at__isnull=True, updated_at__gte=ended_since,
                        finished_at__gte=ended_since) & ~Exists(taken))


def tv_stamp(slug: str, since, ended_since) -> LiveStamp | None:
    """One query: the club TV's ETag, how many matches are live and how many the TV shows
    (on_the_tv). The ETag names the newest change among the club's matches, how many there are,
    how many the TV shows (a match whose final score leaves it is a change) and how many had a
    deal since `since` (their table is highlighted), so a highlight that ends is a change too."""
    stamp = Match.objects.filter(club__slug=slug).aggregate(
        changed=Max("updated_at"), count=Count("id"),
        live=Count("id", filter=IN_PLAY), shown=Count("id", filter=on_the_tv(ended_since)),
        fresh=Count("id", filter=IN_PLAY & Q(dealt_at__gte=since)))
    if stamp["count"] == 0:
        return None
    etag = (f'tv{slug}-{stamp["count"]}-{stamp["changed"].timestamp():.6f}-{stamp["shown"]}'
            f'-{stamp["fresh"]}')
    return LiveStamp(etag, stamp["live"], stamp["shown"])


def recent_live_stamp(*, club_slug: str | None = None) -> LiveStamp:
    """live_stamp, read at most once in LIVE_REBUILD_SECONDS per process (recent_version):
    what /live/, /c/<club>/live/ and the front page poll on."""
    return recent_version(f"in-play:{club_slug or ''}", lambda: live_stamp(club_slug=club_slug))


def live_stamp(*, club_slug: str | None = None) -> LiveStamp:
    """One query: the ETag of the list of every match in play (the club's, or everywhere) and
    how many there are. It names how many are in play and the newest change among them: a
    match that starts or has a deal is the newest, one that ends leaves the count."""
    matches = Match.objects.in_play()
    if club_slug is not None:
        matches = matches.filter(club__slug=club_slug)
    stamp = matches.aggregate(changed=Max("updated_at"), live=Count("id"))
    changed = stamp["changed"].timestamp() if stamp["changed"] else 0
    return LiveStamp(f'l{club_slug or ""}-{stamp["live"]}-{changed:.6f}', stamp["live"])


def in_play(*, club=None, page: slice, ended_since=None) -> list[Match]:
    """One page of the live matches (the club's, or everywhere), as `listed_matches` reads
    them: by club, tournament and table number (friendlies and matches without a table
    after), then oldest first, so that a match keeps its place on the screen. One query.
    `ended_since`: with the matches ended since then that the TV still shows (on_the_tv), each
    with how many of them all are in play (`playing`): read with the tiles, not from the TV's
    ETag, which may be a second old (recent_version), a match that ended since then is shown
    with its final score and not counted."""
    matches = (listed_matches().in_play() if ended_since is None
               else listed_matches().filter(on_the_tv(ended_since)).annotate(
                   playing=Window(Count("id", filter=IN_PLAY))))
    if club is not None:
        matches = matches.filter(club=club)
    return list(matches.order_by(
        "club__name", "club_id", F("pairing__round__tournament_id").asc(nulls_last=True),
        F("table_number").asc(nulls_last=True), "created_at", "id")[page])
