"""Reads for tournaments: entries, rounds with their pairings, results and standings.

What people see of them (titles, lines, the bracket, the API's shapes) is in presenters."""

import hashlib
from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime

from django.db import connection
from django.db.models import Aggregate, Count, Exists, Func, JSONField, OuterRef, Q, QuerySet, Subquery
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Coalesce

from scoring.models import Match
from sueca_club import fastjson
from sueca_club.models import Partnership
from sueca_club.services import PLAYERS
from tournaments import formats
from tournaments.formats import deciding, placings
from tournaments.models import SEED_ORDER, Entry, LiveScores, Pairing, Round, Tournament

ENTRY_RELATED = tuple(f"partnership__{seat}" for seat in PLAYERS)


def entries(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.select_related(*ENTRY_RELATED).order_by(*SEED_ORDER))


@dataclass(slots=True, frozen=True)
class EntrySummary:
    """An entry as the standings read it, from one query of plain values (no model objects
    for a thousand partnerships and their players)."""

    pk: int
    withdrawn: bool
    group: str
    display_name: str


def entry_summaries(tournament: Tournament) -> list[EntrySummary]:
    """The entries in `entries` order."""
    rows = tournament.entries.order_by(*SEED_ORDER).values_list(
        "pk", "withdrawn", "group", "partnership__name",
        *(f"partnership__{seat}__name" for seat in PLAYERS))
    return [EntrySummary(pk, withdrawn, group, Partnership.name_of(*names))
            for pk, withdrawn, group, *names in rows]


def active_entries(tournament: Tournament) -> list[Entry]:
    return [entry for entry in entries(tournament) if not entry.withdrawn]


def pairings(tournament: Tournament) -> QuerySet[Pairing]:
    """Every pairing with what a page shows of it, in round and slot order."""
    return (Pairing.objects.filter(round__tournament=tournament)
            .select_related("round", "table", "match", "a__partnership__player_1",
                            "a__partnership__player_2", "b__partnership__player_1",
                            "b__partnership__player_2")
            .defer("match__tally")  # no reader of a tournament's pairings shows a match's deals
            .order_by("round__number", "third_place", "slot"))


@dataclass(slots=True, frozen=True)
class Seated:
    """A player at a match's table, as MatchSummary reads it: the name."""

    name: str


@dataclass(slots=True)
class MatchSummary:
    """A pairing's match as the live pages show it: its score and state, never its deals.
    `format` holds its type alone; `state` its games, partidas, points, partida_games and the
    side whose revoke ended it."""

    pk: int
    games_a: int
    games_b: int
    finished: bool
    confirm_result: bool
    result_confirmed_at: datetime | None
    updated_at: datetime
    version: int
    format_type: str
    state_text: tuple[str | None, str | None, str | None]  # partidas, points, partida_games
    finished_at: datetime | None
    winner: str  # "A", "B", "draw", or "" until it ends
    dealt_at: datetime | None  # when its last deal was recorded (the TV's highlight)
    next_dealer: int | None = None  # the seat, as in its state
    seated: tuple[str | None, ...] = ()  # the players' names in the order of play from seat 0
    carry: int = 0  # games of tied deals waiting for the next deal that is won (tie carry-over)
    revoked: str | None = None  # the side whose revoke ended the match
    first_dealer_chosen: bool = True

    awaiting_confirmation = Match.awaiting_confirmation
    dealer_known = Match.dealer_known
    scoreline = Match.scoreline
    games_note = Match.games_note

    @property
    def players(self) -> list[Seated]:
        """Everyone at the table from seat 0, as Match.players (its names alone)."""
        return [Seated(name) for name in self.seated if name is not None]

    @property
    def dealer(self) -> str | None:
        """Who deals next, while the match is not over, once it is known (dealer_known)."""
        players = self.players
        if (self.finished or not self.dealer_known or self.next_dealer is None
                or self.next_dealer >= len(players)):
            return None
        return players[self.next_dealer].name

    @property
    def format(self) -> dict:
        return {"type": self.format_type}

    @property
    def state(self) -> dict:
        """Read as JSON when asked: most pages need only the games, which have columns."""
        partidas, points, partida_games = (fastjson.loads(text) if text else None
                                           for text in self.state_text)
        return {"games": [self.games_a, self.games_b], "partidas": partidas, "points": points,
                "partida_games": partida_games, "next_dealer": self.next_dealer,
                "carry": self.carry, "revoked": self.revoked}


