"""Before the start: the organiser is warned when the tournament is set for a later day, and
how many partnerships checked in (those who did not are left out). Neither stops the start."""

import datetime

from django.utils.timezone import localdate

from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Tournament


def start_card(organiser_client, tournament) -> str:
    html = organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()
    return html[html.index('id="start"'):html.index("</form>", html.index('id="start"'))]


def test_a_tournament_set_for_a_later_day_says_so_before_its_start(organiser_client, club):
    tournament = make_tournament(club, 4)
    later = localdate() + datetime.timedelta(days=8)
    Tournament.objects.filter(pk=tournament.pk).update(starts_on=later)
    card = start_card(organiser_client, tournament)
    assert "This tournament is set for" in card and "not today" in card
    assert f"{later.year}" in card

    Tournament.objects.filter(pk=tournament.pk).update(starts_on=localdate())
    assert "not today" not in start_card(organiser_client, tournament)


def test_the_start_says_how_many_checked_in_once_anyone_has(organiser_client, club):
    tournament = make_tournament(club, 5)
    assert "checked in: starting now" not in start_card(organiser_client, tournament)
    for entry in tournament.entries.order_by("pk")[:3]:
        services.entry_update(entry=entry, checked_in=True)
    assert "3 of 5 partnerships checked in: starting now leaves the others out." in start_card(
        organiser_client, tournament)
    for entry in tournament.entries.all():
        services.entry_update(entry=entry, checked_in=True)
    assert "checked in: starting now" not in start_card(organiser_client, tournament)
