"""The referee's entry in the games with other totals: card points up to 240 with the double
pack, and the side that took a bonus, asked when the rules give one and refused otherwise;
the page, the API and the store all keep it in the deal's data."""

import json
import uuid

import pytest

from scoring import engine, presenters, selectors, services
from scoring.forms.deal import ApiDealForm, DealForm
from scoring.models import Deal
from tests.scoring.test_referee_page import confirm, save
from tests.scoring.variant_matches import double_pack_match, last_trick_match

LAST_TRICK = engine.rules_from("brasil_last_trick")
DOUBLE = engine.rules_from("double_pack")


def entered(data, rules=None):
    form = DealForm(data, rules=rules)
    return form, form.is_valid()


def test_the_classic_game_asks_for_no_bonus_and_refuses_one():
    form, valid = entered({"points": ["73", ""]})
    assert valid and form.deal.as_dict() == {"points": [73, 47]} and form.bonuses == []
    form, valid = entered({"points": ["73", ""], "last_trick": "A"})
    assert not valid
    assert form.errors["last_trick"] == ["This game gives no bonus for the last trick."]


def test_a_bonus_game_needs_the_side_that_took_the_bonus():
    form, valid = entered({"points": ["73", ""]}, LAST_TRICK)
    assert not valid
    assert form.errors["last_trick"] == [
        "Say which side took the last trick: this game gives it a bonus of 10."]
    form, valid = entered({"points": ["73", ""], "last_trick": "B"}, LAST_TRICK)
    assert valid and form.deal.as_dict() == {"points": [73, 47], "last_trick": "B"}
    assert [(field.name, bonus) for field, bonus in form.bonuses] == [("last_trick", 10)]


def test_a_flag_took_the_last_trick_and_a_revoke_names_no_bonus():
    form, valid = entered({"flag": "A"}, LAST_TRICK)
    assert valid and form.deal.as_dict() == {"points": [120, 0], "flag": "A", "last_trick": "A"}
    form, valid = entered({"revoke": "B", "last_trick": "A"}, LAST_TRICK)
    assert valid and form.deal.as_dict() == {"revoke": "B"}


def test_the_queen_of_hearts_is_asked_for_in_maria_de_copas():
    rules = engine.rules_from(overrides={"maria_de_copas": 20})
    assert "queen_of_hearts" in entered({"points": ["73", ""]}, rules)[0].errors
    form, valid = entered({"points": ["", "50"], "queen_of_hearts": "A"}, rules)
    assert valid and form.deal.as_dict() == {"points": [70, 50], "queen_of_hearts": "A"}


@pytest.mark.parametrize(("typed", "deal"), [
    (["200", ""], [200, 40]), (["", "240"], [0, 240]), (["0", ""], [0, 240]),
])
def test_the_double_pack_counts_240_card_points(typed, deal):
    form, valid = entered({"points": typed}, DOUBLE)
    assert valid and form.deal.points == tuple(deal)


def test_more_than_the_packs_points_is_refused():
    assert not entered({"points": ["241", ""]}, DOUBLE)[1]
    form, valid = entered({"points": ["121", ""]})
    assert not valid and "from 0 to 120" in form.errors["points"][0]
    assert entered({"tie": "on"}, DOUBLE)[0].deal.points == (120, 120)


def test_a_bonus_deal_is_stored_in_its_data_and_replayed(club, pair_a, pair_b):
    match = last_trick_match(club, pair_a, pair_b)
    for points, side in ((62, "A"), (62, "B"), (55, "A")):
        form, valid = entered({"points": [str(points), ""], "last_trick": side}, LAST_TRICK)
        assert valid
        services.deal_record(match_id=match.pk, deal=form.deal, key=str(uuid.uuid4()))
    data = [deal.data for deal in Deal.objects.filter(match=match).order_by("number")]
    assert data[0] == {"points": [62, 58], "last_trick": "A"}
    match.refresh_from_db()
    replayed = services.replay(match, [engine.deal_from(d) for d in data])
    # 72-58 gives A a game; 62-68 gives B one; 65-65 (with the 10) is the tie of 130.
    assert match.state["games"] == list(replayed.games) == [1, 1]
    assert match.state["points"] == [62 + 10 + 62 + 55 + 10, 58 + 58 + 10 + 65]


