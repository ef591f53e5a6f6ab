from django import template

from scoring.models import Deal

register = template.Library()
SUITS = dict(Deal.TRUMPS)


@register.filter
def suit(code: str) -> str:
    """The suit symbol for a trump code (S, H, D, C)."""
    return SUITS.get(code, "")


@register.simple_tag
def scorer_case(match) -> dict:
    """The match as the browser scorer replays it (for json_script in _referee_offline.html)."""
    from scoring import presenters, services

    return presenters.scorer_case(match, services.active_deals(match))
