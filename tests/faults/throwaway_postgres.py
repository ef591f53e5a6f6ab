"""A PostgreSQL server of the test's own: its own data folder, port and socket folder, made
with initdb and started with pg_ctl, so a test can freeze or kill it without touching the
shared server that the other tests (and CI) use. Only the processes of this server's own
postmaster.pid are ever signalled.
"""

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.faults.site import free_port


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<n>/bin)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda path: int(Path(path).parent.parent.name))
    return Path(found[-1]).parent if found else None


class ThrowawayPostgres:
    """`start()` a fresh cluster on 127.0.0.1:<free port>; `freeze()`/`thaw()` its processes
    (SIGSTOP/SIGCONT); `stop()` it and delete its folder, whatever state it was left in."""

    def __init__(self):
        self.bin = binaries()
        if self.bin is None:
            pytest.skip("needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/initdb)")
        self.folder = Path(tempfile.mkdtemp(prefix="sueca-throwaway-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.frozen: list[int] = []
        self.run_as: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: run the server as the postgres user
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                pytest.skip("running as root and there is no postgres user to run initdb as")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self.run_as = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str, timeout: float = 60) -> None:
        result = subprocess.run([*self.run_as, *command], capture_output=True, text=True,
                                timeout=timeout, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{command[0]} failed:\n{result.stdout}{result.stderr}"
                               f"{self.log()}")

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U",
                  "postgres", "-E", "UTF8", "--no-sync")
        settings = " ".join([f"-p {self.port}", f"-k {self.folder}", "-c listen_addresses=127.0.0.1",
                             "-c fsync=off", "-c synchronous_commit=off",
                             "-c full_page_writes=off"])
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", settings,
                  "-l", str(self.folder / "server.log"), "-w", "-t", "30", "start")

    def url(self, database: str, **query: str) -> str:
        tail = "&".join(f"{key}={value}" for key, value in query.items())
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}" + (f"?{tail}" if tail else "")

    def create_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                             dbname="postgres", autocommit=True, connect_timeout=10) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

    def processes(self) -> list[int]:
        """The postmaster (first line of its postmaster.pid) and every process it started."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split()
        return [postmaster, *map(int, children)]

    def freeze(self) -> None:
        """Stop the postmaster and all its backends where they stand: the server is there, its
        sockets open, and nothing answers, as with a frozen host or process."""
        self.frozen = self.processes()
        for pid in self.frozen:
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in self.frozen:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        self.frozen = []

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return (self.folder / "server.log").read_text(errors="replace")[-3000:]
        return ""

    def stop(self) -> None:
        self.thaw()
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.SubprocessError, RuntimeError):
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                          "-w", "-t", "30", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
