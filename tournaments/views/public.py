"""Public tournament pages: overview, bracket, groups, standings, rounds, results and the TV.

No login. Each page is plain HTML; htmx polls its live fragment, and an unchanged poll is a 304
costing the one query of `selectors.live_etag`.
"""

from dataclasses import dataclass, field

from django.http import Http404
from django.utils import timezone
from django.utils.html import strip_spaces_between_tags
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from scoring import presenters
from scoring import tv as scoring_tv
from sueca_club.live import cached, live_page
from tournaments import bracket_ahead, formats, selectors, tables
from tournaments import tv as tournament_tv
from tournaments.models import Round, Tournament
from tournaments.selectors import Line

TV_STANDINGS_ROWS = 12
TV_SCREEN_SECONDS = 10  # each screen of the TV's cycle


# Words --------------------------------------------------------------------------------------

def knockout_title(code: str) -> str:
    named = {formats.FINAL: _("Final"), formats.SEMI_FINAL: _("Semi-finals"),
             formats.QUARTER_FINAL: _("Quarter-finals")}
    if code in named:
        return named[code]
    places = code.removeprefix("round_of_")
    return _("Round of %(places)s") % {"places": places} if places.isdigit() else code


def round_title(round_: Round) -> str:
    if round_.stage == Round.Stage.KNOCKOUT:
        return knockout_title(round_.code)
    if round_.stage == Round.Stage.GROUPS:
        return _("Group stage, round %(number)s") % {"number": round_.number}
    return _("Round %(number)s") % {"number": round_.number}


def structure_text(tournament: Tournament) -> str:
    """The structure in a sentence, e.g. "Swiss, 4 rounds" or "4 groups, then a knockout"."""
    draw = tournament.get_draw_display()
    if tournament.structure == Tournament.Structure.KNOCKOUT:
        text = _("Knockout; %(draw)s") % {"draw": draw.lower()}
    elif tournament.structure == Tournament.Structure.GROUPS:
        text = ngettext(
            "%(groups)s group, then the top %(top)s into a knockout",
            "%(groups)s groups, then the top %(top)s of each into a knockout",
            tournament.groups_count) % {"groups": tournament.groups_count,
                                        "top": tournament.qualifiers_per_group}
    elif tournament.pairing == Tournament.Pairing.ROUND_ROBIN:
        return _("Round robin: every partnership meets every other once")
    else:
        return ngettext("Swiss, %(count)s round", "Swiss, %(count)s rounds",
                        tournament.rounds_count) % {"count": tournament.rounds_count}
    if tournament.third_place:
        text = _("%(text)s; with a third-place match") % {"text": text}
    return text


def points_text(tournament: Tournament) -> str:
    return _("Win %(win)s, draw %(draw)s, loss %(loss)s, no-show %(no_show)s points") % {
        "win": tournament.points_win, "draw": tournament.points_draw,
        "loss": tournament.points_loss, "no_show": tournament.points_no_show}


# Shapes of the pages -------------------------------------------------------------------------

@dataclass
class RoundLines:
    title: str
    number: int
    lines: list[Line]

    @property
    def total(self) -> int:
        """Matches to play in the round (a bye is not one)."""
        return sum(not line.is_bye for line in self.lines)

    @property
    def done(self) -> int:
        return sum(line.finished and not line.is_bye for line in self.lines)


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


@dataclass
class Column:
    """A bracket round. `lines` holds None for each match of a round not drawn yet."""

    title: str
    lines: list[Line | None]
    drawn: bool = True


@dataclass
class Bracket:
    columns: list[Column] = field(default_factory=list)
    third: Line | None = None
    third_pending: bool = False


def bracket(tournament: Tournament, knockout_lines: list[Line]) -> Bracket:
    """The knockout as columns, rounds not drawn yet included, with the third-place match."""
    result = Bracket()
    for rnd in by_round(knockout_lines):
        result.columns.append(Column(rnd.title, [x for x in rnd.lines
                                                 if not x.pairing.third_place]))
        result.third = next((x for x in rnd.lines if x.pairing.third_place), result.third)
    if not result.columns:
        return result
    size = len(result.columns[-1].lines)
    while size > 1:
        size //= 2
        result.columns.append(Column(knockout_title(formats.round_code(size * 2)),
                                     [None] * size, drawn=False))
    result.third_pending = (tournament.third_place and result.third is None
                            and len(result.columns) > 1 and not result.columns[-1].drawn)
    return result