@dataclass(slots=True)
class PairingSummary:
    """A pairing as the live pages, the API and the standings read it (the same names as a
    Pairing's for its own columns and its round), with its partnerships' names, its table's
    number and its match's summary."""

    pk: int
    slot: int
    third_place: bool
    group: str
    a_id: int
    b_id: int | None
    winner_id: int | None
    finished: bool
    walkover: str
    postponed_to: date | None
    match_id: int | None
    table_id: int | None
    round: Round
    a_name: str
    b_name: str | None
    table_number: int | None
    match: MatchSummary | None
    withdrawal: bool = False
    stopped_id: int | None = None

    is_bye = Pairing.is_bye
    absent_name = Pairing.absent_name


# What one query reads for each pairing, in the order PairingSummary (and MatchSummary) take.
SUMMARY_COLUMNS = (
    "pk", "slot", "third_place", "group", "a", "b", "winner", "finished", "walkover",
    "postponed_to", "match", "table",
    "round", "round__number", "round__stage", "round__code", "round__date", "round__opened",
    "a__partnership__name", "a__partnership__player_1__name", "a__partnership__player_2__name",
    "b__partnership__name", "b__partnership__player_1__name", "b__partnership__player_2__name",
    "table__number",
    "match__games_a", "match__games_b", "match__finished", "match__confirm_result",
    "match__result_confirmed_at", "match__updated_at", "match__version",
    # as text, never parsed on the way (a thousand rows' JSON): MatchSummary reads it if asked
    *(KeyTextTransform(key, field) for field, key in (
        ("match__format", "type"), ("match__state", "partidas"), ("match__state", "points"),
        ("match__state", "partida_games"))),
    "a__partnership__player_3__name", "a__partnership__player_4__name",
    "b__partnership__player_3__name", "b__partnership__player_4__name",
    "match__finished_at", "match__winner", "withdrawal", "match__dealt_at",
    KeyTextTransform("next_dealer", "match__state"),  # who deals next (MatchSummary.dealer)
    "stopped",
    KeyTextTransform("carry", "match__state"),
    KeyTextTransform("revoked", "match__state"),  # how a match was won (presenters.how_won_text)
    "match__first_dealer_chosen",
)


def pairing_summaries(tournament: Tournament, *conditions: Q) -> list[PairingSummary]:
    """The pairings that match `conditions`, in round and slot order, from one query of plain
    values: no model object but one Round for each round, whatever the number of pairings."""
    rounds: dict[int, Round] = {}
    summaries = []
    for row in (Pairing.objects.filter(Q(round__tournament=tournament), *conditions)
                .order_by("round__number", "third_place", "slot")
                .values_list(*SUMMARY_COLUMNS)):
        round_ = rounds.get(row[12])
        if round_ is None:
            round_ = rounds[row[12]] = Round(
                id=row[12], tournament_id=tournament.pk, number=row[13], stage=row[14],
                code=row[15], date=row[16], opened=row[17])
        match = MatchSummary(
            row[10], *row[25:33], row[33:36], *row[40:42], row[43],
            None if row[44] in (None, "null") else int(row[44]),  # null: a match that ended
            # seat 0 is A's first player, seat 1 B's first, and so on (Match.players)
            (row[19], row[22], row[20], row[23], row[36], row[38], row[37], row[39]),
            int(row[46] or 0),
            row[47] if row[47] in ("A", "B") else None,  # JSON null may come as "null"
            row[48],
        ) if row[10] else None
        summaries.append(PairingSummary(
            *row[:12], round_, Partnership.name_of(*row[18:21], *row[36:38]),
            Partnership.name_of(*row[21:24], *row[38:40]) if row[5] else None, row[24], match,
            row[42], row[45]))
    return summaries


@dataclass(frozen=True)
class RoundProgress:
    """How far a round has gone, as every page counts it: its matches (a bye is not one),
    those finished, and its byes."""

    matches: int
    finished: int
    byes: int


