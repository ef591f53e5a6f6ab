"""Template tags: a club's public page lists its tournaments, those open for sign-up first
(a tag keeps `scoring` from importing `tournaments`, which depends on it; two queries), and a
round's pairings are listed in one piece (tournaments/pairing_list.py); `best_next` words the
best next-placed teams a group stage also sends to its knockout (presenters.best_next_text);
`rank_note` says what a mark beside a rank means (presenters.rank_note); `players` marks each
player of a partnership's name, so that a TV breaks the name between players."""

from django import template
from django.utils.html import format_html_join

from tournaments import presenters, selectors
from tournaments.pairing_list import pairing_list
from tournaments.registration import selectors as registration_selectors

register = template.Library()

CLUB_PAGE_LIMIT = 10


@register.inclusion_tag("tournaments/public/_club_tournaments.html")
def club_tournaments(club):
    return {"tournaments": list(selectors.tournaments_of_club(club)[:CLUB_PAGE_LIMIT]),
            "signing_up": registration_selectors.open_for_sign_up(club)}


register.filter("pairing_list", pairing_list)
register.filter("best_next", presenters.best_next_text)
register.simple_tag(presenters.rank_note, name="rank_note")


@register.filter
def players(name: str):
    """"Ana Silva & Bruno Costa" with each player's name (and the "&" after it) in a bare span of
    its own: the TV's bracket breaks a name between players, not within one."""
    names = name.split(" & ")
    return format_html_join(" ", "<span>{}</span>",  # the "&" stays with the name before it
                            [(f"{player}\u00a0&",) for player in names[:-1]] + [(names[-1],)])
