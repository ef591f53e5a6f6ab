"""What the pages and the API show of a league's season: its matchdays with their dates and
fixtures, and one partnership's season. Nothing here queries (as in presenters)."""

import datetime
from dataclasses import dataclass

from tournaments import presenters
from tournaments.models import Entry, Pairing, Tournament
from tournaments.selectors import Standing


@dataclass
class Matchday:
    number: int
    title: str
    date: datetime.date | None
    opened: bool
    lines: list[presenters.Line]


def matchdays(tournament: Tournament, all_pairings: list[Pairing]) -> list[Matchday]:
    """Every matchday in order, its fixtures in slot order."""
    days: dict[int, Matchday] = {}
    for line in presenters.lines(tournament, all_pairings):
        round_ = line.pairing.round
        if round_.number not in days:
            days[round_.number] = Matchday(round_.number, presenters.round_title(round_),
                                           round_.date, round_.opened, [])
        days[round_.number].lines.append(line)
    return list(days.values())


@dataclass(frozen=True)
class Fixture:
    """One match of a partnership's season, seen from its side."""

    matchday: int
    date: datetime.date | None
    postponed_to: datetime.date | None
    opponent: Entry
    score: tuple[int, int]  # its own first (presenters.Line.score)
    outcome: str  # "won", "lost", "drawn", "forfeit" (a double forfeit), "" while to play
    walkover: bool
    status: str  # presenters.Line.status
    withdrew: str | None = None  # who withdrew, when that is why it was not played


@dataclass
class Season:
    entry: Entry
    standing: Standing
    fixtures: list[Fixture]


def partnership_season(tournament: Tournament, entry: Entry, all_pairings: list[Pairing],
                       ranked: list[Standing]) -> Season:
    fixtures = [_fixture(line, entry) for line in presenters.lines(tournament, all_pairings)
                if entry.pk in (line.pairing.a_id, line.pairing.b_id) and not line.is_bye]
    standing = next(s for s in ranked if s.entry.pk == entry.pk)
    return Season(entry, standing, fixtures)


def _fixture(line: presenters.Line, entry: Entry) -> Fixture:
    pairing = line.pairing
    home = pairing.a_id == entry.pk
    score = line.score if home else line.score[::-1]
    if not line.finished:
        outcome = ""
    elif line.status == "forfeit":
        outcome = "forfeit"
    elif line.winner is None:
        outcome = "drawn"
    else:
        outcome = "won" if pairing.winner_id == entry.pk else "lost"
    return Fixture(matchday=pairing.round.number, date=pairing.round.date,
                   postponed_to=pairing.postponed_to, opponent=pairing.b if home else pairing.a,
                   score=score, outcome=outcome, walkover=line.walkover,
                   status=line.status,
                   withdrew=line.absent if line.status == "withdrawal" else None)
