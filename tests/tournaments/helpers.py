"""Build tournaments and play their matches through the same services the referees use."""

import json
import uuid

from scoring import engine, services
from tests.conftest import make_partnership
from tournaments import services as tournament_services
from tournaments.models import Pairing, Tournament

WIN = {"A": {"points": [120, 0], "flag": "A"}, "B": {"points": [0, 120], "flag": "B"}}


def make_tournament(club, size: int, structure="knockout", fmt=None, **options) -> Tournament:
    tournament = tournament_services.tournament_create(
        club=club, name=f"Torneio {structure} {size}",
        rules=options.pop("rules", None) or engine.rules_from("portugal"),
        fmt=engine.format_from(fmt), structure=structure, **options)
    partnerships = [make_partnership(club, f"Player {i}a", f"Player {i}b") for i in range(size)]
    tournament_services.entries_register(tournament=tournament, partnerships=partnerships)
    return tournament


def record(match, deal: dict):
    return services.deal_record(match_id=match.pk, deal=engine.deal_from(deal),
                                key=str(uuid.uuid4()))


def play(pairing: Pairing, side: str = "A") -> None:
    """Play the pairing's match to a win for `side`, deal after deal."""
    match = pairing.match
    deal = WIN[side] if match.format["type"] != "fixed_deals" else (
        {"points": [70, 50]} if side == "A" else {"points": [50, 70]})
    while True:
        match.refresh_from_db()
        if match.finished:
            return
        record(match, deal)


def semi_finals_played(club) -> tuple[Tournament, Pairing, Pairing]:
    """Four partnerships, both semi-finals won by side A: the tournament, the first
    semi-final and the final, drawn and not begun."""
    tournament = make_tournament(club, 4, tables_count=2)
    tournament_services.tournament_start(tournament=tournament)
    semi, other = Pairing.objects.filter(round__tournament=tournament,
                                         round__number=1).order_by("slot")
    play(semi, "A")
    play(other, "A")
    semi.refresh_from_db()
    return tournament, semi, Pairing.objects.get(round__tournament=tournament,
                                                 round__code="final")


def final_neither_came(club) -> tuple[Tournament, Pairing, Pairing]:
    """Eight partnerships with a third-place match: the final a double forfeit, the
    third-place match won by its side A. The tournament (finished, no champion), the final
    and the third-place match."""
    tournament = make_tournament(club, 8, tables_count=4, third_place=True)
    tournament_services.tournament_start(tournament=tournament)
    for _ in range(6):
        play(in_play(tournament)[0], "A")
    final, third = sorted(in_play(tournament), key=lambda pairing: pairing.third_place)
    tournament_services.pairing_walkover(pairing=final, present="-")
    play(third, "A")
    tournament.refresh_from_db()
    final.refresh_from_db()
    third.refresh_from_db()
    return tournament, final, third


def in_play(tournament: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                .exclude(match=None).select_related("match", "round")  # as the pages read them
                .order_by("round__number", "slot"))


def play_to_the_end(tournament: Tournament, choose=lambda pairing: "A", limit: int = 500) -> None:
    for _ in range(limit):
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return
        pairings = in_play(tournament)
        assert pairings, "nothing to play and the tournament is not finished"
        play(pairings[0], choose(pairings[0]))
    raise AssertionError("the tournament did not finish")


FLAG = {"points": [120, 0], "flag": "A"}


def post_deal(token: str, key: str, deal: dict = FLAG):
    """A referee's deal through the JSON API, as the phone sends it."""
    from django.test import Client

    return Client().post(f"/api/v1/referee/{token}/deals", data=json.dumps(deal),
                         content_type="application/json", headers={"Idempotency-Key": key})


def groups_in_play(club) -> Tournament:
    """Eight partnerships in two groups of four, two going through, four tables: started."""
    tournament = make_tournament(club, 8, "groups", groups_count=2, qualifiers_per_group=2,
                                 tables_count=4)
    tournament_services.tournament_start(tournament=tournament)
    return tournament


def swiss_round_one_played(club, deals: int = 1) -> tuple[Tournament, Pairing]:
    """A Swiss of six, `deals` a match: round 1 played (side A won each), round 2 drawn from
    it. The tournament, and round 1's first pairing with its match."""
    tournament = make_tournament(club, 6, "rounds", fmt={"type": "fixed_deals", "deals": deals},
                                 pairing="swiss", rounds_count=3, tables_count=3)
    tournament_services.tournament_start(tournament=tournament)
    first = in_play(tournament)
    for pairing in first:
        play(pairing, "A")
    return tournament, Pairing.objects.select_related("match").get(pk=first[0].pk)
