"""Words and shapes for people: round titles, a tournament's structure and points in a sentence,
the names of the tie-break criteria, each pairing as a line, rounds of lines, the bracket, and
the API's shapes.

Selectors read the data; these turn it into what the pages, printables, exports, emails, the
referee page and the API show (as scoring.presenters does for scoring). Nothing here queries.
"""

from dataclasses import dataclass, field
from itertools import zip_longest

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from scoring import presenters as scoring_presenters
from tournaments import bracket_ahead, formats, selectors
from tournaments.models import Action, Pairing, Round, Tournament
from tournaments.selectors import PairingSummary

# Words --------------------------------------------------------------------------------------

def knockout_title(code: str) -> str:
    # the round of 16 and of 32 have their own names in Portuguese (oitavos de final...)
    named = {formats.FINAL: _("Final"), formats.SEMI_FINAL: _("Semi-finals"),
             formats.QUARTER_FINAL: _("Quarter-finals"), "round_of_16": _("Round of 16"),
             "round_of_32": _("Round of 32")}
    if code in named:
        return named[code]
    places = code.removeprefix("round_of_")
    return _("Round of %(places)s") % {"places": places} if places.isdigit() else code


def action_what(action) -> str:
    """What an entry of the organisers' log (models.Action) was about, in the reader's
    language: made from its `args`; its `what` names partnerships or matches (and holds the
    words of the entries logged before `args`, in the language they were logged in)."""
    args = action.args
    if "count" in args:
        return ngettext("%(count)s partnership", "%(count)s partnerships",
                        args["count"]) % {"count": args["count"]}
    if "round" in args:
        return _("Round %(number)s") % {"number": args["round"]}
    if "matchdays" in args:
        return ", ".join(_("Matchday %(number)s") % {"number": n} for n in args["matchdays"])
    if "changes" in args:
        return "; ".join(f"{Tournament._meta.get_field(name).verbose_name}: "
                         f"{_setting(old)} → {_setting(new)}" for name, old, new in args["changes"])
    return action.what


def action_words(action) -> tuple[str, str]:
    """What an entry of the organisers' log says was done, and to what (action_what). A
    walkover given to nobody (logged as the pairing and "-") was a double forfeit."""
    what = action_what(action)
    if action.kind == Action.Kind.WALKOVER and what.endswith(": -"):
        return _("recorded a double forfeit: neither partnership came"), what.removesuffix(": -")
    return action.get_kind_display(), what


def _setting(value) -> str:
    return (_("yes") if value else _("no")) if isinstance(value, bool) else str(value)


def double_round_title(code: str) -> str:
    """ "Winners' round 2", "Losers' round 3", "Grand final", "Grand final (reset)"."""
    if code in ("GF1", "GF2"):
        return _("Grand final") if code == "GF1" else _("Grand final (reset)")
    if code.startswith("W"):
        return _("Winners' round %(number)s") % {"number": code[1:]}
    return _("Losers' round %(number)s") % {"number": code[1:]}


def round_title(round_: Round) -> str:
    """ "Round 2", "Matchday 3", "Group stage, round 1", "Semi-finals", "Losers' round 3",
    "Deciding match"."""
    if round_.stage == Round.Stage.KNOCKOUT:
        return knockout_title(round_.code)
    if round_.stage == Round.Stage.DOUBLE:
        return double_round_title(round_.code)
    if round_.stage == Round.Stage.GROUPS:
        return _("Group stage, round %(number)s") % {"number": round_.number}
    if round_.stage == Round.Stage.DECIDING:
        return deciding_title(round_.code)
    if round_.date:  # only a league's rounds have dates
        return _("Matchday %(number)s") % {"number": round_.number}
    return _("Round %(number)s") % {"number": round_.number}


