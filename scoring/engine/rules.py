"""Rule sets: the table options of RULES.md, their presets and strict parsing."""

import functools
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Literal

from .basics import is_int
from .cards import PACKS, Pack
from .errors import RulesError, as_json, gettext_noop

Revoke = int | Literal["partida", "match"]

DEFAULT_PRESET = "portugal"
PRESETS: dict[str, dict] = {
    "portugal": {},
    "vila_flor": {},
    "brasil": {"rotation": "clockwise"},
    "carry_ties": {"tie": "carry"},
    "points_flag": {"flag": "points"},
    "strict_revoke": {"revoke": "match"},
    "double_pack": {"deck": "double"},
    # The seeds name the bonus but give no value: 10, as a seven, and the "dix de der" of
    # the trick games that have one; the deal totals 130.
    "brasil_last_trick": {"rotation": "clockwise", "last_trick_bonus": 10},
}
# The options of the games with other totals, and their values in the classic game; `play`
# names a way of playing the cards (a label: it changes no score).
VARIANTS = {"deck": "single", "last_trick_bonus": 0, "maria_de_copas": 0, "play": "standard"}
PLAYS = ("standard", "forced_trumping", "open_hands")

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
    "deck": (
        lambda v: isinstance(v, str) and v in PACKS,
        gettext_noop("The cards are one pack (single) or two packs (double), not %(value)s."),
    ),
    "last_trick_bonus": (
        lambda v: is_int(v) and v >= 0,
        gettext_noop("The bonus for the last trick is a whole number of card points, 0 for "
                     "none, not %(value)s."),
    ),
    "maria_de_copas": (
        lambda v: is_int(v) and v >= 0,
        gettext_noop("The bonus for the Queen of Hearts is a whole number of card points, 0 "
                     "for none, not %(value)s."),
    ),
    "play": (
        lambda v: isinstance(v, str) and v in PLAYS,
        gettext_noop("The cards are played the standard way (standard), with forced trumping "
                     "(forced_trumping) or with open hands (open_hands), not %(value)s."),
    ),
}
# With the double pack, two games are won from a number of its own card points.
_DOUBLE_PACK_DOUBLE_FROM = (
    lambda v: is_int(v) and 121 <= v <= 240,
    gettext_noop("With the double pack two games are won from a number of card points from "
                 "121 to 240, not %(value)s."),
)


@dataclass(frozen=True)
class Rules:
    """One table's rules; invalid values raise ``RulesError``.

    ``double_from`` left as None is the pack's default (91, or 181 with the double pack);
    with a bonus it is in 120-point terms and scaled to the deal's total (``two_games_from``).
    """

    flag: Literal["tricks", "points"] = "tricks"
    flag_value: int = 4
    flag_wins_partida: bool = False
    double_from: int | None = None  # None: the pack's default, set on creation
    tie: Literal["none", "carry"] = "none"
    revoke: Revoke = 2
    rotation: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    deck: Literal["single", "double"] = "single"
    last_trick_bonus: int = 0
    maria_de_copas: int = 0
    # Sueca Italiana's obrigação (forced_trumping) or the open-hand teaching game
    # (open_hands): recorded so players know what was played; no score depends on it.
    play: Literal["standard", "forced_trumping", "open_hands"] = "standard"

    def __post_init__(self) -> None:
        # The pack first: the range and the default of double_from depend on it.
        self._check("deck", _CHECKS["deck"])
        if self.double_from is None:
            object.__setattr__(self, "double_from", self.pack.double_from)
        for field in fields(self):
            double_pack = field.name == "double_from" and self.deck == "double"
            self._check(field.name, _DOUBLE_PACK_DOUBLE_FROM if double_pack else _CHECKS[field.name])
        if self.deck == "double" and self.bonuses:
            raise RulesError(gettext_noop("The bonuses for the last trick and the Queen of Hearts "
                                          "are played with one pack only, not with the double "
                                          "pack."))

    def _check(self, name: str, check: tuple[Callable[[object], bool], str]) -> None:
        valid, message = check
        value = getattr(self, name)
        if not valid(value):
            raise RulesError(message, value=as_json(value))

    @property
    def pack(self) -> Pack:
        return PACKS[self.deck]

    @property
    def bonuses(self) -> int:
        return self.last_trick_bonus + self.maria_de_copas

    @property
    def deal_total(self) -> int:
        """What a deal shares out: the pack's card points and the bonuses (120 + N, or 240)."""
        return self.pack.points + self.bonuses

    @property
    def two_games_from(self) -> int:
        """``double_from`` scaled by the deal's total over the pack's points, rounded up."""
        assert self.double_from is not None  # set on creation
        return -(-self.double_from * self.deal_total // self.pack.points)

    def as_dict(self) -> dict:
        """Every option, except those of the games with other totals while they are off (so
        that the classic game's copy reads as it always has)."""
        return {key: value for key, value in asdict(self).items()
                if key not in VARIANTS or value != VARIANTS[key]}


def rules_from(preset: str = DEFAULT_PRESET, overrides: dict | None = None) -> Rules:
    """The rules of ``preset`` with ``overrides`` (a mapping of rule names to values) on top.

    Made once for each preset and overrides (a referee's deal reads its match's rules three
    times); each value's type is part of what is looked up, so that True is not taken for 1."""
    if isinstance(preset, str) and isinstance(overrides, dict | None):
        try:
            return _rules_made(preset, tuple((key, type(value), value)
                                             for key, value in (overrides or {}).items()))
        except TypeError:  # a value that cannot be looked up (a list): made, and refused, below
            pass
    return _rules_checked(preset, overrides)


@functools.lru_cache(maxsize=256)
def _rules_made(preset: str, overrides: tuple) -> Rules:
    return _rules_checked(preset, {key: value for key, _type, value in overrides})


def _rules_checked(preset, overrides) -> Rules:
    if not isinstance(preset, str) or preset not in PRESETS:
        raise RulesError(gettext_noop("Unknown preset %(name)s."), name=preset)
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, dict):
        raise RulesError(gettext_noop("The rules must be a list of named options."))
    for key in overrides:
        if key not in _CHECKS:
            raise RulesError(gettext_noop("Unknown rule %(key)s."), key=key)
    if "double_from" in overrides and overrides["double_from"] is None:
        # None is how Rules takes the pack's default; RULES.md gives an empty value no meaning
        raise RulesError(gettext_noop("Two games are won from a number of card points, not "
                                      "null: to play the pack's default, leave the rule out."))
    return Rules(**{**PRESETS[preset], **overrides})
