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

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results.json"
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
BASELINE_SECONDS = min(SECONDS, 3)  # before and after every case
SIZES = [int(x) for x in os.environ.get("BENCH_SIZES", "64,256,1024").split(",")]
WORKER_COUNTS = [int(x) for x in os.environ.get("BENCH_WORKERS", "3").split(",")]
WORKERS = 2  # the referee's phone (bench/referee_browser.py)
# A name of this run's own: two runs side by side never share a database.
RUN_ID = time.strftime("%Y%m%d%H%M%S") + "_" + secrets.token_hex(2)


class BenchError(Exception):
    """The bench cannot go on; the message says why."""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# The database -------------------------------------------------------------------------------

class Database:
    """PostgreSQL: a dedicated database next to DATABASE_URL's (dropped at the end).
    Otherwise a new SQLite file in the bench's temporary folder."""

    def __init__(self, url: str, folder: Path, default_name: str = "sueca_bench",
                 suffix: str = ""):
        self.admin_url, self.watch = url, None
        if not url:
            self.url = f"sqlite:///{folder / f'bench{suffix}.sqlite3'}"
            return
        parts = urlsplit(url)
        if not parts.scheme.startswith("postgres"):
            raise BenchError(f"DATABASE_URL must be PostgreSQL or unset, not {parts.scheme}")
        self.name = f"{os.environ.get('BENCH_DATABASE', default_name)}_{RUN_ID}{suffix}"
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
        if self.watch is not None:
            self.watch.close()
        if self.admin_url:
            self._admin(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")

    def backend_pids(self) -> list[int]:
        """The pids of the bench database's own backends (pg_stat_activity), asked over a
        connection to DATABASE_URL's database, which is not counted; none for SQLite, whose
        work is done inside the workers."""
        if not self.admin_url:
            return []
        if self.watch is None:
            import psycopg

            self.watch = psycopg.connect(self.admin_url, autocommit=True)
        return [pid for (pid,) in self.watch.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.name])]


class Redis:
    """A redis-server of the bench's own on a free port (nothing kept on disk), so that its
    command count and CPU are this bench's alone."""

    def __init__(self, folder: Path):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
        import redis

        self.client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(redis.ConnectionError):
                self.client.ping()
                return
            time.sleep(0.1)
        raise BenchError("redis-server did not start")

    def commands(self) -> int:
        """Commands served so far, the INFO that asks not counted."""
        return int(self.client.info("stats")["total_commands_processed"])

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


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
    def __init__(self, env: dict, folder: Path, workers: int = WORKERS):
        self.port, self.count = free_port(), workers
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(folder / "gunicorn.log", "ab")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:sueca_club.gunicorn",
             "sueca_club.wsgi", "--workers", str(workers),
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
                        len(self.workers()) == self.count:
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

    def __enter__(self) -> "Server":
        self.wait_ready()
        return self

    def __exit__(self, kind, error, traceback) -> None:
        """Stopped whatever happened; a failure shows the end of gunicorn's log first, and
        an error the site logged (a 500) is shown with its traceback."""
        if isinstance(error, Exception):
            log("bench: the end of gunicorn's log:\n" + self.log_tail())
        self.stop()
        logged = Path(self.log.name).read_text(errors="replace")
        if "Traceback" in logged:
            first = logged[logged.index("Traceback"):].split("\n\n", 1)[0]
            log(f"bench: the site logged {logged.count('Traceback')} errors; the first:\n"
                + "\n".join(first.splitlines()[-40:]))

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


class Sampler:
    """While a case runs: the largest resident size of each worker (sampled every 100 ms),
    and the CPU time that the workers, the bench database's backends and Redis used. The
    backends come and go (a backend ends with its connection): each is followed from when
    it is first seen to when it is last seen."""

    def __init__(self, server: Server, database: Database, redis: Redis | None = None):
        self.pids, self.peak, self.stop_flag = server.workers(), Counter(), threading.Event()
        self.database, self.redis = database, redis
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _follow(self, starting: bool = False) -> None:
        redis = [self.redis.process.pid] if self.redis else []
        for pid in [*self.pids, *self.database.backend_pids(), *redis]:
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

    def cpu_used(self) -> dict[str, float]:
        """CPU seconds of the workers, of the database and of Redis."""
        used = {pid: self.last[pid] - self.first[pid] for pid in self.last}
        workers = sum(used.get(pid, 0.0) for pid in self.pids)
        redis = used.get(self.redis.process.pid, 0.0) if self.redis else 0.0
        return {"workers": workers, "database": sum(used.values()) - workers - redis,
                "redis": redis}

    def __enter__(self):
        self._follow(starting=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop_flag.set()
        self.thread.join(timeout=5)
        self._follow()


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
    """The server cases (wrk and the asyncio client), then the referee's phone
    (bench/referee_browser.py), each run without the other when its tool is missing; then the
    Swiss pairing (bench/swiss_pairing.py, pure Python, a shorter run than its own)."""
    from bench import referee_browser, swiss_pairing
    from bench import report as reports

    results, skipped, missed = {}, [], []

    def done(one: dict) -> None:
        """Each run reported, and kept, as soon as it ends: a long run stopped later keeps
        what it measured."""
        missed.extend(reports.print_run(one))
        results.setdefault("runs", []).append(one)
        RESULTS.write_text(json.dumps(results, indent=2) + "\n")

    if (no_wrk := ensure_wrk()) is None:
        runs = server_runs(done)
        reports.print_workers(runs)
        print("\nbuild times: " + ", ".join(f"{size} partnerships {seconds:.0f} s" for size,
                                              seconds in {r["size"]: r["build_seconds"]
                                                          for r in runs}.items()))
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
              + ("all targets met" if not missed else f"{len(missed)} target(s) missed: "
                 + "; ".join(missed)))
    return 0 if results else 1