def test_a_double_pack_deal_is_stored_and_moves_the_dealer_among_eight(club):
    match = double_pack_match(club)
    form, valid = entered({"points": ["", "190"]}, DOUBLE)
    services.deal_record(match_id=match.pk, deal=form.deal, key="k1")
    match.refresh_from_db()
    assert Deal.objects.get(match=match).data == {"points": [50, 190]}
    assert match.state["games"] == [0, 2] and match.state["next_dealer"] == 7


def post(client, link, body):
    return client.post(f"/api/v1/referee/{link.token}/deals", data=json.dumps(body),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


def test_the_api_takes_the_bonus_side(client, club, pair_a, pair_b):
    link = last_trick_match(club, pair_a, pair_b).referee_links.get()
    missing = post(client, link, {"points": [62, None]})
    assert missing.status_code == 400
    assert "Say which side took the last trick" in missing.json()["error"]
    response = post(client, link, {"points": [62, None], "last_trick": "A"})
    assert response.status_code == 201 and response.json()["games"] == [1, 0]
    assert Deal.objects.get().data == {"points": [62, 58], "last_trick": "A"}


def test_the_api_reads_a_double_pack_deal_out_of_240(client, club):
    link = double_pack_match(club).referee_links.get()
    response = post(client, link, {"points": [200, None]})
    assert response.status_code == 201 and response.json()["games"] == [2, 0]
    assert post(client, link, {"points": [241, None]}).status_code == 400


def test_a_classic_match_refuses_a_bonus_side_over_the_api(client, referee_link):
    response = post(client, referee_link, {"points": [62, None], "queen_of_hearts": "A"})
    assert response.status_code == 400
    assert "no bonus for the Queen of Hearts" in response.json()["error"]


def test_the_api_form_knows_the_bonus_fields():
    form = ApiDealForm.from_body(b'{"points": [62, null], "last_trick": "A"}', LAST_TRICK)
    assert form.is_valid() and form.deal.last_trick == "A"


def test_the_referee_page_asks_the_last_trick_with_two_buttons_and_saves_it(client, club, pair_a,
                                                                          pair_b):
    link = last_trick_match(club, pair_a, pair_b).referee_links.get()
    html = client.get(f"/r/{link.token}/").content.decode()
    assert html.count('name="last_trick"') == 2 and 'name="queen_of_hearts"' not in html
    refused = confirm(client, link, points=["62", ""])
    assert refused.status_code == 400
    assert "Say which side took the last trick" in refused.content.decode()
    page, _ = save(client, link, points=["62", ""], last_trick="A")
    assert "62 + 10" in page.content.decode()
    assert Deal.objects.get().data == {"points": [62, 58], "last_trick": "A"}


def test_the_referee_page_of_a_double_pack_match_counts_240(client, club):
    link = double_pack_match(club).referee_links.get()
    html = client.get(f"/r/{link.token}/").content.decode()
    assert 'max="240"' in html and 'data-most="240"' in html and "120-120" in html
    assert 'name="last_trick"' not in html
    save(client, link, points=["", "200"])
    assert Deal.objects.get().data == {"points": [40, 200]}


def test_the_tally_shows_the_bonus_on_top_of_the_card_points(client, club, pair_a, pair_b):
    match = last_trick_match(club, pair_a, pair_b)
    services.deal_record(match_id=match.pk, deal=engine.deal_from(
        {"points": [62, 58], "last_trick": "A"}), key="k")
    match.refresh_from_db()
    [row] = selectors.tally(match)
    assert row.bonus_text == "(A: 62 + 10 bonus)" and row.points == (72, 58)
    assert presenters.deal_text(row) == "Deal 1: 72-58 (A: 62 + 10 bonus), A +1 game"
    assert client.get(f"/api/v1/matches/{match.pk}").json()["tally"][0]["bonus"] == [10, 0]
