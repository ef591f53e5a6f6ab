"""Organisers only ever reach objects of clubs they belong to; anything else is a 404. The
page then shows and reads times in that club's zone (sueca_club/zones.py)."""

from django.db.models import Model, QuerySet
from django.shortcuts import get_object_or_404

from sueca_club.models import Club
from sueca_club.zones import club_zone_activate


def club_for(user, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug, memberships__user=user)
    club_zone_activate(club)
    return club


def owned_or_404(queryset: QuerySet, user, **lookup) -> Model:
    """Fetch an object whose `club` has `user` as an organiser, or answer 404."""
    found = get_object_or_404(queryset.select_related("club"), club__memberships__user=user,
                              **lookup)
    club_zone_activate(found.club)
    return found
