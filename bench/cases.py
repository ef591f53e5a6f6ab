"""The bench's cases, run one at a time against one gunicorn, each between two baselines
(bench/README.md says what each does)."""

import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench import phones
from bench.paced import paced_posts
from bench.run import (
    BASELINE_SECONDS,
    ROOT,
    SECONDS,
    BenchError,
    Database,
    Redis,
    Sampler,
    Server,
    get,
    log,
)

READ_CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "16"))
# BENCH_CASES=deals_saturated,deals_paced: only these cases (and their baselines); all when unset.
ONLY = {name for name in os.environ.get("BENCH_CASES", "").split(",") if name}
REFEREES = 64  # the friendly matches' referees, four matches each (bench/build.py's BENCH_MATCHES)
PHONES_PER_PARTNERSHIP = 2
STRESS_RATE = 4.0  # deals a second
SORTED = "?sort=-points"


@dataclass
class Bench:
    """What a case needs besides its own requests."""

    server: Server
    database: Database
    redis: Redis | None
    env: dict
    plan: dict
    folder: Path

    def count(self) -> dict:
        """Deals recorded so far and the tournament's rounds (bench/build.py --count)."""
        done = subprocess.run([sys.executable, "-m", "bench.build", "--count"], cwd=ROOT,
                              env=self.env, capture_output=True, text=True, timeout=120,
                              check=True)
        return json.loads(done.stdout)

    def redis_commands(self) -> int:
        return self.redis.commands() if self.redis else 0


def wrk(server: Server, path: str, *, seconds: int, connections: int, headers=(),
        script: str = "bench/wrk/report.lua", env: dict | None = None) -> dict:
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s",
               "-s", script, *[arg for h in headers for arg in ("-H", h)], server.base + path]
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, **(env or {})},
                          capture_output=True, text=True, timeout=seconds + 60, check=True)
    line = next((x for x in done.stdout.splitlines() if x.startswith("BENCH ")), None)
    if line is None:
        raise BenchError(f"wrk printed no result:\n{done.stdout}\n{done.stderr}")
    raw = json.loads(line[len("BENCH "):])
    return {"requests": raw["requests"], "rps": raw["requests"] / raw["seconds"],
            "p50_ms": raw["p50_us"] / 1000, "p95_ms": raw["p95_us"] / 1000,
            "p99_ms": raw["p99_us"] / 1000, "errors": raw["errors"]}


def drain(server: Server, timeout: float = 60) -> None:
    """Wait until requests queued by the last case are served (a slow case leaves a backlog
    behind that would otherwise be counted against the next one)."""
    deadline, quick = time.monotonic() + timeout, 0
    while quick < 2 * server.count and time.monotonic() < deadline:
        started = time.monotonic()
        with contextlib.suppress(OSError):
            get(server.base + "/bench/baseline", timeout=timeout)
        quick = quick + 1 if time.monotonic() - started < 0.05 else 0


def measure(bench: Bench, name: str, run, *, seconds: int = SECONDS, warm: bool = True) -> dict:
    """Warm up for a second (unless `warm` is off: a case whose posts are counted), then run
    the case for `seconds` while sampling the workers' memory and everyone's CPU."""
    log(f"  {name}")
    if warm:
        run(1)
        drain(bench.server)
    if hasattr(run, "prepare"):  # its own requests (which tables play...) are not measured
        run.prepare()
    commands = bench.redis_commands()
    with Sampler(bench.server, bench.database, bench.redis) as sample:
        result = run(seconds)
    drain(bench.server)
    result["peak_rss_mb"] = round(max(sample.peak.values(), default=0), 1)
    result["peak_rss_mb_workers"] = [round(mb, 1) for _, mb in sorted(sample.peak.items())]
    # What one request costs the machine, whatever else shares it: where a case falls short,
    # this says whether the time went to the workers (Python), the database or Redis.
    requests, used = max(result["requests"], 1), sample.cpu_used()
    used["redis_ops"] = max(bench.redis_commands() - commands - 1, 0)  # less the INFO
    result["cpu_seconds"] = {k: round(v, 3) for k, v in used.items()}
    result["worker_cpu_ms"] = round(used["workers"] * 1000 / requests, 3)
    result["db_cpu_ms"] = round(used["database"] * 1000 / requests, 3)
    result["redis_cpu_ms"] = round(used["redis"] * 1000 / requests, 3)
    result["redis_ops"] = round(used["redis_ops"] / requests, 2)
    result["seconds"] = seconds
    for key in ("rps", "p50_ms", "p95_ms", "p99_ms"):
        result[key] = round(result.get(key, 0.0), 2)
    return result