def deciding_title(code: str) -> str:
    """ "Deciding match" for two tied (no code), or "Deciding match: Semi-finals", "Deciding
    match: Final" for the rounds of a small knockout among three or more."""
    if not code:
        return _("Deciding match")
    return _("Deciding match: %(round)s") % {"round": knockout_title(code)}


def later_matches_lines(affected: list[Pairing], reteamed: set[int]) -> list[str]:
    """What a changed result does to the later matches drawn from it, a line a round:
    "Round 2: table 1 A – B, table 2 C – D are drawn again"; `reteamed` (ids): those kept,
    with other partnerships ("Final: table 1 A – B changes partnerships")."""
    rounds: dict[tuple, list[Pairing]] = {}
    for pairing in affected:
        rounds.setdefault((pairing.round_id, pairing.pk in reteamed), []).append(pairing)
    lines = []
    for (_round, kept), pairings in rounds.items():
        matches = ", ".join(_("table %(number)s %(match)s") % {"number": p.table.number,
                                                               "match": p} if p.table_id
                            else str(p) for p in pairings)
        words = (ngettext("%(round)s: %(matches)s changes partnerships",
                          "%(round)s: %(matches)s change partnerships", len(pairings)) if kept
                 else ngettext("%(round)s: %(matches)s is drawn again",
                               "%(round)s: %(matches)s are drawn again", len(pairings)))
        lines.append(words % {"round": round_title(pairings[0].round), "matches": matches})
    return lines


def structure_text(tournament: Tournament) -> str:
    """The structure in a sentence, e.g. "Swiss, 4 rounds" or "4 groups, then a knockout"."""
    draw = tournament.get_draw_display()
    twice = tournament.legs == Tournament.Legs.TWICE
    if tournament.structure == Tournament.Structure.LEAGUE:
        return league_text(tournament)
    if tournament.structure == Tournament.Structure.KNOCKOUT:
        text = _("Knockout; %(draw)s") % {"draw": draw.lower()}
    elif tournament.structure == Tournament.Structure.GROUPS:
        if tournament.qualifiers_per_group == 1:
            text = ngettext("%(groups)s group, then its winner into a knockout",
                            "%(groups)s groups, then the winner of each into a knockout",
                            tournament.groups_count) % {"groups": tournament.groups_count}
        else:
            text = ngettext(
                "%(groups)s group, then the top %(top)s into a knockout",
                "%(groups)s groups, then the top %(top)s of each into a knockout",
                tournament.groups_count) % {"groups": tournament.groups_count,
                                            "top": tournament.qualifiers_per_group}
        if tournament.best_of_next:
            text = _("%(text)s, with %(best_next)s") % {"text": text,
                                                       "best_next": best_next_text(tournament)}
        if twice:
            text = _("%(text)s; in the groups each pair meets twice") % {"text": text}
    elif tournament.structure == Tournament.Structure.DOUBLE:
        return (_("Double elimination, a bracket reset if needed; %(draw)s")
                if tournament.bracket_reset else
                _("Double elimination, no bracket reset; %(draw)s")) % {"draw": draw.lower()}
    elif tournament.pairing == Tournament.Pairing.ROUND_ROBIN:
        return (_("Round robin: every partnership meets every other twice") if twice
                else _("Round robin: every partnership meets every other once"))
    else:
        return ngettext("Swiss, %(count)s round", "Swiss, %(count)s rounds",
                        tournament.rounds_count) % {"count": tournament.rounds_count}
    if tournament.third_place:
        text = _("%(text)s; with a third-place match") % {"text": text}
    return text


