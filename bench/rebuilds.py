"""What one cold rebuild of each live page costs, in-process (issue 17), for example:

    DJANGO_SETTINGS_MODULE=sueca_club.settings DATABASE_URL=sqlite:////tmp/b/bench.sqlite3 \
        BENCH_ROUNDS=3 python -m bench.build /tmp/b/plan.json 1024
    cp /tmp/b/bench.sqlite3 /tmp/b/copy.sqlite3
    DATABASE_URL=sqlite:////tmp/b/copy.sqlite3 python -m bench.rebuilds

DATABASE_URL names a database that `bench.build` made (a copy: the script migrates it);
the site runs as the bench serves it (bench.settings, DEBUG off, its static files collected
into a temporary folder), with the default cache unless CACHE_URL says otherwise. For each
page: the median CPU time of this process (SQLite works in it;
PostgreSQL's own time is not counted) over BENCH_REPEATS (default 5) requests, each with the
cache emptied first (so each one rebuilds), through Django's test client with the site's own
middleware and LIVE_REBUILD_SECONDS; then the queries of one such request, and what an
unchanged poll (a 304) costs. Prints a table; no server, no load generator.
"""

import os
import secrets
import statistics
import sys
import tempfile
import time

import django

REPEATS = int(os.environ.get("BENCH_REPEATS", "5"))
HTMX = {"HX-Request": "true"}


def pages(slug: str, current: int, tv_pages: int) -> dict[str, tuple[str, dict]]:
    return {
        "overview": (f"/t/{slug}/", HTMX),
        "round": (f"/t/{slug}/rounds/{current}/", HTMX),
        "tv overview": (f"/t/{slug}/tv/?i=0", HTMX),
        "tv tables": (f"/t/{slug}/tv/?i=1", HTMX),
        "tv tables alone": (f"/t/{slug}/tv/?page=1", HTMX),
        "tv standings": (f"/t/{slug}/tv/?i={tv_pages + 1}", HTMX),
        "tournament api": (f"/api/v1/tournaments/{slug}", {}),
        "standings": (f"/t/{slug}/standings/", HTMX),
        "standings ?sort=-points": (f"/t/{slug}/standings/?sort=-points", HTMX),
        "standings page": (f"/t/{slug}/standings/", {}),
    }


def measure(client, url: str, headers: dict) -> tuple[float, int, float]:
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    for _ in range(REPEATS):
        cache.clear()
        started = time.process_time()
        response = client.get(url, headers=headers)
        times.append(time.process_time() - started)
        assert response.status_code == 200, (url, response.status_code)
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        etag = client.get(url, headers=headers)["ETag"]
    count = len(queries)  # before the next request resets the connection's log
    polls = []
    for _ in range(REPEATS * 20):
        started = time.process_time()
        response = client.get(url, headers={**headers, "If-None-Match": etag})
        polls.append(time.process_time() - started)
        assert response.status_code == 304, (url, response.status_code)
    return statistics.median(times) * 1000, count, statistics.median(polls) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as static:
        os.environ.update({"DJANGO_SETTINGS_MODULE": "bench.settings", "BENCH_STATIC_ROOT": static,
                           "DEBUG": "false", "SECRET_KEY": "bench-" + secrets.token_urlsafe(48),
                           "ALLOWED_HOSTS": "testserver", "SECURE_SSL_REDIRECT": "false"})
        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        report(sys.argv[1] if len(sys.argv) > 1 else "regional-bench")


def report(slug: str) -> None:
    from django.test import Client

    from scoring import tv
    from tournaments.models import Pairing, Tournament

    tournament = Tournament.objects.get(slug=slug)
    current = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    playing = Pairing.objects.filter(round__tournament=tournament, finished=False,
                                     match__isnull=False).count()
    client = Client()
    print(f"{tournament.entries.count()} partnerships, round {current} in play, "
          f"{REPEATS} rebuilds a page, cache emptied before each")
    print(f"{'page':<26}{'rebuild CPU ms':>15}{'queries':>9}{'304 CPU ms':>12}")
    for name, (url, headers) in pages(tournament.slug, current, tv.pages_for(playing)).items():
        rebuild, queries, poll = measure(client, url, headers)
        print(f"{name:<26}{rebuild:>15.1f}{queries:>9}{poll:>12.2f}")


if __name__ == "__main__":
    main()
