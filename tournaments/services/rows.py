"""The tournament row that every tournament service locks first and bumps last."""

from django.db import models

from tournaments.models import Tournament


def locked(tournament_id: int) -> Tournament:
    """The tournament, locked for the rest of the transaction: one write to it at a time."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def bump(tournament: Tournament) -> None:
    """A new version: every page and API body built from the tournament is stale."""
    Tournament.objects.filter(pk=tournament.pk).update(version=models.F("version") + 1)
