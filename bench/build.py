"""Build the bench's data through the real services: `python -m bench.build PLAN.json`.

Needs DJANGO_SETTINGS_MODULE and DATABASE_URL pointing at an empty database (bench.run sets
them). Migrates, then plays a 256-partnership Swiss tournament of 8 rounds of 12 fixed deals
deal by deal through `scoring.services.deal_record`, leaving half the last round in play, and
starts 64 friendly matches of (practically) endless fixed deals for the deal-posting cases.
Writes what the runner needs (slug, ids, referee tokens) to PLAN.json.
"""

import json
import multiprocessing
import os
import random
import sys
import time
import uuid

import django

PARTNERSHIPS = 256
ROUNDS = 8
DEALS = 12
BENCH_MATCHES = 64
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


def build() -> dict:
    from django.contrib.auth.models import User

    from scoring import engine, services
    from scoring.models import Deal, RefereeLink
    from sueca_club import services as club_services
    from sueca_club.models import Partnership
    from tournaments import services as tournament_services
    from tournaments.models import Pairing, Tournament

    user = User.objects.create_user("bench", "bench@example.com", uuid.uuid4().hex)
    club = club_services.club_create(name="Clube do Bench", town="Porto", by=user)
    lines = "\n".join(f"Jogador {i:03d}a & Jogador {i:03d}b" for i in range(PARTNERSHIPS))
    partnerships = club_services.partnerships_bulk_add(club=club, text=lines)
    rules = engine.rules_from("portugal")
    tournament = tournament_services.tournament_create(
        club=club, name="Regional Bench", slug="regional-bench", rules=rules,
        fmt=engine.format_from({"type": "fixed_deals", "deals": DEALS}),
        structure=Tournament.Structure.ROUNDS, pairing=Tournament.Pairing.SWISS,
        rounds_count=ROUNDS, tables_count=PARTNERSHIPS // 2, by=user)
    tournament_services.entries_register(tournament=tournament, partnerships=partnerships)
    tournament_services.tournament_start(tournament=tournament)

    for number in range(1, ROUNDS + 1):
        match_ids = list(Pairing.objects.filter(round__tournament=tournament, round__number=number)
                         .exclude(match=None).order_by("slot").values_list("match_id", flat=True))
        assert match_ids, f"round {number} was not drawn"
        # The last round stays in play: half its matches have dealt only half their deals.
        play_round([(match_id, DEALS // 2 if number == ROUNDS and i % 2 else DEALS)
                    for i, match_id in enumerate(match_ids)])
        print(f"  round {number} played", file=sys.stderr, flush=True)

    endless = engine.format_from({"type": "fixed_deals", "deals": ENDLESS})
    bench_matches = [
        services.match_create(club=club, a=partnerships[2 * i], b=partnerships[2 * i + 1],
                              rules=rules, fmt=endless, first_dealer=i % 4, by=user)
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
    }


def main() -> None:
    django.setup()
    from django.core.management import call_command
    from django.db.backends.signals import connection_created

    connection_created.connect(_fast_writes)
    started = time.monotonic()
    call_command("migrate", verbosity=0)
    plan = build()
    plan["build_seconds"] = round(time.monotonic() - started, 1)
    with open(sys.argv[1], "w") as out:
        json.dump(plan, out)


if __name__ == "__main__":
    main()
