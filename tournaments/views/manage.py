"""Organiser pages of a tournament: set it up, follow its rounds, and steer its play.

Entries are in manage_entries, tables and the status board in manage_tables. Every object
is reached through the organiser's clubs; every change goes through tournaments.services.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import presenters
from scoring.services import ScoringRefused
from sueca_club import formtokens
from sueca_club.formtokens import create_once
from sueca_club.permissions import club_for, owned_or_404
from tournaments import selectors, services, sit_outs
from tournaments.forms import (
    RegisterForm,
    StructureForm,
    SwapForm,
    TournamentDetailsForm,
    TournamentForm,
)
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.presenters import (
    action_words,
    criterion_name,
    round_progress_text,
    round_title,
    structure_text,
)
from tournaments.registration import selectors as signups


def owned_tournament(request, club_slug: str, slug: str) -> Tournament:
    return owned_or_404(Tournament.objects.select_related("club"), request.user, slug=slug,
                        club__slug=club_slug)


@login_required
def moved(request, slug, rest):
    """An organiser page's old address, /manage/tournaments/<slug>/...: the same page now."""
    tournament = owned_or_404(Tournament.objects.select_related("club"), request.user, slug=slug)
    page = reverse("manage_tournaments:tournament", args=[tournament.club.slug, slug]) + rest
    query = request.META.get("QUERY_STRING")
    return HttpResponsePermanentRedirect(f"{page}?{query}" if query else page,
                                         preserve_request=True)  # 308: a post stays a post


def attempt(request, change: Callable[[], object], done: str) -> bool:
    """Call a service; show `done`, or the reason it was refused (and then nothing changed)."""
    try:
        change()
    except ScoringRefused as refused:
        messages.error(request, refused.message)
        return False
    if done:
        messages.success(request, done)
    return True


def refuse(request, form) -> None:
    """Say each of a form's errors as a message, with the label of the field it is about:
    for a form posted from a page that shows messages rather than the form."""
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        for error in errors:
            messages.error(request, f"{field.label}: {error}" if field else error)


def back(tournament: Tournament):
    return redirect("manage_tournaments:tournament", tournament.club.slug, tournament.slug)


def tournament_action(view):
    """An organiser's change to a tournament: a POST by a signed-in organiser of its club.

    The view gets the tournament instead of its address, says how it went in messages, and
    the organiser is sent back to the tournament's page unless the view answers otherwise.
    """
    @login_required
    @require_POST
    @wraps(view)
    def action(request, club_slug: str, slug: str, **kwargs):
        tournament = owned_tournament(request, club_slug, slug)
        return view(request, tournament, **kwargs) or back(tournament)
    return action


@login_required
@create_once
def tournament_new(request, club_slug):
    club = club_for(request.user, club_slug)
    form = TournamentForm(request.POST or None, club=club)
    if request.method == "POST" and formtokens.valid(request, form):
        data = form.cleaned_data
        try:
            tournament = services.tournament_create(
                club=club, name=data["name"], rules=form.rules, fmt=form.fmt,
                structure=data["structure"], by=request.user, **form.options())
        except ScoringRefused as refused:  # marked at the setting to change, if one is
            form.add_error(getattr(refused, "setting", None), refused.message)
        else:
            messages.success(request, _("Tournament created. Register its partnerships next."))
            return back(tournament)
    return render(request, "tournaments/manage/new.html", {"club": club, "form": form})


