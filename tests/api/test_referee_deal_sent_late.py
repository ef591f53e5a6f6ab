"""Deals a phone kept while offline and sends late: never on the wrong match, never twice."""

import json
import uuid

import pytest

from scoring.models import Deal, RefereeLink, RefereeRequest
from tests.conftest import make_club, make_match, make_partnership


def post(client, link, body, key=None, **headers):
    return client.post(
        f"/api/v1/referee/{link.token}/deals", data=json.dumps(body),
        content_type="application/json",
        headers={"Idempotency-Key": key or str(uuid.uuid4()), **headers},
    )


def test_a_deal_naming_the_links_match_is_recorded(client, table, match):
    response = post(client, table, {"points": [95, 25], "match": match.pk})
    assert response.status_code == 201
    assert Deal.objects.get(match=match).data == {"points": [95, 25]}


def test_a_deal_for_a_match_the_table_moved_on_from_is_refused_and_not_scored(
        client, table, match, move_on):
    new = move_on()
    response = post(client, table, {"points": [95, 25], "match": match.pk})
    assert response.status_code == 409  # its wording: test_a_refusal_names_the_match_it_was_for
    assert "it was not recorded" in response.json()["error"]
    assert not Deal.objects.exists()
    assert new.deals.count() == 0


def test_a_retry_after_the_table_moved_on_gets_its_first_answer(client, table, match, move_on):
    first = post(client, table, {"points": [120, 0], "flag": "A", "match": match.pk}, key="k1")
    assert first.status_code == 201
    new = move_on()
    again = post(client, table, {"points": [120, 0], "flag": "A", "match": match.pk}, key="k1")
    assert (again.status_code, again.json()) == (201, first.json())
    assert Deal.objects.filter(match=match).count() == 1
    assert new.deals.count() == 0


def test_a_retry_when_the_table_has_no_match_now_gets_its_first_answer(client, table, match):
    first = post(client, table, {"points": [120, 0], "flag": "A", "match": match.pk}, key="k1")
    RefereeLink.objects.filter(pk=table.pk).update(match=None)
    again = post(client, table, {"points": [120, 0], "flag": "A", "match": match.pk}, key="k1")
    assert (again.status_code, again.json()) == (201, first.json())
    fresh = post(client, table, {"points": [70, 50]})
    assert fresh.status_code == 409
    assert fresh.json()["error"] == "There is no match at this table right now."
    assert Deal.objects.count() == 1


def test_another_clubs_table_cannot_fetch_an_answer_by_its_match_id(client, match, organiser):
    post(client, match.referee_links.get(), {"points": [95, 25]}, key="k1")
    club = make_club("outro-cafe", organiser)
    other = make_match(club, make_partnership(club, "Rita", "Sara"),
                       make_partnership(club, "Tiago", "Vasco"))
    response = post(client, other.referee_links.get(), {"points": [95, 25], "match": match.pk},
                    key="k1")
    assert response.status_code == 409
    assert Deal.objects.count() == 1


def test_a_deal_confirmed_by_the_other_side_on_the_phone_says_so(client, referee_link):
    post(client, referee_link, {"points": [95, 25], "confirmed": True})
    post(client, referee_link, {"points": [70, 50]})
    assert list(Deal.objects.order_by("number").values_list("opponent_confirmed", flat=True)) == [
        True, False]


@pytest.mark.parametrize("extra", [{"match": "1"}, {"match": 0}, {"match": True},
                                   {"confirmed": "yes"}, {"confirmed": 1}])
def test_a_malformed_match_or_confirmation_is_a_400(client, referee_link, extra):
    response = post(client, referee_link, {"points": [95, 25], **extra})
    assert response.status_code == 400
    assert response.json()["error"]
    assert not Deal.objects.exists()
    assert not RefereeRequest.objects.exists()


def test_a_late_deal_on_a_match_another_deal_finished_names_that_deal(client, referee_link,
                                                                      match):
    """The table compares the two deals, where it was told only that the match was over."""
    seen = f'"m{match.pk}-{match.version}"'
    post(client, referee_link, {"points": [0, 120], "flag": "B"})
    response = post(client, referee_link, {"points": [95, 25]}, **{"If-Match": seen})
    assert response.status_code == 409
    assert response.json()["error"] == ("Another deal was recorded on this match meanwhile. "
                                        "This match is finished: no more deals.")
    assert post(client, referee_link, {"points": [95, 25]}).json()["error"] == (
        "This match is finished: no more deals.")  # sent on the finished score


def test_chained_versions_let_queued_deals_follow_each_other(client, referee_link, match):
    seen = match.version
    for points in ([95, 25], [50, 70], [60, 60]):
        response = post(client, referee_link, {"points": points},
                        **{"If-Match": f'"m{match.pk}-{seen}"'})
        assert response.status_code == 201
        seen = response.json()["version"]
    assert Deal.objects.count() == 3
