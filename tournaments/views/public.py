"""Public tournament pages: overview, bracket, groups, standings, rounds, results and the TV.

No login. Each page is plain HTML; htmx polls its live fragment, and an unchanged poll is a 304
costing the one query of `selectors.live_etag`, read at most once a second in each process
(`recent_version`).
"""

import math

from django.db.models import Q, Subquery
from django.http import Http404
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring import tv as scoring_tv
from scoring.presenters import match_text
from sueca_club.live import cached, live_page, recent_version
from sueca_club.zones import club_zone_activate
from tournaments import double_bracket, presenters, selectors, sit_outs, standings_tables
from tournaments import tv as tournament_tv
from tournaments.models import Round, Tournament
from tournaments.registration import selectors as registration

TV_STANDINGS_ROWS = 12  # a screen at most, shared evenly: the text is sized to the rows shown
# A TV cannot scroll: what does not fit one screen is shared among several, each read from
# across the café (a big knockout's bracket: formats/bracket_screens.py); what still does not
# fit is zoomed out to the screen (static/js/tv-fit.js).
TV_GROUPS = 2  # group tables a screen at most, one under the other, each the full width
TV_LINES = 20  # the groups' lines (their heads, headings and rows) a screen's text is sized to
TV_SCREEN_SECONDS = 10  # each screen of the TV's cycle
# The TV's screens (?i=N, or ?page=N of the tables alone) each kept as a shared copy, like
# the other live pages: a cycle of a thousand tables' worth (and a bracket of nine screens). A
# screen past them (an address no TV asks for) is built for each request.
TV_KEPT_SCREENS = 64
# The overview of a round of more tables shows the tables in play, as many as this; the round's
# page shows them all.
OVERVIEW_LINES = 24


# Shapes of the pages -------------------------------------------------------------------------

def current_round(tournament: Tournament) -> tuple[presenters.RoundLines | None,
                                                   list[presenters.RoundLines]]:
    """The lines of selectors.current_round and, by round, the matches of earlier rounds still
    in play (a league's earlier matchday; a knockout's quarter-final while a semi-final is on),
    read in the same query."""
    last = Subquery(selectors.rounds_latest_first(tournament).values("number")[:1])
    rounds = presenters.by_round(presenters.lines(tournament, selectors.pairing_summaries(
        tournament, Q(round__number=last)
        | Q(round__number__lt=last, finished=False, match__isnull=False))))
    if not rounds:
        return None, []
    *earlier, current = sorted(rounds, key=lambda round_: round_.number)
    return presenters.tabled(current), [presenters.tabled(round_) for round_ in earlier]


def round_lines(tournament: Tournament, which: Q) -> presenters.RoundLines | None:
    return presenters.one_round(presenters.lines(tournament, selectors.pairing_summaries(
        tournament, which)))


# Views ---------------------------------------------------------------------------------------

def _page(request, slug: str, page: str, context, *, etag_suffix: str = "",
          results_only: bool = False, etag_of=None, shared_query: str = "",
          not_playing_in: int | str | None = None):
    """A live tournament page: 404 for an unknown slug, 304 for an unchanged poll.

    A page that shows only results (`results_only`) changes with the tournament's version
    alone, not with every deal: its ETag costs one row, and the tournament is cached with it.
    `shared_query`: see live_page. `not_playing_in`: the round (a number, or
    selectors.CURRENT) whose sit-outs the page names, read with the tournament
    (selectors.tournament_page).
    """
    kind, read = (("tv", etag_of) if etag_of else ("results", selectors.results_etag)
                  if results_only else ("live", selectors.live_etag))
    etag = recent_version(f"tournament-{kind}:{slug}", lambda: read(slug))
    if etag is None:
        raise Http404(_("No such tournament."))

    def full_context():
        tournament = (cached(f"tournament-page:{slug}", etag,
                             lambda: selectors.tournament_page(slug))
                      if results_only else selectors.tournament_page(slug, not_playing_in))
        if tournament is None:
            raise Http404(_("No such tournament."))
        club_zone_activate(tournament.club)
        return {"tournament": tournament, "page": page,
                "has_bracket": tournament.structure not in (Tournament.Structure.ROUNDS,
                                                            Tournament.Structure.LEAGUE),
                "live": tournament.status != Tournament.Status.FINISHED,
                **context(tournament)}

    return live_page(request, etag + etag_suffix, f"tournaments/public/{page}.html",
                     f"tournaments/public/_{page}_live.html", full_context,
                     shared_query=shared_query)