@login_required
def tournament_edit(request, club_slug, slug):
    """The name, place and dates, at any time; before the start, also the settings of the
    structure that must fit who came (posted to tournament_structure_change). The rules and
    the format are fixed once it is created."""
    tournament = owned_tournament(request, club_slug, slug)
    form = details_form(tournament, request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.tournament_details_change(tournament=tournament, **form.cleaned_data)
        messages.success(request, _("The tournament's details are saved."))
        return back(tournament)
    return edit_page(request, tournament, form, StructureForm(tournament=tournament))


@tournament_action
def tournament_structure_change(request, tournament):
    form = StructureForm(request.POST, tournament=tournament)
    if form.is_valid() and attempt(request, lambda: services.tournament_structure_change(
            tournament=tournament, by=request.user, **form.cleaned_data), _("The new settings are saved.")):
        tournament.refresh_from_db()
        refusal = services.start_refusal(tournament)
        if isinstance(refusal, services.StructureDoesNotFit):  # saved, and still does not fit
            messages.warning(request, refusal.message)
            return redirect("manage_tournaments:edit", tournament.club.slug, tournament.slug)
        return redirect(reverse("manage_tournaments:tournament",
                                args=[tournament.club.slug, tournament.slug]) + "#start")
    return edit_page(request, tournament, details_form(tournament), form)


def details_form(tournament: Tournament, data=None) -> TournamentDetailsForm:
    return TournamentDetailsForm(data, initial={
        name: getattr(tournament, name) for name in TournamentDetailsForm.base_fields})


def edit_page(request, tournament: Tournament, details: TournamentDetailsForm,
              structure: StructureForm):
    """The details form, and the structure's while it can change (before the start, for a
    structure with settings to fit)."""
    changeable = tournament.status == Tournament.Status.DRAFT and structure.fields
    return render(request, "tournaments/manage/edit.html", {
        "tournament": tournament, "club": tournament.club, "form": details,
        "structure_form": structure if changeable else None})


@dataclass
class RoundView:
    round: Round
    title: str
    pairings: list[Pairing]
    sits_out: tuple[str, ...] = ()  # who has no match in a round robin's round (sit_outs)

    @property
    def complete(self) -> bool:
        return all(p.finished for p in self.pairings)

    @property
    def progress_text(self) -> str:
        return round_progress_text(selectors.round_progress(self.pairings))


def rounds_with_pairings(tournament: Tournament) -> list[RoundView]:
    """Every round with its pairings, in two queries whatever the size of the event."""
    by_round: dict[int, list[Pairing]] = {}
    for pairing in selectors.pairings(tournament):
        by_round.setdefault(pairing.round_id, []).append(pairing)
    return [RoundView(r, round_title(r), by_round.get(r.pk, []))
            for r in tournament.rounds.order_by("number")]


@dataclass(frozen=True)
class PlayingNow:
    """An entry's match under way (a deal played, no result yet): its withdrawal ends it, and
    the organiser's page says which before the withdrawal is confirmed."""

    table: int | None
    opponent: str
    score: str  # the entry's own first
    walkover: str  # what the opponent's walkover gives it, its own first (a full win: 4–0)


def _mark_playing_now(tournament: Tournament, entries: list[Entry],
                      rounds: list[RoundView]) -> None:
    """Each entry's PlayingNow as `playing_now`, or None."""
    full_win = tournament.full_win
    walkover = f"{full_win.headline}–0"
    playing = {}
    for p in (p for r in rounds if not r.complete for p in r.pairings):
        if p.finished or not p.match_id or not p.match.state["deals"] or p.b_id is None:
            continue
        a, b = p.match.scoreline
        table = p.table.number if p.table else None
        playing[p.a_id] = PlayingNow(table, p.b.partnership.display_name, f"{a}–{b}", walkover)
        playing[p.b_id] = PlayingNow(table, p.a.partnership.display_name, f"{b}–{a}", walkover)
    for entry in entries:
        entry.playing_now = playing.get(entry.pk)


@login_required
def tournament(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    rounds = rounds_with_pairings(tournament)
    current = rounds[-1] if rounds else None
    running = tournament.status == Tournament.Status.RUNNING
    draft = tournament.status == Tournament.Status.DRAFT
    entries = selectors.entries(tournament)
    # knocked out or eliminated: nothing left to withdraw from (services.entry_withdraw)
    out = selectors.entries_out(tournament, [p for r in rounds for p in r.pairings],
                                entries) if running else frozenset()
    champion = next((e for e in entries if e.pk == tournament.champion_id), None)
    field = services.start_field(tournament, entries) if draft else None
    if running:
        _mark_playing_now(tournament, entries, rounds)
    members = [sit_outs.Member(e.pk, e.group, e.partnership.display_name, e.withdrawn)
               for e in entries]
    for r in rounds:
        r.sits_out = tuple(sit_outs.sitting_out(tournament, r.round, r.pairings, members))
    league = tournament.structure == Tournament.Structure.LEAGUE
    can_draw_next = bool(running and current and current.complete
                         and tournament.structure != Tournament.Structure.DOUBLE)
    can_change_round = bool(current and not league
                            and services.round_changeable(tournament=tournament,
                                                          pairings=current.pairings))
    return render(request, "tournaments/manage/tournament.html", {
        "tournament": tournament,
        "club": tournament.club,
        "entries": entries,
        "out": out,
        "checked_in": sum(e.checked_in for e in entries),
        "champion": champion,
        "draft": draft,
        "structure_changeable": draft and bool(services.structure_settings(tournament)),
        "undecided_signups": draft and signups.awaiting_the_organiser(tournament),
        "start_refusal": draft and services.start_refusal(tournament, field=field),
        # checked-in partnerships of the waiting list that take the places of those who did not
        "stand_ins": len(field.stand_ins) if draft else 0,
        "running": running,
        # a round robin's later fixtures become walkovers; elsewhere nothing is drawn ahead
        "withdrawal_ends_fixtures": running and bool(current)
        and sit_outs.is_round_robin(tournament, current.round),
        # newest first; a league's matchdays not opened yet (drawn at its start) come last,
        # folded, so that the phone opens on the matches in play
        "rounds": [r for r in reversed(rounds) if not league or r.round.opened],
        "later_rounds": [r for r in rounds if league and not r.round.opened],
        "current": current,
        # a double elimination's rounds run side by side: the last drawn is not "the" round
        "in_play": [r.title for r in rounds if not r.complete]
        if tournament.structure == Tournament.Structure.DOUBLE else None,
        "register_form": RegisterForm(tournament=tournament) if draft else None,
        "can_change_round": can_change_round,
        "swap_form": SwapForm(pairings=current.pairings) if can_change_round else None,
        # the deals of a match a withdrawal stopped count for nothing, but were played
        "deals_stopped": can_change_round and any(p.stopped_id for p in current.pairings),
        "can_draw_next": can_draw_next,
        "last_round": can_draw_next and services.last_scheduled(tournament, current.round),
        "closed_matchdays": [r.round for r in rounds if not r.round.opened] if league else [],
        "season_complete": league and all(r.complete for r in rounds),
        "format_text": presenters.match_text(tournament.format, tournament.rules),
        "structure_text": structure_text(tournament),
        "chain": [criterion_name(code) for code in tournament.tie_breaks],
        "actions": [(action, *action_words(action)) for action
                    in tournament.actions.select_related("user", "via_link")[:50]],
    })


@tournament_action
def tournament_start(request, tournament):
    try:
        services.tournament_start(tournament=tournament, by=request.user)
    except services.StructureDoesNotFit as refused:  # to the page where the settings change
        messages.error(request, refused.message)
        return redirect("manage_tournaments:edit", tournament.club.slug, tournament.slug)
    except ScoringRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Matchday 1 is open and on the tables. Put the QR cards on "
                                    "the tables.") if tournament.structure == Tournament.Structure.LEAGUE
                         else _("Round 1 is drawn and on the tables. Put the QR cards on the tables."))


