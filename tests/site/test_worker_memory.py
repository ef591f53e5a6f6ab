"""A web process starts without the libraries only a draw or a printable needs: networkx
(about 22 MB) comes with the first draw, fpdf2 with fontTools and Pillow (about 35 MB) with
the first PDF (tests/jobs/test_printables.py renders them), so a worker that serves pages
stays small (issue 17: under 150 MB)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("networkx", "fpdf", "fontTools", "PIL", "openpyxl")
SERVE_PAGES = """
import json, sys
import django
django.setup()
from django.core.wsgi import get_wsgi_application
from django.test import Client
from django.urls import get_resolver
from django.core.management import call_command
get_wsgi_application()
get_resolver().url_patterns
call_command("migrate", verbosity=0)
client = Client()
for path in ("/", "/t/no-such-tournament/", "/m/1/", "/api/v1/tournaments/no-such"):
    assert client.get(path).status_code in (200, 404), path
print(json.dumps(sorted(name for name in %r if name in sys.modules)))
"""


def loaded_after_serving_pages() -> list[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "sueca_club.settings",
           "DATABASE_URL": "sqlite://:memory:", "ALLOWED_HOSTS": "testserver"}
    done = subprocess.run([sys.executable, "-c", SERVE_PAGES % (HEAVY,)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_web_process_serving_pages_loads_no_drawing_or_printing_library():
    assert loaded_after_serving_pages() == []


def test_the_draw_still_finds_networkx_when_it_needs_it():
    from tournaments.formats.matching import max_weight_matching

    matching = max_weight_matching([(1, 2, 1), (2, 3, 5), (3, 4, 1)])
    assert {frozenset(pair) for pair in matching} == {frozenset((1, 2)), frozenset((3, 4))}
