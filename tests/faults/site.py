"""The real site in a subprocess (gunicorn, as in production) on the test database."""

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
REQUEST_TIMEOUT = 20  # seconds; a request that takes longer is a hang, and fails the test


def stop_group(process: subprocess.Popen) -> None:
    """Stop a process started in a session of its own, and its children: politely, then not."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(*, port: int | None = None, application_name: str) -> str:
    """The URL of the test database (the one pytest-django made), optionally via a proxy port."""
    s = connection.settings_dict
    user = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    host = s["HOST"] or "127.0.0.1"
    return (f"postgres://{user}@{host}:{port or s['PORT'] or 5432}/{s['NAME']}"
            f"?application_name={application_name}")


@dataclass
class Reply:
    status: int  # 0: no HTTP answer at all (reset, timeout)
    body: bytes
    headers: dict

    def json(self):
        return json.loads(self.body)


LIVE_REBUILD_SECONDS = 1


class Site:
    """gunicorn serving sueca_club on 127.0.0.1 with its own environment."""

    def __init__(self, database: str, *, workers: int = 2, extra_env: dict | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - open while the site runs
            prefix="sueca-site-", suffix=".log", delete=False)
        env = {
            **os.environ,
            "DATABASE_URL": database,
            "DEBUG": "0",  # production behaviour: no debug pages
            "SECRET_KEY": "fault-tests-" + "x" * 50,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "PYTHONUNBUFFERED": "1",
            "LIVE_REBUILD_SECONDS": str(LIVE_REBUILD_SECONDS),  # production's
            **(extra_env or {}),
        }
        if "CELERY_BROKER_URL" not in (extra_env or {}):
            env.pop("CELERY_BROKER_URL", None)  # a deal's background work runs in-process
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:sueca_club.gunicorn",
             "sueca_club.wsgi", "--workers", str(workers),
             "--bind", f"127.0.0.1:{self.port}", "--timeout", "60", "--graceful-timeout", "2",
             "--access-logfile", "-"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )

    @staticmethod
    def wait_out_remembered_versions() -> None:
        """A worker answers a public page's version that it read less than
        LIVE_REBUILD_SECONDS ago from memory (sueca_club.live.recent_version), database or
        not; after a fault, wait that out so that the next request asks the database."""
        time.sleep(LIVE_REBUILD_SECONDS + 0.1)

    def wait_ready(self, path: str, timeout: float = 30, status: int = 200) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the site exited ({self.process.returncode}):\n{self.output()}")
            if self.get(path, timeout=2).status == status:
                return
            time.sleep(0.2)
        raise RuntimeError(f"the site did not answer {path} in {timeout}s:\n{self.output()}")

    def request(self, method: str, path: str, body=None, headers=None,
                timeout: float = REQUEST_TIMEOUT) -> Reply:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  "Accept-Language": "en", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return Reply(response.status, response.read(), dict(response.headers))
        except urllib.error.HTTPError as answer:
            return Reply(answer.code, answer.read(), dict(answer.headers))
        except (OSError, urllib.error.URLError, http.client.HTTPException):
            # refused, reset, timed out: no HTTP answer at all
            return Reply(0, b"", {})

    def get(self, path: str, **kwargs) -> Reply:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body, **kwargs) -> Reply:
        return self.request("POST", path, body, **kwargs)

    def workers(self) -> set[int]:
        """The pids of gunicorn's workers: the same set before and after means none restarted."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in path.read_text().split()}

    def output(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(errors="replace")[-6000:]

    def stop(self) -> None:
        stop_group(self.process)
        self.log.close()
        with contextlib.suppress(OSError):
            os.unlink(self.log.name)
