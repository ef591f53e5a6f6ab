"""The rows every tournament service writes the same way: the tournament, locked first and
bumped last, reopened by a correction; a later pairing started over, or off its table."""

from django.db import models
from django.utils.translation import gettext as _

from scoring import services as scoring
from tournaments.models import Pairing, Tournament


def locked(tournament_id: int) -> Tournament:
    """The tournament, locked for the rest of the transaction: one write to it at a time.

    Locked for a no-key update, as the write changes none of its keys: another write's new
    rows that point at it (its live scores row, made by the first deal of its first match)
    do not wait for it, so that deal cannot deadlock with this write waiting for its match."""
    return Tournament.objects.select_for_update(no_key=True).get(pk=tournament_id)


def bump(tournament: Tournament) -> None:
    """A new version: every page and API body built from the tournament is stale."""
    Tournament.objects.filter(pk=tournament.pk).update(version=models.F("version") + 1)


def names_changed(partnership_ids: list[int]) -> None:
    """Partnerships or their players were renamed: every tournament they are entered in has a
    new version, so its pages and API show the names as they are now."""
    Tournament.objects.filter(entries__partnership__in=partnership_ids).update(
        version=models.F("version") + 1)


def club_changed(club_id: int) -> None:
    """The club's name or time zone changed: each of its tournaments has a new version, so
    no page made before (with the old name, or times in the old zone) is served again."""
    Tournament.objects.filter(club=club_id).update(version=models.F("version") + 1)


def reopen(tournament: Tournament) -> None:
    """A corrected result leaves the tournament running again, without a champion."""
    tournament.status, tournament.champion = Tournament.Status.RUNNING, None
    Tournament.objects.filter(pk=tournament.pk).update(status=tournament.status, champion=None)


def restart(pairing: Pairing) -> None:
    """Start a later pairing over: its deals are voided (audited), its result cleared."""
    if pairing.match_id:  # the match as it is under its lock, not as the pairing was read
        scoring.match_reset(match_id=pairing.match_id, user=None,
                            reason=_("An earlier result was corrected."))
    # a walkover's table, with no match on it, is where it was drawn, not where it plays now
    Pairing.objects.filter(pk=pairing.pk).update(finished=False, winner=None, walkover="",
                                                 withdrawal=False, stopped=None,
                                                 **({} if pairing.match_id else {"table": None}))


def off_table(pairing: Pairing, *, table_kept: bool = False) -> None:
    """Its match leaves its table: taken away when empty, abandoned when begun
    (scoring.matches_abandon, which sees a first deal written meanwhile). `table_kept`: the
    pairing still names the table it was drawn at (decided there by a walkover), and a match
    begun there stays its `stopped` one (a match deleted leaves it none)."""
    if not pairing.match_id:
        return
    match_id = pairing.match_id
    Pairing.objects.filter(pk=pairing.pk).update(
        match=None, **({"stopped": match_id} if table_kept else {"table": None}))
    pairing.match = None
    if not table_kept:
        pairing.table = None
    scoring.matches_abandon([match_id])
