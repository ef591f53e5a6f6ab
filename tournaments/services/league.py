"""A league over weeks: every matchday drawn at the start, each opened by the organiser,
a match postponed to a later date and played when the organiser says.

Nothing is drawn during a season: it ends when its last pairing is finished (results.finish
through results.league_over), whatever the order its matchdays were played in.
"""

import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from sueca_club import outbox
from tournaments import formats, notifications, selectors
from tournaments.models import Action, Pairing, Round, Tournament
from tournaments.services import draws, rows
from tournaments.services.errors import TournamentRefused


def is_league(tournament: Tournament) -> bool:
    return tournament.structure == Tournament.Structure.LEAGUE


def matchday_date(tournament: Tournament, number: int) -> datetime.date:
    first = tournament.starts_on or timezone.localdate()
    return first + datetime.timedelta(days=(number - 1) * tournament.matchday_interval)


def draw_season(tournament: Tournament) -> Round:
    """Every matchday of the season at once, from the seeded field; only the first opened.

    An odd field's byes are not stored, as in a round robin: each partnership sits out once
    a leg, so they change nobody's place."""
    field = draws.seeded_field(tournament, selectors.active_entries(tournament))
    days = formats.matchdays(len(field), legs=tournament.legs)
    Round.objects.bulk_create([
        Round(tournament=tournament, number=number, stage=Round.Stage.ROUNDS,
              date=matchday_date(tournament, number), opened=number == 1)
        for number in range(1, len(days) + 1)])
    rounds = {r.number: r for r in tournament.rounds.all()}
    Pairing.objects.bulk_create([
        Pairing(round=rounds[number], slot=slot, a=field[a - 1], b=field[b - 1])
        for number, day in enumerate(days, 1)
        for slot, (a, b) in enumerate((a, b) for a, b in day if b is not None)])
    draws.place_waiting(tournament)
    notifications.round_drawn(rounds[1])
    return rounds[1]


def _pairing(tournament_id: int, pairing_id: int) -> tuple[Tournament, Pairing]:
    tournament = rows.locked(tournament_id)
    pairing = (Pairing.objects.select_related("round", "match", "a__partnership",
                                              "b__partnership")
               .get(pk=pairing_id, round__tournament=tournament))
    if not is_league(tournament) or tournament.status != Tournament.Status.RUNNING:
        raise TournamentRefused(_("Only a match of a league in play can be moved."))
    return tournament, pairing


@outbox.service
def matchday_open(*, round_: Round, by=None) -> list[Round]:
    """Put a matchday's matches on the free tables (the others wait for one), and every
    earlier matchday not opened yet with it: a season is played in its order."""
    tournament = rows.locked(round_.tournament_id)
    if not is_league(tournament) or tournament.status != Tournament.Status.RUNNING:
        raise TournamentRefused(_("Only a matchday of a league in play can be opened."))
    opening = list(tournament.rounds.filter(number__lte=round_.number, opened=False))
    if not opening:
        raise TournamentRefused(_("This matchday is open already."))
    Round.objects.filter(pk__in=[r.pk for r in opening]).update(opened=True)
    draws.place_waiting(tournament)
    for matchday in opening:
        notifications.round_drawn(matchday)
    Action.objects.create(tournament=tournament, kind=Action.Kind.MATCHDAY, user=by,
                          args={"matchdays": [r.number for r in opening]})
    rows.bump(tournament)
    return opening


@outbox.service
def pairing_postpone(*, pairing: Pairing, to: datetime.date, by=None, reason: str = "") -> None:
    """Move a match not begun to a later date: its empty match leaves its table, which takes
    the next match waiting, and it is not put on a table until the organiser says so."""
    tournament, pairing = _pairing(pairing.round.tournament_id, pairing.pk)
    if pairing.is_bye or pairing.finished or selectors.started(pairing):
        raise TournamentRefused(_("Only a match that has not begun can be postponed."))
    if to <= pairing.round.date:
        raise TournamentRefused(
            _("A match is postponed to a date after its matchday's (%(date)s).")
            % {"date": date_format(pairing.round.date)})
    rows.off_table(pairing)
    pairing.postponed_to = pairing.was_postponed_to = to
    pairing.save(update_fields=["postponed_to", "was_postponed_to"])
    draws.place_waiting(tournament)
    Action.objects.create(tournament=tournament, kind=Action.Kind.POSTPONE, user=by,
                          what=f"{pairing} → {to.isoformat()}", reason=reason)
    rows.bump(tournament)


@outbox.service
def pairing_play_now(*, pairing: Pairing, by=None) -> None:
    """A postponed match is played now: it waits for the next free table."""
    tournament, pairing = _pairing(pairing.round.tournament_id, pairing.pk)
    if pairing.postponed_to is None or pairing.finished:
        raise TournamentRefused(_("Only a postponed match still to play can be played now."))
    if not pairing.round.opened:
        raise TournamentRefused(_("Open its matchday first."))
    pairing.postponed_to = None
    pairing.save(update_fields=["postponed_to"])
    draws.place_waiting(tournament)
    Action.objects.create(tournament=tournament, kind=Action.Kind.PLAY_NOW, user=by,
                          what=str(pairing))
    rows.bump(tournament)


def season_complete(tournament: Tournament) -> bool:
    return not Pairing.objects.filter(round__tournament=tournament, finished=False).exists()
