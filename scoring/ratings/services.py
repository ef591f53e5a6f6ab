"""Club ratings stored: follow each finished match, rebuild a club from scratch, read the ladder.

The arithmetic is in arithmetic.py. Here: which matches count, in which order, and the rows.

- Every finished match counts, friendly or tournament, in the order (finished_at, id). A
  walkover never counts: it has no finished match (giving one deletes the empty match, or
  leaves a started one unfinished).
- When a match's result changes, the outbox step `scoring.ratings_follow_match` (steps.py)
  runs this after the commit, in a worker, keyed by the match id and version. If the match
  sorts after every match the club has rated, its six changes are applied to the current
  ratings (the common case, a few rows). Anything else (a correction that changes a rated
  result, a finished match taken back, a match whose task runs after a later one's)
  rebuilds the club's ratings from scratch: simplest, and correct whatever the order the
  tasks ran in. A correction that keeps the
  result only moves the stored version.
- `ratings_rebuild` (also ``manage.py rebuild_ratings``) replays the same matches in the same
  order through the same function, so it gives exactly the numbers the updates gave.
- One club's ratings change under one lock per club (`_lock`), so two workers never
  interleave; no rating ever locks a match, so deals never wait on ratings.
"""

from dataclasses import dataclass, field

from django.db import transaction

from scoring.models import Match, PartnershipRating, PlayerRating, RatingChange
from scoring.ratings import arithmetic as ratings
from sueca_club.models import Club, Partnership, Player

HISTORY_POINTS = 30  # the ladder's chart shows at most this many latest ratings


def rated_matches(club_id: int):
    return (Match.objects.filter(club_id=club_id, finished=True, finished_at__isnull=False)
            .select_related("a", "b").order_by("finished_at", "id"))


def game_of(match: Match) -> ratings.Game:
    return ratings.Game(key=match.pk, a_players=tuple(match.a.player_ids),
                        b_players=tuple(match.b.player_ids),
                        a=match.a_id, b=match.b_id, outcome=match.winner)


RATINGS_LOCK_SPACE = 0x5352  # the first key of the ratings' advisory locks ("SR")


def _lock(club_id: int) -> None:
    """One club's ratings change one transaction at a time. On PostgreSQL an advisory lock,
    not the club's row: a row lock would also wait on (and deadlock with) every transaction
    that inserts a row pointing at the club, such as the next round's matches."""
    connection = transaction.get_connection()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [RATINGS_LOCK_SPACE, club_id])
    else:
        Club.objects.select_for_update().filter(pk=club_id).values_list("pk").first()


def ratings_follow_match(*, match_id: int, version: int) -> str:
    """Bring the club's ratings up to date with one match; says what it did (for the tests).

    Takes the club's lock only, never the match's row: a deal saved meanwhile never waits on
    a rating (a rebuild can take a while), and it brings its own step, which the stored
    match version then tells apart from this one."""
    club_id = Match.objects.filter(pk=match_id).values_list("club_id", flat=True).first()
    if club_id is None:
        return "gone"
    with transaction.atomic():
        _lock(club_id)
        match = Match.objects.select_related("a", "b").filter(pk=match_id).first()
        if match is None:
            return "gone"
        rated = {c.partnership_id: c for c in
                 RatingChange.objects.filter(match=match, partnership__isnull=False)}
        if rated:
            return _follow_rated(match, rated, version)
        if not match.finished or not game_of(match).rateable:
            return "nothing"
        last = (RatingChange.objects.filter(club_id=match.club_id).order_by("-at", "-match_id")
                .values_list("at", "match_id").first())
        if last is not None and last > (match.finished_at, match.pk):
            _rebuild(match.club_id)
            return "rebuilt"
        _apply(match)
        return "applied"


def _follow_rated(match: Match, rated: dict[int, RatingChange], version: int) -> str:
    change_a = rated.get(match.a_id)
    if change_a is not None and change_a.match_version >= version:
        return "done"  # this version (or a later one) is in already: a retry, or a late task
    if (match.finished and change_a is not None and change_a.at == match.finished_at
            and change_a.result == ratings.RESULTS.get(match.winner, ("",))[0]):
        RatingChange.objects.filter(match=match).update(match_version=match.version)
        return "same result"
    _rebuild(match.club_id)
    return "rebuilt"