def round_progress(round_pairings) -> RoundProgress:
    """`round_pairings`: the Pairings, or PairingSummaries, of one round (read with no query)."""
    byes = sum(p.is_bye for p in round_pairings)
    return RoundProgress(len(round_pairings) - byes,
                         sum(p.finished and not p.is_bye for p in round_pairings), byes)


def last_round(tournament: Tournament) -> Round | None:
    return tournament.rounds.order_by("-number").first()


def rounds_latest_first(tournament: Tournament) -> QuerySet[Round]:
    """The rounds played or in play, the current first: the last drawn; a league's, the last
    matchday opened (a league's season is drawn whole at its start)."""
    return Round.objects.filter(tournament=tournament, opened=True).order_by("-number")


def current_round(tournament: Tournament) -> Round | None:
    return rounds_latest_first(tournament).first()


def live_etag(slug: str) -> str | None:
    """The tournament's own version plus how often its matches' scores changed."""
    found = live_version(slug)
    return found and found[0]


def live_version(slug: str, since: datetime | None = None,
                 ended_since: datetime | None = None) -> tuple[str, bool, bool] | None:
    """The live ETag, whether a score changed at or after `since` and whether a match of the
    club ended at or after `ended_since` (the TV shows its final score meanwhile): one query
    of two rows found by their keys (the tournament and its LiveScores), and one seek in the
    club's index of recent changes, whatever the number of matches. Plain SQL, as
    results_etag."""
    fresh, params = ("l.changed_at >= %s", [connection.ops.adapt_datetimefield_value(since)]
                     ) if since else ("NULL", [])
    ended = "NULL"
    if ended_since:
        ended = (f"EXISTS (SELECT 1 FROM {Match._meta.db_table} m WHERE m.club_id = t.club_id"
                 " AND m.finished = %s AND m.updated_at >= %s AND m.finished_at >= %s)")
        params += [True, *[connection.ops.adapt_datetimefield_value(ended_since)] * 2]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT t.id, t.version, l.version, {fresh}, {ended}"
                       f" FROM {Tournament._meta.db_table} t LEFT JOIN {LiveScores._meta.db_table}"
                       f" l ON l.tournament_id = t.id WHERE t.slug = %s", [*params, slug])
        row = cursor.fetchone()
    return row and (f"t{row[0]}-{row[1]}-{row[2] or 0}", bool(row[3]), bool(row[4]))


