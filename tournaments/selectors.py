"""Reads for tournaments: entries, rounds with their pairings, results and standings."""

from dataclasses import dataclass

from django.db.models import Max, Q, QuerySet, Sum

from tournaments import formats
from tournaments.models import Entry, Pairing, Round, Tournament

ENTRY_RELATED = ("partnership__player_1", "partnership__player_2")


def entries(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.select_related(*ENTRY_RELATED).order_by("seed", "id"))


def active_entries(tournament: Tournament) -> list[Entry]:
    return [entry for entry in entries(tournament) if not entry.withdrawn]


def pairings(tournament: Tournament) -> QuerySet[Pairing]:
    """Every pairing with what a page shows of it, in round and slot order."""
    return (Pairing.objects.filter(round__tournament=tournament)
            .select_related("round", "table", "match", "a__partnership__player_1",
                            "a__partnership__player_2", "b__partnership__player_1",
                            "b__partnership__player_2")
            .order_by("round__number", "third_place", "slot"))


def last_round(tournament: Tournament) -> Round | None:
    return tournament.rounds.order_by("-number").first()


def live_etag(slug: str) -> str | None:
    """One query: the tournament's own version plus the versions of all its matches."""
    row = (Tournament.objects.filter(slug=slug)
           .annotate(matches=Sum("rounds__pairings__match__version"))
           .values_list("pk", "version", "matches").first())
    return row and f"t{row[0]}-{row[1]}-{row[2] or 0}"


def points_scheme(tournament: Tournament) -> formats.PointsScheme:
    return formats.PointsScheme(win=tournament.points_win, loss=tournament.points_loss,
                                draw=tournament.points_draw, no_show=tournament.points_no_show)


def result_of(pairing: Pairing, walkover_games: int) -> formats.MatchResult | None:
    """The finished pairing as the standings see it (None for a bye or an unfinished one)."""
    if not pairing.finished or pairing.b_id is None:
        return None
    if pairing.walkover:
        won = (walkover_games, 0) if pairing.walkover == "A" else (0, walkover_games)
        return formats.MatchResult(pairing.a_id, pairing.b_id, pairing.winner_id,
                                   games_a=won[0], games_b=won[1], walkover=True)
    state = pairing.match.state
    return formats.MatchResult(
        pairing.a_id, pairing.b_id, pairing.winner_id,
        games_a=state["games"][0], games_b=state["games"][1],
        partidas_a=state["partidas"][0], partidas_b=state["partidas"][1],
        points_a=state["points"][0], points_b=state["points"][1],
    )


@dataclass(frozen=True)
class Standing:
    row: formats.StandingRow
    entry: Entry


def standings(tournament: Tournament, all_pairings: list[Pairing], field: list[Entry],
              stage: str | None = None, group: str = "") -> list[Standing]:
    """Rank `field` on the finished pairings of `stage` (and `group`), by the tie-break chain."""
    counted = [p for p in all_pairings
               if (stage is None or p.round.stage == stage) and (not group or p.group == group)]
    results = [r for p in counted if (r := result_of(p, tournament.walkover_games))]
    rows = formats.rank([e.pk for e in field], results, tournament.tie_breaks,
                        lots_seed=tournament.seed, scheme=points_scheme(tournament))
    by_id = {entry.pk: entry for entry in field}
    return [Standing(row, by_id[row.entrant]) for row in rows]


def played_pairs(all_pairings: list[Pairing]) -> set[frozenset]:
    return {frozenset((p.a_id, p.b_id)) for p in all_pairings if p.b_id is not None}


def started(pairing: Pairing) -> bool:
    """Has anything been played or decided on this pairing?"""
    return bool(pairing.finished or pairing.walkover
                or (pairing.match_id and pairing.match.state["deals"]))


def round_is_complete(round_: Round) -> bool:
    return not round_.pairings.filter(finished=False).exists()


def group_letters(tournament: Tournament) -> list[str]:
    return sorted(set(tournament.entries.exclude(group="").values_list("group", flat=True)))


def rounds_in_stage(tournament: Tournament, stage: str) -> int:
    return tournament.rounds.filter(stage=stage).aggregate(n=Max("number"))["n"] or 0


def tournaments_of_club(club) -> QuerySet[Tournament]:
    return club.tournaments.filter(~Q(status=Tournament.Status.DRAFT)).order_by("-created_at")
