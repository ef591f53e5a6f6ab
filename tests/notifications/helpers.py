"""A tournament whose players have email addresses; starting it runs the on-commit tasks."""

from sueca_club.models import Player
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournament_services
from tournaments.models import Pairing


def with_emails(club) -> None:
    for player in Player.objects.filter(club=club):
        player.email = f"{player.name.lower().replace(' ', '.')}@example.com"
        player.save(update_fields=["email"])


def started(club, capture, size: int = 4, **options):
    tournament = make_tournament(club, size, **options)
    with_emails(club)
    with capture(execute=True):
        tournament_services.tournament_start(tournament=tournament)
    return tournament


def pairings(tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament)
                .select_related("table", "a__partnership", "b__partnership")
                .order_by("round__number", "slot"))


def to(outbox, address: str) -> list:
    return [m for m in outbox if address in m.to]