def results_etag(slug: str) -> str | None:
    """The tournament's own version (bumped whenever a result changes, not on every deal):
    enough for pages that show only results, which stay cacheable while matches are played.
    Plain SQL on one indexed row: it is all that an unchanged poll costs. The seed tells a
    tournament from one made again under its id; it is named by a digest, because the seed
    decides the draws and the lots, and nobody may learn it before they are made."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, seed, version FROM {Tournament._meta.db_table} WHERE slug = %s",
                       [slug])
        row = cursor.fetchone()
    return row and f"r{row[0]}-{_seed_digest(row[1])}-{row[2]}"


def _seed_digest(seed: str) -> str:
    return hashlib.blake2b(seed.encode(), digest_size=6).hexdigest()


def points_scheme(tournament: Tournament) -> formats.PointsScheme:
    bye = {Tournament.Bye.WIN: None, Tournament.Bye.DRAW: tournament.points_draw,
           Tournament.Bye.NOTHING: 0}[tournament.bye_result]
    return formats.PointsScheme(win=tournament.points_win, loss=tournament.points_loss,
                                draw=tournament.points_draw, no_show=tournament.points_no_show,
                                bye_points=bye)


def result_of(pairing: Pairing, full_win: formats.FullWin) -> formats.MatchResult | None:
    """The finished pairing as the standings see it (None for a bye or an unfinished one).

    A walkover is a full win (`full_win`: Tournament.full_win) to none; a double forfeit
    ("-") gives neither side anything (RULES.md)."""
    if not pairing.finished or pairing.b_id is None:
        return None
    if pairing.walkover:
        nothing = formats.FullWin()
        a, b = {"A": (full_win, nothing), "B": (nothing, full_win)}.get(pairing.walkover,
                                                                          (nothing, nothing))
        return formats.MatchResult(pairing.a_id, pairing.b_id, pairing.winner_id,
                                   games_a=a.games, games_b=b.games, partidas_a=a.partidas,
                                   partidas_b=b.partidas, points_a=a.card_points,
                                   points_b=b.card_points, walkover=True)
    state = pairing.match.state
    return formats.MatchResult(
        pairing.a_id, pairing.b_id, pairing.winner_id,
        games_a=state["games"][0], games_b=state["games"][1],
        partidas_a=state["partidas"][0], partidas_b=state["partidas"][1],
        points_a=state["points"][0], points_b=state["points"][1],
    )


@dataclass(frozen=True)
class Standing:
    row: formats.StandingRow
    entry: Entry


def standings(tournament: Tournament, all_pairings: list[Pairing], field: list[Entry],
              stage: str | None = None, group: str = "") -> list[Standing]:
    """Rank `field` on the finished pairings of `stage` (and `group`), by the tie-break chain;
    the whole of a finished bracket's event by its final places (`_placed_by_the_bracket`).

    Deciding matches count only for the "deciding" criterion, and only in the standings
    whose ties they settle (see `deciding_settled`)."""
    by_id = {entry.pk: entry for entry in field}
    rows = deciding_settled(tournament, all_pairings, field, stage, group).rows
    if stage is None:
        rows = _placed_by_the_bracket(tournament, all_pairings, rows, field)
    return [Standing(row, by_id[row.entrant]) for row in rows]


def _placed_by_the_bracket(tournament: Tournament, all_pairings: list[Pairing],
                           rows: list[formats.StandingRow],
                           field: list[Entry]) -> list[formats.StandingRow]:
    """A finished double elimination, or knockout, ranks by its final places (final_places),
    whatever the points: those who share a place keep the chain's order. In play, and in the
    other structures, the tie-break chain's ranking stands."""
    placed = final_places(tournament, all_pairings, field)
    if not placed:
        return rows
    return formats.ranked_by_places(rows, {entrant: placing.place for placing in placed
                                           for entrant in placing.entrants})


def placed_at_the_end(tournament: Tournament) -> bool:
    """Can `final_places` find any (read with no query): a finished event with a bracket."""
    return (tournament.status == Tournament.Status.FINISHED and tournament.structure
            not in (Tournament.Structure.ROUNDS, Tournament.Structure.LEAGUE))


def final_places(tournament: Tournament, all_pairings: list[Pairing],
                 field: list[Entry]) -> tuple[placings.Placing, ...]:
    """A finished event's places by how far each went in its bracket (formats.placings): a
    double elimination's, or a finished knockout's, with a champion or after a final neither
    finalist came to (after groups, those out in the groups follow by their group place).
    None in play, nor for rounds or a league.
    `all_pairings` and `field` (everyone) as `pairings()` and `entries()` read them."""
    if tournament.structure == Tournament.Structure.DOUBLE:
        from tournaments.services.double import state  # the bracket's replay of the results

        return state(tournament, all_pairings, field).placings  # none until it is finished
    knockout = [placings.Played(p.round.number, p.a_id, p.b_id, p.winner_id, p.third_place)
                for p in all_pairings if p.round.stage == Round.Stage.KNOCKOUT and p.finished]
    if not knockout or tournament.status != Tournament.Status.FINISHED:
        return ()
    return placings.knockout_placings([e.pk for e in field], knockout, tournament.champion_id,
                                      _group_places(tournament, all_pairings, field))


def _group_places(tournament: Tournament, all_pairings: list[Pairing],
                  field: list[Entry]) -> dict[int, int]:
    """Each partnership's place in its group's standings, the withdrawn left out (the next
    one moves up, as the knockout's draw took them); those level share the place."""
    places = {}
    for letter in sorted({e.group for e in field if e.group}):
        members = [e for e in field if e.group == letter]
        withdrawn = {e.pk for e in members if e.withdrawn}
        ranked = [row for row in deciding_settled(tournament, all_pairings, members,
                                                  Round.Stage.GROUPS, letter).rows
                  if row.entrant not in withdrawn]
        for row in ranked:
            places[row.entrant] = 1 + sum(other.rank < row.rank for other in ranked)
    return places


