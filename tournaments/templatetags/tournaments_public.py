"""Template tags for other apps' pages: a club's public page lists its tournaments.

A tag keeps `scoring` from importing `tournaments` (which depends on it); one query.
"""

from django import template

from tournaments import selectors

register = template.Library()

CLUB_PAGE_LIMIT = 10


@register.inclusion_tag("tournaments/public/_club_tournaments.html")
def club_tournaments(club):
    return {"tournaments": list(selectors.tournaments_of_club(club)[:CLUB_PAGE_LIMIT])}
