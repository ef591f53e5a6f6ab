"""Errors the engine raises, with messages a referee understands."""

import json


def gettext_noop(message: str) -> str:
    """Mark a message for translation (Django's makemessages extracts it); return it as is."""
    return message


def as_json(value: object) -> str:
    """A value a message quotes as JSON writes it (true, null, "text"): rules, formats and
    deals come as JSON, and Python's spelling (True, None) would read as a mistake of ours."""
    return json.dumps(value, ensure_ascii=False, default=str)


class SuecaError(Exception):
    """Something the rules of Sueca do not allow; ``str(err)`` is ``template % params``."""

    def __init__(self, template: str, /, **params: object) -> None:
        super().__init__(template, params)
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return self.template % self.params


class RulesError(SuecaError):
    """Invalid rules, preset, match format or first dealer."""


class DealError(SuecaError):
    """An impossible deal, or one the match cannot take; ``index`` is its 0-based position."""

    def __init__(self, template: str, /, index: int | None = None, **params: object) -> None:
        super().__init__(template, **params)
        self.index = index


class CaseError(SuecaError):
    """A conformance case that is not of the documented shape (malformed input)."""
