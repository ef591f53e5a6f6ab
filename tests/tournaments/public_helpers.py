"""The three structures of the public-page tests, built and played through the services."""

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services
from tournaments.models import Tournament

HTMX = {"HX-Request": "true"}
FIXED_8 = {"type": "fixed_deals", "deals": 8}


def knockout_of_13(club, **options) -> Tournament:
    """Thirteen partnerships: a round of 16 with three byes."""
    tournament = make_tournament(club, 13, "knockout", **{"tables_count": 8, **options})
    services.tournament_start(tournament=tournament)
    return tournament


def groups_of_12(club, **options) -> Tournament:
    """Four groups of three, the top two of each into a quarter-final knockout."""
    tournament = make_tournament(club, 12, "groups", **{
        "groups_count": 4, "qualifiers_per_group": 2, "tables_count": 6, **options})
    services.tournament_start(tournament=tournament)
    return tournament


def swiss(club, size: int = 16, fmt=None, rounds: int = 4, **options) -> Tournament:
    tournament = make_tournament(club, size, "rounds", fmt=fmt or FIXED_8, **{
        "pairing": "swiss", "rounds_count": rounds, "tables_count": max(size // 2, 1), **options})
    services.tournament_start(tournament=tournament)
    return tournament


def play_matches(tournament: Tournament, count: int, side: str = "A") -> None:
    """Play the next `count` matches on the tables to the end."""
    for _ in range(count):
        pairings = in_play(tournament)
        if not pairings:
            return
        play(pairings[0], side)


def play_rounds(tournament: Tournament, rounds: int) -> None:
    """Play until `rounds` rounds are complete (the next one is drawn) or the event ends."""
    for _ in range(10_000):
        tournament.refresh_from_db()
        last = tournament.rounds.order_by("-number").first()
        if tournament.status == Tournament.Status.FINISHED or last.number > rounds:
            return
        play_matches(tournament, 1)
    raise AssertionError("the rounds did not end")