def one_round(lines: list[Line]) -> RoundLines | None:
    """The lines of one round, by table."""
    found = by_round(lines)
    return RoundLines(found[0].title, found[0].number, by_table(found[0].lines)) if found else None


def current_round(tournament: Tournament) -> RoundLines | None:
    if not tournament.last_round_number:
        return None
    return one_round(selectors.lines(tournament, selectors.round_pairings(
        tournament, tournament.last_round_number)))


# Views ---------------------------------------------------------------------------------------

def _page(request, slug: str, page: str, context, *, etag_suffix: str = "",
          results_only: bool = False, etag_of=None):
    """A live tournament page: 404 for an unknown slug, 304 for an unchanged poll.

    A page that shows only results (`results_only`) changes with the tournament's version
    alone, not with every deal: its ETag costs one row, and the tournament is cached with it.
    """
    etag = (etag_of or (selectors.results_etag if results_only else selectors.live_etag))(slug)
    if etag is None:
        raise Http404(_("No such tournament."))

    def full_context():
        tournament = (cached(f"tournament-page:{slug}", etag,
                             lambda: selectors.tournament_page(slug))
                      if results_only else selectors.tournament_page(slug))
        if tournament is None:
            raise Http404(_("No such tournament."))
        return {"tournament": tournament, "page": page,
                "has_bracket": tournament.structure != Tournament.Structure.ROUNDS,
                "live": tournament.status != Tournament.Status.FINISHED,
                **context(tournament)}

    return live_page(request, etag + etag_suffix, f"tournaments/public/{page}.html",
                     f"tournaments/public/_{page}_live.html", full_context)


@require_GET
def overview(request, slug: str):
    def context(tournament):
        return {"structure_text": structure_text(tournament),
                "format_text": presenters.format_text(tournament.format),
                "points_text": (points_text(tournament)
                                if tournament.structure != Tournament.Structure.KNOCKOUT else ""),
                "current": current_round(tournament)}
    return _page(request, slug, "overview", context)


@require_GET
def bracket_page(request, slug: str):
    def context(tournament):
        knockout = selectors.pairings(tournament).filter(round__stage=Round.Stage.KNOCKOUT)
        return {"bracket": bracket_ahead.filled(
            tournament, bracket(tournament, selectors.lines(tournament, knockout)))}
    return _page(request, slug, "bracket", context)


def group_tables(tournament: Tournament, all_pairings, field_) -> list[tuple[str, object]]:
    letters = sorted({entry.group for entry in field_ if entry.group})
    groups = []
    for letter in letters:
        ranked = selectors.standings(tournament, all_pairings,
                                     [e for e in field_ if e.group == letter],
                                     stage=Round.Stage.GROUPS, group=letter)
        groups.append((letter, tables.group_table(ranked, tournament.qualifiers_per_group)))
    return groups


@require_GET
def groups(request, slug: str):
    def context(tournament):
        return {"groups": group_tables(tournament, list(selectors.pairings(tournament)),
                                       selectors.entries(tournament))}
    return _page(request, slug, "groups", context)


@require_GET
def standings(request, slug: str):
    """Standings change only with results: the ETag is the tournament's version, and the
    rendered table (half a second to build for 256 partnerships) is kept per version and
    language. A sorted view (?sort=) is built each time."""
    def table_html(tournament):
        ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                     selectors.entries(tournament))
        table = tables.StandingsTable(tables.standing_rows(ranked))
        RequestConfig(request, paginate=False).configure(table)
        return mark_safe(strip_spaces_between_tags(table.as_html(request)))  # half the bytes

    def context(tournament):
        version = f"{tournament.pk}-{tournament.seed}-{tournament.version}"
        html = (table_html(tournament) if request.GET else
                cached(f"standings:{slug}:{get_language()}", version,
                       lambda: table_html(tournament)))
        return {"table_html": html,
                "chain": [tables.criterion_name(c) for c in tournament.tie_breaks]}
    return _page(request, slug, "standings", context, results_only=True)


