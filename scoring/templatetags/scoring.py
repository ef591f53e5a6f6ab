from django import template

from scoring.models import Deal

register = template.Library()
SUITS = dict(Deal.TRUMPS)


@register.filter
def suit(code: str) -> str:
    """The suit symbol for a trump code (S, H, D, C)."""
    return SUITS.get(code, "")

