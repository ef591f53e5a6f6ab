"""An Idempotency-Key remembers what it asked (as Stripe's do): the same request again gets its
first answer, the key sent with another deal, seat or undo's match is refused with a 422 and
nothing is written, where the first answer used to come back as if the new one were saved."""

import json
import uuid

from scoring.models import Deal, Match, RefereeRequest

REUSED_DEAL = ("This Idempotency-Key was already used for a different deal: nothing was "
               "recorded. Send a new key for a new deal.")
REUSED_SEAT = ("This Idempotency-Key was already used for a different choice of who deals "
               "first: nothing was changed. Send a new key for a new choice.")


def post(client, link, body, key, path="deals", **headers):
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(f"/api/v1/referee/{link.token}/{path}", data=data,
                       content_type="application/json",
                       headers={"Idempotency-Key": key, **headers})


def test_the_key_sent_again_with_another_deal_is_refused_and_records_nothing(client,
                                                                            referee_link):
    first = post(client, referee_link, {"points": [60, 60]}, "K")
    again = post(client, referee_link, {"points": [120, 0]}, "K")
    assert first.status_code == 201
    assert (again.status_code, again.json()) == (422, {"error": REUSED_DEAL})
    assert list(Deal.objects.values_list("data", flat=True)) == [{"points": [60, 60]}]
    assert RefereeRequest.objects.get().body == first.content.decode()


def test_the_same_deal_written_otherwise_is_a_retry_and_other_card_points_are_not(
        client, referee_link):
    first = post(client, referee_link, {"points": [95, None], "trump": "H"}, "K")
    for body in ('{ "trump" : "H",\n "points": [95, 25] }', {"points": ["95", ""], "trump": "H"},
                 {"points": [None, 25], "trump": "H"}):
        again = post(client, referee_link, body, "K")
        assert (again.status_code, again.content) == (201, first.content)
    assert post(client, referee_link, {"points": [None, 26], "trump": "H"}, "K").status_code == 422
    assert Deal.objects.count() == 1


def test_another_trump_is_another_deal(client, referee_link):
    post(client, referee_link, {"points": [95, 25], "trump": "H"}, "K")
    assert post(client, referee_link, {"points": [95, 25], "trump": "S"}, "K").status_code == 422
    assert Deal.objects.get().trump == "H"


def test_a_retry_with_another_deal_after_the_table_moved_on_is_refused(client, table, match,
                                                                        move_on):
    post(client, table, {"points": [95, 25], "match": match.pk}, "K")
    new = move_on()
    again = post(client, table, {"points": [25, 95], "match": match.pk}, "K")
    assert (again.status_code, again.json()) == (422, {"error": REUSED_DEAL})
    assert list(Deal.objects.values_list("match_id", "data")) == [(match.pk, {"points": [95, 25]})]
    assert not new.deals.exists()


def test_a_key_kept_before_its_request_was_remembered_still_gets_its_first_answer(
        client, referee_link):
    first = post(client, referee_link, {"points": [60, 60]}, "K")
    RefereeRequest.objects.update(asked="")  # a row from before the migration
    again = post(client, referee_link, {"points": [120, 0]}, "K")
    assert (again.status_code, again.content) == (201, first.content)
    assert Deal.objects.count() == 1


def test_who_deals_first_sent_again_with_another_seat_is_refused(client, referee_link, match):
    first = post(client, referee_link, {"seat": 1}, "D", path="first-dealer")
    same = post(client, referee_link, {"seat": 1}, "D", path="first-dealer")
    other = post(client, referee_link, {"seat": 2}, "D", path="first-dealer")
    assert (first.status_code, same.content) == (200, first.content)
    assert (other.status_code, other.json()) == (422, {"error": REUSED_SEAT})
    assert Match.objects.get(pk=match.pk).first_dealer == 1


def test_the_referee_page_refuses_its_screens_key_with_another_deal(client, referee_link):
    page = f"/r/{referee_link.token}/"
    version = referee_link.match.version
    screen = {"key": str(uuid.uuid4()), "match": referee_link.match_id}
    client.post(page + "deals/", {**screen, "version": version, "points": ["60", "60"]})
    response = client.post(page + "deals/", {**screen, "version": version + 1,
                                             "points": ["120", "0"]}, follow=True)
    assert REUSED_DEAL in response.content.decode()
    assert list(Deal.objects.values_list("data", flat=True)) == [{"points": [60, 60]}]