@require_safe
def overview(request, slug: str):
    def context(tournament):
        current, earlier = current_round(tournament)
        return {"structure_text": presenters.structure_text(tournament),
                "format_text": match_text(tournament.format, tournament.rules),
                "points_text": (presenters.points_text(tournament)
                                if tournament.structure != Tournament.Structure.KNOCKOUT else ""),
                "current": current,
                "shown": current.short(OVERVIEW_LINES) if current else [],
                "sits_out": round_sit_outs(tournament, current),
                "earlier": earlier,
                "placings": final_placings(tournament),
                # Only before the start does the overview ask for the sign-up settings.
                "sign_up_open": (tournament.status == Tournament.Status.DRAFT
                                 and not registration.why_closed(
                                     tournament, registration.registration(tournament)))}
    return _page(request, slug, "overview", context, not_playing_in=selectors.CURRENT)


def final_placings(tournament: Tournament) -> list:
    """A finished bracket's places (1, 2, 3, 4, 5–6, ...: presenters.final_placings); none in
    play, nor for rounds or a league."""
    if not selectors.placed_at_the_end(tournament):
        return []
    return presenters.final_placings(tournament, selectors.pairing_summaries(tournament),
                                     selectors.entry_summaries(tournament))


@require_safe
def bracket_page(request, slug: str):
    def context(tournament):
        if tournament.structure == Tournament.Structure.DOUBLE and tournament.bracket_order:
            return {"double": double_bracket.build(tournament, list(selectors.pairings(tournament)),
                                                   selectors.entries(tournament))}
        knockout = selectors.pairings(tournament).filter(round__stage=Round.Stage.KNOCKOUT)
        return {"bracket": presenters.bracket(tournament, presenters.lines(tournament, knockout))}
    return _page(request, slug, "bracket", context)


def group_tables(tournament: Tournament, all_pairings, field_) -> list[tuple[str, object]]:
    letters = sorted({entry.group for entry in field_ if entry.group})
    ranked = {letter: selectors.standings(tournament, all_pairings,
                                          [e for e in field_ if e.group == letter],
                                          stage=Round.Stage.GROUPS, group=letter)
              for letter in letters}
    through = selectors.going_through(tournament, all_pairings, list(ranked.values()))
    columns = standings_tables.group_columns(tournament)
    return [(letter, standings_tables.group_table(group, through, columns))
            for letter, group in ranked.items()]


@require_safe
def groups(request, slug: str):
    def context(tournament):
        all_pairings = list(selectors.pairings(tournament))
        tables = group_tables(tournament, all_pairings, selectors.entries(tournament))
        records = [row.record for _letter, table in tables for row in table.rows]
        return {"groups": tables, "by_lot": standings_tables.by_lot(records),
                "decided": any(record["decided"] for record in records),
                "deciding_in_play": {p.group for p in all_pairings if not p.finished
                                     and p.round.stage == Round.Stage.DECIDING},
                "ranked_by": presenters.ranked_by_text(tournament)}
    return _page(request, slug, "groups", context)


