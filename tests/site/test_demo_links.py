"""What `make run` prints: the links of the demo club on the address the server binds, and
every one of them opens (200) for a newcomer who has not logged in."""

import re
from io import StringIO

import pytest
from django.core.management import call_command

from tests.i18n.catalogues import ROOT

BASE = "http://192.0.2.7:8123"  # not the default: the links must follow --base-url


def printed(*args) -> str:
    out = StringIO()
    call_command("seed_demo", "--base-url", BASE, *args, stdout=out)
    return out.getvalue()


def test_every_printed_link_is_on_the_given_address_and_answers_200(db, client):
    text = printed()
    links = re.findall(r"https?://[^\s)—;,]+", text)
    assert links and all(link.startswith(BASE + "/") for link in links), text
    paths = [link.removeprefix(BASE) for link in links]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, f"{path}: {response.status_code}"
    assert paths[0] == "/"


@pytest.mark.parametrize("what", [r"^Open http://\S+/ ", r"Demo club:\s+\S+/c/cafe-demo/$",
                                  r"Organiser:\s+\S+/accounts/login/\s+user 'demo', "
                                  r"password 'sueca-demo-2026'$",
                                  r"Referee link:\s+\S+/r/\S+/ ", r"The TV:\s+\S+/c/cafe-demo/tv/$"])
def test_it_names_the_home_page_the_club_the_login_a_referee_link_and_the_tv(db, what):
    assert re.search(what, printed(), re.M)


def makefile_run() -> str:
    text = (ROOT / "Makefile").read_text()
    return text.split("\nrun:", 1)[1].split("\n\n", 1)[0]


def test_make_run_serves_and_prints_the_same_host_and_port():
    text = (ROOT / "Makefile").read_text()
    assert re.search(r"^HOST \?= 127\.0\.0\.1$", text, re.M)
    assert re.search(r"^PORT \?= 8000$", text, re.M)
    recipe = makefile_run()
    assert "seed_demo --base-url http://$(HOST):$(PORT)" in recipe
    assert "runserver $(HOST):$(PORT)" in recipe