# The best next-placed teams who also go through, by the place they finished in their group
# (the one after the qualifiers'); each its own message, as the ordinal agrees with the count.
BEST_NEXT = {
    2: ngettext_lazy("the best second-placed team across the groups by points per match",
                     "the best %(count)s second-placed teams across the groups by points per "
                     "match", "count"),
    3: ngettext_lazy("the best third-placed team across the groups by points per match",
                     "the best %(count)s third-placed teams across the groups by points per "
                     "match", "count"),
    4: ngettext_lazy("the best fourth-placed team across the groups by points per match",
                     "the best %(count)s fourth-placed teams across the groups by points per "
                     "match", "count"),
    5: ngettext_lazy("the best fifth-placed team across the groups by points per match",
                     "the best %(count)s fifth-placed teams across the groups by points per "
                     "match", "count"),
}
BEST_NEXT_PLACED = ngettext_lazy(
    "the best team placed %(place)s in its group, across the groups by points per match",
    "the best %(count)s teams placed %(place)s in their groups, across the groups by points "
    "per match", "count")


def best_next_text(tournament: Tournament) -> str:
    """Who goes through to the knockout besides each group's top places, e.g. "the best 2
    third-placed teams across the groups by points per match" (as
    selectors.knockout_qualifiers picks them); "" when the tournament takes none."""
    if not tournament.best_of_next:
        return ""
    place = tournament.qualifiers_per_group + 1
    return BEST_NEXT.get(place, BEST_NEXT_PLACED) % {"count": tournament.best_of_next,
                                                     "place": place}


def league_text(tournament: Tournament) -> str:
    """ "League: every partnership meets every other twice, one matchday a week"."""
    days = tournament.matchday_interval
    every = (_("one matchday a week") if days == 7 else
             ngettext("one matchday a day", "one matchday every %(days)s days", days)
             % {"days": days})
    if tournament.legs == Tournament.Legs.TWICE:
        return _("League: every partnership meets every other twice, %(every)s") % {
            "every": every}
    return _("League: every partnership meets every other once, %(every)s") % {"every": every}


def points_text(tournament: Tournament) -> str:
    return _("Win %(win)s, draw %(draw)s, loss %(loss)s, no-show %(no_show)s points") % (
        points_payload(tournament))


def round_progress_text(progress: selectors.RoundProgress) -> str:
    """ "3 of 3 matches finished · 5 byes": a round's progress as the organiser's page, the
    status board, the overview and the TV say it."""
    text = ngettext("%(done)s of %(counter)s match finished",
                    "%(done)s of %(counter)s matches finished",
                    progress.matches) % {"done": progress.finished, "counter": progress.matches}
    if not progress.byes:
        return text
    return text + " · " + ngettext("%(count)s bye", "%(count)s byes",
                                   progress.byes) % {"count": progress.byes}


def byes_waiting_text(waiting: dict[int, int]) -> list[str]:
    """Under the standings, while a round with a bye is in play: when its byes count
    (`waiting`: selectors.byes_waiting)."""
    return [ngettext("The bye of round %(number)s counts when the round ends.",
                     "The byes of round %(number)s count when the round ends.", count)
            % {"number": number} for number, count in sorted(waiting.items())]


def points_payload(tournament: Tournament) -> dict[str, int]:
    """The match points of each result, as the API shows them."""
    return {"win": tournament.points_win, "draw": tournament.points_draw,
            "loss": tournament.points_loss, "no_show": tournament.points_no_show}


# The tie-break criteria, as a list reads them ("Ranked by: points, head-to-head"); a label or
# a sentence that starts with one takes capfirst.
CRITERION_NAMES = {
    "points": gettext_lazy("points"),
    "games_won": gettext_lazy("games won"),
    "head_to_head": gettext_lazy("head-to-head"),
    "partidas_won": gettext_lazy("game sets won"),
    "partidas_lost": gettext_lazy("fewest game sets lost"),
    "card_points": gettext_lazy("card points"),
    "card_point_difference": gettext_lazy("card-point difference"),
    "buchholz": gettext_lazy("Buchholz (the opponents' points)"),
    "deciding": gettext_lazy("deciding match"),
    "lots": gettext_lazy("drawing lots"),
}


def criterion_name(code: str) -> str:
    return str(CRITERION_NAMES.get(code, code))