def deciding_settled(tournament: Tournament, all_pairings: list[Pairing], field: list[Entry],
                     stage: str | None = None, group: str = "") -> deciding.Settled:
    """The standings of `stage` (and `group`) with the order of the deciding matches played
    for their ties, and the knockouts still to play for those left (formats.deciding)."""
    counted = [p for p in counting(all_pairings) if p.round.stage != Round.Stage.DECIDING
               and (stage is None or p.round.stage == stage) and (not group or p.group == group)]
    full_win = tournament.full_win
    results = [r for p in counted if (r := result_of(p, full_win))]
    ids = {e.pk for e in field}
    byes = [entry for entry in _byes(tournament, counted, field) if entry in ids]
    bye = tournament.bye_worth

    def rank_with(order):
        return formats.rank([e.pk for e in field], results, tournament.tie_breaks,
                            lots_seed=tournament.seed, scheme=points_scheme(tournament),
                            byes=byes, bye_games=bye.games, bye_partidas=bye.partidas,
                            bye_card_points=bye.card_points, deciding=order)

    if not settled_by_deciding(tournament, stage):
        return deciding.Settled(rank_with({}), {}, [])
    played = {frozenset((p.a_id, p.b_id)): p.winner_id for p in all_pairings
              if p.round.stage == Round.Stage.DECIDING and p.finished and p.b_id is not None
              and p.group == group}
    qualifying = tournament.qualifiers_per_group if stage == Round.Stage.GROUPS else 0
    return deciding.settle(rank_with, tournament.deciding_scope, qualifying, played,
                                   out={e.pk for e in field if e.withdrawn})


def counting(all_pairings: list[Pairing]) -> list[Pairing]:
    """The pairings whose results count in the standings now: those of the rounds reached (a
    league's matchdays opened: a withdrawal's walkovers in weeks to come count when their
    week comes), a bye only once its round is complete, so that a bye never ranks above the
    winners of its round still being played."""
    in_play = _rounds_in_play(all_pairings)
    return [p for p in all_pairings
            if p.round.opened and not (p.is_bye and p.round.pk in in_play)]


def byes_waiting(all_pairings: list[Pairing]) -> dict[int, int]:
    """By round number, the byes of rounds reached that count once their round is complete
    (`counting` leaves them out until then)."""
    in_play = _rounds_in_play(all_pairings)
    return dict(Counter(p.round.number for p in all_pairings
                        if p.is_bye and p.round.opened and p.round.pk in in_play))


def _rounds_in_play(all_pairings: list[Pairing]) -> set[int]:
    return {p.round.pk for p in all_pairings if not p.finished}


def _byes(tournament: Tournament, counted: list[Pairing], field: list[Entry]) -> list[int]:
    """Who went through a round on a bye: a pairing without an opponent; in a double
    elimination, a slot of the bracket resolved by a bye (it has no pairing), once every
    other slot of its round is played or resolved (as `counting` has it for a pairing)."""
    if tournament.structure != Tournament.Structure.DOUBLE:
        return [p.a_id for p in counted if p.b_id is None and p.winner_id]
    from tournaments.services.double import round_code, state  # the bracket's replay

    de = formats.double_elimination
    slots = state(tournament, counted, field).slots
    in_play = {round_code(slot_id) for slot_id, slot in slots.items()
               if slot.status in (de.WAITING, de.READY)}
    return [slot.winner for slot_id, slot in slots.items()
            if slot.status == de.BYE_RESOLVED and slot.winner is not de.BYE
            and round_code(slot_id) not in in_play]


def settled_by_deciding(tournament: Tournament, stage: str | None) -> bool:
    """Do deciding matches settle the standings of `stage`: a group stage's before its
    knockout, or those of rounds or a league (read with no stage: all their matches count)?"""
    if "deciding" not in tournament.tie_breaks:
        return False
    if tournament.structure == Tournament.Structure.GROUPS:
        return stage == Round.Stage.GROUPS
    return tournament.structure in (Tournament.Structure.ROUNDS,
                                    Tournament.Structure.LEAGUE) and stage in (
        None, Round.Stage.ROUNDS)


