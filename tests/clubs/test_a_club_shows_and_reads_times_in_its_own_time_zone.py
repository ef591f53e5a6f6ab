"""A club has its own time zone: its pages show times in it, and read the times typed there
in it. The site's zone (Europe/Lisbon) is a new club's."""

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from scoring import engine, services
from scoring.models import AuditEntry
from sueca_club.models import Club
from tests.conftest import make_match
from tests.tournaments.registration.helpers import open_tournament

BRAZIL = "America/Sao_Paulo"
# A December morning: Lisbon is on UTC, Brasília three hours behind.
ENTERED = datetime(2026, 12, 5, 8, 14, tzinfo=UTC)


@pytest.fixture
def brazilian_club(club):
    club.time_zone = BRAZIL
    club.save()
    return club


def _history_of(client, club, pair_a, pair_b) -> str:
    match = make_match(club, pair_a, pair_b)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [73, 47]}),
                         key="k1")
    AuditEntry.objects.filter(match=match).update(at=ENTERED)
    return client.get(f"/manage/matches/{match.pk}/").content.decode()


def _closing_time_typed(client, club) -> datetime:
    tournament = open_tournament(club)
    client.post(f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/settings/",
                {"open": "on", "cap": "", "approval": "no", "closes_at": "2030-05-01T20:00",
                 "check_in_from": ""})
    tournament.registration.refresh_from_db()
    return tournament.registration


def test_a_brazilian_clubs_match_history_shows_brasilia_time(brazilian_club, organiser_client,
                                                              pair_a, pair_b):
    history = _history_of(organiser_client, brazilian_club, pair_a, pair_b)
    assert "5 Dec 2026, 05:14" in history
    assert "08:14" not in history
    # The club's zone ends with its request: the worker's next one starts in the site's.
    assert timezone.get_current_timezone_name() == "Europe/Lisbon"


def test_a_sign_up_closing_time_typed_for_a_brazilian_club_closes_at_that_brasilia_time(
        brazilian_club, organiser_client):
    registration = _closing_time_typed(organiser_client, brazilian_club)
    assert registration.closes_at == datetime(2030, 5, 1, 23, 0, tzinfo=UTC)
    assert not registration.closed(now=datetime(2030, 5, 1, 22, 59, tzinfo=UTC))
    assert registration.closed(now=datetime(2030, 5, 1, 23, 0, tzinfo=UTC))
    settings_page = organiser_client.get(
        f"/manage/{brazilian_club.slug}/tournaments/{registration.tournament.slug}/sign-ups/")
    assert 'value="2030-05-01T20:00"' in settings_page.content.decode()


def test_the_public_sign_up_page_says_the_closing_time_in_the_clubs_zone(brazilian_club,
                                                                        client):
    tournament = open_tournament(brazilian_club,
                                 closes_at=datetime(2030, 5, 1, 23, 0, tzinfo=UTC))
    page = client.get(f"/t/{tournament.slug}/sign-up/").content.decode()
    assert "Sign-up closes 1 May 2030, 20:00" in page


def test_a_club_that_changes_its_zone_is_shown_in_the_new_one_at_once(club, organiser_client,
                                                                      client):
    registration = _closing_time_typed(organiser_client, club)  # 20:00 in Lisbon
    address = f"/t/{registration.tournament.slug}/sign-up/"
    assert "Sign-up closes 1 May 2030, 20:00" in client.get(address).content.decode()
    organiser_client.post(f"/manage/{club.slug}/settings/", {
        "name": club.name, "town": club.town, "default_preset": "portugal",
        "time_zone": BRAZIL})
    # The shared copy made in Lisbon time is not served again.
    assert "Sign-up closes 1 May 2030, 16:00" in client.get(address).content.decode()


def test_a_new_club_is_in_the_sites_zone_and_reads_times_as_before(organiser_client,
                                                                    pair_a, pair_b):
    organiser_client.post("/manage/", {"name": "Tasca Lisboeta", "default_preset": "portugal"})
    club = Club.objects.get(name="Tasca Lisboeta")
    assert club.time_zone == "Europe/Lisbon"
    registration = _closing_time_typed(organiser_client, club)
    assert registration.closes_at == datetime(2030, 5, 1, 19, 0, tzinfo=UTC)  # summer time
    assert "5 Dec 2026, 08:14" in _history_of(organiser_client, club, pair_a, pair_b)


def test_the_club_settings_offer_the_time_zones_portuguese_speaking_ones_first(
        club, organiser_client):
    page = organiser_client.get(f"/manage/{club.slug}/settings/").content.decode()
    assert '<option value="Europe/Lisbon" selected>' in page
    assert page.index('value="America/Sao_Paulo"') < page.index('value="Africa/Luanda"') \
        < page.index('value="Africa/Abidjan"')
    organiser_client.post(f"/manage/{club.slug}/settings/", {
        "name": "Café Central", "town": "Recife", "default_preset": "brasil",
        "time_zone": "America/Recife"})
    club.refresh_from_db()
    assert (club.town, club.default_preset, club.time_zone) == ("Recife", "brasil",
                                                                "America/Recife")


def test_a_new_club_chooses_its_zone(organiser_client):
    assert 'value="America/Manaus"' in organiser_client.get("/manage/").content.decode()
    organiser_client.post("/manage/", {"name": "Bar do Norte", "default_preset": "brasil",
                                       "time_zone": "America/Manaus"})
    assert Club.objects.get(name="Bar do Norte").time_zone == "America/Manaus"


def test_a_zone_that_is_not_one_is_refused(club, organiser_client):
    response = organiser_client.post(f"/manage/{club.slug}/settings/", {
        "name": club.name, "default_preset": "portugal", "time_zone": "Mars/Olympus"})
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    club.refresh_from_db()
    assert club.time_zone == "Europe/Lisbon"