@tournament_action
def round_draw_next(request, tournament):
    drawn: list[Round | None] = []
    if attempt(request, lambda: drawn.append(services.round_draw_next(tournament=tournament,
                                                                   by=request.user)), ""):
        messages.success(request, _("The next round is drawn.") if drawn[0] else
                         _("That was the last round: the tournament is finished."))


@tournament_action
def rematch_allow(request, tournament):
    attempt(request, lambda: services.rematch_allow(tournament=tournament, by=request.user),
            _("The next round is drawn, with the fewest rematches possible."))


@tournament_action
def round_redraw(request, tournament):
    attempt(request, lambda: services.round_redraw(tournament=tournament, by=request.user),
            _("The round was drawn again."))


@tournament_action
def pairings_swap(request, tournament):
    current = selectors.last_round(tournament)
    pairings = list(selectors.pairings(tournament).filter(round=current)) if current else []
    form = SwapForm(request.POST, pairings=pairings)
    if not form.is_valid():
        messages.error(request, _("Pick two different places of the current round to swap."))
        return
    (first, first_side), (second, second_side) = form.places
    attempt(request, lambda: services.pairings_swap(first=first, second=second,
                                                     first_side=first_side,
                                                     second_side=second_side,
                                                     by=request.user),
            _("The two partnerships were swapped."))


def posted_pairing(request, tournament: Tournament, pairing_id: int) -> Pairing | None:
    """The tournament's pairing a form names; None, said in a message, when it is gone."""
    pairing = (Pairing.objects.select_related("round", "a__partnership", "b__partnership")
               .filter(round__tournament=tournament, pk=pairing_id).first())
    if pairing is None:
        # The form says which round its page showed: a page read before that round was drawn
        # again or taken back. Any other pairing not of this tournament is not found.
        if not request.POST.get("round", "").isdigit():
            raise Http404
        messages.error(request, services.PAIRING_GONE)
    return pairing


@tournament_action
def pairing_walkover(request, tournament, pairing_id):
    pairing = posted_pairing(request, tournament, pairing_id)
    if pairing is None:
        return None
    left = request.POST.get("left", "")  # the side that did not come has left the event
    present = {"A": "B", "B": "A"}.get(left) or request.POST.get("present", "")
    winner = {"A": pairing.a, "B": pairing.b}.get(present)
    if left in ("A", "B"):
        done = _("Walkover to %(winner)s. %(gone)s is withdrawn and not drawn again.") % {
            "winner": winner.partnership.display_name,
            "gone": (pairing.a if left == "A" else pairing.b).partnership.display_name}
    elif winner:
        done = _("Walkover to %(name)s.") % {"name": winner.partnership.display_name}
    else:
        done = _("Neither partnership came: a double forfeit.")
    attempt(request, lambda: services.pairing_walkover(pairing=pairing, present=present,
                                                       withdraw_absent=left in ("A", "B"),
                                                       by=request.user), done)


@tournament_action
def tournament_finish(request, tournament):
    attempt(request, lambda: services.tournament_finish(tournament=tournament, by=request.user),
            _("The tournament is finished."))
