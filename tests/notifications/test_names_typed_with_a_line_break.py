"""A tournament's or a partnership's name typed with a line break (pasted, or a header
injection attempt) is kept on one line, as players' and clubs' names are: the emails that name
it in their subject go out, where every one failed ("Header values can't contain newlines")
and was dropped after its retries."""

import pytest

from sueca_club.models import Partnership
from tests.notifications.helpers import pairings, started, to
from tests.tournaments.helpers import play
from tournaments.forms import TournamentDetailsForm

pytestmark = pytest.mark.django_db

TYPED = "Taça\r\nBcc: spam@example.org"


def test_the_tournament_form_keeps_the_name_and_place_on_one_line():
    form = TournamentDetailsForm(data={"name": TYPED, "place": "Café\nCentral"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == "Taça Bcc: spam@example.org"
    assert form.cleaned_data["place"] == "Café Central"
    assert not TournamentDetailsForm(data={"name": "\r\n\u200b"}).is_valid()


def test_a_renamed_partnership_names_its_result_email_on_one_line(
        club, organiser_client, mailoutbox, django_capture_on_commit_callbacks):
    tournament = started(club, django_capture_on_commit_callbacks)
    pairing = pairings(tournament)[0]
    partnership = pairing.a.partnership
    response = organiser_client.post(f"/manage/{club.slug}/partnerships/{partnership.pk}/",
                                     {"name": "Carl\r\nBcc: spam@example.org"})
    assert response.status_code == 302
    assert Partnership.objects.get(pk=partnership.pk).name == "Carl Bcc: spam@example.org"
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play(pairing, "A")
    [won] = to(mailoutbox, partnership.player_1.email)
    assert "\n" not in won.subject and "You won" in won.body