@require_GET
def round_detail(request, slug: str, number: int):
    def context(tournament):
        if not 1 <= number <= tournament.last_round_number:
            raise Http404(_("No such round."))
        round_ = one_round(selectors.lines(tournament,
                                           selectors.round_pairings(tournament, number)))
        if round_ is None:
            raise Http404(_("No such round."))
        return {"round": round_,
                "previous": number - 1 or None,
                "next": number + 1 if number < tournament.last_round_number else None}
    return _page(request, slug, "round", context)


@require_GET
def results(request, slug: str):
    def context(tournament):
        finished = selectors.pairings(tournament).filter(finished=True)
        return {"rounds": by_round(selectors.lines(tournament, finished))}
    return _page(request, slug, "results", context)


def tv_screens(tournament: Tournament, has_knockout: bool) -> list[str]:
    screens = ["overview", "round"]
    if tournament.structure == Tournament.Structure.ROUNDS:
        screens.append("standings")
    if tournament.structure == Tournament.Structure.GROUPS:
        screens.append("groups")
    if tournament.structure == Tournament.Structure.KNOCKOUT or has_knockout:
        screens.append("bracket")
    return screens


def tv_cycle(screens: list[str], pages: int) -> list[tuple[str, int]]:
    """The screens in turn, with one "round" screen for each page of the tables' grid."""
    return [(screen, page) for screen in screens
            for page in (range(1, pages + 1) if screen == "round" else [1])]


@require_GET
def tv(request, slug: str):
    """The café TV: overview, every table in play (16 a screen), standings or groups, the
    bracket, in turn. With ?page=N it shows only the tables, moving on from page to page."""
    index = _int(request.GET.get("i"))
    tables_only = "page" in request.GET
    now = timezone.now()

    def context(tournament):
        all_pairings = list(selectors.pairings(tournament))
        all_lines = selectors.lines(tournament, all_pairings)
        knockout = [x for x in all_lines if x.pairing.round.stage == Round.Stage.KNOCKOUT]
        pages = scoring_tv.pages_for(sum(x.status == "playing" for x in all_lines))
        if tables_only:
            screens = [("round", page) for page in range(1, pages + 1)]
            at = (_int(request.GET.get("page")) - 1) % pages
        else:
            screens = tv_cycle(tv_screens(tournament, bool(knockout)), pages)
            at = index % len(screens)
        screen, page = screens[at]
        following = (at + 1) % len(screens)
        context = {"screen": screen, "position": at + 1, "count": len(screens),
                   "next_query": f"page={following + 1}" if tables_only else f"i={following}",
                   "seconds": scoring_tv.seconds_for(pages) if tables_only else TV_SCREEN_SECONDS,
                   "current": one_round([x for x in all_lines if x.pairing.round.number
                                         == tournament.last_round_number])}
        if screen == "overview":
            context["structure_text"] = structure_text(tournament)
            context["format_text"] = presenters.format_text(tournament.format)
        elif screen == "round":
            context["grid"] = tournament_tv.grid(all_lines, now, page)
        elif screen == "standings":
            ranked = selectors.standings(tournament, all_pairings, selectors.entries(tournament))
            context["standings"] = ranked[:TV_STANDINGS_ROWS]
        elif screen == "groups":
            context["groups"] = group_tables(tournament, all_pairings,
                                             selectors.entries(tournament))
        elif screen == "bracket":
            context["bracket"] = bracket_ahead.filled(tournament, bracket(tournament, knockout))
        return context

    suffix = f"-tvp{_int(request.GET.get('page'))}" if tables_only else f"-tv{index}"
    return _page(request, slug, "tv", context, etag_suffix=suffix,
                 etag_of=lambda slug: tournament_tv.tv_etag(slug, now))


def _int(value) -> int:
    try:
        return max(int(value), 0)
    except (TypeError, ValueError):
        return 0