def ranked_by_text(tournament: Tournament) -> str:
    """The tie-break chain as the standings and the printed results say it, with what
    head-to-head and a deciding match mean where the chain has them."""
    chain = tournament.tie_breaks
    said = [_("Ranked by") + ": " + ", ".join(criterion_name(code) for code in chain) + "."]
    if "head_to_head" in chain:
        said.append(_("Head-to-head decides only among tied partnerships who have all played "
                      "each other; otherwise the next criterion does."))
    if "deciding" in chain:
        said.append(_("A tie still left for %(scope)s is played out in a deciding match, which "
                      "counts for nothing else.") % {"scope": tournament.get_deciding_scope_display()})
    return " ".join(said)


def standings_order_text(tournament: Tournament, placed: bool) -> str:
    """What orders the standings, as their page and the printed final results say it: the
    tie-break chain (ranked_by_text), every match counting while a bracket decides the
    champion; once a bracket's event is over (`placed`: it has final places), the bracket's
    places whatever the points, those out in the groups after them by their group place."""
    if tournament.structure in (Tournament.Structure.ROUNDS, Tournament.Structure.LEAGUE):
        return ranked_by_text(tournament)
    if not placed:
        return " ".join([ranked_by_text(tournament), _(
            "Every match played counts here; the bracket decides the champion.")])
    said = [_("Now that it is over, the places are the bracket's: the champion, the runner-up, "
              "then by the round each partnership went out in, whatever the points; those out "
              "in the same round share a place.")]
    if tournament.structure == Tournament.Structure.GROUPS:
        said.append(_("Those who did not reach the knockout follow, by their place in their "
                      "group."))
    return " ".join(said)


# The marks beside a rank and the note under the standings that says each, on the pages, the
# TV and the printed final results.
RANK_NOTES = {
    "decided": ("*", gettext_lazy("A deciding match settled this place.")),
    "by_lot": ("†", gettext_lazy("Order decided by lot: nothing else in the tie-break chain set "
                                 "these partnerships apart.")),
}


def rank_note(kind: str) -> str:
    """ "† Order decided by lot: ..." (`kind`: a key of RANK_NOTES)."""
    mark, text = RANK_NOTES[kind]
    return f"{mark} {text}"


# Lines: each pairing as the public pages, the exports and the API show it ---------------------

@dataclass(frozen=True)
class Line:
    """One pairing as the public pages and the API show it.

    `status` is "bye", "walkover" (a no-show: one side did not come to this match),
    "withdrawal" (a walkover because one side withdrew from the tournament: `absent` names
    it), "forfeit" (neither side played: a double forfeit),
    "finished", "draw" (a level fixed-deal match), "playing" (a match on a table),
    "awaiting" (its match ended, the result awaits the losing side's or the organiser's
    confirmation: not finished for the tournament, standings do not count it yet),
    "postponed" (a league match moved to `pairing.postponed_to`: no table until it is played)
    or "waiting" (no table free yet). `winner` is "A", "B" or None;
    `games` are the match's games, or those a walkover or a bye brings (as the standings count
    them: Tournament.full_win, Tournament.bye_worth); `score` what the line shows: the same,
    but partidas in game sets and card points in the points format (Match.scoreline); `note`
    the games beside a score in game sets, where there is room (Match.games_note).
    """

    pairing: Pairing | PairingSummary  # its own columns and round are what a line reads
    a: str
    b: str | None
    table: int | None
    match_id: int | None
    games: tuple[int, int]
    score: tuple[int, int]
    finished: bool
    winner: str | None
    walkover: bool
    status: str
    note: str = ""

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def absent(self) -> str | None:
        """The side that did not play a walkover won by the other (None otherwise)."""
        return self.pairing.absent_name

    @property
    def to_come(self) -> bool:
        """Decided before its matchday opened (a withdrawal's walkover in a league's weeks to
        come): a result, counted in the standings (selectors.counting), once it opens."""
        return self.finished and not self.pairing.round.opened

    @property
    def is_result(self) -> bool:
        return self.finished and not self.to_come

    @property
    def state_text(self) -> str:
        if self.to_come:
            return str(TO_COME_TEXTS[self.status]) % {"name": self.absent,
                                                      "number": self.pairing.round.number}
        return state_text(self.status, self.absent, self.pairing.round.stage)

    @property
    def dealer(self) -> str | None:
        """Who deals next in a match in play, when its summary was read with the pairing
        (selectors.pairing_summaries: no query); None otherwise."""
        if self.status != "playing":
            return None
        return getattr(self.pairing.match, "dealer", None)


