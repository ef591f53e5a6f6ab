"""A tournament's tables: their referee links and QR cards, and the live round status board."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ObjectDoesNotExist
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from scoring import presenters as scoring_presenters
from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.forms.deal import FirstDealerForm, ResultConfirmForm
from scoring.models import Match
from scoring.views.manage import link_qr
from sueca_club.live import live_page
from tournaments import selectors, services, sit_outs
from tournaments.models import Pairing, Table, Tournament
from tournaments.presenters import line_of, round_progress_text, round_title
from tournaments.printing import printables
from tournaments.views.manage import attempt, owned_tournament, tournament_action


def _table(tournament: Tournament, number: int) -> Table:
    return get_object_or_404(tournament.tables.select_related("link"), number=number)


@login_required
def tables(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    rows = [(table, request.build_absolute_uri(table.link.get_absolute_url()))
            for table in selectors.tables_live(tournament)]
    return render(request, "tournaments/manage/tables.html",
                  {"tournament": tournament, "rows": rows})


@login_required
def table_cards(request, club_slug, slug):
    """One card per table to print and leave on it: its number, its QR code, how to use it."""
    tournament = owned_tournament(request, club_slug, slug)
    return render(request, "tournaments/manage/cards.html", {
        "tournament": tournament,
        "document": printables.table_cards_document(tournament, request.build_absolute_uri("/")),
    })


@login_required
@never_cache
def table_qr(request, club_slug, slug, number):
    return link_qr(request, _table(owned_tournament(request, club_slug, slug), number).link)


@tournament_action
def table_link_renew(request, tournament, number):
    table = _table(tournament, number)
    attempt(request, lambda: services.table_link_renew(table=table, user=request.user),
            _("Table %(number)s has a new QR card: print it; the old one no longer works.")
            % {"number": number})
    return redirect("manage_tournaments:tables", tournament.club.slug, tournament.slug)


@tournament_action
def result_confirm(request, tournament, number):
    """The organiser confirms the result that table `number`'s match awaits (the board's
    button): it stands, and the tournament goes on. The form names the match it was shown,
    so a board left open never confirms the table's next match."""
    table = _table(tournament, number)
    form = ResultConfirmForm(request.POST)
    pairing = form.is_valid() and Pairing.objects.filter(
        round__tournament=tournament, table=table, match_id=form.cleaned_data["match"]).first()
    if not pairing:
        messages.error(request, _("That table's match has changed: look at the board again."))
    else:
        attempt(request, lambda: scoring_services.result_confirm(
            match_id=pairing.match_id, user=request.user,
            expected_version=form.cleaned_data["version"]),
            _("Table %(number)s: result confirmed.") % {"number": number})
    return redirect("manage_tournaments:board", tournament.club.slug, tournament.slug)


@tournament_action
def first_dealer(request, tournament, number):
    """The organiser says who deals first at table `number` (the board's buttons, shown until
    its first deal; the match's page changes who deals later). The form names the match and
    the deals it was shown, so a board left open never changes the table's next match nor a
    match dealt since."""
    table = _table(tournament, number)
    form = FirstDealerForm(request.POST)
    def at_the_table(text) -> str:  # the board has many tables: each message names its own
        return "{}: {}".format(_("Table %(number)s") % {"number": number}, text)

    if not form.is_valid():
        messages.error(request, at_the_table(_("Choose one of the match's players.")))
    elif (form.cleaned_data["match"] != table.link.match_id  # the board showed another match
          or Match.objects.filter(pk=table.link.match_id, finished=True).exists()):
        messages.error(request, at_the_table(_("its match has changed: look at the board "
                                               "again.")))
    else:
        try:
            match = scoring_services.first_dealer_set(
                match_id=table.link.match_id, seat=form.cleaned_data["seat"], user=request.user,
                played=form.cleaned_data["played"])
        except scoring_services.ScoringRefused as refused:
            messages.error(request, at_the_table(refused.message))
        else:
            messages.success(request, at_the_table(scoring_presenters.first_dealer_text(match)))
    board = reverse("manage_tournaments:board", args=[tournament.club.slug, tournament.slug])
    return redirect(f"{board}#table-{number}")  # back at the table, not the board's top


