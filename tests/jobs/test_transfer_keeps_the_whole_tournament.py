"""A tournament exported (export_tournament) and imported into another club
(import_tournament) should be the same tournament: README "a complete tournament as JSON"."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.conftest import forget_kept_pages
from tournaments.models import Tournament


def seeded() -> dict:
    out = StringIO()
    call_command("seed_demo", "--json", stdout=out)
    return json.loads(out.getvalue())


def api(client, slug):
    forget_kept_pages()
    body = client.get(f"/api/v1/tournaments/{slug}").json()
    body.pop("slug")
    return body


def roundtrip(slug, other_club, tmp_path):
    path = tmp_path / "t.json"
    call_command("export_tournament", slug, "-o", str(path), stderr=StringIO())
    out = StringIO()
    call_command("import_tournament", str(path), "--club", other_club.slug, stdout=out)
    return Tournament.objects.filter(club=other_club).get()


@pytest.mark.django_db
def test_league_import_keeps_matchday_dates_and_postponement(client, other_club, tmp_path):
    seeded()
    original = api(client, "demo-liga-das-quartas")
    copy = roundtrip("demo-liga-das-quartas", other_club, tmp_path)
    imported = api(client, copy.slug)
    assert [r["date"] for r in imported["rounds"]] == [r["date"] for r in original["rounds"]]
    assert [r["opened"] for r in imported["rounds"]] == [r["opened"] for r in original["rounds"]]
    postponed = lambda b: [m["postponed_to"] for r in b["rounds"] for m in r["matches"]]  # noqa
    assert postponed(imported) == postponed(original)


@pytest.mark.django_db
def test_import_keeps_tournament_settings(client, club, other_club, tmp_path):
    from tests.tournaments.helpers import make_tournament
    t = make_tournament(club, 4, structure="rounds", rounds_count=3, legs=2,
                        bye_result="nothing", confirmation="result", allow_rematches=True,
                        matchday_interval=3)
    copy = roundtrip(t.slug, other_club, tmp_path)
    fields = ("legs", "bye_result", "confirmation", "allow_rematches", "matchday_interval",
              "deciding_scope", "deciding_format", "best_of_next")
    assert {f: getattr(copy, f) for f in fields} == {f: getattr(t, f) for f in fields}


def _played_dump(club):
    from tests.tournaments.helpers import in_play, make_tournament, play
    from tournaments import services
    from tournaments.transfer import tournament_dump

    t = make_tournament(club, 4, structure="rounds", rounds_count=3)
    services.tournament_start(tournament=t)
    play(in_play(t)[0], "A")
    return json.loads(json.dumps(tournament_dump(t)))


@pytest.mark.django_db
def test_import_refuses_a_pairing_winner_its_match_contradicts(club, other_club):
    """transfer.py: the import "refuses a file whose results do not follow from its deals".
    A pairing whose winner is the side that lost its match (by its deals) is accepted, and
    the imported tournament then shows B winning a match of 4-0 games."""
    from tournaments.transfer import TransferError, tournament_load

    data = _played_dump(club)
    pairing = next(p for p in data["rounds"][0]["pairings"] if p["finished"])
    assert pairing["match"]["winner"] == "A"
    pairing["winner"] = pairing["b"]
    with pytest.raises(TransferError):
        tournament_load(data=data, club=other_club)


@pytest.mark.django_db
def test_import_command_says_what_is_missing_instead_of_a_traceback(club, other_club, tmp_path):
    """import_tournament turns a bad file into a CommandError (a message), as it does for
    other faults; a pairing without its "slot" escapes as a KeyError traceback."""
    from django.core.management.base import CommandError

    data = _played_dump(club)
    del data["rounds"][0]["pairings"][0]["slot"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError):
        call_command("import_tournament", str(path), "--club", other_club.slug, stdout=StringIO())
