"""`make run PORT=8080` served on port 8080 and printed links there, but the links it emailed
(invitations, their confirmations) named http://127.0.0.1:8000, the settings' default: the
server is now given SITE_URL on the address it serves, unless SITE_URL is set."""

import os
import shutil
import subprocess

import pytest

from tests.i18n.catalogues import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
# what would reach the dry run from outside: a `make test HOST=…`, a shell's own HOST
OUTSIDE = ("SITE_URL", "HOST", "PORT", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")


def served(*arguments: str, **environment: str) -> str:
    """The runserver line `make run` would run (a dry run: nothing is installed or served)."""
    env = {key: value for key, value in os.environ.items() if key not in OUTSIDE}
    run = subprocess.run(["make", "--dry-run", "--silent", "run", *arguments], cwd=ROOT,
                         env={**env, **environment}, capture_output=True, text=True, check=True)
    return next(line for line in run.stdout.splitlines() if "runserver" in line)


def test_the_emailed_links_name_the_host_and_port_it_serves():
    line = served("HOST=0.0.0.0", "PORT=8080")
    assert line.startswith("SITE_URL='http://0.0.0.0:8080' ")
    assert line.endswith("runserver 0.0.0.0:8080")


def test_by_default_they_name_the_default_address():
    assert served().startswith("SITE_URL='http://127.0.0.1:8000' ")


def test_a_site_url_set_in_the_environment_or_on_the_command_line_is_kept():
    assert served("PORT=8080", SITE_URL="https://sueca.example").startswith(
        "SITE_URL='https://sueca.example' ")
    assert served("PORT=8080", "SITE_URL=http://192.168.1.20:8080").startswith(
        "SITE_URL='http://192.168.1.20:8080' ")
