"""The referee's phone page (/r/<token>/): confirm, save and undo with junk and forged fields.

Never a 500, never a deal saved, and the page says what was wrong where the referee sees it.
"""

import uuid
from urllib.parse import quote

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.fuzz.checks import NothingWritten, assert_page_refusal, post_form
from tests.fuzz.strategies import (
    FUZZ,
    bad_choice,
    bad_int,
    bad_pair,
    broken,
    junk_text,
    not_a_uuid,
)
from tests.tournaments.helpers import record

DEAL_FIELDS = ("points", "flag", "revoke", "tricks", "trump", "tie")
DEAL_BREAKERS = {
    "points": bad_pair(120),
    "flag": bad_choice(["", "A", "B"]),
    "revoke": bad_choice(["", "A", "B"]),
    "tricks": bad_pair(10),
    "trump": bad_choice(["", "S", "H", "D", "C"]),
}
# Well-formed fields that the rules refuse: points that do not add up, 1 or 119, tricks that
# do not fit the points, a flag without 120.
impossible_deals = st.sampled_from([
    {"points": ["70", "70"]}, {"points": ["119", ""]}, {"points": ["", "1"]},
    {"points": ["100", ""], "tricks": ["1", ""]}, {"points": ["70", ""], "flag": "A"}, {},
    {"tricks": ["5", ""]}, {"points": ["120", "120"]},
])
deal_junk = st.one_of(broken({"points": ["70", ""]}, DEAL_BREAKERS, DEAL_FIELDS), impossible_deals)


@pytest.fixture
def played(referee_link):
    """A match with one deal, so there is something to undo."""
    record(referee_link.match, {"points": [70, 50]})
    referee_link.match.refresh_from_db()
    return referee_link


@given(data=deal_junk)
@FUZZ
def test_a_bad_deal_on_the_confirm_step_shows_why_and_saves_nothing(client, referee_link, data):
    with NothingWritten():
        response = post_form(client, f"/r/{referee_link.token}/confirm/", data)
    assert_page_refusal(response)
    assert response.status_code == 400


stale_keys = junk_text.filter(not_a_uuid)


@st.composite
def forged_saves(draw, version: int):
    """A save whose key is not a UUID, or whose version is junk or not the match's."""
    fields = draw(st.one_of(st.just({"points": ["70", "50"]}), deal_junk))
    key = str(uuid.uuid4())
    seen = str(version)
    forged = draw(st.sampled_from(["key", "version", "both"]))
    if forged in ("key", "both"):
        key = draw(stale_keys | st.just(str(uuid.uuid4()) + "x"))
    if forged in ("version", "both"):
        seen = draw(bad_int(0) | st.integers(min_value=0).filter(lambda v: v != version).map(str))
    return {**fields, "key": key, "version": seen}


@given(data=st.data())
@FUZZ
def test_a_save_with_a_forged_key_or_version_saves_nothing_and_says_why(client, played, data):
    fields = data.draw(forged_saves(played.match.version))
    with NothingWritten():
        response = post_form(client, f"/r/{played.token}/deals/", fields)
    assert_page_refusal(response)


@given(sent_for=st.one_of(bad_int(1, required=False),
                         st.sampled_from([str(2**63), str(10**30)]),
                         st.integers(1, 10**9).map(str)))
@FUZZ
def test_a_save_made_for_another_match_saves_nothing(client, played, sent_for):
    """The hidden `match` of a screen left open (or forged): never the table's new match."""
    assume(sent_for.strip() != str(played.match_id))
    fields = {"points": ["70", ""], "key": str(uuid.uuid4()), "version": str(played.match.version),
              "match": sent_for}
    with NothingWritten():
        response = post_form(client, f"/r/{played.token}/deals/", fields)
    assert_page_refusal(response)


@given(key=stale_keys)
@FUZZ
def test_an_undo_with_a_forged_key_undoes_nothing_and_says_why(client, played, key):
    with NothingWritten():
        response = post_form(client, f"/r/{played.token}/undo/", {"key": key})
    assert_page_refusal(response)


@given(token=junk_text.filter(lambda t: t.strip() and "/" not in t),
       action=st.sampled_from(["confirm/", "deals/", "undo/"]))
@FUZZ
def test_a_token_that_is_no_link_is_a_404(client, referee_link, token, action):
    with NothingWritten():
        response = post_form(client, f"/r/{quote(token, safe='')}/{action}",
                             {"points": ["70", ""], "key": str(uuid.uuid4()), "version": "1"})
    assert response.status_code == 404


def test_a_token_with_a_nul_is_a_404_not_a_database_error(client, referee_link):
    """PostgreSQL refuses to even look up text with a NUL in it: that was a 500."""
    assert client.get(f"/r/{referee_link.token}%00/").status_code == 404


def test_an_error_the_page_has_no_place_for_is_shown_above_the_form(client, referee_link):
    """A flag or a trump that is no choice (a forged button) used to give a bare 400 page."""
    response = post_form(client, f"/r/{referee_link.token}/confirm/",
                         {"points": ["70", ""], "flag": "C", "trump": "X"})
    assert response.status_code == 400
    errors = response.context["form"].non_field_errors()
    assert any(e.startswith("Flag (all ten tricks): Select a valid choice.") for e in errors)
    assert any(e.startswith("Trump: Select a valid choice.") for e in errors)
    assert "Select a valid choice. C is not one of the available choices." in (
        response.content.decode())


def test_a_save_with_a_damaged_key_says_the_page_was_out_of_date(client, played):
    response = post_form(client, f"/r/{played.token}/deals/",
                         {"points": ["70", ""], "key": "not-a-uuid", "version": "1"})
    assert response.status_code == 400
    assert "This page was out of date, so nothing was saved." in response.content.decode()


def test_an_undo_with_a_damaged_key_says_the_page_was_out_of_date(client, played):
    """It used to show the undo question again, with the same damaged key in it."""
    with NothingWritten():
        response = post_form(client, f"/r/{played.token}/undo/", {"key": "not-a-uuid"},
                             follow=True)
    assert "This page was out of date, so nothing was saved." in response.content.decode()
    assert played.match.deals.filter(active=True).count() == 1


def test_a_save_for_a_match_id_no_database_holds_is_refused_not_a_crash(client, played):
    """2**63 in the hidden `match` field reached a lookup SQLite cannot make: a 500."""
    with NothingWritten():
        response = post_form(client, f"/r/{played.token}/deals/", {
            "points": ["70", ""], "key": str(uuid.uuid4()), "version": str(played.match.version),
            "match": str(2**63)})
    assert response.status_code == 400
    assert "This page was out of date, so nothing was saved." in response.content.decode()


def test_a_superscript_digit_in_after_is_ignored_not_a_crash(client, referee_link):
    response = client.get(f"/r/{referee_link.token}/", {"after": "²"})
    assert response.status_code == 200
