"""The site as production runs it: nginx (docs/production/nginx.conf) in front of gunicorn.

The template is rendered with free ports, a folder of the test's own (pid, logs, buffered
bodies) and a throwaway TLS certificate, and run with `nginx -p <folder> -c <conf>`; gunicorn
serves the test database (on SQLite, a copy of it in a file) with two sync workers, as
tests/faults/site.py starts it, with production settings (DEBUG off, HTTPS redirect on).
Through nginx: a public page, a referee's deal posted to the JSON API, a static file served
by nginx itself, and the headers Django relies on. Then the reason nginx is there: four
clients trickling request bodies to nginx leave gunicorn free for everyone else, while the
same four sent straight to gunicorn hold both of its workers.

Skipped where there is no nginx (`apt-get install nginx`; .ci/run installs it) or no
openssl (for the certificate).
"""

import contextlib
import gzip
import http.client
import os
import re
import shlex
import shutil
import signal
import socket
import sqlite3
import ssl
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection

from tests.conftest import PASSWORD, make_club, make_match, make_partnership
from tests.faults.site import ROOT, Reply, Site, database_url, free_port, stop_group

TEMPLATE = ROOT / "docs" / "production" / "nginx.conf"
NGINX = shutil.which("nginx") or next(
    (path for path in ("/usr/sbin/nginx",) if os.access(path, os.X_OK)), None)
OPENSSL = shutil.which("openssl")
WORKERS = 2
SLOW_CLIENTS = 4
# gunicorn's access log says what reached it, and with which forwarded headers.
ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s xff="%({x-forwarded-for}i)s" xfp=%({x-forwarded-proto}i)s'

pytestmark = [
    pytest.mark.nginx,
    pytest.mark.django_db,  # the test database exists (the rows are made once, for the module)
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed (apt-get install nginx; "
                                             ".ci/run installs it): the production proxy "
                                             "set-up of docs/production/nginx.conf is untested"),
    pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed: no certificate for "
                                               "nginx's TLS (apt-get install openssl)"),
]


def render(folder: Path, **values: str) -> Path:
    """docs/production/nginx.conf with every placeholder filled (an unknown one fails)."""
    text = TEMPLATE.read_text()
    if os.geteuid() != 0:  # only a master process run as root can switch users
        text = re.sub(r"^user @USER@;\n", "", text, flags=re.MULTILINE)
    text = re.sub(r"@([A-Z_]+)@", lambda found: values[found[1]], text)
    conf = folder / "nginx.conf"
    conf.write_text(text)
    return conf


def certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [OPENSSL, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=30)
    return cert, key


def wait_for(condition, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.1)


