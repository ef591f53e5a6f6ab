"""An organiser's correction or void of a result a later round was drawn from, not begun,
shows the matches it would draw again before anything changes; confirmed, it goes ahead."""

import pytest

from tests.tournaments.helpers import swiss_round_one_played
from tournaments.models import Round


@pytest.fixture
def swiss(club):
    """Round 1 played (side A won each), round 2 drawn: its first match's deal corrected."""
    tournament, corrected = swiss_round_one_played(club)
    return tournament, corrected, corrected.match.deals.get(active=True)


def round_two_line(tournament) -> str:
    drawn = Round.objects.get(tournament=tournament, number=2).pairings.order_by("slot")
    matches = ", ".join(f"table {p.table.number} {p}" for p in drawn)
    return f"Round 2: {matches} are drawn again".replace("&", "&amp;")


@pytest.mark.parametrize("action, data", [
    ("correct", {"points": [50, 70], "reason": "misread"}),
    ("void", {"reason": "never played"}),
])
def test_the_form_lists_the_round_drawn_from_the_result_and_changes_nothing_unconfirmed(
        organiser_client, swiss, action, data):
    tournament, corrected, deal = swiss
    drawn = Round.objects.get(tournament=tournament, number=2)
    url = f"/manage/matches/{corrected.match_id}/deals/{deal.pk}/{action}/"
    page = organiser_client.post(url, data)
    html = page.content.decode()
    assert page.status_code == 200
    assert "Later matches were drawn from this result" in html
    assert round_two_line(tournament) in html and 'name="reset_later"' in html
    deal.refresh_from_db()
    corrected.refresh_from_db()
    assert deal.active and corrected.winner_id == corrected.a_id
    assert Round.objects.get(tournament=tournament, number=2).pk == drawn.pk


def test_a_confirmed_correction_changes_the_result_and_draws_the_round_again(organiser_client,
                                                                              swiss):
    tournament, corrected, deal = swiss
    drawn = Round.objects.get(tournament=tournament, number=2)
    url = f"/manage/matches/{corrected.match_id}/deals/{deal.pk}/correct/"
    page = organiser_client.post(url, {"points": [50, 70], "reason": "misread",
                                       "reset_later": "on"})
    assert page.status_code == 302
    corrected.refresh_from_db()
    assert corrected.winner_id == corrected.b_id
    again = Round.objects.get(tournament=tournament, number=2)
    assert again.pk != drawn.pk and again.pairings.count() == 3


def test_correcting_several_deals_lists_the_round_it_would_draw_again(organiser_client, club):
    tournament, first = swiss_round_one_played(club, deals=2)
    match = first.match
    deals = list(match.deals.filter(active=True).order_by("number"))
    data = {"reason": "misread", **{f"d{d.number}-points": [50, 70] for d in deals}}
    html = organiser_client.post(f"/manage/matches/{match.pk}/deals/correct/",
                                 data).content.decode()
    assert round_two_line(tournament) in html and 'name="reset_later"' in html
    assert all(d.active for d in match.deals.filter(pk__in=[d.pk for d in deals]))
