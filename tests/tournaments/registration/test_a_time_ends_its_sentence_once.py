"""A sentence that ends with a date and time ends with one full stop in every language: the
English pages show a 24-hour clock (sueca_club/formats), never "4:30 p.m.."."""

import datetime
import re
import zoneinfo

import pytest
from django.conf import settings
from django.test import Client
from django.utils import formats, translation

from tests.tournaments.registration.helpers import open_tournament
from tournaments.registration import services
from tournaments.registration.models import door_token

AFTERNOON = datetime.datetime(2030, 12, 19, 16, 30, tzinfo=zoneinfo.ZoneInfo(settings.TIME_ZONE))
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def door_notice(club, language: str) -> str:
    """What the door poster's page says while check-in is not open yet."""
    tournament = open_tournament(club)
    services.registration_update(tournament=tournament, open=True, cap=None, closes_at=None,
                                 approval=False, check_in_from=AFTERNOON)
    html = Client(headers={"accept-language": language}).get(
        f"/t/{tournament.slug}/door/{door_token(tournament)}/").content.decode()
    return re.search(r'<p class="card notice">(.*?)</p>', html).group(1)


def test_the_door_says_in_english_when_check_in_opens_with_one_full_stop(club):
    assert door_notice(club, "en") == "Check-in opens 19 December 2030, 16:30."


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_door_says_when_check_in_opens_with_one_full_stop_in_every_language(club,
                                                                              language):
    notice = door_notice(club, language)
    assert "2030" in notice and ".." not in notice


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["DATE_FORMAT", "DATETIME_FORMAT", "SHORT_DATE_FORMAT",
                                  "SHORT_DATETIME_FORMAT", "TIME_FORMAT"])
def test_no_language_ends_a_date_or_a_time_with_a_full_stop(language, name):
    with translation.override(language):
        shown = formats.date_format(AFTERNOON, name)
    assert not shown.endswith("."), shown
