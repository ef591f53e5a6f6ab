"""A tournament open for sign-up, and sign-ups made through the service."""

from datetime import timedelta

from django.utils import timezone

from scoring import engine
from tournaments import services as tournament_services
from tournaments.registration import services


def open_tournament(club, *, cap=None, approval=False, closes_at=None, check_in=False):
    tournament = tournament_services.tournament_create(
        club=club, name="Torneio aberto", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(None), structure="knockout")
    services.registration_update(
        tournament=tournament, open=True, cap=cap, closes_at=closes_at, approval=approval,
        check_in_from=timezone.now() - timedelta(minutes=1) if check_in else None)
    return tournament


def sign_up(tournament, n: int, **names):
    return services.signup_create(tournament=tournament,
                                  names=[names.get("name_1", f"Jogador {n}a"),
                                         names.get("name_2", f"Jogador {n}b")])