@require_safe
def standings(request, slug: str):
    """Standings change only with results: the ETag is the tournament's version, and the
    rendered table is kept per version, language and order, made from the rows kept per
    version (standings_tables.ranked_rows). Only `?sort=` on a column of the table counts;
    anything else in the address is left out, so no address makes the table be built again."""
    sort = standings_tables.sort_of(request.GET.get("sort", ""))

    def table_html(tournament):
        summaries = selectors.pairing_summaries(tournament)
        rows = standings_tables.ranked_rows(tournament, summaries)
        table = standings_tables.standings_table(
            rows, sort, season_of=slug if tournament.structure == Tournament.Structure.LEAGUE
            else "", columns=standings_tables.columns_for(tournament))
        return {"table_html": mark_safe(render_to_string(
                    "tournaments/public/_standings_table.html", {"table": table})),
                "decided": any(row["decided"] for row in rows),
                "by_lot": standings_tables.by_lot(rows), "placings": final_placings(tournament),
                "byes_waiting": presenters.byes_waiting_text(selectors.byes_waiting(summaries))}
    def context(tournament):
        table = cached(f"standings:{slug}:{get_language()}:{sort}",
                       standings_tables.results_version(tournament),
                       lambda: table_html(tournament))
        return {**table, "points_text": presenters.points_text(tournament),
                "order_text": presenters.standings_order_text(tournament,
                                                              bool(table["placings"]))}
    return _page(request, slug, "standings", context, results_only=True)


@require_safe
def round_detail(request, slug: str, number: int):
    def context(tournament):
        if not 1 <= number <= tournament.last_round_number:
            raise Http404(_("No such round."))
        round_ = round_lines(tournament, Q(round__number=number))
        if round_ is None:
            raise Http404(_("No such round."))
        titles = pager_titles(tournament)
        previous = max((n for n in titles if n < number), default=None)
        following = min((n for n in titles if n > number), default=None)
        return {"round": round_, "sits_out": round_sit_outs(tournament, round_),
                "find": len(round_.lines) > OVERVIEW_LINES,  # a box to find one's table
                "league": tournament.structure == Tournament.Structure.LEAGUE,
                "previous": previous, "previous_title": titles.get(previous),
                "next": following, "next_title": titles.get(following)}
    return _page(request, slug, "round", context, not_playing_in=number)


def pager_titles(tournament: Tournament) -> dict[int, str]:
    """The rounds a round's page leads to, by number, with what its links call them: "Round
    3"; a league's "Matchday 3" (or its deciding match), read with the rounds' numbers in
    one query, as a double elimination's (a bye's round is none there)."""
    if tournament.structure == Tournament.Structure.LEAGUE:
        return {number: presenters.round_title(Round(number=number, stage=stage, code=code,
                                                     date=date))
                for number, stage, code, date in tournament.rounds.values_list(
                    "number", "stage", "code", "date")}
    if tournament.structure == Tournament.Structure.DOUBLE:
        numbers = tournament.rounds.values_list("number", flat=True)
    else:
        numbers = range(1, tournament.last_round_number + 1)
    return {n: _("Round %(number)s") % {"number": n} for n in numbers}


def round_sit_outs(tournament: Tournament, round_: presenters.RoundLines | None) -> list[str]:
    """Who sits out a round of a round robin (sit_outs), among the entries the tournament was
    read with as not playing in it (selectors.tournament_page's `not_playing`): no query."""
    if round_ is None or not round_.lines:
        return []
    pairings = [line.pairing for line in round_.lines]
    return sit_outs.sitting_out(tournament, pairings[0].round, pairings, [
        sit_outs.Member(*member) for member in selectors.not_playing_members(tournament)])


@require_safe
def results(request, slug: str):
    def context(tournament):
        finished = selectors.pairings(tournament).filter(finished=True, round__opened=True)
        return {"rounds": presenters.by_round(presenters.lines(tournament, finished)),
                "placings": final_placings(tournament)}
    return _page(request, slug, "results", context)


def tv_screens(tournament: Tournament, has_knockout: bool) -> list[str]:
    """The screens of the TV's cycle. A double elimination's bracket takes three: the winners'
    bracket, the losers' bracket and the grand final (with the final places), each as big as a
    screen holds; a big knockout's bracket, a "bracket" screen for each of its parts
    (tv_cycle). A knockout's standings, by how far each went, once it is over."""
    screens = ["overview", "round"]
    if tournament.structure in (Tournament.Structure.ROUNDS, Tournament.Structure.LEAGUE) or (
            tournament.structure != Tournament.Structure.DOUBLE
            and selectors.placed_at_the_end(tournament)):
        screens.append("standings")
    if tournament.structure == Tournament.Structure.GROUPS:
        screens.append("groups")
    if tournament.structure == Tournament.Structure.DOUBLE and tournament.bracket_order:
        screens += ["winners", "losers", "grand_final"]
    elif tournament.structure in (Tournament.Structure.KNOCKOUT, Tournament.Structure.DOUBLE) \
            or has_knockout:
        screens.append("bracket")
    return screens