def entries_out(tournament: Tournament, all_pairings: list[Pairing],
                field: list[Entry]) -> frozenset[int]:
    """The entries already out of a running tournament, with nothing left to play: knocked
    out of a knockout (a semi-final's loser only once its third-place match is played, or
    when there will be none; never the final's loser, crowned if the winner withdraws before
    the end: knockout_champion), left out of the knockout that followed the groups,
    eliminated from a double elimination. Nobody is out of rounds or a league before the end.
    `all_pairings` and `field` as `pairings()` and `entries()` read them."""
    if tournament.structure == Tournament.Structure.DOUBLE:
        from tournaments.services.double import schedule_of, state  # the bracket's replay

        return formats.double_elimination.eliminated(
            schedule_of(tournament), state(tournament, all_pairings, field))
    knockout = [p for p in all_pairings if p.round.stage == Round.Stage.KNOCKOUT]
    if not knockout:
        return frozenset()
    out = {e.pk for e in field} - knockout_entrants(knockout)  # not in the knockout
    semis = [p for p in knockout if p.round.code == formats.SEMI_FINAL and not p.third_place]
    # the third-place match is drawn with the final, once both semi-finals have a winner
    third_due = (tournament.third_place and bool(semis)
                 and not any(p.finished and p.winner_id is None for p in semis)
                 and not any(p.round.code == formats.FINAL for p in knockout))
    for p in knockout:
        if not p.finished or p.b_id is None or (p.round.code == formats.FINAL
                                                 and not p.third_place):
            continue
        for side in (p.a_id, p.b_id):
            if side != p.winner_id and not (third_due and p in semis):
                out.add(side)
    pending = {side for p in knockout if not p.finished for side in (p.a_id, p.b_id)}
    return frozenset(out - pending)


def knockout_entrants(all_pairings: list[Pairing]) -> set[int]:
    """Who went through to the knockout: the partnerships of its first round (none before it
    is drawn)."""
    knockout = [p for p in all_pairings if p.round.stage == Round.Stage.KNOCKOUT]
    first = min((p.round.number for p in knockout), default=None)
    return {side for p in knockout if p.round.number == first
            for side in (p.a_id, p.b_id) if side is not None}


def knockout_qualifiers(tournament: Tournament,
                        groups: list[list[Standing]]) -> tuple[list[list[int]], list[int]]:
    """Whom the knockout takes from `groups` (each group's standings, best first; the
    withdrawn are left out, the next one moves up): each group's top places that every group
    fills, crossed in the draw; then, best first, those picked across the groups: the places
    a group that withdrawals left short cannot cross, and the best next-placed teams when the
    tournament takes some."""
    left = ([s for s in g if not s.entry.withdrawn] for g in groups)
    groups = [g for g in left if g]  # a group whose partnerships all withdrew sends none
    if not groups:
        return [], []
    per_group = tournament.qualifiers_per_group
    crossed = min(per_group, *(len(g) for g in groups))
    fair = [[(s.entry.pk, _per_match(s.row)) for s in g] for g in groups]
    picked = [entry for place in range(crossed + 1, per_group + 1)
              for entry in formats.best_placed(fair, place, sum(len(g) >= place for g in groups))]
    if tournament.best_of_next:
        available = sum(len(g) > per_group for g in groups)
        picked += formats.best_placed(fair, per_group + 1, min(tournament.best_of_next, available))
    return [[s.entry.pk for s in g[:crossed]] for g in groups], picked


def _per_match(row: formats.StandingRow) -> tuple:
    """Compares teams of groups of unequal sizes: per match played, then the differences."""
    played = row.played or 1
    return (row.points / played, (row.games_won - row.games_lost) / played,
            row.card_point_difference / played)


def going_through(tournament: Tournament, all_pairings: list[Pairing],
                  groups: list[list[Standing]]) -> set[int]:
    """The partnerships the group tables mark: once the knockout is drawn, those who went
    through; before, those its draw would take from the groups as they stand (`groups`:
    each group's standings)."""
    if entrants := knockout_entrants(all_pairings):
        return entrants
    crossed, picked = knockout_qualifiers(tournament, groups)
    return {entry for top in crossed for entry in top} | set(picked)