def _apply(match: Match) -> None:
    """Add one match after all the club's rated ones: six history rows, six ratings moved."""
    game = game_of(match)
    players = {r.player_id: r for r in
               PlayerRating.objects.filter(player_id__in=[*game.a_players, *game.b_players])}
    pairs = {r.partnership_id: r for r in
             PartnershipRating.objects.filter(partnership_id__in=[game.a, game.b])}
    changes = ratings.rate_game(
        game, {k: ratings.Skill(r.mu, r.sigma) for k, r in players.items()},
        {k: ratings.Skill(r.mu, r.sigma) for k, r in pairs.items()})
    RatingChange.objects.bulk_create(_history_rows(match, changes))
    for change in changes:
        model, rows = ((PlayerRating, players) if change.kind == "player"
                       else (PartnershipRating, pairs))
        row = rows.get(change.entity)
        if row is None:
            model.objects.create(club_id=match.club_id, **{f"{change.kind}_id": change.entity},
                                 **_values(change.after), matches=1)
        else:
            model.objects.filter(pk=row.pk).update(**_values(change.after),
                                                   matches=row.matches + 1)


def _values(skill: ratings.Skill) -> dict:
    return {"mu": skill.mu, "sigma": skill.sigma, "conservative": skill.conservative}


def _history_rows(match: Match, changes: list[ratings.Change]) -> list[RatingChange]:
    return [RatingChange(club_id=match.club_id, match_id=match.pk, match_version=match.version,
                         at=match.finished_at, result=c.result,
                         **{f"{c.kind}_id": c.entity}, mu_before=c.before.mu,
                         sigma_before=c.before.sigma, **_values(c.after))
            for c in changes]


def ratings_rebuild(*, club: Club) -> ratings.Book:
    """Forget the club's ratings and rate every finished match again, in order."""
    with transaction.atomic():
        _lock(club.pk)
        return _rebuild(club.pk)


def _rebuild(club_id: int) -> ratings.Book:
    RatingChange.objects.filter(club_id=club_id).delete()
    PlayerRating.objects.filter(club_id=club_id).delete()
    PartnershipRating.objects.filter(club_id=club_id).delete()
    matches = {m.pk: m for m in rated_matches(club_id)}
    book = ratings.replay(game_of(m) for m in matches.values())
    RatingChange.objects.bulk_create(
        [row for game, changes in book.changes for row in _history_rows(matches[game.key], changes)],
        batch_size=500)
    PlayerRating.objects.bulk_create(
        [PlayerRating(club_id=club_id, player_id=k, **_values(s), matches=book.played[("player", k)])
         for k, s in book.players.items()], batch_size=500)
    PartnershipRating.objects.bulk_create(
        [PartnershipRating(club_id=club_id, partnership_id=k, **_values(s),
                           matches=book.played[("partnership", k)])
         for k, s in book.partnerships.items()], batch_size=500)
    return book


# Reads --------------------------------------------------------------------------------------

def partnership_ratings(partnership_ids) -> dict[int, float]:
    """The conservative rating of each rated partnership among `partnership_ids`."""
    return dict(PartnershipRating.objects.filter(partnership_id__in=list(partnership_ids))
                .values_list("partnership_id", "conservative"))


@dataclass
class LadderRow:
    position: int
    name: str
    rating: float  # the conservative rating
    mu: float
    sigma: float
    matches: int
    history: list[float] = field(default_factory=list)  # conservative ratings, oldest first


@dataclass
class Ladder:
    players: list[LadderRow]
    partnerships: list[LadderRow]


def ladder(*, club: Club) -> Ladder:
    """The club's players and partnerships by conservative rating, each with its history.

    Three queries whatever the size of the club; archived players and partnerships are left out.
    """
    player_history: dict[int, list[float]] = {}
    pair_history: dict[int, list[float]] = {}
    for player_id, partnership_id, value in (RatingChange.objects.filter(club=club)
                                             .order_by("at", "match_id", "id")
                                             .values_list("player_id", "partnership_id",
                                                          "conservative")):
        if player_id is not None:
            player_history.setdefault(player_id, []).append(value)
        else:
            pair_history.setdefault(partnership_id, []).append(value)
    order = ("-conservative", "-matches")
    players = (PlayerRating.objects.filter(club=club, player__archived=False)
               .select_related("player").order_by(*order, "player__name"))
    pairs = (PartnershipRating.objects.filter(club=club, partnership__archived=False)
             .select_related("partnership__player_1", "partnership__player_2")
             .order_by(*order, "partnership_id"))
    return Ladder(
        players=[_row(n, r, r.player, player_history.get(r.player_id, []))
                 for n, r in enumerate(players, start=1)],
        partnerships=[_row(n, r, r.partnership, pair_history.get(r.partnership_id, []))
                      for n, r in enumerate(pairs, start=1)],
    )


def _row(position: int, rating, who: Player | Partnership, history: list[float]) -> LadderRow:
    if len(history) < HISTORY_POINTS:
        history = [ratings.DEFAULT.conservative, *history]  # from where everyone starts
    return LadderRow(position=position, name=str(who), rating=rating.conservative, mu=rating.mu,
                     sigma=rating.sigma, matches=rating.matches,
                     history=history[-HISTORY_POINTS:])
