"""Export rows: ask for a file (reusing one made from the same data version), make it, fail it.

A file is keyed by what it is (scope, kind, format, options) and by the version of the data
it is made from. `export_request` reuses a file that exists, or is being made, for that
key; otherwise it creates the row and queues `tournaments.tasks.export_build`, which calls
`export_build` here. A failure (after the task's retries) is written on the row by
`export_failed`, so the organiser sees it on the exports page.
"""

import datetime
import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Sum
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from sueca_club import outbox
from sueca_club.jobs import PermanentError
from sueca_club.models import Club
from sueca_club.zones import club_zone
from tournaments import exports, transfer
from tournaments.models import Export, Tournament
from tournaments.printing import printables

logger = logging.getLogger(__name__)

Kind, Format = Export.Kind, Export.Format


class ExportRefused(Exception):
    """This file cannot be made (e.g. a bracket of a tournament without one)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _digest(*parts) -> str:
    return hashlib.sha1(json.dumps(parts, default=str).encode()).hexdigest()[:12]


# Versions of the data --------------------------------------------------------------------

def tournament_version(tournament: Tournament) -> str:
    """The tournament's version, its matches' versions, and a fingerprint of what else a file
    shows that no version counts: names, and the tables' referee links (a renewed QR card)."""
    row = (Tournament.objects.filter(pk=tournament.pk)
           .annotate(matches=Sum("rounds__pairings__match__version"))
           .values_list("version", "matches", "name").get())
    names = list(tournament.entries.order_by("pk").values_list(
        "partnership__name", "partnership__player_1__name", "partnership__player_2__name"))
    links = list(tournament.tables.order_by("number").values_list("number", "link_id"))
    return f"{row[0]}-{row[1] or 0}-{_digest(row[2], names, links)}"


def season_version(club: Club, start: datetime.date, end: datetime.date) -> str:
    matches = exports.season_matches(club, start, end)
    row = matches.aggregate(n=Count("id"), versions=Sum("version"), last=Max("id"))
    names = list(matches.values_list("a__name", "a__player_1__name", "a__player_2__name",
                                     "b__name", "b__player_1__name", "b__player_2__name",
                                     "pairing__round__tournament__name"))
    return f"{row['n']}-{row['versions'] or 0}-{row['last'] or 0}-{_digest(names)}"


# What can be made ------------------------------------------------------------------------

@dataclass(frozen=True)
class Product:
    formats: tuple[str, ...]
    build: Callable[[Export, Callable[[int], None]], bytes]
    tournament: bool = True  # of a tournament (else of a club season)


def _season(export: Export) -> tuple[Club, datetime.date, datetime.date]:
    params = export.params
    return (export.club, datetime.date.fromisoformat(params["start"]),
            datetime.date.fromisoformat(params["end"]))


def _json(export: Export, progress) -> bytes:
    return json.dumps(transfer.tournament_dump(export.tournament), ensure_ascii=False,
                      indent=1).encode()


SHEETS = (Format.CSV, Format.XLSX)
TOURNAMENT_PRODUCTS = {
    Kind.STANDINGS: Product(SHEETS, lambda e, p: exports.tournament_standings(e.tournament, e.format, p)),
    Kind.RESULTS: Product(SHEETS, lambda e, p: exports.tournament_results(e.tournament, e.format, p)),
    Kind.DEALS: Product(SHEETS, lambda e, p: exports.tournament_deals(e.tournament, e.format, p)),
    Kind.TRANSFER: Product((Format.JSON,), _json),
    Kind.CARDS: Product((Format.PDF,), lambda e, p: printables.table_cards_pdf(
        e.tournament, base_url=e.params.get("base_url") or getattr(settings, "SITE_URL", ""),
        progress=p)),
    Kind.SHEETS: Product((Format.PDF,), lambda e, p: printables.score_sheets_pdf(e.tournament, p)),
    Kind.BRACKET: Product((Format.PDF,), lambda e, p: printables.bracket_pdf(
        e.tournament, paper=e.params.get("paper", "a3"), progress=p)),
    Kind.FINAL: Product((Format.PDF,), lambda e, p: printables.final_results_pdf(e.tournament, p)),
}
SEASON_PRODUCTS = {
    Kind.STANDINGS: Product(SHEETS, lambda e, p: exports.season_standings(*_season(e), e.format, p), False),
    Kind.RESULTS: Product(SHEETS, lambda e, p: exports.season_results(*_season(e), e.format, p), False),
    Kind.DEALS: Product(SHEETS, lambda e, p: exports.season_deals(*_season(e), e.format, p), False),
}


def product_for(export: Export) -> Product:
    products = TOURNAMENT_PRODUCTS if export.tournament_id else SEASON_PRODUCTS
    product = products.get(export.kind)
    if product is None or export.format not in product.formats:
        raise ExportRefused(_("This file cannot be made in that format."))
    return product


# Asking, making, failing --------------------------------------------------------------------

DEADLINE = datetime.timedelta(minutes=5)  # longer than any file takes (bench: seconds)
OVERDUE = gettext_lazy("This file was not made in time (the server that makes files may be busy or "
            "down). Ask for it again.")


def overdue(export: Export) -> bool:
    """A file still not made past its deadline: a worker died, or none is running. It is
    shown as failed, and asking again starts a new one."""
    return export.working and export.created_at < timezone.now() - DEADLINE

