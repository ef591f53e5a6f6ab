"""manage.py export_tournament and import_tournament: a tournament moved through a file."""

import json

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import make_club
from tournaments.models import Tournament
from tournaments.transfer import tournament_dump


def test_export_then_import_puts_the_tournament_in_the_other_club(finished_knockout, other_organiser,
                                                                  tmp_path, capsys):
    target = make_club("clube-do-porto", other_organiser)
    path = tmp_path / "torneio.json"
    call_command("export_tournament", finished_knockout.slug, "-o", str(path))
    call_command("import_tournament", str(path), "--club", target.slug, "--by", "rui")
    imported = Tournament.objects.get(club=target)
    assert f"as {imported.slug}" in capsys.readouterr().out
    assert imported.created_by == other_organiser
    before, after = tournament_dump(finished_knockout), tournament_dump(imported)
    before["tournament"].pop("slug"), after["tournament"].pop("slug")
    assert before == after


def test_export_writes_json_to_standard_output(finished_knockout, capsys):
    call_command("export_tournament", finished_knockout.slug)
    assert json.loads(capsys.readouterr().out)["tournament"]["name"] == finished_knockout.name


def test_import_names_an_unknown_club(tmp_path, db):
    path = tmp_path / "t.json"
    path.write_text("{}")
    with pytest.raises(CommandError, match="No club with the address 'nowhere'"):
        call_command("import_tournament", str(path), "--club", "nowhere")


def test_import_says_why_a_file_is_refused(tmp_path, club):
    path = tmp_path / "t.json"
    path.write_text("not json")
    with pytest.raises(CommandError, match="is not JSON"):
        call_command("import_tournament", str(path), "--club", club.slug)
    path.write_text(json.dumps({"format": "sueca-club/tournament", "version": 99}))
    with pytest.raises(CommandError, match="version 99"):
        call_command("import_tournament", str(path), "--club", club.slug)
