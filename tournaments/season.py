"""What the pages and the API show of a league's season: its matchdays with their dates and
fixtures, and one partnership's season. Nothing here queries (as in presenters)."""

import datetime
from dataclasses import dataclass

from django.utils import timezone

from tournaments import formats, presenters
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.selectors import Standing


@dataclass
class Matchday:
    number: int
    title: str
    date: datetime.date | None
    opened: bool
    lines: list[presenters.Line]
    sits_out: list[str]  # who has no match this matchday (an odd field's one a matchday)


def matchdays(tournament: Tournament, all_pairings: list[Pairing]) -> list[Matchday]:
    """Every matchday in order, its fixtures in slot order, and who sits it out: no bye is
    stored, so it is the partnership of the season that none of its fixtures names (read
    from the season's own fixtures: no query). A deciding match's round has none."""
    days: dict[int, Matchday] = {}
    all_lines = presenters.lines(tournament, all_pairings)
    for line in all_lines:
        round_ = line.pairing.round
        if round_.number not in days:
            days[round_.number] = Matchday(round_.number, presenters.round_title(round_),
                                           round_.date, round_.opened, [], [])
        days[round_.number].lines.append(line)
    names = _season_field(all_lines)
    for day in days.values():
        if day.lines[0].pairing.round.stage == Round.Stage.ROUNDS:
            day.sits_out = [names[pk] for pk in formats.sitting_out(names, _pairs(day.lines))]
    return list(days.values())


def _season_field(all_lines: list[presenters.Line]) -> dict[int, str]:
    """Every partnership of the season's matchdays that sits out a matchday it has no match
    on, by entry, named as its fixtures name it: not one that has withdrawn (sit_outs)."""
    names: dict[int, str] = {}
    for line in all_lines:
        pairing = line.pairing
        if pairing.round.stage == Round.Stage.ROUNDS:
            for pk, entry, name in ((pairing.a_id, pairing.a, line.a),
                                    (pairing.b_id, pairing.b, line.b)):
                if pk is not None and not entry.withdrawn:
                    names.setdefault(pk, name)
    return names


def _pairs(lines: list[presenters.Line]) -> list[tuple[int, int | None]]:
    return [(line.pairing.a_id, line.pairing.b_id) for line in lines]


def drawn_by_lot(tournament: Tournament) -> bool:
    """Was the season's order drawn by lot: who meets whom on which matchday, and who sits
    out when? A random draw's is (services.draws.seeded_field); a seeded one's or one by
    rating follows the seeds or the ratings."""
    return tournament.draw not in (Tournament.Draw.SEEDED, Tournament.Draw.RATING)


@dataclass(frozen=True)
class Fixture:
    """One match of a partnership's season, seen from its side."""

    matchday: int
    date: datetime.date | None
    postponed_to: datetime.date | None  # the date it was moved to, also once played (no walkover)
    opponent: Entry
    score: tuple[int, int]  # its own first (presenters.Line.score)
    outcome: str  # "won", "lost", "drawn", "forfeit" (a double forfeit), "" while to play
    walkover: bool
    status: str  # presenters.Line.status
    withdrew: str | None = None  # who withdrew, when that is why it was not played
    to_come: str = ""  # a walkover of a matchday not opened yet, in words (Line.to_come)
    # the day its match was put on a table, when not the day it was due (_played_on)
    played_on: datetime.date | None = None
    sits_out = False  # not a field: a SitOut's is True


@dataclass(frozen=True)
class SitOut:
    """A matchday a partnership of an odd field has no match on."""

    matchday: int
    date: datetime.date | None
    sits_out = True


@dataclass
class Season:
    entry: Entry
    standing: Standing
    fixtures: list[Fixture]
    sat_out: list[SitOut]

    @property
    def rows(self) -> list[Fixture | SitOut]:
        """Its fixtures and its matchdays off, in matchday order."""
        return sorted([*self.fixtures, *self.sat_out], key=lambda row: row.matchday)


def partnership_season(tournament: Tournament, entry: Entry, all_pairings: list[Pairing],
                       ranked: list[Standing]) -> Season:
    all_lines = presenters.lines(tournament, all_pairings)
    fixtures = [_fixture(line, entry) for line in all_lines
                if entry.pk in (line.pairing.a_id, line.pairing.b_id) and not line.is_bye]
    standing = next(s for s in ranked if s.entry.pk == entry.pk)
    # one that has withdrawn sits out nothing: its matches left are walkovers (sit_outs)
    sat_out = [] if entry.withdrawn else _sat_out(all_lines, entry)
    return Season(entry, standing, fixtures, sat_out)


def _sat_out(all_lines: list[presenters.Line], entry: Entry) -> list[SitOut]:
    """The season's matchdays none of whose fixtures names `entry` (a deciding match's round
    is no matchday of the season)."""
    days: dict[int, list[presenters.Line]] = {}
    for line in all_lines:
        if line.pairing.round.stage == Round.Stage.ROUNDS:
            days.setdefault(line.pairing.round.number, []).append(line)
    return [SitOut(number, lines[0].pairing.round.date) for number, lines in days.items()
            if formats.sitting_out([entry.pk], _pairs(lines))]


def _fixture(line: presenters.Line, entry: Entry) -> Fixture:
    pairing = line.pairing
    home = pairing.a_id == entry.pk
    score = line.score if home else line.score[::-1]
    if not line.is_result:
        outcome = ""
    elif line.status == "forfeit":
        outcome = "forfeit"
    elif line.winner is None:
        outcome = "drawn"
    else:
        outcome = "won" if pairing.winner_id == entry.pk else "lost"
    return Fixture(matchday=pairing.round.number, date=pairing.round.date,
                   postponed_to=None if line.walkover else pairing.was_postponed_to,
                   opponent=pairing.b if home else pairing.a,
                   score=score, outcome=outcome, walkover=line.walkover,
                   status=line.status,
                   withdrew=line.absent if line.status == "withdrawal" else None,
                   to_come=line.state_text if line.to_come else "",
                   played_on=_played_on(pairing))


def _played_on(pairing: Pairing) -> datetime.date | None:
    """The day its match went on a table, when not the day it was due: after its matchday's,
    or, postponed, another day than the one it was moved to (played now, maybe before)."""
    if not pairing.match_id or pairing.round.date is None:
        return None
    day = timezone.localdate(pairing.match.created_at)
    if pairing.was_postponed_to is not None:
        return day if day != pairing.was_postponed_to else None
    return day if day > pairing.round.date else None
