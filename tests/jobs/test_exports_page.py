"""The exports pages: ask for a file, follow its progress (htmx), download it when ready."""

import pytest

from tests.jobs.conftest import export_file
from tournaments.models import Export


def exports_url(t) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/exports/"


def test_the_tournament_page_links_to_its_files(organiser_client, swiss):
    body = organiser_client.get(f"/manage/{swiss.club.slug}/tournaments/{swiss.slug}/").content.decode()
    assert exports_url(swiss) in body


def test_the_page_offers_spreadsheets_json_and_paper(organiser_client, finished_knockout):
    body = organiser_client.get(exports_url(finished_knockout)).content.decode()
    for text in ("Standings", "Results", "Every deal", "Excel (XLSX)", "JSON", "QR table cards",
                 "Paper score sheets", "Bracket poster", "Final results", "No file yet"):
        assert text in body


def test_asking_for_a_file_makes_it_and_offers_its_download(organiser_client, swiss, run_queued):
    with run_queued():
        organiser_client.post(exports_url(swiss) + "new/", {"kind": "deals", "format": "csv"})
    export = Export.objects.get()
    assert export.status == "done" and export.created_by.username == "ana"
    body = organiser_client.get(exports_url(swiss)).content.decode()
    assert f"/manage/exports/{export.pk}/download/" in body
    download = organiser_client.get(f"/manage/exports/{export.pk}/download/")
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment;")
    assert f"{swiss.slug}-every-deal-v" in download["Content-Disposition"]
    assert b"".join(download.streaming_content) == export_file(export)


def test_the_cards_pdf_points_at_the_site_the_organiser_uses(organiser_client, swiss, run_queued):
    with run_queued():
        organiser_client.post(exports_url(swiss) + "new/", {"kind": "cards", "format": "pdf"})
    assert Export.objects.get().params["base_url"] == "http://testserver/"


def test_a_file_being_made_is_polled_by_htmx_until_it_is_ready(organiser_client, swiss):
    export = Export.objects.create(club=swiss.club, tournament=swiss, kind="deals", format="csv",
                                   data_version="x", key="k", status="running", progress=40)
    page = organiser_client.get(exports_url(swiss)).content.decode()
    assert 'hx-trigger="every 2s"' in page and 'value="40"' in page
    fragment = organiser_client.get(exports_url(swiss), headers={"HX-Request": "true"})
    assert fragment.content.decode().lstrip().startswith('<div id="files"')
    Export.objects.filter(pk=export.pk).update(status="done", progress=100, file="exports/x.csv")
    done = organiser_client.get(exports_url(swiss), headers={"HX-Request": "true"}).content.decode()
    assert "hx-trigger" not in done and "Download" in done


def test_a_file_made_before_the_latest_results_says_so(organiser_client, swiss, run_queued):
    from tests.tournaments.helpers import in_play, play

    with run_queued():
        organiser_client.post(exports_url(swiss) + "new/", {"kind": "results", "format": "csv"})
    play(in_play(swiss)[0])
    assert "Made before the latest changes" in organiser_client.get(exports_url(swiss)).content.decode()


def test_the_same_file_asked_twice_says_it_is_the_one_already_made(organiser_client, swiss,
                                                                  run_queued):
    with run_queued():
        organiser_client.post(exports_url(swiss) + "new/", {"kind": "results", "format": "csv"})
    response = organiser_client.post(exports_url(swiss) + "new/",
                                     {"kind": "results", "format": "csv"}, follow=True)
    assert "already made from the same data" in response.content.decode()
    assert Export.objects.count() == 1


def test_an_unknown_kind_is_refused_with_words(organiser_client, swiss):
    response = organiser_client.post(exports_url(swiss) + "new/",
                                     {"kind": "secrets", "format": "csv"}, follow=True)
    assert "Choose a file and a format from the list." in response.content.decode()


@pytest.fixture
def club_url(club):
    return f"/manage/{club.slug}/exports/"


def test_the_club_page_links_to_the_season_files(organiser_client, club, club_url):
    assert club_url in organiser_client.get(f"/manage/{club.slug}/").content.decode()


def test_a_season_file_is_made_for_the_two_days_given(organiser_client, club, club_url, match,
                                                      run_queued):
    with run_queued():
        response = organiser_client.post(club_url + "new/", {
            "kind": "results", "format": "csv", "start": "2000-01-01", "end": "2999-12-31"},
            follow=True)
    export = Export.objects.get()
    assert export.tournament is None and export.params["start"] == "2000-01-01"
    assert "2000-01-01" in response.content.decode()
    assert b"Friendly" in export_file(export)


def test_a_season_that_ends_before_it_starts_is_refused(organiser_client, club_url):
    response = organiser_client.post(club_url + "new/", {
        "kind": "results", "format": "csv", "start": "2026-02-01", "end": "2026-01-01"},
        follow=True)
    assert "The season ends before it starts." in response.content.decode()
    assert not Export.objects.exists()
