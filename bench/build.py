"""Build the bench's data through the real services: `python -m bench.build PLAN.json SIZE`.

Needs DJANGO_SETTINGS_MODULE and DATABASE_URL pointing at an empty database (bench.run sets
them). Migrates, then plays a Swiss tournament of SIZE partnerships (bulk paste, bulk entry)
over ROUNDS + 3 rounds of 12 fixed deals: ROUNDS rounds (BENCH_ROUNDS, default 3) played deal
by deal through `scoring.services.deal_record`, then one round left in play: half its tables
finished, the other half one deal from the end (the round-ending case posts those deals and
the tournament draws the next round). Starts 64 friendly matches of (practically) endless
fixed deals (BENCH_MATCHES) for the friendly deal-posting cases. Writes what the runner needs (slug, ids, the
tables' and the friendlies' referee tokens) to PLAN.json.

`python -m bench.build --count` prints the deals recorded so far and the tournament's last
round, as JSON: the runner checks deals posted against deals recorded with it.
"""

import json
import multiprocessing
import os
import random
import sys
import time
import uuid

import django

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
DEALS = 12
# Four friendlies a referee (bench/cases.py's REFEREES), as a referee scores one match after
# another: the deal posts spread over them keep each tally at a real match's length (about 20
# deals by the end of deals_saturated; a real match has 10 to 40), where 64 endless matches
# reached 150 and every post answered, stored and read back a tally no match ever has.
BENCH_MATCHES = 256
ENDLESS = 1_000_000  # deals in a bench match: it never finishes during a run


def _fast_writes(sender, connection, **kwargs):
    """Setup only, not measured: don't wait for the disk on every commit (nothing persists
    beyond this connection, so the served database keeps its normal settings)."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA synchronous = OFF")
        elif connection.vendor == "postgresql":
            cursor.execute("SET synchronous_commit = off")


def play(match_id: int, deals: int) -> None:
    """Referee `deals` plain deals (no flag, no revoke) of a match, one service call each."""
    from scoring import engine, services

    rng = random.Random(match_id)
    for _ in range(deals):
        a = rng.randint(15, 105)
        services.deal_record(match_id=match_id, deal=engine.deal_from({"points": [a, 120 - a]}),
                             key=uuid.uuid4().hex)


def _play_all(jobs: list[tuple[int, int]]) -> None:
    for match_id, deals in jobs:
        play(match_id, deals)


def play_round(jobs: list[tuple[int, int]]) -> None:
    """On PostgreSQL the matches of a round are played by one process per core (the row locks
    keep them apart, as in a real room); SQLite takes one writer at a time anyway."""
    from django.db import connection, connections

    processes = min(os.cpu_count() or 1, 4) if connection.vendor == "postgresql" else 1
    if processes == 1:
        _play_all(jobs)
        return
    connections.close_all()  # each forked process opens its own
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        pool.map(_play_all, [jobs[i::processes] for i in range(processes)])


def build(size: int) -> dict:
    from django.contrib.auth.models import User

    from scoring import engine, services
    from scoring.models import Deal, RefereeLink
    from sueca_club import services as club_services
    from sueca_club.models import Partnership
    from tournaments import services as tournament_services
    from tournaments.models import Pairing, Table, Tournament

    user = User.objects.create_user("bench", "bench@example.com", uuid.uuid4().hex)
    club = club_services.club_create(name="Clube do Bench", town="Porto", by=user)
    lines = "\n".join(f"Jogador {i:03d}a & Jogador {i:03d}b" for i in range(size))
    partnerships = club_services.partnerships_bulk_add(club=club, text=lines)
    rules = engine.rules_from("portugal")
    tournament = tournament_services.tournament_create(
        club=club, name="Regional Bench", slug="regional-bench", rules=rules,
        fmt=engine.format_from({"type": "fixed_deals", "deals": DEALS}),
        structure=Tournament.Structure.ROUNDS, pairing=Tournament.Pairing.SWISS,
        rounds_count=ROUNDS + 3, tables_count=size // 2, by=user)
    tournament_services.entries_register(tournament=tournament, partnerships=partnerships)
    tournament_services.tournament_start(tournament=tournament)

    for number in range(1, ROUNDS + 2):
        match_ids = list(Pairing.objects.filter(round__tournament=tournament, round__number=number)
                         .exclude(match=None).order_by("slot").values_list("match_id", flat=True))
        assert match_ids, f"round {number} was not drawn"
        # The last round stays in play: half its matches are one deal from their end.
        play_round([(match_id, DEALS - 1 if number > ROUNDS and i % 2 else DEALS)
                    for i, match_id in enumerate(match_ids)])
        print(f"  round {number} played", file=sys.stderr, flush=True)

    endless = engine.format_from({"type": "fixed_deals", "deals": ENDLESS})
    bench_matches = [
        services.match_create(club=club, a=partnerships[2 * i % size],
                              b=partnerships[(2 * i + 1) % size],
                              rules=rules, fmt=endless, first_dealer=i % 4, by=user,
                              allow_busy=True)  # in its tournament's last round too
        for i in range(BENCH_MATCHES)
    ]
    finished = Pairing.objects.filter(round__tournament=tournament, finished=True,
                                      b__isnull=False).order_by("-round__number", "slot").first()
    return {
        "slug": tournament.slug,
        "partnerships": Partnership.objects.filter(club=club).count(),
        "deals": Deal.objects.filter(match__pairing__round__tournament=tournament).count(),
        "match_id": finished.match_id,
        "tokens": list(RefereeLink.objects.filter(match__in=bench_matches)
                       .values_list("token", flat=True)),
        "table_tokens": list(Table.objects.filter(tournament=tournament).order_by("number")
                             .values_list("link__token", flat=True)),
        "playing_match_id": Pairing.objects.filter(round__tournament=tournament,
                                                   finished=False).exclude(match=None)
                            .values_list("match_id", flat=True).first(),
    }


def count() -> dict:
    from django.utils import timezone

    from scoring.models import Deal
    from sueca_club.models import OutboxStep
    from tournaments.models import Round

    return {"deals": Deal.objects.count(),
            "rounds": Round.objects.filter(tournament__slug="regional-bench").count(),
            "steps_to_do": OutboxStep.objects.filter(status=OutboxStep.Status.PENDING,
                                                      run_after__lte=timezone.now()).count()}


def main() -> None:
    django.setup()
    if sys.argv[1] == "--count":
        print(json.dumps(count()))
        return
    from django.core.management import call_command
    from django.db.backends.signals import connection_created

    connection_created.connect(_fast_writes)
    started = time.monotonic()
    call_command("migrate", verbosity=0)
    plan = build(int(sys.argv[2]))
    plan["build_seconds"] = round(time.monotonic() - started, 1)
    with open(sys.argv[1], "w") as out:
        json.dump(plan, out)


if __name__ == "__main__":
    main()
