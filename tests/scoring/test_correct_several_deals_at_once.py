"""An organiser corrects several deals of a match in one write: a result that two corrections
change (4-0 to 0-4) never stands half-changed between them, where one correction at a time
put the match back in play at 2-2, on its table, and took back what was drawn from it."""

import pytest

from scoring import engine, services
from scoring.models import AuditEntry, Match
from tests.tournaments.helpers import make_tournament, play, record
from tournaments import services as tournament_services
from tournaments.models import Pairing

A_WINS_TWO = {"points": [95, 25]}  # two games to A
B_WINS_TWO = {"points": [25, 95]}


def page(match) -> str:
    return f"/manage/matches/{match.pk}/deals/correct/"


@pytest.fixture
def semi_and_final(club):
    """A knockout of four: the first semi-final won 4-0 by A in two deals, the other played,
    the final drawn and not begun."""
    tournament = make_tournament(club, 4, tables_count=2)
    tournament_services.tournament_start(tournament=tournament)
    semi, other = Pairing.objects.filter(round__tournament=tournament).order_by("slot")
    record(semi.match, A_WINS_TWO)
    record(semi.match, A_WINS_TWO)
    play(other, "A")
    final = Pairing.objects.get(round__tournament=tournament, round__code="final")
    assert final.a_id == semi.a_id
    return semi, final


def test_two_deals_corrected_at_once_turn_the_result_over_in_one_step(semi_and_final, organiser):
    semi, final = semi_and_final
    deals = list(semi.match.deals.filter(active=True).order_by("number"))
    services.deals_correct(match_id=semi.match_id, reason="swapped sides on the sheet",
                           user=organiser, allow_reset=True, replacements={
                               deal.pk: engine.deal_from(B_WINS_TWO) for deal in deals})
    match = Match.objects.get(pk=semi.match_id)
    assert (match.finished, match.winner, match.games_a, match.games_b) == (True, "B", 0, 4)
    corrections = AuditEntry.objects.filter(match=match, action=AuditEntry.Action.CORRECTED)
    assert [entry.after["games"] for entry in corrections] == [[0, 4], [0, 4]]
    final.refresh_from_db()
    assert final.a_id == semi.b_id  # the final follows, re-teamed, never taken back
    assert not AuditEntry.objects.filter(match=final.match, action=AuditEntry.Action.RESET)


def test_one_impossible_deal_refuses_them_all(semi_and_final, organiser):
    semi, _final = semi_and_final
    first, second = semi.match.deals.filter(active=True).order_by("number")
    with pytest.raises(services.ScoringRefused, match="already corrected"):
        services.deals_correct(match_id=semi.match_id, reason="x", user=organiser,
                               replacements={first.pk: engine.deal_from(B_WINS_TWO),
                                             first.pk + 1000: engine.deal_from(B_WINS_TWO)})
    assert Match.objects.get(pk=semi.match_id).winner == "A"
    assert semi.match.deals.filter(active=True).count() == 2


def fields(match, **changes) -> dict:
    """The page's form as sent: every deal as recorded, but for `changes` (d<number>: points)."""
    data = {"reason": "the sheet was read the wrong way"}
    for deal in match.deals.filter(active=True):
        a, b = changes.get(f"d{deal.number}", deal.data["points"])
        data[f"d{deal.number}-points"] = [a, b]
    return data


def test_the_page_corrects_the_changed_deals_and_says_the_result_changed(
        semi_and_final, organiser_client):
    semi, final = semi_and_final
    match_page = organiser_client.get(f"/manage/matches/{semi.match_id}/").content.decode()
    assert page(semi.match) in match_page
    form = organiser_client.get(page(semi.match)).content.decode()
    assert "Deal 1" in form and "Deal 2" in form and 'id="id_d2-points_a"' in form
    response = organiser_client.post(page(semi.match), {**fields(
        semi.match, d1=(25, 95), d2=(25, 95)), "reset_later": "on"}, follow=True)
    html = response.content.decode()
    assert "2 deals corrected" in html and "the match is now won by" in html
    assert Match.objects.get(pk=semi.match_id).winner == "B"
    assert AuditEntry.objects.filter(match_id=semi.match_id,
                                     action=AuditEntry.Action.CORRECTED).count() == 2


def test_the_page_with_nothing_changed_or_a_wrong_deal_changes_nothing(semi_and_final,
                                                                        organiser_client):
    semi, _final = semi_and_final
    unchanged = organiser_client.post(page(semi.match), fields(semi.match))
    assert "No deal was changed." in unchanged.content.decode()
    wrong = organiser_client.post(page(semi.match), fields(semi.match, d1=(119, 1)))
    assert wrong.status_code == 200 and "errorlist" in wrong.content.decode()
    assert not AuditEntry.objects.filter(match_id=semi.match_id,
                                         action=AuditEntry.Action.CORRECTED).exists()


def test_another_clubs_organiser_gets_404(semi_and_final, client, other_organiser):
    semi, _final = semi_and_final
    client.force_login(other_organiser)
    assert client.get(page(semi.match)).status_code == 404
    assert client.post(page(semi.match), fields(semi.match, d1=(25, 95))).status_code == 404
    assert Match.objects.get(pk=semi.match_id).winner == "A"