STATE_TEXTS = {
    "bye": gettext_lazy("Bye: goes through without playing"),
    "rounds bye": gettext_lazy("Bye: no opponent this round"),
    "walkover": gettext_lazy("Walkover (no-show)"),
    "withdrawal": gettext_lazy("%(name)s withdrew"),
    "forfeit": gettext_lazy("Double forfeit: neither side played"),
    "finished": gettext_lazy("Finished"),
    "draw": gettext_lazy("Finished: a draw"),
    "awaiting": gettext_lazy("Awaiting confirmation"),
    "playing": gettext_lazy("In play"),
    "postponed": gettext_lazy("Postponed"),
    "waiting": gettext_lazy("Waiting for a table"),
}


TO_COME_TEXTS = {
    "walkover": gettext_lazy("Walkover when matchday %(number)s opens"),
    "withdrawal": gettext_lazy("%(name)s withdrew: walkover when matchday %(number)s opens"),
    "forfeit": gettext_lazy("Double forfeit when matchday %(number)s opens"),
}


def state_text(status: str, absent: str | None = None, stage: str = "") -> str:
    """A line's status in words; a withdrawal's names who withdrew (`absent`). A bye of the
    rounds (a Swiss's) goes through to nothing: the next round is drawn for everyone."""
    if status == "withdrawal":
        return str(STATE_TEXTS[status]) % {"name": absent}
    if status == "bye" and stage == Round.Stage.ROUNDS:
        return str(STATE_TEXTS["rounds bye"])
    return str(STATE_TEXTS[status])


def line_of(pairing: Pairing | PairingSummary, full_win: formats.FullWin,
            bye: formats.FullWin) -> Line:
    """Reads only the pairing's own row and what `selectors.pairings()` selects with it, or a
    summary (`selectors.pairing_summaries`). `full_win` and `bye`: what a walkover and a bye
    bring (Tournament.full_win, Tournament.bye_worth)."""
    winner = ("A" if pairing.winner_id == pairing.a_id else "B") if pairing.winner_id else None
    games = score = (0, 0)
    note = ""
    if pairing.b_id is None:
        status = "bye"
        if winner:  # not a withdrawn partnership's (a double forfeit: draws.decided)
            games, score = (bye.games, 0), (bye.headline, 0)
    elif pairing.walkover:
        won = {"A": (1, 0), "B": (0, 1)}.get(pairing.walkover, (0, 0))
        games = tuple(full_win.games * side for side in won)
        score = tuple(full_win.headline * side for side in won)
        note = scoring_presenters.sets_games_text(games) if full_win.in_sets and winner else ""
        status = ("withdrawal" if pairing.withdrawal else "walkover") if winner else "forfeit"
    elif pairing.match_id:
        match = pairing.match
        games, score, note = (match.games_a, match.games_b), match.scoreline, match.games_note
        status = (("finished" if winner else "draw") if pairing.finished
                  else "awaiting" if pairing.match.awaiting_confirmation else "playing")
    elif pairing.postponed_to:
        status = "postponed"
    else:
        status = "waiting"
    return Line(
        pairing=pairing, a=pairing.a_name, b=pairing.b_name, table=pairing.table_number,
        match_id=pairing.match_id, games=games, score=score, finished=pairing.finished,
        winner=winner, walkover=bool(pairing.walkover), status=status, note=note)


