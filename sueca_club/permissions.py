"""Organisers only ever reach objects of clubs they belong to; anything else is a 404."""

from django.db.models import Model, QuerySet
from django.shortcuts import get_object_or_404

from sueca_club.models import Club


def club_for(user, slug: str) -> Club:
    return get_object_or_404(Club, slug=slug, memberships__user=user)


def owned_or_404(queryset: QuerySet, user, **lookup) -> Model:
    """Fetch an object whose `club` has `user` as an organiser, or answer 404."""
    return get_object_or_404(queryset, club__memberships__user=user, **lookup)
