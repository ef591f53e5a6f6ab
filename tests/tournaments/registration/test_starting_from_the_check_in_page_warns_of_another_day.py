"""The check-in page's start button gives the warning the tournament page's does when the
tournament is set for a later day: start it only if it is played now."""

import datetime

from django.utils.timezone import localdate

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.models import Tournament


def start_form(organiser_client, tournament) -> str:
    html = organiser_client.get(f"/manage/{tournament.club.slug}/tournaments/"
                                f"{tournament.slug}/check-in/").content.decode()
    start = html.index("/start/")
    return html[start:html.index("</form>", start)]


def test_the_check_in_pages_start_warns_of_a_tournament_set_for_a_later_day(organiser_client,
                                                                            club):
    tournament = open_tournament(club)
    sign_up(tournament, 1)
    later = localdate() + datetime.timedelta(days=8)
    Tournament.objects.filter(pk=tournament.pk).update(starts_on=later)
    form = start_form(organiser_client, tournament)
    assert "This tournament is set for" in form and "not today: start it only if it is " \
        "played now." in form and str(later.year) in form

    Tournament.objects.filter(pk=tournament.pk).update(starts_on=localdate())
    assert "not today" not in start_form(organiser_client, tournament)
