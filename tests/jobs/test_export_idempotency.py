"""Files are keyed by the version of the data they are made from: asking twice for the same
file of the same data gives the one already made; a new result makes a new one."""

import pytest

from tests.jobs.conftest import export_file, pdf_pages
from tests.tournaments.helpers import in_play, play
from tournaments import export_jobs, steps
from tournaments.models import Export


def ask(tournament, kind="standings", fmt="csv", **params):
    return export_jobs.tournament_export_request(tournament=tournament, kind=kind, fmt=fmt,
                                                 params=params)


def test_a_second_request_of_the_same_version_reuses_the_file(swiss, run_queued):
    with run_queued():
        first, made = ask(swiss)
    assert made
    content = export_file(first)
    with run_queued() as queued:
        again, made_again = ask(swiss)
    assert (again.pk, made_again, queued) == (first.pk, False, [])
    assert export_file(again) == content
    assert Export.objects.count() == 1


def test_a_new_result_is_a_new_version_and_a_new_file(swiss, run_queued):
    with run_queued():
        first, _ = ask(swiss)
    play(in_play(swiss)[0])
    with run_queued():
        second, made = ask(swiss)
    assert made and second.pk != first.pk and second.data_version != first.data_version
    assert b"3" in export_file(second)


def test_a_renamed_partnership_or_a_renewed_qr_card_is_a_new_version(swiss):
    before = export_jobs.tournament_version(swiss)
    partnership = swiss.entries.first().partnership
    partnership.name = "Os Invencíveis"
    partnership.save()
    renamed = export_jobs.tournament_version(swiss)
    table = swiss.tables.get(number=1)
    from tournaments import services

    services.table_link_renew(table=table, user=None)
    assert len({before, renamed, export_jobs.tournament_version(swiss)}) == 3


def test_other_options_of_the_same_data_are_other_files(finished_knockout, run_queued):
    with run_queued():
        a3, _ = ask(finished_knockout, "bracket", "pdf", paper="a3")
        a4, made = ask(finished_knockout, "bracket", "pdf", paper="a4")
        xlsx, _ = ask(finished_knockout, "standings", "xlsx")
    assert made and len({a3.pk, a4.pk, xlsx.pk}) == 3
    assert pdf_pages(export_file(a4)) == 1


def test_the_a3_and_the_a4_poster_download_named_by_their_paper(organiser_client,
                                                                  finished_knockout, run_queued):
    with run_queued():
        a3, _ = ask(finished_knockout, "bracket", "pdf", paper="a3")
        a4, _ = ask(finished_knockout, "bracket", "pdf", paper="a4")
    version = a3.data_version.split("-")[0]
    for export, paper in ((a3, "a3"), (a4, "a4")):
        response = organiser_client.get(f"/manage/exports/{export.pk}/download/")
        assert b"".join(response.streaming_content).startswith(b"%PDF")  # read: its file closed
        assert response["Content-Disposition"] == (
            f'attachment; filename="{finished_knockout.slug}-bracket-poster-{paper}-v{version}.pdf"')


def test_running_the_task_again_leaves_a_made_file_alone(swiss, run_queued):
    with run_queued():
        export, _ = ask(swiss, "transfer", "json")
    name = export_file(export) and Export.objects.get(pk=export.pk).file.name
    steps.export_build(export_id=export.pk)
    assert Export.objects.get(pk=export.pk).file.name == name


def test_a_format_a_file_does_not_come_in_is_refused(swiss):
    with pytest.raises(export_jobs.ExportRefused):
        ask(swiss, "cards", "xlsx")
    with pytest.raises(export_jobs.ExportRefused, match="no bracket"):
        ask(swiss, "bracket", "pdf")
    assert not Export.objects.exists()

