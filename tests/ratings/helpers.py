"""Finish, correct and take back matches through the referees' services, tasks run on commit."""

import uuid

from scoring import engine, services
from scoring.models import PartnershipRating, PlayerRating, RatingChange
from tests.conftest import make_match

FLAG = {"A": {"points": [120, 0], "flag": "A"}, "B": {"points": [0, 120], "flag": "B"}}


def record(match, deal: dict):
    return services.deal_record(match_id=match.pk, deal=engine.deal_from(deal),
                                key=str(uuid.uuid4()))


def finish(match, side: str) -> None:
    """One flag deal ends a first-to-4 match 4-0 for `side`."""
    record(match, FLAG[side])


def play(capture, club, a, b, side: str):
    """A friendly match between partnerships a and b, won by `side`; its tasks run on commit."""
    with capture(execute=True):
        match = make_match(club, a, b)
        finish(match, side)
    match.refresh_from_db()
    return match


def correct(capture, match, side: str, user) -> None:
    """The organiser corrects the deal that ended `match` so that `side` won it instead."""
    deal = match.deals.get(active=True)
    with capture(execute=True):
        services.deal_correct(deal=deal, replacement=engine.deal_from(FLAG[side]),
                              reason="wrong flag", user=user)


def snapshot(club) -> dict:
    """Every stored rating and history row of the club, ids aside: what a rebuild must equal."""
    return {
        "players": sorted(PlayerRating.objects.filter(club=club)
                          .values_list("player_id", "mu", "sigma", "conservative", "matches")),
        "partnerships": sorted(PartnershipRating.objects.filter(club=club)
                               .values_list("partnership_id", "mu", "sigma", "conservative",
                                            "matches")),
        "history": list(RatingChange.objects.filter(club=club)
                        .order_by("at", "match_id", "player_id", "partnership_id")
                        .values_list("match_id", "match_version", "at", "player_id",
                                     "partnership_id", "result", "mu_before", "sigma_before",
                                     "mu", "sigma", "conservative")),
    }