def tv_cycle(screens: list[str], pages: int, standings_pages: int = 1,
             groups_pages: int = 1, bracket_pages: int = 1,
             double_pages: dict[str, int] | None = None) -> list[tuple[str, int]]:
    """The screens in turn, with one "round" screen for each page of the tables' grid, one
    "standings" screen for each TV_STANDINGS_ROWS partnerships, one "groups" screen for
    each TV_GROUPS groups, one "bracket" screen for each part of the knockout
    (tournament_tv.bracket_split) and one "winners" and "losers" screen for each part of a
    double elimination's brackets (tournament_tv.double_split)."""
    count = {"round": pages, "standings": standings_pages, "groups": groups_pages,
             "bracket": bracket_pages, **(double_pages or {})}
    return [(screen, page) for screen in screens for page in range(1, count.get(screen, 1) + 1)]


def screens_for(count: int, most: int) -> int:
    return math.ceil(count / most) or 1


def on_screen(items: list, page: int, most: int) -> list:
    """Page `page` of `items`, `most` a screen at most, shared evenly (5 groups four a screen:
    3 and 2, not 4 and 1; 16 partnerships: 8 and 8, not 12 and 4)."""
    each = math.ceil(len(items) / screens_for(len(items), most))
    return items[(page - 1) * each:page * each]


