"""Every write to a tournament goes through one of these, each in one transaction."""

from tournaments.services.errors import StructureDoesNotFit, TournamentRefused
from tournaments.services.league import matchday_open, pairing_play_now, pairing_postpone
from tournaments.services.results import LaterMatchesStarted, advance, follow_match
from tournaments.services.setup import (
    entries_register,
    entry_remove,
    entry_update,
    entry_withdraw,
    pairing_walkover,
    pairings_swap,
    rematch_allow,
    round_changeable,
    round_draw_next,
    round_redraw,
    start_refusal,
    structure_settings,
    table_link_renew,
    tournament_create,
    tournament_details_change,
    tournament_finish,
    tournament_start,
    tournament_structure_change,
)

__all__ = [
    "LaterMatchesStarted",
    "StructureDoesNotFit",
    "TournamentRefused",
    "advance",
    "entries_register",
    "entry_remove",
    "entry_update",
    "entry_withdraw",
    "follow_match",
    "matchday_open",
    "pairing_play_now",
    "pairing_postpone",
    "pairing_walkover",
    "pairings_swap",
    "rematch_allow",
    "round_changeable",
    "round_draw_next",
    "round_redraw",
    "start_refusal",
    "structure_settings",
    "table_link_renew",
    "tournament_create",
    "tournament_details_change",
    "tournament_finish",
    "tournament_start",
    "tournament_structure_change",
]
