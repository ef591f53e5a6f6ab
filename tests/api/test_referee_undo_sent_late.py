"""An undo that names its match (`{"match": <id>}`) never takes back a deal of another match:
a retry after the table moved on gets its first answer, anything else is refused."""

import json
import uuid

from tests.conftest import make_club, make_match, make_partnership

EARLIER = "That undo was for an earlier match at this table: nothing was undone."
ANOTHER = "That undo was for another match: nothing was undone."


def post(client, link, path, body=None, key=None):
    return client.post(f"/api/v1/referee/{link.token}/{path}",
                       data=b"" if body is None else json.dumps(body),
                       content_type="application/json",
                       headers={"Idempotency-Key": key or str(uuid.uuid4())})


def played(client, link, match, deals: int = 2):
    for _ in range(deals):
        response = post(client, link, "deals", {"points": [70, 50], "match": match.pk})
        assert response.status_code == 201


def test_an_undo_naming_the_tables_match_takes_back_its_last_deal(client, table, match):
    played(client, table, match)
    response = post(client, table, "undo", {"match": match.pk})
    assert response.status_code == 200
    assert match.deals.filter(active=True).count() == 1


def test_an_undo_without_a_body_still_takes_back_the_last_deal(client, table, match):
    played(client, table, match)
    assert post(client, table, "undo").status_code == 200
    assert match.deals.filter(active=True).count() == 1


def test_a_retry_after_the_table_moved_on_gets_its_first_answer_and_undoes_nothing_more(
        client, table, match, move_on):
    played(client, table, match)
    first = post(client, table, "undo", {"match": match.pk}, key="u1")
    new = move_on()
    played(client, table, new)
    again = post(client, table, "undo", {"match": match.pk}, key="u1")
    assert (again.status_code, again.json()) == (200, first.json())
    assert match.deals.filter(active=True).count() == 1
    assert new.deals.filter(active=True).count() == 2


def test_an_undo_made_for_a_match_the_table_moved_on_from_is_refused(
        client, table, match, move_on):
    played(client, table, match)
    new = move_on()
    played(client, table, new)
    response = post(client, table, "undo", {"match": match.pk})
    assert response.status_code == 409 and response.json()["error"] == EARLIER
    assert match.deals.filter(active=True).count() == 2
    assert new.deals.filter(active=True).count() == 2


def test_a_retry_when_the_table_has_no_match_now_gets_its_first_answer(client, table, match):
    played(client, table, match)
    first = post(client, table, "undo", {"match": match.pk}, key="u1")
    table.match = None
    table.save()
    again = post(client, table, "undo", {"match": match.pk}, key="u1")
    assert (again.status_code, again.json()) == (200, first.json())


def test_another_clubs_undo_answer_is_never_handed_out(client, table, other_organiser):
    theirs_club = make_club("tasca", other_organiser)
    theirs = make_match(theirs_club, make_partnership(theirs_club, "Eva", "Filipe"),
                        make_partnership(theirs_club, "Gil", "Helena"))
    link = theirs.referee_links.get()
    played(client, link, theirs)
    assert post(client, link, "undo", {"match": theirs.pk}, key="u1").status_code == 200
    response = post(client, table, "undo", {"match": theirs.pk}, key="u1")
    assert response.status_code == 409 and response.json()["error"] == ANOTHER


def post_seen(client, link, etag: str, body=None):
    return client.post(f"/api/v1/referee/{link.token}/undo",
                       data=b"" if body is None else json.dumps(body),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4()), "If-Match": etag})


def test_an_undo_with_the_version_it_saw_takes_back_that_deal(client, table, match):
    played(client, table, match)
    match.refresh_from_db()
    assert post_seen(client, table, match.etag).status_code == 200
    assert match.deals.filter(active=True).count() == 1


def test_an_undo_whose_version_another_deal_changed_undoes_nothing(client, table, match):
    """The phone showed "Undo deal 2?"; another phone saved deal 3 meanwhile."""
    played(client, table, match)
    match.refresh_from_db()
    seen = match.etag
    played(client, table, match, deals=1)
    response = post_seen(client, table, seen)
    assert response.status_code == 409
    assert response.json()["error"].startswith("Another deal was recorded on this match "
                                               "meanwhile. Nothing was undone")
    assert match.deals.filter(active=True).count() == 3


def test_an_undo_with_a_malformed_if_match_is_refused(client, table, match):
    played(client, table, match)
    assert post_seen(client, table, "garbage").status_code == 400
    assert match.deals.filter(active=True).count() == 2


def test_an_undo_naming_the_tables_match_with_no_deal_says_there_is_none(
        client, table, match, move_on):
    """The table moved on to a match with no deal yet, so an undo without a body would take
    back the deal that ended the last one; one naming the new match has nothing to undo."""
    played(client, table, match)
    new = move_on()
    response = post(client, table, "undo", {"match": new.pk})
    assert (response.status_code, response.json()) == (400, {
        "error": "There is no deal to undo."})
    assert match.deals.filter(active=True).count() == 2
