"""Match formats: how long a match lasts and who wins it."""

from dataclasses import dataclass
from typing import Literal

from .basics import is_int
from .errors import RulesError, as_json, gettext_noop

FormatType = Literal["first_to", "partidas", "fixed_deals", "points"]

# format type -> its options and their defaults
DEFAULTS: dict[str, dict[str, int | bool]] = {
    "first_to": {"target": 4},
    "partidas": {"to_win": 2, "target": 4},
    "fixed_deals": {"deals": 8, "extra_deals": False},
    "points": {"target": 500},
}
WITH_PARTIDAS = ("first_to", "partidas")

_MESSAGES = {
    "target": gettext_noop("The target must be a whole number, at least 1, not %(value)s."),
    "to_win": gettext_noop("The game sets to win must be a whole number, at least 1, "
                           "not %(value)s."),
    "deals": gettext_noop("The number of deals must be a whole number, at least 1, "
                          "not %(value)s."),
    "extra_deals": gettext_noop("Extra deals must be true or false, not %(value)s."),
}


def _valid(key: str, value: object) -> bool:
    if key == "extra_deals":
        return isinstance(value, bool)
    return is_int(value) and value >= 1


@dataclass(frozen=True)
class Format:
    """A match format; options left as None take the defaults of RULES.md for its type."""

    type: FormatType = "first_to"
    target: int | None = None
    to_win: int | None = None
    deals: int | None = None
    extra_deals: bool | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.type, str) or self.type not in DEFAULTS:
            raise RulesError(gettext_noop("Unknown match format %(name)s."), name=self.type)
        options = DEFAULTS[self.type]
        for key in _MESSAGES:
            value = getattr(self, key)
            if value is None:
                object.__setattr__(self, key, options.get(key))
            elif key not in options:
                raise RulesError(gettext_noop("A %(name)s match has no option %(key)s."),
                                 name=self.type, key=key)
            elif not _valid(key, value):
                raise RulesError(_MESSAGES[key], value=as_json(value))

    def as_dict(self) -> dict:
        """The type and the options that belong to it."""
        return {"type": self.type, **{key: getattr(self, key) for key in DEFAULTS[self.type]}}


def format_from(data: dict | None) -> Format:
    """Parse a format mapping such as ``{"type": "partidas", "to_win": 3}``; None is first to 4."""
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise RulesError(gettext_noop("The match format must be a list of named options."))
    for key in data:
        if key != "type" and key not in _MESSAGES:
            raise RulesError(gettext_noop("Unknown match format option %(key)s."), key=key)
    return Format(**data)
