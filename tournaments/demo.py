"""The demo club that `make run` loads: built through the services, idempotent by name."""

import uuid

from django.contrib.auth.models import User
from django.db import transaction

from scoring import engine, services
from scoring.models import Match
from sueca_club.models import Club, Membership, Partnership, Player

ORGANISER = {"username": "demo", "password": "sueca-demo-2026"}
CLUB = {"slug": "cafe-demo", "name": "Café Central (demo)", "town": "Coimbra"}
FIRST_NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Gabriela", "Hugo",
               "Inês", "João", "Leonor", "Miguel", "Nuno", "Olga", "Paulo", "Rita"]
SURNAMES = ["Silva", "Costa", "Santos", "Ferreira"]
OPENING_DEALS = [{"points": [73, 47]}, {"points": [30, 90]}, {"points": [60, 60]}]


def player_names() -> list[str]:
    return [f"{first} {last}" for last in SURNAMES[:2] for first in FIRST_NAMES]


@transaction.atomic
def seed_club() -> tuple[Club, list[Partnership]]:
    user, created = User.objects.get_or_create(username=ORGANISER["username"],
                                               defaults={"email": "demo@example.com"})
    if created or not user.check_password(ORGANISER["password"]):
        user.set_password(ORGANISER["password"])
        user.save()
    club, _ = Club.objects.get_or_create(slug=CLUB["slug"], defaults=CLUB)
    Membership.objects.get_or_create(club=club, user=user)
    names = player_names()
    players = [Player.objects.get_or_create(club=club, name=name)[0] for name in names]
    partnerships = [
        Partnership.objects.get_or_create(club=club, player_1=players[i],
                                          player_2=players[16 + (i + 5) % 16])[0]
        for i in range(16)
    ]
    return club, partnerships


def seed_friendly(club: Club, partnerships: list[Partnership]) -> Match:
    a, b = partnerships[0], partnerships[1]
    match = Match.objects.filter(club=club, a=a, b=b).order_by("pk").first()
    if match is None:
        match = services.match_create(club=club, a=a, b=b, rules=engine.rules_from("portugal"),
                                      fmt=engine.format_from(None), first_dealer=0,
                                      by=club.organisers.first())
        for deal in OPENING_DEALS:
            services.deal_record(match_id=match.pk, deal=engine.deal_from(deal),
                                 key=str(uuid.uuid4()))
    return match


def seed() -> dict:
    club, partnerships = seed_club()
    friendly = seed_friendly(club, partnerships)
    links = [{"id": friendly.pk, "referee_token": friendly.referee_links.get(revoked_at=None).token}]
    return {"club": club.slug, "organiser": dict(ORGANISER), "matches": links}
