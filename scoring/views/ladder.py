"""The club ladder (public): players and partnerships by rating, each with a small history chart."""

from dataclasses import dataclass

from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.ratings import services as rating_services
from scoring.ratings.services import LadderRow
from scoring.views import public

WIDTH, HEIGHT, PAD = 100, 24, 3


@dataclass(frozen=True)
class Sparkline:
    """An inline SVG polyline of a rating's history: no chart library, no script."""

    points: str  # "x,y x,y ..." in a WIDTH x HEIGHT box; strings, so no locale puts in commas
    last_x: str
    last_y: str
    first: float
    last: float


def sparkline(values: list[float]) -> Sparkline:
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (WIDTH - 2 * PAD) / max(len(values) - 1, 1)

    def y(value: float) -> float:
        if high == low:
            return HEIGHT / 2
        return round(HEIGHT - PAD - (value - low) / span * (HEIGHT - 2 * PAD), 1)

    coords = [(round(PAD + i * step, 1), y(v)) for i, v in enumerate(values)]
    return Sparkline(points=" ".join(f"{x},{yy}" for x, yy in coords), last_x=str(coords[-1][0]),
                     last_y=str(coords[-1][1]), first=values[0], last=values[-1])


def _charted(rows: list[LadderRow]) -> list[tuple[LadderRow, Sparkline]]:
    return [(row, sparkline(row.history)) for row in rows]


@require_safe
def ladder(request, slug: str):
    club = public.club_of(slug)
    board = rating_services.ladder(club=club)
    return render(request, "scoring/ladder.html", {
        "club": club, "players": _charted(board.players),
        "partnerships": _charted(board.partnerships), "width": WIDTH, "height": HEIGHT,
    })
