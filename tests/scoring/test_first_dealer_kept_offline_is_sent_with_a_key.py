"""Who deals first, chosen on a phone that was offline, waits in the phone's queue with the
deals and is sent first, through the API with an Idempotency-Key as the deals are: a retry
gets the first answer back even after the deals that followed it were recorded, and a choice
that arrives after the first deal is refused with why (the deals pass on from the dealer the
server has), never made."""

import uuid

from scoring.models import Match, RefereeRequest
from tests.tournaments.helpers import in_play, play
from tests.tournaments.public_helpers import swiss


def url(link) -> str:
    return f"/api/v1/referee/{link.token}/first-dealer"


def choose(client, link, seat, key, **body):
    return client.post(url(link), {"seat": seat, **body}, content_type="application/json",
                       headers={"Idempotency-Key": key})


def post(client, link, key, deal):
    return client.post(f"/api/v1/referee/{link.token}/deals", {**deal, "match": link.match_id},
                       content_type="application/json", headers={"Idempotency-Key": key})


def test_the_choice_then_the_deals_kept_after_it_are_dealt_from_the_chosen_player(
        client, referee_link):
    key = str(uuid.uuid4())
    answer = choose(client, referee_link, 1, key, match=referee_link.match_id)
    assert answer.status_code == 200
    assert (answer.json()["first_dealer"], answer.json()["next_dealer"]) == (1, 1)
    assert RefereeRequest.objects.get(key=key).action == "dealer"
    deal = post(client, referee_link, str(uuid.uuid4()), {"points": [70, 50]})
    assert deal.status_code == 201
    assert deal.json()["deals"][0]["dealer"] == 1 and deal.json()["next_dealer"] == 0

    again = choose(client, referee_link, 1, key, match=referee_link.match_id)  # its answer lost
    assert (again.status_code, again.content) == (200, answer.content)
    assert Match.objects.get(pk=referee_link.match_id).state["deals"] == deal.json()["deals"]


def test_a_choice_that_arrives_after_the_first_deal_replays_it_from_that_dealer(
        client, referee_link):
    post(client, referee_link, str(uuid.uuid4()), {"points": [70, 50]})  # another phone's
    answer = choose(client, referee_link, 2, str(uuid.uuid4()), match=referee_link.match_id)
    assert answer.status_code == 200
    match = Match.objects.get(pk=referee_link.match_id)
    assert match.first_dealer == 2 and match.state["next_dealer"] == 1
    assert [deal["dealer"] for deal in match.state["deals"]] == [2]
    assert match.state["games"] == [1, 0]  # the deal keeps its score


def test_a_choice_that_arrives_once_the_match_is_over_is_refused_and_changes_nothing(
        client, referee_link):
    post(client, referee_link, str(uuid.uuid4()), {"points": [120, 0], "flag": "A"})
    refused = choose(client, referee_link, 2, str(uuid.uuid4()), match=referee_link.match_id)
    assert refused.status_code == 409
    assert refused.json()["error"] == "This match is over: who deals can no longer be changed."
    match = Match.objects.get(pk=referee_link.match_id)
    assert match.first_dealer == 0
    assert not RefereeRequest.objects.filter(action="dealer").exists()


def test_the_same_seat_again_with_a_new_key_is_harmless_even_after_the_first_deal(
        client, referee_link):
    choose(client, referee_link, 2, str(uuid.uuid4()))
    post(client, referee_link, str(uuid.uuid4()), {"points": [70, 50]})
    assert choose(client, referee_link, 2, str(uuid.uuid4())).status_code == 200


def test_a_key_is_for_one_kind_of_write(client, referee_link):
    key = str(uuid.uuid4())
    post(client, referee_link, key, {"points": [70, 50]})
    refused = choose(client, referee_link, 0, key)
    assert refused.status_code == 400 and "already sent with a deal" in refused.json()["error"]


def test_a_deal_key_used_for_who_deals_first_is_refused_on_a_deal(client, referee_link):
    key = str(uuid.uuid4())
    assert choose(client, referee_link, 1, key).status_code == 200
    refused = post(client, referee_link, key, {"points": [70, 50]})
    assert refused.status_code == 400
    assert "already sent with who deals first" in refused.json()["error"]


def test_a_choice_for_a_match_the_table_has_moved_on_from_is_never_made_on_the_next(
        client, club):
    tournament = swiss(club, size=4, fmt={"type": "fixed_deals", "deals": 2}, rounds=2)
    pairing = in_play(tournament)[0]
    first = pairing.match
    link = first.referee_links.get()  # the table's card
    done = str(uuid.uuid4())
    assert choose(client, link, 1, done, match=first.pk).status_code == 200
    for playing in in_play(tournament):  # the round ends: the next one is on the tables
        play(playing)
    link.refresh_from_db()
    assert link.match_id not in (None, first.pk)  # the table moved on (round 2)

    late = choose(client, link, 3, str(uuid.uuid4()), match=first.pk)
    assert late.status_code == 409 and "earlier match" in late.json()["error"]
    retry = choose(client, link, 1, done, match=first.pk)
    assert retry.status_code == 200 and retry.json()["id"] == first.pk
    assert Match.objects.get(pk=link.match_id).first_dealer == 0
