"""Template tags: a club's public page lists its tournaments (a tag keeps `scoring` from
importing `tournaments`, which depends on it; one query), and a round's pairings are listed
in one piece (tournaments/pairing_list.py); `best_next` words the best next-placed teams a
group stage also sends to its knockout (presenters.best_next_text).
"""

from django import template

from tournaments import presenters, selectors
from tournaments.pairing_list import pairing_list

register = template.Library()

CLUB_PAGE_LIMIT = 10


@register.inclusion_tag("tournaments/public/_club_tournaments.html")
def club_tournaments(club):
    return {"tournaments": list(selectors.tournaments_of_club(club)[:CLUB_PAGE_LIMIT])}


register.filter("pairing_list", pairing_list)
register.filter("best_next", presenters.best_next_text)