def played_pairs(all_pairings: list[Pairing]) -> set[frozenset]:
    return {frozenset((p.a_id, p.b_id)) for p in all_pairings if p.b_id is not None}


def withdrawn_sides(match: Match) -> str:
    """The sides ("A", "B", "AB") of a tournament match whose partnerships have withdrawn
    since it was decided on the table: a change that reopens it makes it a walkover
    (results.follow_match), after which its pairing names it as `stopped`, not as its match.
    "" for a friendly, or when neither has."""
    row = (Pairing.objects.filter(Q(match=match) | Q(stopped=match))
           .values_list("a__withdrawn", "b__withdrawn").first())
    if row is None:
        return ""
    return "".join(side for side, gone in zip("AB", row, strict=True) if gone)


def started(pairing: Pairing) -> bool:
    """Has anything been played or decided on this pairing? A bye is only drawn: taking it
    back with its round loses nothing, so a correction or an undo that takes back a round of
    byes and untouched matches needs no confirmation."""
    return not pairing.is_bye and bool(pairing.finished or pairing.walkover
                                       or (pairing.match_id and pairing.match.state["deals"]))


def begun(pairing: Pairing) -> bool:
    """Started, a withdrawal's walkover aside: the site gave that one, and gives it again when
    its round is drawn again, so taking it back loses nothing. A no-show's walkover is a
    result the organiser gave: begun."""
    return started(pairing) and not (pairing.walkover and pairing.withdrawal)


def untouched(pairings) -> bool:
    """No match among `pairings` has a deal or a result (byes and withdrawals' walkovers
    aside)."""
    return not any(begun(p) for p in pairings)


def round_is_complete(round_: Round) -> bool:
    """No match of the round is left to finish, nor of the rounds before it: a result
    corrected since may have a match played again (a group's while its group's later rounds
    stand, a knockout's whose slot ahead is empty: draws.fill_in_next), and what follows the
    round waits for it too."""
    return not Pairing.objects.filter(round__tournament_id=round_.tournament_id,
                                      round__number__lte=round_.number, finished=False).exists()


def group_letters(tournament: Tournament) -> list[str]:
    return sorted(set(tournament.entries.exclude(group="").values_list("group", flat=True)))


def tournaments_of_club(club) -> QuerySet[Tournament]:
    return club.tournaments.filter(~Q(status=Tournament.Status.DRAFT)).order_by("-created_at")


# Public pages and the JSON API ------------------------------------------------------------

CURRENT = "current"  # tournament_page's round: the last opened (a league's matchday) or drawn


def tournament_page(slug: str, not_playing_in: int | str | None = None) -> Tournament | None:
    """One query: the tournament, its club and champion, how many play (`entries_count`) and
    how many the standings list (`ranked_count`: the withdrawn too), its last round's number.

    With `not_playing_in` (a round's number, or CURRENT), also `not_playing`: the entries with
    no match in that round of a round robin's stage (groups or rounds), as sit_outs.Member's
    fields (`not_playing_members`), the few a round's sit-out is found among; none in a
    knockout's round. A page that names the sit-out reads it with the tournament."""
    entries = Entry.objects.filter(tournament=OuterRef("pk")).values("tournament")
    entries_count = entries.filter(withdrawn=False).annotate(n=Count("pk")).values("n")
    ranked_count = entries.annotate(n=Count("pk")).values("n")
    last_number = (Round.objects.filter(tournament=OuterRef("pk"))
                   .order_by("-number").values("number")[:1])
    extra = {} if not_playing_in is None else {"not_playing": _not_playing(not_playing_in)}
    return (Tournament.objects.filter(slug=slug)
            .select_related("club", "champion__partnership__player_1",
                            "champion__partnership__player_2")
            .annotate(entries_count=Coalesce(Subquery(entries_count), 0),
                      ranked_count=Coalesce(Subquery(ranked_count), 0),
                      last_round_number=Coalesce(Subquery(last_number), 0), **extra)
            .first())


