"""Rule sets: the table options of RULES.md, their presets and strict parsing."""

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Literal

from .basics import is_int
from .errors import RulesError, gettext_noop

Revoke = int | Literal["partida", "match"]

DEFAULT_PRESET = "portugal"
PRESETS: dict[str, dict] = {
    "portugal": {},
    "vila_flor": {},
    "brasil": {"rotation": "clockwise"},
    "carry_ties": {"tie": "carry"},
    "points_flag": {"flag": "points"},
    "strict_revoke": {"revoke": "match"},
}

_CHECKS: dict[str, tuple[Callable[[object], bool], str]] = {
    "flag": (
        lambda v: v in ("tricks", "points"),
        gettext_noop("A flag is counted by tricks or by points, not %(value)s."),
    ),
    "flag_value": (
        lambda v: is_int(v) and v >= 1,
        gettext_noop("A flag is worth a whole number of games, at least 1, not %(value)s."),
    ),
    "flag_wins_partida": (
        lambda v: isinstance(v, bool),
        gettext_noop("Whether a flag wins the game set must be true or false, not %(value)s."),
    ),
    "double_from": (
        lambda v: is_int(v) and 61 <= v <= 120,
        gettext_noop("Two games are won from a number of card points from 61 to 120, "
                     "not %(value)s."),
    ),
    "tie": (
        lambda v: v in ("none", "carry"),
        gettext_noop("A 60-60 tie scores nothing (none) or carries a game (carry), "
                     "not %(value)s."),
    ),
    "revoke": (
        lambda v: (is_int(v) and v >= 1) or v in ("partida", "match"),
        gettext_noop("A revoke costs a number of games (at least 1), the game set (partida) "
                     "or the match, not %(value)s."),
    ),
    "rotation": (
        lambda v: v in ("counterclockwise", "clockwise"),
        gettext_noop("The deal passes counterclockwise or clockwise, not %(value)s."),
    ),
}


@dataclass(frozen=True)
class Rules:
    """One table's rules; invalid values raise ``RulesError``."""

    flag: Literal["tricks", "points"] = "tricks"
    flag_value: int = 4
    flag_wins_partida: bool = False
    double_from: int = 91
    tie: Literal["none", "carry"] = "none"
    revoke: Revoke = 2
    rotation: Literal["counterclockwise", "clockwise"] = "counterclockwise"

    def __post_init__(self) -> None:
        for field in fields(self):
            valid, message = _CHECKS[field.name]
            value = getattr(self, field.name)
            if not valid(value):
                raise RulesError(message, value=value)

    def as_dict(self) -> dict:
        return asdict(self)


def rules_from(preset: str = DEFAULT_PRESET, overrides: dict | None = None) -> Rules:
    """The rules of ``preset`` with ``overrides`` (a mapping of rule names to values) on top."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise RulesError(gettext_noop("Unknown preset %(name)s."), name=preset)
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, dict):
        raise RulesError(gettext_noop("The rules must be a list of named options."))
    for key in overrides:
        if key not in _CHECKS:
            raise RulesError(gettext_noop("Unknown rule %(key)s."), key=key)
    return Rules(**{**PRESETS[preset], **overrides})