def accepts(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
        return True
    return False


class Nginx:
    def __init__(self, folder: Path, conf: Path):
        self.folder = folder
        self.log = open(folder / "logs" / "nginx.out", "wb")  # noqa: SIM115 - closed in stop
        self.process = subprocess.Popen(
            [NGINX, "-p", str(folder), "-c", str(conf), "-e", str(folder / "logs" / "error.log"),
             "-g", "daemon off;"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

    def output(self) -> str:
        logs = [self.folder / "logs" / name for name in ("nginx.out", "error.log")]
        return "\n".join(path.read_text(errors="replace")[-3000:] for path in logs
                         if path.exists())

    def stop(self) -> None:
        stop_group(self.process)
        self.log.close()


@dataclass
class Production:
    """nginx on `https_port` (and `http_port`) in front of `site`, and what the site holds."""

    nginx: Nginx
    site: Site
    http_port: int
    https_port: int
    tls: ssl.SSLContext
    token: str  # the friendly match's referee link

    def connect(self) -> socket.socket:
        raw = socket.create_connection(("127.0.0.1", self.https_port), timeout=10)
        return self.tls.wrap_socket(raw, server_hostname="127.0.0.1")

    def fetch(self, method: str, path: str, *, body: bytes | None = None,
              headers: dict | None = None, timeout: float = 10, tls: bool = True) -> Reply:
        """One request through nginx; status 0 when no answer came within `timeout`."""
        if tls:
            conn = http.client.HTTPSConnection("127.0.0.1", self.https_port, context=self.tls,
                                               timeout=timeout)
        else:
            conn = http.client.HTTPConnection("127.0.0.1", self.http_port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers={"Accept-Language": "en",
                                                           **(headers or {})})
            answer = conn.getresponse()
            return Reply(answer.status, answer.read(),
                         {name.lower(): value for name, value in answer.getheaders()})
        except (OSError, http.client.HTTPException):
            return Reply(0, b"", {})
        finally:
            conn.close()

    def post_deal(self, points, *, key: str | None = None, timeout: float = 10) -> Reply:
        return self.fetch("POST", f"/api/v1/referee/{self.token}/deals",
                          body=f'{{"points": [{points[0]}, {points[1]}]}}'.encode(),
                          headers={"Content-Type": "application/json",
                                   "Idempotency-Key": key or str(uuid.uuid4())},
                          timeout=timeout)

    def reached_gunicorn(self, text: str) -> list[str]:
        """gunicorn's access-log lines that contain `text`."""
        return [line for line in self.site.output().splitlines() if text in line]


def _build_data() -> str:
    organiser = User.objects.create_user("ana", "ana@example.com", PASSWORD)
    club = make_club("cafe-central", organiser)
    match = make_match(club, make_partnership(club, "Ana Silva", "Bruno Costa"),
                       make_partnership(club, "Carla Dias", "Duarte Lima"))
    return match.referee_links.get().token


def _database_for_gunicorn(folder: Path) -> str:
    """The test database as another process can open it: PostgreSQL's own, or on SQLite
    (pytest-django's is in memory) a copy in a file."""
    if connection.vendor == "postgresql":
        return database_url(application_name="sueca-behind-nginx")
    connection.ensure_connection()
    path = folder / "site.sqlite3"
    copy = sqlite3.connect(path)
    with copy:
        connection.connection.backup(copy)
    copy.close()
    return f"sqlite:///{path}"


def _collect_static(static: Path, env: dict) -> subprocess.Popen:
    """collectstatic into `static`, started now (it runs while the data is built)."""
    return subprocess.Popen(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT,
        env={**os.environ, **env, "SUECA_TEST_STATIC_ROOT": str(static)},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)


@pytest.fixture(scope="module")
def production(django_db_setup, django_db_blocker, tmp_path_factory):
    """Built once for the module: its rows are committed (gunicorn reads them), then flushed."""
    from sueca_club.celery import app

    folder = tmp_path_factory.mktemp("nginx")
    (folder / "logs").mkdir()
    (folder / "temp").mkdir()
    env = {"DJANGO_SETTINGS_MODULE": "tests.site.nginx_settings", "DEBUG": "0",
           "SECRET_KEY": "behind-nginx-" + "x" * 50, "ALLOWED_HOSTS": "127.0.0.1"}
    static = folder / "static"
    collecting = _collect_static(static, env)
    nginx = site = None
    eager, app.conf.task_always_eager = app.conf.task_always_eager, True
    try:
        with django_db_blocker.unblock():
            token = _build_data()
            database = _database_for_gunicorn(folder)
        # Before gunicorn starts: a worker reads the static files' manifest once, and one
        # that read it half written would answer 500 to every page for its whole life.
        output, _ = collecting.communicate(timeout=120)
        assert collecting.returncode == 0, f"collectstatic failed:\n{output.decode()}"
        site = Site(database, workers=WORKERS, extra_env={
            **env, "SUECA_TEST_STATIC_ROOT": str(static), "SECURE_SSL_REDIRECT": "1",
            "GUNICORN_CMD_ARGS": "--access-logformat " + shlex.quote(ACCESS_LOG_FORMAT)})
        wait_for(lambda: site.request("GET", "/", headers={"X-Forwarded-Proto": "https"},
                                      timeout=2).status == 200
                 and len(site.workers()) == WORKERS, "gunicorn and its workers")
        cert, key = certificate(folder)
        http_port, https_port = free_port(), free_port()
        conf = render(folder, USER="root", PID_FILE=str(folder / "nginx.pid"),
                      TEMP_DIR=str(folder / "temp"), LOG_DIR=str(folder / "logs"),
                      SERVER_NAME="127.0.0.1", HTTP_LISTEN=f"127.0.0.1:{http_port}",
                      HTTPS_LISTEN=f"127.0.0.1:{https_port}", TLS_CERTIFICATE=str(cert),
                      TLS_CERTIFICATE_KEY=str(key), STATIC_ROOT=str(static),
                      GUNICORN=f"127.0.0.1:{site.port}")
        nginx = Nginx(folder, conf)
        try:
            wait_for(lambda: nginx.process.poll() is not None or accepts(https_port), "nginx")
        finally:
            assert nginx.process.poll() is None, f"nginx did not start:\n{nginx.output()}"
        tls = ssl.create_default_context(cafile=str(cert))
        tls.verify_flags &= ~ssl.VERIFY_X509_STRICT
        yield Production(nginx, site, http_port, https_port, tls, token)
    finally:
        app.conf.task_always_eager = eager
        if collecting.poll() is None:
            os.killpg(collecting.pid, signal.SIGKILL)
            collecting.wait(timeout=10)
        if nginx is not None:
            nginx.stop()
        if site is not None:
            site.stop()
        with django_db_blocker.unblock():
            call_command("flush", interactive=False, verbosity=0)


class SlowClient:
    """A connection that sends its headers, then a body of 10 kB one byte every half second."""

    def __init__(self, sock: socket.socket, path: str, port: int):
        self.sock = sock
        self.sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json"
            f"\r\nContent-Length: 10000\r\nIdempotency-Key: {uuid.uuid4()}\r\n"
            "X-Forwarded-Proto: https\r\n\r\n{".encode())
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.trickle, daemon=True)
        self.thread.start()

    def trickle(self):
        while not self.done.wait(0.5):
            try:
                self.sock.sendall(b" ")
            except OSError:
                return

    def close(self):
        self.done.set()
        self.thread.join(timeout=5)
        with contextlib.suppress(OSError):
            self.sock.close()


@contextlib.contextmanager
def slow_clients(connect, path: str, port: int):
    clients = []
    try:
        for _ in range(SLOW_CLIENTS):
            clients.append(SlowClient(connect(), path, port))
        time.sleep(0.5)  # they are all past their headers and into their bodies
        yield clients
    finally:
        for client in clients:
            client.close()


def test_a_public_page_is_served_over_https_through_nginx(production):
    page = production.fetch("GET", "/c/cafe-central/")
    assert page.status == 200, (page.status, production.site.output())
    assert page.headers["content-type"].startswith("text/html")
    assert "Ana Silva" in page.body.decode()
    # Django saw HTTPS (X-Forwarded-Proto): no redirect loop, and its HSTS header is sent.
    assert "max-age=" in page.headers["strict-transport-security"]


def test_pages_go_compressed_to_a_phone_that_asks(production):
    """A live page's shared copy leaves Django compressed and nginx passes it on as it is (not
    compressed twice); nginx compresses the other pages (the login form's)."""
    for path, text in (("/c/cafe-central/", "Ana Silva"), ("/accounts/login/", "password")):
        plain = production.fetch("GET", path)
        packed = production.fetch("GET", path, headers={"Accept-Encoding": "gzip"})
        assert packed.status == 200 and packed.headers.get("content-encoding") == "gzip", path
        assert text in gzip.decompress(packed.body).decode(), path
        assert len(packed.body) < len(plain.body) / 2, path
        assert "content-encoding" not in plain.headers, path


def test_plain_http_is_sent_to_https(production):
    answer = production.fetch("GET", "/c/cafe-central/?x=1", tls=False)
    assert answer.status == 301
    assert answer.headers["location"] == "https://127.0.0.1/c/cafe-central/?x=1"


def test_a_referee_deal_posted_through_nginx_is_recorded_once(production):
    key = str(uuid.uuid4())
    first = production.post_deal((95, 25), key=key)
    assert first.status == 201, (first.status, first.body[:500], production.site.output())
    assert first.json()["points"] == [95, 25]
    again = production.post_deal((95, 25), key=key)  # the phone's retry, same key
    assert (again.status, again.json()) == (201, first.json())


def test_django_gets_the_clients_address_and_https_from_nginx_only(production):
    probe = uuid.uuid4().hex
    production.fetch("GET", f"/c/cafe-central/?probe={probe}",
                     headers={"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "http"})
    wait_for(lambda: production.reached_gunicorn(probe), "gunicorn's access log", timeout=5)
    [line] = production.reached_gunicorn(probe)
    # Appended to, never replaced: the last entry is the address nginx saw (TRUSTED_PROXIES=1).
    assert 'xff="203.0.113.7, 127.0.0.1"' in line
    assert "xfp=https" in line  # set by nginx, whatever the client claimed


def test_static_files_come_from_nginx_with_hashed_names_cached_for_a_year(production):
    page = production.fetch("GET", "/").body.decode()
    [hashed] = re.findall(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    css = production.fetch("GET", hashed, headers={"Accept-Encoding": "gzip"})
    assert css.status == 200
    assert css.headers["content-type"] == "text/css"
    assert css.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert css.headers["content-encoding"] == "gzip"  # collectstatic's .gz, as it is
    plain = production.fetch("GET", "/static/css/site.css")
    assert plain.status == 200 and plain.headers["cache-control"] == "public, max-age=3600"
    script = production.fetch("GET", "/static/js/site.js")
    assert script.status == 200 and script.headers["content-type"] == "application/javascript"
    assert production.fetch("GET", "/static/css/nothing-here.css").status == 404
    assert not production.reached_gunicorn("/static/")  # none of them reached gunicorn


def test_the_referee_pages_service_worker_is_served_with_the_hashed_names(production):
    worker = production.fetch("GET", "/r/sw.js")
    assert worker.status == 200, (worker.status, worker.body[:300], production.site.output())
    assert re.search(rb'"/static/js/scorer\.[0-9a-f]{12}\.js"', worker.body)
    assert b'"static": "/static/"' in worker.body


def test_slow_clients_trickling_bodies_to_nginx_do_not_hold_gunicorns_workers(production):
    path = f"/api/v1/referee/{production.token}/deals"
    with slow_clients(production.connect, path, production.https_port):
        # Twice as many trickling posts as gunicorn has workers, and everyone else is served.
        page = production.fetch("GET", "/c/cafe-central/", timeout=5)
        assert page.status == 200, "a page waited behind the slow clients"
        deal = production.post_deal((70, 50), timeout=5)
        assert deal.status == 201, "a referee's deal waited behind the slow clients"
    assert production.nginx.process.poll() is None


def test_without_nginx_the_same_slow_clients_hold_every_worker(production):
    """The control: straight to gunicorn, the same four clients leave no worker free, so the
    test above would catch a proxy that passed bodies on as they came."""
    site = production.site
    path = f"/api/v1/referee/{production.token}/deals"

    def connect():
        return socket.create_connection(("127.0.0.1", site.port), timeout=10)

    with slow_clients(connect, path, site.port):
        blocked = site.request("GET", "/c/cafe-central/", headers={"X-Forwarded-Proto": "https"},
                               timeout=2)
        assert blocked.status == 0, "gunicorn answered while its workers read slow bodies"
