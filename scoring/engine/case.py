"""One conformance case in, its result out: what ``manage.py sueca_score`` runs per case."""

from .deals import deal_from
from .errors import CaseError, DealError, RulesError, gettext_noop
from .formats import format_from
from .replay import apply
from .rules import DEFAULT_PRESET, rules_from
from .state import new_match

CASE_KEYS = ("rules", "preset", "format", "first_dealer", "deals")


def score_case(case: object) -> dict:
    """The result dict of the conformance README for ``case`` (parsed JSON).

    Invalid rules, format or deals give an ``{"ok": False, ...}`` result; a case that is not
    of the documented shape raises ``CaseError``.
    """
    if not isinstance(case, dict):
        raise CaseError(gettext_noop("A case must be an object with its rules and deals."))
    for key in case:
        if key not in CASE_KEYS:
            raise CaseError(gettext_noop("Unknown entry %(key)s in a case."), key=key)
    deals = case.get("deals")
    if not isinstance(deals, list):
        raise CaseError(gettext_noop("A case needs its deals as a list."))
    try:
        rules = rules_from(case.get("preset", DEFAULT_PRESET), case.get("rules"))
        fmt = format_from(case.get("format"))
        state = new_match(rules, fmt, case.get("first_dealer", 0))
    except RulesError as error:
        return {"ok": False, "deal": None, "error": str(error)}
    for index, data in enumerate(deals):
        try:
            state = apply(rules, fmt, state, deal_from(data), index)
        except DealError as error:
            return {"ok": False, "deal": index, "error": str(error)}
    return state.as_result()