def lines(tournament: Tournament, all_pairings) -> list[Line]:
    full_win, bye = tournament.full_win, tournament.bye_worth
    return [line_of(p, full_win, bye) for p in all_pairings]


@dataclass
class RoundLines:
    title: str
    number: int
    lines: list[Line]

    @property
    def progress_text(self) -> str:
        return round_progress_text(selectors.round_progress([line.pairing for line in self.lines]))

    def short(self, most: int) -> list[Line]:
        """What a phone is shown of a round: every line of a round of `most` lines or fewer;
        of a longer one, the first `most` tables still in play (a finished line is not news,
        and a page of 500 tables is no page for a phone)."""
        if len(self.lines) <= most:
            return self.lines
        return [line for line in self.lines if not (line.finished or line.is_bye)][:most]


def by_round(lines: list[Line]) -> list[RoundLines]:
    rounds: dict[int, RoundLines] = {}
    for line in lines:
        round_ = line.pairing.round
        if round_.number not in rounds:
            rounds[round_.number] = RoundLines(round_title(round_), round_.number, [])
        rounds[round_.number].lines.append(line)
    return list(rounds.values())


def by_table(lines: list[Line]) -> list[Line]:
    """Tables in order; then pairings without a table (waiting, byes, walkovers) by slot."""
    return sorted(lines, key=lambda line: (line.table is None, line.table or 0,
                                           line.pairing.third_place, line.pairing.slot))


def one_round(lines: list[Line]) -> RoundLines | None:
    """The lines of one round, by table."""
    found = by_round(lines)
    return tabled(found[0]) if found else None


def rounds_byes(round_: RoundLines | None) -> list[str]:
    """Who has the bye in a round of the rounds (a Swiss's: no opponent, no table), named where
    the round's tables are shown without it."""
    if round_ is None:
        return []
    return [line.a for line in round_.lines
            if line.is_bye and line.pairing.round.stage == Round.Stage.ROUNDS]


def tabled(round_: RoundLines) -> RoundLines:
    """`round_` with its lines by table (by_table)."""
    return RoundLines(round_.title, round_.number, by_table(round_.lines))


# The bracket --------------------------------------------------------------------------------

@dataclass
class Column:
    """A bracket round. A round not drawn yet holds for each of its matches who is through to
    it so far (bracket_ahead.Awaiting), or None while nobody is."""

    title: str
    lines: list[Line | bracket_ahead.Awaiting | None]
    drawn: bool = True


@dataclass
class Bracket:
    """`redrawn`: each round is drawn afresh from the winners (Draw.REDRAW), so no match leads
    to a match of the next round and a round not drawn yet has no pairing to show."""

    columns: list[Column] = field(default_factory=list)
    third: Line | bracket_ahead.Awaiting | None = None
    third_pending: bool = False
    redrawn: bool = False


def bracket(tournament: Tournament, knockout_lines: list[Line]) -> Bracket:
    """The knockout as columns, with the third-place match; the rounds not drawn yet show who
    is through to them already (bracket_ahead.filled)."""
    result = Bracket(redrawn=tournament.draw == Tournament.Draw.REDRAW)
    for rnd in by_round(knockout_lines):
        result.columns.append(Column(rnd.title, [x for x in rnd.lines
                                                 if not x.pairing.third_place]))
        result.third = next((x for x in rnd.lines if x.pairing.third_place), result.third)
    if not result.columns:
        return result
    # The places of the last round drawn, not its lines: a slot that nobody came to (two
    # neighbouring double forfeits) has no pairing.
    size = formats.round_places(result.columns[-1].lines[0].pairing.round.code) // 2
    while size > 1:
        size //= 2
        result.columns.append(Column(knockout_title(formats.round_code(size * 2)),
                                     [None] * size, drawn=False))
    result.third_pending = (tournament.third_place and result.third is None
                            and len(result.columns) > 1 and not result.columns[-1].drawn)
    return bracket_ahead.filled(result)