def _request(*, club: Club, tournament: Tournament | None, kind: str, fmt: str, params: dict,
             version: str, by) -> tuple[Export, bool]:
    scope = f"t{tournament.pk}" if tournament else f"c{club.pk}"
    key = f"{scope}:{kind}:{fmt}:{_digest(sorted(params.items()))}:{version}"
    existing = Export.objects.filter(key=key).exclude(status=Export.Status.FAILED).first()
    if existing and overdue(existing):
        export_failed(OVERDUE, existing.pk)
    elif existing:
        return existing, False
    export = Export(club=club, tournament=tournament, kind=kind, format=fmt, params=params,
                    data_version=version, key=key, created_by=by)
    product_for(export)
    try:
        with transaction.atomic():
            export.save()
        outbox.follow("tournaments.export_build", export_id=export.pk)
    except IntegrityError:  # asked twice at once: the other request made it
        return Export.objects.exclude(status=Export.Status.FAILED).get(key=key), False
    return export, True


@outbox.service
def tournament_export_request(*, tournament: Tournament, kind: str, fmt: str, by=None,
                              params: dict | None = None) -> tuple[Export, bool]:
    """The file `kind` in `fmt` of the tournament as it is now: (the export, made now?)."""
    params = {"language": translation.get_language() or "", **(params or {})}
    if kind == Kind.BRACKET and tournament.structure == Tournament.Structure.ROUNDS:
        raise ExportRefused(_("A tournament of rounds has no bracket."))
    if kind == Kind.CARDS and not tournament.tables.exists():
        raise ExportRefused(_("The tables and their QR cards are made when the tournament starts."))
    return _request(club=tournament.club, tournament=tournament, kind=kind, fmt=fmt,
                    params=params, version=tournament_version(tournament), by=by)


@outbox.service
def season_export_request(*, club: Club, kind: str, fmt: str, start: datetime.date,
                          end: datetime.date, by=None) -> tuple[Export, bool]:
    if end < start:
        raise ExportRefused(_("The season ends before it starts."))
    params = {"language": translation.get_language() or "", "start": start.isoformat(),
              "end": end.isoformat()}
    return _request(club=club, tournament=None, kind=kind, fmt=fmt, params=params,
                    version=season_version(club, start, end), by=by)


def export_filename(export: Export) -> str:
    if export.tournament_id:
        name = export.tournament.slug
    else:
        name = f"{export.club.slug}-{export.params['start']}-{export.params['end']}"
    kind = slugify(export.get_kind_display())[:30].strip("-")
    paper = export.params.get("paper")  # the A3 and the A4 poster of one version: two files
    return (f"{name}-{kind}{f'-{paper}' if paper else ''}"
            f"-v{export.data_version.split('-')[0]}.{export.format}")


def _progress(export: Export) -> Callable[[int], None]:
    def report(percent: int) -> None:
        Export.objects.filter(pk=export.pk).update(progress=max(0, min(99, int(percent))))
    return report


def export_build(*, export_id: int) -> None:
    """Make the file of an export row. Idempotent: a file already made is left alone."""
    export = Export.objects.select_related("club", "tournament").filter(pk=export_id).first()
    if export is None:
        raise PermanentError(f"export {export_id} no longer exists")
    if export.status == Export.Status.DONE and export.file or (
            export.status == Export.Status.FAILED):  # given up: asking again made a new one
        return
    Export.objects.filter(pk=export.pk).update(status=Export.Status.RUNNING, progress=0, error="")
    with translation.override(export.params.get("language") or None), club_zone(export.club):
        try:
            product = product_for(export)
        except ExportRefused as refused:
            raise PermanentError(refused.message) from refused
        content = product.build(export, _progress(export))
        name = export_filename(export)
    if export.file:
        export.file.delete(save=False)
    export.file.save(name, ContentFile(content), save=False)
    Export.objects.filter(pk=export.pk).update(file=export.file.name, status=Export.Status.DONE,
                                               progress=100, finished_at=timezone.now())
    _forget_superseded(export)


def _forget_superseded(export: Export) -> None:
    """Delete the files of the same thing (scope, kind, format and options) made from older
    data: they show what has changed since, and would pile up on the disk all season. A file
    still being made is left to finish."""
    same_thing = export.key.rsplit(":", 1)[0] + ":"
    older = (Export.objects.filter(key__startswith=same_thing, created_at__lt=export.created_at,
                                   status__in=[Export.Status.DONE, Export.Status.FAILED])
             .exclude(key=export.key))
    for old in older:
        if old.file:
            old.file.delete(save=False)
        old.delete()


def export_failed(exc: BaseException, export_id: int, *args, **kwargs) -> None:
    """The task gave up: say so on the row, in words for the organiser (no traceback)."""
    message = getattr(exc, "message", None) or str(exc) or exc.__class__.__name__
    Export.objects.filter(pk=export_id).update(status=Export.Status.FAILED, error=message[:500],
                                               finished_at=timezone.now())


def exports_of(*, club: Club, tournament: Tournament | None, limit: int = 20) -> list[Export]:
    rows = list(Export.objects.filter(club=club, tournament=tournament)
                .select_related("tournament")[:limit])
    for export in rows:
        if overdue(export):  # shown as what it is; asking again marks it and starts anew
            export.status, export.error = Export.Status.FAILED, str(OVERDUE)
    return rows
