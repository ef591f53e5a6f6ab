"""Tournament formats engine: draws, pairings and standings on plain values.

No Django here. Entrants are opaque hashable ids; a service layer adapts models to
these functions and stores what they return. Modules with a larger vocabulary of their
own are used as modules: ``from tournaments.formats import double_elimination``, then
``double_elimination.advance(schedule, results)``.
"""

from .double_elimination import double_elimination_schedule
from .groups import MAX_KNOCKOUT, best_placed, check_groups, cross_pairings, cross_seeding
from .knockout import (
    FINAL,
    PENDING,
    QUARTER_FINAL,
    SEMI_FINAL,
    THIRD_PLACE,
    Pairing,
    Through,
    knockout_first_round,
    next_round,
    random_draw,
    round_ahead,
    round_code,
    round_codes,
    round_count,
    round_places,
    third_place_match,
)
from .lookahead import swiss_feasible, swiss_rounds_possible
from .results import DEFAULT_POINTS, FullWin, MatchResult, PointsScheme, points_awarded
from .roundrobin import double_round_robin, matchdays, round_robin, sitting_out
from .seeding import bracket_size, seed_order, seeded_with_lot, snake_groups
from .standings import StandingRow, rank, ranked_by_places
from .swiss import SwissDraw, SwissPairingError, swiss_pairings, swiss_pairings_least_rematches
from .tiebreaks import CRITERIA, DEFAULT_CHAIN, criteria_for, default_chain

__all__ = [
    "CRITERIA",
    "DEFAULT_CHAIN",
    "DEFAULT_POINTS",
    "FINAL",
    "PENDING",
    "MAX_KNOCKOUT",
    "QUARTER_FINAL",
    "SEMI_FINAL",
    "THIRD_PLACE",
    "FullWin",
    "MatchResult",
    "Pairing",
    "PointsScheme",
    "StandingRow",
    "SwissDraw",
    "SwissPairingError",
    "Through",
    "best_placed",
    "bracket_size",
    "criteria_for",
    "default_chain",
    "check_groups",
    "cross_pairings",
    "cross_seeding",
    "double_elimination_schedule",
    "double_round_robin",
    "knockout_first_round",
    "matchdays",
    "next_round",
    "points_awarded",
    "random_draw",
    "rank",
    "ranked_by_places",
    "round_ahead",
    "round_code",
    "round_codes",
    "round_count",
    "round_places",
    "round_robin",
    "seed_order",
    "seeded_with_lot",
    "sitting_out",
    "snake_groups",
    "swiss_feasible",
    "swiss_pairings",
    "swiss_pairings_least_rematches",
    "swiss_rounds_possible",
    "third_place_match",
]