class JSONList(Aggregate):
    """The rows' values as one JSON list (SQLite's json_group_array, PostgreSQL's jsonb_agg,
    which Django reads as text and JSONField parses)."""

    function = "JSON_GROUP_ARRAY"
    output_field = JSONField()

    def as_postgresql(self, compiler, connection, **extra_context):
        return self.as_sql(compiler, connection, function="JSONB_AGG", **extra_context)


class JSONRow(Func):
    """Columns as one JSON list (SQLite's json_array, PostgreSQL's jsonb_build_array): Django's
    JSONArray, without its check of the database's JSON support (a query on SQLite)."""

    function = "JSON_ARRAY"
    output_field = JSONField()

    def as_postgresql(self, compiler, connection, **extra_context):
        return self.as_sql(compiler, connection, function="JSONB_BUILD_ARRAY", **extra_context)


ENTRY_NAME_COLUMNS = ("partnership__name", *(f"partnership__{seat}__name" for seat in PLAYERS))


def _not_playing(number: int | str) -> Subquery:
    """The entries of a round robin's round (`number`, or CURRENT) that no pairing of it with
    two sides names, as a JSON list of [pk, group, seed, name, its players' names...]; not the
    withdrawn, who sit out nothing (sit_outs)."""
    def round_number():  # inside a query of the entry's rows
        if number != CURRENT:
            return number
        return Subquery(Round.objects.filter(tournament=OuterRef(OuterRef("tournament")),
                                             opened=True).order_by("-number").values("number")[:1])
    # a round robin's round (sit_outs.is_round_robin): a Swiss's or a knockout's reads nothing
    robin = Round.objects.filter(
        Q(stage=Round.Stage.GROUPS)
        | Q(stage=Round.Stage.ROUNDS, tournament__structure=Tournament.Structure.LEAGUE)
        | Q(stage=Round.Stage.ROUNDS, tournament__structure=Tournament.Structure.ROUNDS,
            tournament__pairing=Tournament.Pairing.ROUND_ROBIN),
        tournament=OuterRef("tournament"), number=round_number())

    def playing(side: str) -> Exists:  # one side a lookup, each by its own index
        return Exists(Pairing.objects.filter(
            round__tournament=OuterRef("tournament"), round__number=round_number(),
            b__isnull=False, **{side: OuterRef("pk")}))
    rows = (Entry.objects.filter(Exists(robin), ~playing("a"), ~playing("b"),
                                 tournament=OuterRef("pk"), withdrawn=False)
            .values("tournament")
            .annotate(rows=JSONList(JSONRow("pk", "group", "seed", *ENTRY_NAME_COLUMNS)))
            .values("rows"))
    return Subquery(rows, output_field=JSONField())


def not_playing_members(tournament: Tournament) -> list[tuple[int, str, str]]:
    """`tournament_page(..., not_playing_in=...)`'s `not_playing`: (pk, group, display name)
    of each, in the entries' order (seed, then id)."""
    rows = sorted(tournament.not_playing or [],
                  key=lambda row: (row[2] is None, row[2] or 0, row[0]))
    return [(pk, group, Partnership.name_of(*names)) for pk, group, _seed, *names in rows]


def round_pairings(tournament: Tournament, number: int) -> QuerySet[Pairing]:
    return pairings(tournament).filter(round__number=number)


# Organiser pages (appended): the live state of every table and of the current round.

TABLE_RELATED = (*(f"link__match__{side}__{seat}" for side in "ab" for seat in PLAYERS),
                 "link__match__pairing__round")


def tables_live(tournament: Tournament) -> list:
    """The tournament's tables with their current match and its pairing, in one query."""
    return list(tournament.tables.select_related(*TABLE_RELATED).defer("link__match__tally")
                .order_by("number"))


def board_pairings(tournament: Tournament, current: Round) -> list[Pairing]:
    """The status board's pairings, in one query whatever their number: the current round's,
    its byes included (round_progress counts them), and every match still to play of an opened
    round, not postponed (those place_waiting seats), in the order place_waiting seats them."""
    return list(pairings(tournament).filter(
        Q(round=current) | Q(finished=False, round__opened=True, postponed_to__isnull=True)))
