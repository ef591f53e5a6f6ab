from django import template
from django.utils.html import format_html

from scoring.models import Deal

register = template.Library()
SUITS = dict(Deal.TRUMPS)


@register.filter
def suit(code: str) -> str:
    """The suit symbol for a trump code (S, H, D, C)."""
    return SUITS.get(code, "")


@register.filter
def gives_way(name: str) -> str:
    """`name` in a span that gives way first when its line is too short: the name ends in an
    ellipsis, the words around it stay whole (.gives-way, static/css/tv.css)."""
    return format_html('<span class="gives-way">{}</span>', name)