@require_safe
def tv(request, slug: str):
    """The café TV: overview, every table in play (16 a screen), standings or groups, the
    bracket, in turn. With ?page=N it shows only the tables, moving on from page to page."""
    index = _int(request.GET.get("i"))
    tables_only = "page" in request.GET
    now = timezone.now()

    def context(tournament):
        all_lines = presenters.lines(tournament, selectors.pairing_summaries(
            tournament, _on_the_tv(tournament, scoring_tv.ended_since(now))))
        knockout = [x for x in all_lines if x.pairing.round.stage == Round.Stage.KNOCKOUT]
        bracket = presenters.bracket(tournament, knockout)
        bracket_split = tournament_tv.bracket_split(bracket)
        double_split = tournament_tv.double_split(tournament) if (
            tournament.structure == Tournament.Structure.DOUBLE and tournament.bracket_order) else {}
        current = _current_number(tournament, all_lines)
        current_lines = presenters.one_round([x for x in all_lines
                                              if x.pairing.round.number == current])
        on_tables = tournament_tv.on_tables(all_lines, now)
        pages = scoring_tv.pages_for(len(on_tables))
        if tables_only:
            screens = [("round", page) for page in range(1, pages + 1)]
            at = (_int(request.GET.get("page")) - 1) % pages
        else:
            screens = tv_cycle(tv_screens(tournament, bool(knockout)), pages,
                               screens_for(tournament.ranked_count, TV_STANDINGS_ROWS),
                               screens_for(tournament.groups_count, TV_GROUPS),
                               len(bracket_split), {screen: len(split) for screen, split
                                                    in double_split.items()})
            at = index % len(screens)
        screen, page = screens[at]
        following = (at + 1) % len(screens)
        context = {"screen": screen, "position": at + 1, "count": len(screens),
                   "next_query": f"page={following + 1}" if tables_only else f"i={following}",
                   "seconds": scoring_tv.seconds_for(pages) if tables_only else TV_SCREEN_SECONDS,
                   "current": current_lines}
        context["sits_out"] = round_sit_outs(tournament, context["current"])
        context["byes"] = presenters.rounds_byes(context["current"])
        if screen == "overview":
            context["earlier"] = presenters.by_round(sorted(
                (x for x in all_lines if x.pairing.round.number < current
                 and x.status in ("playing", "awaiting", "waiting")),
                key=lambda x: x.pairing.round.number))
            context["results"] = tournament_tv.latest_results(
                context["current"].lines if context["current"] else [])
            context["structure_text"] = presenters.structure_text(tournament)
            context["format_text"] = match_text(tournament.format, tournament.rules)
        elif screen == "round":
            context["grid"] = tournament_tv.grid(on_tables, page, now, current_lines, sum(
                x.status in ("playing", "awaiting") for x in all_lines))
            context["heading"] = tournament_tv.tables_heading(on_tables, current_lines)
        elif screen == "standings":
            rows = on_screen(standings_tables.ranked_rows(tournament), page, TV_STANDINGS_ROWS)
            context["standings"] = standings_tables.tv_table(rows, tournament)
            context["placed"] = selectors.placed_at_the_end(tournament)  # by how far each went
            context["by_lot"] = standings_tables.by_lot(rows)  # a † on this screen: its note
        elif screen == "groups":
            context["groups"] = on_screen(group_tables(
                tournament, selectors.pairing_summaries(tournament),
                selectors.entries(tournament)), page, TV_GROUPS)
            context["by_lot"] = standings_tables.by_lot(
                [row.record for _letter, table in context["groups"] for row in table.rows])
            context["lines"] = min(sum(len(table.rows) + 2 for _letter, table in context["groups"]),
                                   TV_LINES)
        elif screen in ("winners", "losers", "grand_final", "bracket") \
                and tournament.structure == Tournament.Structure.DOUBLE:
            context["double"] = double_bracket.build(tournament, list(selectors.pairings(
                tournament)), selectors.entries(tournament))
            if screen in double_split:
                shown = double_split[screen][page - 1]
                context["rounds"] = tournament_tv.double_on_screen(
                    getattr(context["double"], screen), shown)
                context["bracket_screen"] = shown
                context["fit"] = tournament_tv.fit([len(rnd.slots) for rnd in context["rounds"]])
            elif screen == "grand_final":
                context["fit"] = tournament_tv.fit([1] * len(context["double"].grand_final))
        elif screen == "bracket":
            shown = bracket_split[page - 1]
            context["bracket"] = tournament_tv.bracket_on_screen(bracket, shown)
            context["bracket_screen"] = shown
            context["fit"] = tournament_tv.bracket_fit(context["bracket"])
        return context

    screen = _int(request.GET.get("page")) if tables_only else index
    query = f"page={screen}" if tables_only else f"i={screen}"
    return _page(request, slug, "tv", context,
                 etag_suffix=f"-tvp{screen}" if tables_only else f"-tv{screen}",
                 etag_of=lambda slug: tournament_tv.tv_etag(slug, now),
                 shared_query=query if screen < TV_KEPT_SCREENS else "",
                 not_playing_in=selectors.CURRENT)


def _on_the_tv(tournament: Tournament, ended_since) -> Q:
    """The pairings the TV's screens show: the matches not over (in play, awaiting
    confirmation or waiting), those ended since `ended_since` (their final score), the
    current round and the knockout; not every round played (the standings screen reads its
    kept ranking)."""
    if tournament.structure == Tournament.Structure.LEAGUE:
        current = Subquery(selectors.rounds_latest_first(tournament).values("number")[:1])
    else:
        current = tournament.last_round_number
    return (Q(finished=False) | Q(match__finished_at__gte=ended_since) | Q(round__number=current)
            | Q(round__stage=Round.Stage.KNOCKOUT))


def _current_number(tournament: Tournament, all_lines) -> int:
    """The last round drawn; a league's, the last matchday opened."""
    if tournament.structure != Tournament.Structure.LEAGUE:
        return tournament.last_round_number
    return max((x.pairing.round.number for x in all_lines if x.pairing.round.opened), default=0)


def _int(value) -> int:
    try:
        return max(int(value), 0)
    except (TypeError, ValueError):
        return 0