def status_of(server: Server, path: str, headers: dict, body: bytes | None = None) -> int:
    request = urllib.request.Request(server.base + path, data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def check(server: Server, path: str, headers: dict, expected: int, body: bytes | None = None):
    """One request before a case: it must get the answer the case counts on."""
    if (status := status_of(server, path, headers, body)) != expected:
        raise BenchError(f"{path} answered {status}, not {expected}")


# A TV's ETag moves every FINAL_STEP (10) seconds while a match's final score is on it, for
# FINAL_SECONDS (120) after the match ended (scoring/tv.py): the build ends matches.
TV_SETTLES = (11, 135)  # seconds an ETag must hold, and the longest wait for it


def poll_headers(server: Server, path: str, settle: bool = False) -> dict:
    """What htmx sends when it polls `path` after its last answer: a 304 while unchanged.
    `settle`: once the page's ETag holds (a TV's, once no final score is on it)."""
    def etag() -> str:
        return get(server.base + path, {"HX-Request": "true"})[1].get("ETag", "")
    seen, deadline = etag(), time.monotonic() + TV_SETTLES[1]
    while settle and time.monotonic() < deadline:
        time.sleep(TV_SETTLES[0])
        if (now := etag()) == seen:
            break
        seen = now
    return {"HX-Request": "true", "If-None-Match": seen}


def tables_in_play(bench: Bench) -> list[tuple[str, int]]:
    """(token, match id) of each table whose match is in play, as the referee API says."""
    tokens = bench.plan["table_tokens"]
    answers = phones.in_turn(bench.server.port, [("GET", f"/api/v1/referee/{t}", {}, b"")
                                                 for t in tokens])
    found = []
    for token, (_, status, _, body) in zip(tokens, answers, strict=True):
        if status == 200 and not (match := json.loads(body))["finished"]:
            found.append((token, match["id"]))
    return found


def deal(a: int) -> tuple[dict, bytes]:
    import uuid

    return ({"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex},
            json.dumps({"points": [a, 120 - a]}).encode())


# The cases ---------------------------------------------------------------------------------

def read_cases(bench: Bench, rounds: int) -> dict:
    server, plan, slug = bench.server, bench.plan, bench.plan["slug"]
    pages = {"standings": f"/t/{slug}/standings/", "overview": f"/t/{slug}/",
             "round": f"/t/{slug}/rounds/{rounds}/", "tv": f"/t/{slug}/tv/?i=1",
             "scoreboard": f"/m/{plan['playing_match_id']}/"}

    def read(path):
        check(server, path, {}, 200)
        return lambda seconds: wrk(server, path, seconds=seconds, connections=READ_CONNECTIONS)

    def polled(path):
        """A poll of an unchanged page, with the ETag the page has when the case runs (a TV's
        moves with time while final scores are on it: the case waits until it holds)."""
        headers = {}

        def run(seconds):
            if not headers or status_of(server, path, headers) != 304:
                headers.update(poll_headers(server, path, settle="/tv/" in path))
                check(server, path, headers, 304)
            return wrk(server, path, seconds=seconds, connections=READ_CONNECTIONS,
                       headers=[f"{k}: {v}" for k, v in headers.items()])
        return run

    return {
        "standings_full": read(pages["standings"]),
        "standings_sorted": read(pages["standings"] + SORTED),
        **{f"{name}_304": polled(path) for name, path in pages.items()},
        "tournament_api": read(f"/api/v1/tournaments/{slug}"),
        "match_api": read(f"/api/v1/matches/{plan['match_id']}"),
    }


def friendly_cases(bench: Bench) -> dict:
    server, tokens = bench.server, bench.plan["tokens"]
    headers, body = deal(70)
    check(server, f"/api/v1/referee/{tokens[0]}/deals", headers, 201, body)
    (bench.folder / "tokens.txt").write_text("\n".join(tokens) + "\n")
    return {
        "deals_saturated": lambda seconds: wrk(
            server, "/", seconds=seconds, connections=REFEREES, script="bench/wrk/deals.lua",
            env={"BENCH_TOKENS": str(bench.folder / "tokens.txt"),
                 "BENCH_RUN": f"s{time.time_ns()}"}),
        "deals_paced": lambda seconds: paced_posts(server.port, tokens[:REFEREES],
                                                   seconds=seconds, period=2.0),
    }


class Case:
    """A case whose setup requests (`prepare`: the tables in play, the phones' last ETags)
    run before the measure starts; `play(seconds)` is what is measured."""

    def __init__(self, bench: Bench):
        self.bench, self.playing, self.rounds = bench, [], 0

    def prepare(self) -> None:
        self.playing, self.rounds = tables_in_play(self.bench), self.bench.count()["rounds"]

    def __call__(self, seconds: int) -> dict:
        return self.play(seconds)


class RoundEnd(Case):
    """One deal at every table in play, one after the other: with the build's round (every
    match in play one deal from its end) each ends its match, and the last ends the round.
    Its answer is the deal's alone; the next round is drawn after it (an outbox step run
    once the answer has gone out), and `next_round_ms` is the time from that last post
    until its table's referee link has the next round's match."""

    def play(self, seconds: int) -> dict:
        started = time.monotonic()
        timed = phones.in_turn(self.bench.server.port, [
            ("POST", f"/api/v1/referee/{token}/deals", *deal(15 + i % 91))
            for i, (token, _) in enumerate(self.playing)])
        elapsed = max(time.monotonic() - started, 1e-6)
        next_round = self._next_match_seconds(timed) if timed else 0.0
        followed = self._followed_seconds(timed) if timed else 0.0
        latencies = [seconds for _, _, seconds, _ in timed]
        created = sum(status == 201 for _, status, _, _ in timed)
        return {"requests": len(timed), "rps": len(timed) / elapsed,
                **phones.summary(latencies), "errors": len(timed) - created,
                "created": created,
                "match_ends": sum(status == 201 and json.loads(body)["finished"]
                                  for _, status, _, body in timed),
                "last_deal_ms": round(latencies[-1] * 1000, 2) if latencies else 0.0,
                "next_round_ms": round(next_round * 1000), "followed_ms": round(followed * 1000)}

    def _followed_seconds(self, timed: list, timeout: float = 120) -> float:
        """From the last post until nothing is left to follow the results (the draw, the
        ratings, the notifications: the outbox is empty). The next cases measure a room in
        its ordinary minutes, not the burst of a whole round's results just sent."""
        posted = time.monotonic() - timed[-1][2]
        while time.monotonic() < posted + timeout and self.bench.count()["steps_to_do"]:
            time.sleep(0.5)
        return time.monotonic() - posted

    def _next_match_seconds(self, timed: list, timeout: float = 120) -> float:
        """From the last post until its table shows a match other than the one it ended (the
        next round's, once drawn and placed); `timeout` if it never does."""
        token, ended = self.playing[-1]
        posted = time.monotonic() - timed[-1][2]
        deadline = posted + timeout
        while time.monotonic() < deadline:
            _, status, _, body = phones.in_turn(
                self.bench.server.port, [("GET", f"/api/v1/referee/{token}", {}, b"")])[0]
            if status == 200 and json.loads(body)["id"] != ended:
                return time.monotonic() - posted
            time.sleep(0.1)
        return timeout


class Event(Case):
    """Phones at their pages' intervals (2 a partnership, already on their page: they start
    with the ETag they last got) and the tables' referees at `rate` (None: a real pace)."""

    def __init__(self, bench: Bench, rate: float | None, with_phones: bool = True):
        super().__init__(bench)
        self.rate, self.with_phones, self.phones = rate, with_phones, []

    def prepare(self) -> None:
        super().prepare()
        plan, schedule = self.bench.plan, []
        if self.with_phones:
            schedule = phones.phone_schedule(
                plan["slug"], PHONES_PER_PARTNERSHIP * plan["partnerships"], self.rounds,
                [match for _, match in self.playing], len(plan["table_tokens"]))
        primed = prime(self.bench.server, {path for path, _ in schedule})
        self.phones = [(path, offset, *primed[path]) for path, offset in schedule]

    def play(self, seconds: int) -> dict:
        result = phones.event(self.bench.server.port, phones=self.phones,
                              overview=f"/t/{self.bench.plan['slug']}/",
                              tokens=[token for token, _ in self.playing], rate=self.rate,
                              seconds=seconds)
        result["phone_count"] = len(self.phones)
        result["tables_in_play"] = len(self.playing)
        return result


def prime(server: Server, paths: set[str]) -> dict[str, tuple[str, float]]:
    """The ETag and poll seconds a phone on each page got from its last poll."""
    primed = {}
    for path in paths:
        _, headers, body = get(server.base + path, {"HX-Request": "true", **phones.BROWSER})
        live = phones.live_element(phones.unpacked(body, headers.get("Content-Encoding")))
        primed[path] = (headers.get("ETag", ""), live[1] if live else 5.0)
    return primed


class RebuildCold(Case):
    """On a server started with LIVE_REBUILD_SECONDS=0: a deal at a table, then each shared
    live page, the TV and the tournament API, and the sorted standings, one after the other:
    each a rebuild, the deal having changed its version."""

    def play(self, seconds: int) -> dict:
        slug, port = self.bench.plan["slug"], self.bench.server.port
        pages = [f"/t/{slug}/", f"/t/{slug}/rounds/{self.rounds}/", f"/t/{slug}/tv/",
                 f"/api/v1/tournaments/{slug}", f"/t/{slug}/standings/{SORTED}"]
        deadline, timed, turn = time.monotonic() + seconds, [], 0
        while time.monotonic() < deadline and self.playing:
            token = self.playing[turn % len(self.playing)][0]
            timed += phones.in_turn(port, [
                ("POST", f"/api/v1/referee/{token}/deals", *deal(15 + turn % 91)),
                *[("GET", page, {}, b"") for page in pages]])
            turn += 1
        by_page = {}
        for path, _status, elapsed, _ in timed:
            name = "deal" if path.endswith("/deals") else path.replace(slug, "<slug>")
            by_page.setdefault(name, []).append(elapsed)
        rebuilds = [elapsed for path, _, elapsed, _ in timed if not path.endswith("/deals")]
        return {"requests": len(timed), "rps": len(timed) / seconds,
                **phones.summary(rebuilds),
                "errors": sum(status not in (200, 201) for _, status, _, _ in timed),
                "created": sum(status == 201 for _, status, _, _ in timed),
                # A table whose match the last deal ended answers 409 until the next round
                # is drawn: errors that are not 409s are the ones to look at.
                "statuses": {str(status): n for status, n in
                             sorted(Counter(status for _, status, _, _ in timed).items())},
                "pages": {name: {"requests": len(values), **phones.summary(values)}
                          for name, values in by_page.items()}}


def counted(bench: Bench, name: str, run, **options) -> dict:
    """A case whose 201s are checked against the deals recorded: nothing lost or doubled."""
    before = bench.count()
    result = measure(bench, name, run, **options)
    after = bench.count()
    recorded = after["deals"] - before["deals"]
    result["rounds_drawn"] = after["rounds"] - before["rounds"]
    posted = result["created"] + result.pop("created_warm_up", 0)
    # A post the client gave up on (no answer in time) may have been recorded: a phone sends
    # it again with the same Idempotency-Key and gets the kept answer.
    unanswered = result.get("unanswered", 0)
    result["deals_check"] = {"posted_201": posted, "unanswered": unanswered,
                             "recorded": recorded,
                             "ok": posted <= recorded <= posted + unanswered}
    return result


def run_cases(bench: Bench) -> tuple[dict, list[dict]]:
    """Every case with a baseline before and after it; the ratio is against their mean."""
    rounds = bench.count()["rounds"]
    baseline = lambda seconds: wrk(bench.server, "/bench/baseline",  # noqa: E731
                                   seconds=seconds, connections=READ_CONNECTIONS)
    check(bench.server, "/bench/baseline", {}, 200)
    baselines = [measure(bench, "baseline", baseline, seconds=BASELINE_SECONDS)]
    results = {}
    plain = {**read_cases(bench, rounds), **friendly_cases(bench)}
    dealing = {"round_end": RoundEnd(bench),
               "table_deals": Event(bench, STRESS_RATE, with_phones=False),
               "mixed_real": Event(bench, None),
               "mixed_1": Event(bench, 1.0),
               "mixed_stress": Event(bench, STRESS_RATE)}
    for name, run in [*plain.items(), *dealing.items()]:
        if ONLY and name not in ONLY:
            continue
        if name in dealing:
            results[name] = counted(bench, name, run, warm=False)
        elif name == "deals_paced":
            results[name] = counted(bench, name, warm_counted(run))
        else:
            results[name] = measure(bench, name, run)
        baselines.append(measure(bench, "baseline", baseline, seconds=BASELINE_SECONDS,
                                 warm=False))
        ratio(results[name], baselines[-2:])
    return results, baselines


def warm_counted(run):
    """`run`, keeping the 201s of its warm-up (measure's one second) for the deals' check."""
    warm = {}

    def counting(seconds):
        result = run(seconds)
        if seconds == 1 and not warm:
            warm.update(result)
            return result
        result["created_warm_up"] = warm.get("created", 0)
        return result
    return counting


def ratio(result: dict, around: list[dict]) -> None:
    result["baseline_rps"] = round(statistics.mean(b["rps"] for b in around), 1)
    result["ratio"] = (round(result["rps"] / result["baseline_rps"], 3)
                       if result["baseline_rps"] else 0.0)


def cold_case(bench: Bench) -> dict:
    """rebuild_cold, between two baselines of its own server."""
    baseline = lambda seconds: wrk(bench.server, "/bench/baseline",  # noqa: E731
                                   seconds=seconds, connections=READ_CONNECTIONS)
    around = [measure(bench, "baseline (cold server)", baseline, seconds=BASELINE_SECONDS)]
    result = counted(bench, "rebuild_cold", RebuildCold(bench), warm=False)
    around.append(measure(bench, "baseline (cold server)", baseline, seconds=BASELINE_SECONDS,
                          warm=False))
    ratio(result, around)
    return result