# Final places ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlacingView:
    place: int
    last: int  # the last place shared (== place when held alone)
    names: list[str]

    @property
    def label(self) -> str:
        return str(self.place) if self.last == self.place else f"{self.place}–{self.last}"


FINAL_FORFEIT = gettext_lazy("Final: neither partnership came, so nobody is champion.")


def placing_views(placed, names: dict[int, str]) -> list[PlacingView]:
    """`placed` (formats.placings.Placing) with the partnerships' `names` by entry. A shared
    place runs to the next one held (after a final neither came to, its two share 2nd alone:
    the third-place match's winner is 3rd)."""
    return [PlacingView(p.place, p.place + len(p.entrants) - 1 if after is None
                        else min(p.place + len(p.entrants), after.place) - 1,
                        [names[entrant] for entrant in p.entrants])
            for p, after in zip_longest(placed, placed[1:])]


def final_placings(tournament: Tournament, all_pairings, field) -> list[PlacingView]:
    """A finished event's places by its bracket (selectors.final_places): 1, 2, 3, 4, 5–6, ...;
    none in play, nor for rounds or a league. `field`: every entry, or its summary."""
    return placing_views(selectors.final_places(tournament, all_pairings, field),
                         {entry.pk: entry.display_name for entry in field})


def placings_payload(views: list[PlacingView]) -> list[dict]:
    return [{"place": p.place, "last": p.last, "partnerships": p.names} for p in views]


# The JSON API (docs/api.md, "Tournaments") -----------------------------------------------------

STANDING_METRICS = ("played", "won", "drawn", "lost", "byes", "games_lost", "partidas_won",
                    "partidas_lost", "card_points", "card_points_against",
                    "card_point_difference", "buchholz")


def standing_payload(row: dict) -> dict:
    """A row of the standings (standings_tables.standing_rows) as the API shows it."""
    return {"rank": row["rank"], "partnership": row["partnership"], "points": row["points"],
            "games": row["games_won"], **{metric: row[metric] for metric in STANDING_METRICS},
            "decided": row["decided"], "by_lot": row.get("by_lot", False)}


def line_payload(line: Line) -> dict:
    # a match a withdrawal stopped is kept with its deals: named, though the walkover decided
    return {"id": line.match_id or line.pairing.stopped_id, "table": line.table, "a": line.a, "b": line.b,
            "finished": line.finished, "winner": line.winner, "games": list(line.games),
            "score": list(line.score),
            "walkover": line.walkover,
            "withdrawal": line.walkover and line.pairing.withdrawal,
            "awaiting_confirmation": line.status == "awaiting",
            "postponed_to": line.pairing.postponed_to}


def tournament_payload(tournament: Tournament, all_pairings: list[PairingSummary],
                       standings: list[dict],
                       sitting_out: dict[int, list[str]] | None = None,
                       placings: list[PlacingView] | None = None) -> dict:
    """The API shape: rounds with their matches and who sits out a round robin's round
    (`sitting_out`, names by round number), standings (rows as standing_rows makes) and the
    final places (`placings`: final_placings)."""
    rounds: dict[int, dict] = {}
    sitting_out = sitting_out or {}
    for line in lines(tournament, all_pairings):
        round_ = line.pairing.round
        rounds.setdefault(round_.number, {"number": round_.number, "date": round_.date,
                                          "opened": round_.opened, "matches": [],
                                          "sitting_out": sitting_out.get(round_.number, [])}
                          )["matches"].append(line_payload(line))
    champion = tournament.champion
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "status": tournament.status,
        "structure": tournament.structure,
        "rounds": list(rounds.values()),
        "points": points_payload(tournament),
        "standings": [standing_payload(row) for row in standings],
        "champion": champion.partnership.display_name if champion else None,
        "placings": placings_payload(placings or []),
    }