@dataclass(frozen=True)
class TableStatus:
    WAITING, READY, PLAYING, FINISHED = "waiting", "ready", "playing", "finished"
    AWAITING = "awaiting"  # the match ended; its result waits for confirmation

    table: Table
    status: str
    match: Match | None = None
    pairing: Pairing | None = None

    @property
    def seats(self) -> list[scoring_selectors.Seat]:
        """Who may deal first, before the first deal (the board's buttons): from the players
        read with the table (selectors.tables_live)."""
        return scoring_selectors.seats(self.match) if self.status == self.READY else []

    @property
    def dealer(self) -> scoring_selectors.Seat | None:
        return next((seat for seat in self.seats if seat.deals), None)

    @property
    def round_title(self) -> str:
        """ "Round 3", "Matchday 3", "Semi-finals": where the table's match belongs."""
        return round_title(self.pairing.round) if self.pairing else ""


def table_status(table: Table) -> TableStatus:
    """Waiting (no match), no result yet (no deal), in play, awaiting confirmation, or
    finished."""
    match = table.link.match
    if match is None:
        return TableStatus(table, TableStatus.WAITING)
    try:
        pairing = match.pairing
    except ObjectDoesNotExist:
        pairing = None
    if match.awaiting_confirmation and not (pairing and pairing.finished):
        return TableStatus(table, TableStatus.AWAITING, match, pairing)
    if match.finished or (pairing and pairing.finished):
        return TableStatus(table, TableStatus.FINISHED, match, pairing)
    status = TableStatus.PLAYING if match.state["deals"] else TableStatus.READY
    return TableStatus(table, status, match, pairing)


def round_lists(tournament: Tournament, current, statuses: list[TableStatus]) -> dict:
    """The current round's counts, its finished matches, who sits it out or has its bye (as the
    tournament page and the TV name them), and every match waiting for a table
    in the order it will be seated: draws.place_waiting seats one once neither of its
    partnerships is at another table, so those still playing come after the rest."""
    on_tables = {s.match.pk for s in statuses if s.match}
    seated = {side for s in statuses if s.pairing and not s.pairing.finished
              for side in (s.pairing.a_id, s.pairing.b_id)}
    full_win, bye = tournament.full_win, tournament.bye_worth
    matches = selectors.board_pairings(tournament, current)
    waiting = sorted((p for p in matches if not p.finished and p.postponed_to is None
                      and p.match_id not in on_tables),
                     key=lambda p: bool({p.a_id, p.b_id} & seated))
    of_round = [p for p in matches if p.round_id == current.pk]
    return {
        "progress": round_progress_text(selectors.round_progress(of_round)),
        "waiting_count": sum(p.round_id == current.pk for p in waiting),
        # a match of another round (a double elimination's, a league's) says which
        "waiting": [(line_of(p, full_win, bye), "" if p.round_id == current.pk else round_title(p.round))
                    for p in waiting],
        "finished": [line_of(p, full_win, bye) for p in of_round if p.finished and not p.is_bye],
        "sits_out": _sitting_out(tournament, current, [p for p in of_round if not p.is_bye]),
        "byes": [p.a.partnership.display_name for p in of_round if p.is_bye],
    }


def _sitting_out(tournament: Tournament, current, pairings: list[Pairing]) -> list[str]:
    """Who sits out the current round of a round robin, as the tournament page names them
    (sit_outs); the entries are read only for a round robin's round."""
    if not sit_outs.is_round_robin(tournament, current):
        return []
    field = [sit_outs.Member(e.pk, e.group, e.display_name, e.withdrawn)
             for e in selectors.entry_summaries(tournament)]
    return sit_outs.sitting_out(tournament, current, pairings, field)


@login_required
def board(request, club_slug, slug):
    """Every table of the event, live: htmx polls the fragment, answered 304 when nothing changed."""
    tournament = owned_tournament(request, club_slug, slug)

    def context():
        current = selectors.current_round(tournament)
        statuses = [table_status(table) for table in selectors.tables_live(tournament)]
        return {
            "tournament": tournament,
            "tables": statuses,
            "current": current,
            "current_title": current and round_title(current),
            **(round_lists(tournament, current, statuses) if current else {}),
            "playing": sum(s.status == TableStatus.PLAYING for s in statuses),
            "awaiting": sum(s.status == TableStatus.AWAITING for s in statuses),
        }

    # Only the polled fragment has an ETag: the page is opened now and then, and is built whole.
    etag = f"{selectors.live_etag(slug)}-board" if request.htmx else None
    return live_page(request, etag, "tournaments/manage/board.html",
                     "tournaments/manage/_board.html", context, private=True)
