"""Clubs' time zones: every page of a club shows and reads times in its club's zone.

The zone is switched on where a page already loads its club, not by a middleware that would
find the club from the URL. A club is reached from many kinds of address (its slug, a
tournament's slug, a match's id, a referee's or a sign-up's token, an export's id), each
looked up by its view with the organiser's permission check or the page's own query, so such
a middleware would make that lookup a second time, and every live poll would pay for it,
where an unchanged poll is a 304 for one query or none (sueca_club/live.py). Switched on by
`club_zone_activate` from the reads that load the club (permissions.club_for and
owned_or_404 for the organiser's pages; the public, TV, sign-up and referee pages' own), it
covers what those pages render and what their forms read; `ClubZoneMiddleware` puts every
request back in the site's zone at its end, so a zone never outlives its request in a worker.

A live page's shared copy stays right: every page of a club is rendered in that club's zone
whoever looks (nothing depends on the viewer's own zone), and a club that changes its zone
gives its tournaments a new version (tournaments.steps), so no copy of their pages made in
the old zone (a sign-up's closing time, check-in's opening) is served again. Work done
without a request (files) takes its club's zone with `club_zone`.
"""

import zoneinfo

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# Where Portuguese is spoken, first: the zones those clubs use.
PORTUGUESE_SPEAKING = (
    "Europe/Lisbon", "Atlantic/Azores", "Atlantic/Madeira",
    "America/Sao_Paulo", "America/Manaus", "America/Fortaleza", "America/Recife",
    "America/Belem", "America/Cuiaba", "America/Rio_Branco", "America/Noronha",
    "America/Bahia", "America/Maceio", "America/Araguaina", "America/Campo_Grande",
    "America/Porto_Velho", "America/Boa_Vista", "America/Santarem", "America/Eirunepe",
    "Africa/Luanda", "Africa/Maputo", "Atlantic/Cape_Verde", "Africa/Bissau",
    "Africa/Sao_Tome", "Asia/Dili", "Asia/Macau",
)
# The IANA areas of today's zones: not the old aliases (Brazil/East, US/Pacific, Etc/GMT+3).
AREAS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
         "Europe", "Indian", "Pacific")


def _label(zone: str) -> str:
    return zone.replace("_", " ")


def zone_choices() -> list:
    """The zones a club chooses from: those of Portuguese-speaking places, then every other."""
    others = sorted(zone for zone in zoneinfo.available_timezones()
                    if zone.split("/")[0] in AREAS and zone not in PORTUGUESE_SPEAKING)
    return [(_("Where Portuguese is spoken"), [(zone, _label(zone)) for zone in PORTUGUESE_SPEAKING]),
            (_("Elsewhere"), [(zone, _label(zone)) for zone in ["UTC", *others]])]


def site_zone() -> str:
    """A new club's zone: the site's (TIME_ZONE)."""
    return settings.TIME_ZONE


def club_zone_activate(club) -> None:
    """The rest of this request shows and reads times in `club`'s zone."""
    timezone.activate(club.time_zone)


def club_zone(club):
    """Times in `club`'s zone within the `with` block (work done without a request)."""
    return timezone.override(club.time_zone)


class ClubZoneMiddleware:
    """Every request ends in the site's zone, whatever club it showed."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
