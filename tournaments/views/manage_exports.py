"""Files for organisers: spreadsheets, the JSON of a tournament and PDFs, made by a background
task (tournaments.tasks), and the pages made for paper. Downloads only through this module,
after checking the organiser's club; the files are never served publicly.
"""

import datetime
import os

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from sueca_club.forms import DateInput
from sueca_club.permissions import club_for, owned_or_404
from tournaments import export_jobs
from tournaments.models import Export, Tournament
from tournaments.printing import printables
from tournaments.views.manage import owned_tournament

Kind, Format = Export.Kind, Export.Format


class TournamentExportForm(forms.Form):
    kind = forms.ChoiceField(choices=Kind.choices)
    format = forms.ChoiceField(choices=Format.choices)
    paper = forms.ChoiceField(choices=[("a3", "A3"), ("a4", "A4")], required=False)


class SeasonExportForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("File"), choices=[
        (Kind.STANDINGS, gettext_lazy("Standings")), (Kind.RESULTS, gettext_lazy("Results")),
        (Kind.DEALS, gettext_lazy("Every deal"))])
    format = forms.ChoiceField(label=gettext_lazy("Format"),
                               choices=[(Format.XLSX, "Excel (XLSX)"), (Format.CSV, "CSV")])
    start = forms.DateField(label=gettext_lazy("From"), widget=DateInput())
    end = forms.DateField(label=gettext_lazy("To"), widget=DateInput())


def _files(request, template: str, context: dict, files: list[Export]):
    """The page, or only its list of files when htmx polls it while one is being made."""
    context = {**context, "files": files, "working": any(f.working for f in files)}
    if request.htmx:
        return render(request, "tournaments/manage/_exports_files.html", context)
    return render(request, template, context)


def _requested(request, ask) -> None:
    try:
        export, made_now = ask()
    except export_jobs.ExportRefused as refused:
        messages.error(request, refused.message)
        return
    export.refresh_from_db()  # with no broker, the task has run already
    if export.status == Export.Status.FAILED:
        messages.error(request, _("The file could not be made: %(error)s") % {"error": export.error})
    elif not made_now:
        messages.info(request, _("This file was already made from the same data: it is below."))
    elif export.ready:
        messages.success(request, _("The file is ready: download it below."))
    else:
        messages.success(request, _("The file is being made: it appears below when ready."))


@login_required
@never_cache
@require_safe
def tournament_exports(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    files = export_jobs.exports_of(club=tournament.club, tournament=tournament)
    started = tournament.status != Tournament.Status.DRAFT
    return _files(request, "tournaments/manage/exports.html", {
        "tournament": tournament,
        "current_version": export_jobs.tournament_version(tournament),
        "started": started,
        "spreadsheets": [(k, k.label) for k in (Kind.STANDINGS, Kind.RESULTS, Kind.DEALS)],
        "sheet_formats": [(f, f.label) for f in (Format.CSV, Format.XLSX)],
        "json_label": Format.JSON.label, "pdf_label": Format.PDF.label,
        "papers": [("a3", _("PDF, A3 poster")), ("a4", _("PDF, A4"))],
        "printables": printable_offers(tournament, started),
    }, files)


def printable_offers(tournament: Tournament, started: bool) -> list[tuple[str, str, str]]:
    """(kind, label, page to print) of each printable this tournament has now."""
    def url(name):
        return reverse(f"manage_tournaments:{name}", args=[tournament.club.slug, tournament.slug])

    offers = []
    if started:
        offers += [(Kind.CARDS, Kind.CARDS.label, url("cards")),
                   (Kind.SHEETS, Kind.SHEETS.label, url("print_sheets"))]
    if tournament.structure not in (Tournament.Structure.ROUNDS, Tournament.Structure.LEAGUE):
        offers.append((Kind.BRACKET, Kind.BRACKET.label, url("print_bracket")))
    offers.append((Kind.FINAL, Kind.FINAL.label, url("print_results")))
    return offers


@login_required
@require_POST
def tournament_export_new(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    form = TournamentExportForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a file and a format from the list."))
        return redirect("manage_tournaments:exports", tournament.club.slug, tournament.slug)
    kind, fmt = form.cleaned_data["kind"], form.cleaned_data["format"]
    params = {}
    if kind == Kind.CARDS:
        params["base_url"] = request.build_absolute_uri("/")
    if kind == Kind.BRACKET:
        params["paper"] = form.cleaned_data["paper"] or "a3"
    _requested(request, lambda: export_jobs.tournament_export_request(
        tournament=tournament, kind=kind, fmt=fmt, by=request.user, params=params))
    return redirect("manage_tournaments:exports", tournament.club.slug, tournament.slug)


@login_required
@never_cache
@require_safe
def club_exports(request, club_slug):
    club = club_for(request.user, club_slug)
    today = timezone.localdate()
    form = SeasonExportForm(initial={"start": datetime.date(today.year, 1, 1), "end": today,
                                     "format": Format.XLSX})
    files = export_jobs.exports_of(club=club, tournament=None)
    return _files(request, "tournaments/manage/exports_club.html", {"club": club, "form": form},
                  files)


@login_required
@require_POST
def club_export_new(request, club_slug):
    club = club_for(request.user, club_slug)
    form = SeasonExportForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the first and the last day of the season, and a file."))
        return redirect("manage_tournaments:club_exports", club.slug)
    data = form.cleaned_data
    _requested(request, lambda: export_jobs.season_export_request(
        club=club, kind=data["kind"], fmt=data["format"], start=data["start"], end=data["end"],
        by=request.user))
    return redirect("manage_tournaments:club_exports", club.slug)


@login_required
@never_cache
@require_safe
def export_download(request, export_id):
    export = owned_or_404(Export.objects, request.user, pk=export_id)
    if not export.ready:
        raise Http404(_("This file is not ready."))
    try:
        handle = export.file.open("rb")
    except FileNotFoundError:
        raise Http404(_("This file is no longer kept: make it again.")) from None
    return FileResponse(handle, as_attachment=True, filename=os.path.basename(export.file.name))


# Pages made for paper (print CSS, A4); the QR cards are manage_tables.table_cards ----------

@login_required
@require_safe
def print_sheets(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    return _print(request, tournament, printables.score_sheets_document(tournament), Kind.SHEETS)


@login_required
@require_safe
def print_bracket(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    if tournament.structure == Tournament.Structure.ROUNDS:
        raise Http404(_("A tournament of rounds has no bracket."))
    paper = "a4" if request.GET.get("paper") == "a4" else "a3"
    return _print(request, tournament, printables.bracket_document(tournament, paper=paper),
                  Kind.BRACKET, paper=paper)


@login_required
@require_safe
def print_results(request, club_slug, slug):
    tournament = owned_tournament(request, club_slug, slug)
    return _print(request, tournament, printables.final_results_document(tournament), Kind.FINAL)


def _print(request, tournament, document, kind, paper=""):
    """The page of a printable, with a button that asks for the same document as a PDF."""
    return render(request, "tournaments/print/document.html", {
        "tournament": tournament, "document": document, "pdf_kind": kind, "pdf_paper": paper})
