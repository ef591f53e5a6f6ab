"""`make bench`: build the bench database, serve it with gunicorn, measure each case, report.

Everything runs on 127.0.0.1. The gunicorn processes, the temporary folder and the bench
database are removed on the way out, also after an error or Ctrl-C. See bench/README.md.
"""

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.paced import paced_posts

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results.json"
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
READ_CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "16"))
REFEREES = 64
WORKERS = 2
TARGETS = [  # (what, case, measure, limit, higher is better)
    ("304 poll >= 0.8 x baseline", "standings_304", "ratio", 0.8, True),
    ("full standings >= 0.25 x baseline", "standings_full", "ratio", 0.25, True),
    ("saturated deal posts >= 0.15 x baseline", "deals_saturated", "ratio", 0.15, True),
    ("paced deal posts p95 < 100 ms", "deals_paced", "p95_ms", 100, False),
]
RSS_LIMIT_MB = 150


class BenchError(Exception):
    """The bench cannot go on; the message says why."""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# The database -------------------------------------------------------------------------------

class Database:
    """PostgreSQL: a dedicated database next to DATABASE_URL's (dropped at the end).
    Otherwise a new SQLite file in the bench's temporary folder."""

    def __init__(self, url: str, folder: Path, default_name: str = "sueca_bench"):
        self.admin_url = url
        if not url:
            self.url = f"sqlite:///{folder / 'bench.sqlite3'}"
            return
        parts = urlsplit(url)
        if not parts.scheme.startswith("postgres"):
            raise BenchError(f"DATABASE_URL must be PostgreSQL or unset, not {parts.scheme}")
        self.name = os.environ.get("BENCH_DATABASE", default_name)
        if self.name == parts.path.lstrip("/") or not re.fullmatch(r"[a-z_][a-z0-9_]*", self.name):
            raise BenchError(f"refusing to use {self.name!r} as the bench database")
        self.url = urlunsplit(parts._replace(path="/" + self.name))

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(sql)

    def create(self) -> None:
        if self.admin_url:
            self._admin(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")
            self._admin(f"CREATE DATABASE {self.name}")

    def drop(self) -> None:
        if self.admin_url:
            self._admin(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")


# The server ---------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, headers: dict | None = None, timeout: float = 10):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


class Server:
    def __init__(self, env: dict, folder: Path):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(folder / "gunicorn.log", "wb")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "sueca_club.wsgi", "--workers", str(WORKERS),
             "--worker-class", "sync", "--bind", f"127.0.0.1:{self.port}"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)  # its own process group: Ctrl-C reaches only the runner

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError("gunicorn exited")
            try:
                if get(self.base + "/bench/baseline", timeout=2)[0] == 200 and \
                        len(self.workers()) == WORKERS:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise BenchError("gunicorn did not answer within a minute")

    def workers(self) -> list[int]:
        """The pids whose parent is the gunicorn master (read from /proc)."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                found.append(int(stat.parent.name))
        return found

    def log_tail(self, lines: int = 30) -> str:
        self.log.flush()
        return "\n".join(Path(self.log.name).read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # gunicorn's graceful stop takes its workers along
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self.log.close()


def rss_mb(pid: int, field: str) -> float:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    match = re.search(rf"^{field}:\s+(\d+) kB", text, re.MULTILINE)
    return int(match.group(1)) / 1024 if match else 0.0


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far, user and system (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def database_pids() -> list[int]:
    """PostgreSQL's processes on this machine (its backends do the database's share of a
    request); none for SQLite, whose work is done inside the workers."""
    found = []
    for comm in Path("/proc").glob("[0-9]*/comm"):
        with contextlib.suppress(OSError):
            if comm.read_text().strip() == "postgres":
                found.append(int(comm.parent.name))
    return found


class Sampler:
    """While a case runs: the largest resident size of each worker (sampled every 100 ms),
    and the CPU time that the workers and the database's processes used. The database's
    processes come and go (a backend ends with its connection): each is followed from when
    it is first seen to when it is last seen."""

    def __init__(self, server: Server):
        self.pids, self.peak, self.stop_flag = server.workers(), Counter(), threading.Event()
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _follow(self, starting: bool = False) -> None:
        for pid in [*self.pids, *database_pids()]:
            used = cpu_seconds(pid)
            if used:
                self.first.setdefault(pid, used if starting else 0.0)
                self.last[pid] = used

    def _run(self) -> None:
        ticks = 0
        while not self.stop_flag.wait(0.1):
            for pid in self.pids:
                self.peak[pid] = max(self.peak[pid], rss_mb(pid, "VmRSS"))
            ticks += 1
            if ticks % 5 == 0:
                self._follow()

    def cpu_used(self) -> tuple[float, float]:
        """CPU seconds of the workers, and of the database."""
        used = {pid: self.last[pid] - self.first[pid] for pid in self.last}
        workers = sum(used.get(pid, 0.0) for pid in self.pids)
        return workers, sum(used.values()) - workers

    def __enter__(self):
        self._follow(starting=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop_flag.set()
        self.thread.join(timeout=5)
        self._follow()


# The cases ----------------------------------------------------------------------------------

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
            "errors": raw["errors"]}


def drain(server: Server, timeout: float = 60) -> None:
    """Wait until requests queued by the last case are served (a slow case leaves a backlog
    behind that would otherwise be counted against the next one)."""
    deadline, quick = time.monotonic() + timeout, 0
    while quick < 2 * WORKERS and time.monotonic() < deadline:
        started = time.monotonic()
        with contextlib.suppress(OSError):
            get(server.base + "/bench/baseline", timeout=timeout)
        quick = quick + 1 if time.monotonic() - started < 0.05 else 0


def measure(server: Server, name: str, run) -> dict:
    """Warm up for a second, then run the case for SECONDS while sampling worker memory."""
    log(f"  {name}")
    run(1)
    drain(server)
    with Sampler(server) as sample:
        result = run(SECONDS)
    drain(server)
    result["peak_rss_mb"] = round(max(sample.peak.values(), default=0), 1)
    result["peak_rss_mb_workers"] = [round(mb, 1) for _, mb in sorted(sample.peak.items())]
    # What one request costs the machine, whatever else shares it: where a case falls short,
    # this says whether the time went to the workers (Python) or to the database.
    requests, (workers, database) = max(result["requests"], 1), sample.cpu_used()
    result["worker_cpu_ms"] = round(workers * 1000 / requests, 3)
    result["db_cpu_ms"] = round(database * 1000 / requests, 3)
    return result


def check(server: Server, path: str, headers: dict, expected: int, body: bytes | None = None):
    """One request before a case: it must get the answer the case counts on."""
    request = urllib.request.Request(server.base + path, data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    if status != expected:
        raise BenchError(f"{path} answered {status}, not {expected}")


def run_cases(server: Server, plan: dict, folder: Path) -> dict:
    slug, standings = plan["slug"], f"/t/{plan['slug']}/standings/"
    status, headers, _ = get(server.base + standings, {"HX-Request": "true"})
    poll = {"HX-Request": "true", "If-None-Match": headers.get("ETag", "")}
    tokens = folder / "tokens.txt"
    tokens.write_text("\n".join(plan["tokens"]) + "\n")
    deal = json.dumps({"points": [70, 50]}).encode()
    check(server, standings, poll, 304)
    check(server, f"/api/v1/referee/{plan['tokens'][0]}/deals",
          {"Content-Type": "application/json", "Idempotency-Key": f"check-{time.time_ns()}"},
          201, deal)

    def read(path, headers=None):
        check(server, path, headers or {}, 304 if headers else 200)
        return lambda seconds: wrk(server, path, seconds=seconds, connections=READ_CONNECTIONS,
                                   headers=[f"{k}: {v}" for k, v in (headers or {}).items()])

    cases = {
        "baseline": read("/bench/baseline"),
        "standings_full": read(standings),
        "standings_304": read(standings, poll),
        "tournament_api": read(f"/api/v1/tournaments/{slug}"),
        "match_api": read(f"/api/v1/matches/{plan['match_id']}"),
        "deals_saturated": lambda seconds: wrk(
            server, "/", seconds=seconds, connections=REFEREES, script="bench/wrk/deals.lua",
            env={"BENCH_TOKENS": str(tokens), "BENCH_RUN": f"s{time.time_ns()}"}),
        "deals_paced": lambda seconds: paced_posts(
            server.port, plan["tokens"][:REFEREES], seconds=seconds, period=2.0),
    }
    results = {name: measure(server, name, run) for name, run in cases.items()}
    baseline = results["baseline"]["rps"]
    for result in results.values():
        result["ratio"] = round(result["rps"] / baseline, 3) if baseline else 0.0
        result["rps"] = round(result["rps"], 1)
        result["p50_ms"], result["p95_ms"] = round(result["p50_ms"], 2), round(result["p95_ms"], 2)
    return results


# The report ---------------------------------------------------------------------------------

def report(results: dict, lifetime_peaks: dict[int, float], label: str) -> list[str]:
    print(f"\nSueca Club bench: {label}; {SECONDS} s per case, gunicorn {WORKERS} sync workers")
    print(f"{'case':<16}{'rps':>10}{'p50 ms':>9}{'p95 ms':>9}{'ratio':>8}{'peak RSS MB':>13}"
          f"{'errors':>8}{'CPU ms/request: workers':>26}{'database':>10}")
    for name, r in results.items():
        print(f"{name:<16}{r['rps']:>10.1f}{r['p50_ms']:>9.2f}{r['p95_ms']:>9.2f}"
              f"{r['ratio']:>8.3f}{r['peak_rss_mb']:>13.1f}{r['errors']:>8}"
              f"{r['worker_cpu_ms']:>26.3f}{r['db_cpu_ms']:>10.3f}")
    print("\ntargets:")
    missed = []
    for what, case, measure_, limit, higher in TARGETS:
        value = results[case][measure_]
        met = value >= limit if higher else value < limit
        missed += [] if met else [what]
        print(f"  {'met   ' if met else 'MISSED'}  {what:<42} {value:g}")
    worst = max(lifetime_peaks.values(), default=0)
    what = f"no worker above {RSS_LIMIT_MB} MB (VmHWM)"
    missed += [] if worst <= RSS_LIMIT_MB else [what]
    print(f"  {'met   ' if worst <= RSS_LIMIT_MB else 'MISSED'}  {what:<42} "
          f"{' / '.join(f'{mb:.1f}' for mb in lifetime_peaks.values())}")
    if any(r["errors"] for r in results.values()):
        print("\nerrors: socket errors or answers >= 400 (gunicorn's log says why)")
    return missed


# Putting it together ------------------------------------------------------------------------

def ensure_wrk() -> str | None:
    """wrk, installed if need be and possible; why not, when it is missing."""
    if shutil.which("wrk"):
        return None
    if shutil.which("apt-get") and os.geteuid() == 0:
        log("bench: installing wrk (apt-get install -y wrk)")
        subprocess.run(["apt-get", "install", "-y", "-q", "wrk"], check=False, timeout=600,
                       stdout=subprocess.DEVNULL)
    if not shutil.which("wrk"):
        return "no wrk (apt-get install wrk on Debian/Ubuntu)"
    return None


def bench_env(database_url: str, folder: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return {**env, "DJANGO_SETTINGS_MODULE": "bench.settings", "BENCH": "1",
            "BENCH_STATIC_ROOT": str(folder / "static"), "DATABASE_URL": database_url,
            "DEBUG": "false", "SECRET_KEY": "bench-" + secrets.token_urlsafe(48),
            "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "false",
            "LOG_LEVEL": "WARNING", "PYTHONDONTWRITEBYTECODE": "1"}


def step(what: str, command: list[str], env: dict, timeout: int) -> None:
    """Run a setup command in a process group of its own, all of it stopped on the way out."""
    log(f"bench: {what}")
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    try:
        if process.wait(timeout=timeout) != 0:
            raise BenchError(f"{what}: failed (exit status {process.returncode})")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # clean up as on Ctrl-C
    try:
        return run()
    except KeyboardInterrupt:
        log("bench: interrupted (cleaned up)")
        return 130
    except BenchError as error:
        log(f"bench: {error}")
        return 1


def run() -> int:
    """The server cases (wrk), then the referee's phone (bench/referee_browser.py), each run
    without the other when its tool is missing; then the Swiss pairing (bench/swiss_pairing.py,
    pure Python, a shorter run than its own)."""
    from bench import referee_browser, swiss_pairing

    results, skipped, missed = {}, [], []
    if (no_wrk := ensure_wrk()) is None:
        results, peaks, label = server_cases()
        missed += report(results, peaks, label)
    else:
        skipped.append(f"the server cases: {no_wrk}")
    if (no_browser := referee_browser.why_not()) is None:
        results["referee_browser"] = browser = referee_browser.run()
        missed += referee_browser.report(browser["cases"], browser["repeats"])
    else:
        skipped.append(f"the referee phone: {no_browser}")
    results["swiss_pairing"] = swiss = swiss_pairing.run(**swiss_pairing.BRIEF)
    missed += swiss_pairing.report(swiss)
    for what in skipped:
        print(f"\nskipped {what}")
    if results:
        RESULTS.write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nwrote {RESULTS.relative_to(ROOT)}; "
              + ("all targets met" if not missed else f"{len(missed)} target(s) missed"))
    return 0 if results else 1


def server_cases() -> tuple[dict, dict[int, float], str]:
    """Build the big tournament, serve it and run the wrk cases: what report() needs."""
    with tempfile.TemporaryDirectory(prefix="sueca-bench-") as tmp:
        folder = Path(tmp)
        database = Database(os.environ.get("DATABASE_URL", ""), folder)
        label = "PostgreSQL" if database.admin_url else "SQLite"
        env, server = bench_env(database.url, folder), None
        try:
            database.create()
            started = time.monotonic()
            step(f"building the tournament on {label} (setup, not measured)",
                 [sys.executable, "-m", "bench.build", str(folder / "plan.json")], env, 1800)
            plan = json.loads((folder / "plan.json").read_text())
            log(f"bench: {plan['partnerships']} partnerships, {plan['deals']} deals in "
                f"{time.monotonic() - started:.0f} s")
            step("collecting static files", [sys.executable, "manage.py", "collectstatic",
                                             "--noinput", "-v0"], env, 600)
            server = Server(env, folder)
            server.wait_ready()
            log(f"bench: measuring on {server.base}")
            load_before = os.getloadavg()[0]
            results = run_cases(server, plan, folder)
            label += f"; load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
            if any(r["errors"] for r in results.values()):
                log("bench: errors; the end of gunicorn's log:\n" + server.log_tail(12))
            peaks = {pid: round(rss_mb(pid, "VmHWM"), 1) for pid in sorted(server.workers())}
        except Exception:
            if server is not None:
                log("bench: the end of gunicorn's log:\n" + server.log_tail())
            raise
        finally:
            if server is not None:
                server.stop()
            database.drop()
    return results, peaks, label


if __name__ == "__main__":
    sys.exit(main())
