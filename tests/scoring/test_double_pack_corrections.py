"""An organiser corrects the games with other totals as their rules read them: a double-pack
deal out of 240 with the bonus rules' sides, and a double-pack match may start at any of its
eight seats."""

import uuid

from scoring import engine, services
from tests.scoring.variant_matches import double_pack_match


def url(deal, action: str) -> str:
    return f"/manage/matches/{deal.match_id}/deals/{deal.pk}/{action}/"


def test_a_double_pack_deal_is_corrected_out_of_240(organiser_client, club):
    match = double_pack_match(club)
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [200, 40]}),
                         key=str(uuid.uuid4()))
    deal = match.deals.get()
    response = organiser_client.post(url(deal, "correct"),
                                     {"points": ["", "190"], "reason": "misread"})
    assert response.status_code == 302
    assert match.deals.get(active=True).data == {"points": [50, 190]}


def test_a_double_pack_match_may_start_at_the_eighth_seat(club):
    match = double_pack_match(club, first_dealer=7)
    match.refresh_from_db()
    assert match.first_dealer == 7 and match.state["next_dealer"] == 7