def cache_for(folder: Path) -> tuple[Redis | None, str]:
    """A Redis of the bench's own (BENCH_CACHE=redis, the default when redis-server is
    installed), as in production, or each worker's local memory (BENCH_CACHE=locmem)."""
    wanted = os.environ.get("BENCH_CACHE", "redis" if shutil.which("redis-server") else "locmem")
    if wanted == "locmem":
        return None, "local memory, one per worker (LocMemCache)"
    if wanted != "redis":
        raise BenchError(f"BENCH_CACHE must be redis or locmem, not {wanted!r}")
    redis = Redis(folder)
    return redis, f"Redis (a redis-server of its own, {redis.url})"


def server_runs(done) -> list[dict]:
    """For each size: build the tournament, then for each number of workers serve it and run
    the cases, then the cold rebuilds on a server that never reuses a recent copy; `done`
    gets each run as it ends."""
    runs = []
    with tempfile.TemporaryDirectory(prefix="sueca-bench-") as tmp:
        folder = Path(tmp)
        redis, cache = cache_for(folder)
        try:
            for size in SIZES:
                runs += size_runs(size, folder, redis, cache, done)
        finally:
            if redis is not None:
                redis.stop()
    return runs


def size_runs(size: int, folder: Path, redis: Redis | None, cache: str, done) -> list[dict]:
    from bench import cases

    database = Database(os.environ.get("DATABASE_URL", ""), folder, suffix=f"_{size}")
    label = "PostgreSQL" if database.admin_url else "SQLite"
    env = bench_env(database.url, folder)
    env = {k: v for k, v in env.items() if k not in ("CACHE_URL", "REDIS_URL")}
    if redis is not None:
        env["CACHE_URL"] = redis.url
    runs = []
    try:
        database.create()
        started = time.monotonic()
        step(f"building {size} partnerships on {label} (setup, not measured)",
             [sys.executable, "-m", "bench.build", str(folder / "plan.json"), str(size)],
             env, 3600)
        plan = json.loads((folder / "plan.json").read_text())
        built = time.monotonic() - started
        log(f"bench: {plan['partnerships']} partnerships, {plan['deals']} deals in {built:.0f} s")
        if not (folder / "static").exists():
            step("collecting static files", [sys.executable, "manage.py", "collectstatic",
                                             "--noinput", "-v0"], env, 600)
        for workers in WORKER_COUNTS:
            load_before = os.getloadavg()
            results, peaks = {}, {}
            for cold in (False, True):
                if cold and cases.ONLY and "rebuild_cold" not in cases.ONLY:
                    continue
                if redis is not None:
                    redis.client.flushall()
                with Server({**env, "LIVE_REBUILD_SECONDS": "0"} if cold else env, folder,
                            workers) as server:
                    log(f"bench: {size} partnerships, {workers} workers"
                        f"{', cold rebuilds' if cold else ''}: measuring on {server.base}")
                    bench = cases.Bench(server, database, redis, env, plan, folder)
                    if cold:
                        results["rebuild_cold"] = cases.cold_case(bench)
                    else:
                        found, baselines = cases.run_cases(bench)
                        results.update(found)
                    peaks.update({pid: round(rss_mb(pid, "VmHWM"), 1)
                                  for pid in server.workers()})
            load_after = os.getloadavg()
            runs.append({
                "size": size, "workers": workers, "database": label, "cache": cache,
                "database_name": getattr(database, "name", database.url),
                "build_seconds": round(built, 1), "built_deals": plan["deals"],
                "seconds": SECONDS, "baselines": [round(b["rps"], 1) for b in baselines],
                "label": f"{label}; load average {load_before[0]:.1f} before, "
                         f"{load_after[0]:.1f} after",
                "load_average": {"before": load_before, "after": load_after},
                "peak_rss_mb": peaks, "cases": results})
            done(runs[-1])
    finally:
        database.drop()
    return runs


if __name__ == "__main__":
    sys.exit(main())
