"""Every exports and printing view: log in first; another club's organiser gets a 404; files
are only ever downloaded through the view that checks the club."""

import pytest

from tournaments.models import Export


@pytest.fixture
def export(swiss):
    return Export.objects.create(club=swiss.club, tournament=swiss, kind="results", format="csv",
                                 data_version="v", key="k", status="done", file="exports/x.csv")


def reads(t, club, export) -> list[str]:
    base = f"/manage/{t.club.slug}/tournaments/{t.slug}/"
    return [base + "exports/", base + "print/sheets/", base + "print/bracket/",
            base + "print/results/", f"/manage/{club.slug}/exports/",
            f"/manage/exports/{export.pk}/download/"]


def writes(t, club) -> list[str]:
    return [f"/manage/{t.club.slug}/tournaments/{t.slug}/exports/new/", f"/manage/{club.slug}/exports/new/"]


def test_anonymous_visitors_are_sent_to_log_in(client, swiss, club, export):
    for url in reads(swiss, club, export):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    for url in writes(swiss, club):
        response = client.post(url, {"kind": "results", "format": "csv"})
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    assert Export.objects.count() == 1


def test_another_clubs_organiser_gets_a_404_everywhere(client, other_organiser, swiss, club,
                                                      export):
    client.force_login(other_organiser)
    for url in reads(swiss, club, export):
        assert client.get(url).status_code == 404, url
    for url in writes(swiss, club):
        response = client.post(url, {"kind": "results", "format": "csv",
                                     "start": "2026-01-01", "end": "2026-12-31"})
        assert response.status_code == 404, url
    assert Export.objects.count() == 1


def test_another_clubs_export_is_a_404_even_for_an_organiser(organiser_client, other_club):
    theirs = Export.objects.create(club=other_club, kind="results", format="csv",
                                   data_version="v", key="theirs", status="done",
                                   file="exports/y.csv")
    assert organiser_client.get(f"/manage/exports/{theirs.pk}/download/").status_code == 404


def test_a_file_not_ready_yet_is_not_downloaded(organiser_client, export):
    Export.objects.filter(pk=export.pk).update(status="running")
    assert organiser_client.get(f"/manage/exports/{export.pk}/download/").status_code == 404


def test_the_files_are_not_served_under_media(client, organiser_client, export):
    assert organiser_client.get("/media/exports/x.csv").status_code == 404
