"""The Sueca scoring engine of RULES.md: pure Python, standard library only, no Django."""

from .basics import SIDES, Pair, Side, Winner
from .cards import possible_points
from .case import score_case
from .deals import Deal, bonus_sides, check_deal, deal_entered, deal_from, deal_typed
from .errors import CaseError, DealError, RulesError, SuecaError, gettext_noop
from .formats import Format, format_from
from .replay import Award, apply, award, replay
from .rules import DEFAULT_PRESET, PRESETS, Rules, rules_from
from .seats import first_dealer_for, leader, next_dealer, side_of
from .state import DealResult, MatchState, new_match, state_from
from .tally import replay_tally, tally_row

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "SIDES",
    "Award",
    "CaseError",
    "Deal",
    "DealError",
    "DealResult",
    "Format",
    "MatchState",
    "Pair",
    "Rules",
    "RulesError",
    "Side",
    "SuecaError",
    "Winner",
    "apply",
    "award",
    "bonus_sides",
    "check_deal",
    "deal_entered",
    "deal_from",
    "deal_typed",
    "first_dealer_for",
    "format_from",
    "gettext_noop",
    "leader",
    "new_match",
    "next_dealer",
    "possible_points",
    "replay",
    "replay_tally",
    "rules_from",
    "score_case",
    "side_of",
    "state_from",
    "tally_row",
]
