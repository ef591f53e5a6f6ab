"""A friendly match's organiser forms with junk: starting one (who plays, rules, format),
correcting and voiding a deal. The page shows its errors, and nothing is written."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import make_match, make_partnership
from tests.fuzz.checks import NothingWritten, assert_page_refusal, post_form
from tests.fuzz.strategies import (
    FUZZ,
    MISSING,
    bad_choice,
    bad_int,
    bad_text,
    broken,
    foreign_ids,
    required,
)
from tests.fuzz.test_referee_forms import DEAL_BREAKERS, DEAL_FIELDS, impossible_deals
from tests.tournaments.helpers import record

PRESETS = ["portugal", "vila_flor", "brasil", "carry_ties", "points_flag", "strict_revoke"]
FORMATS = ["first_to", "partidas", "fixed_deals", "points"]
# Each format's own options, and the bounds the form keeps them in.
FORMAT_OPTIONS = {"first_to": {"target": (1, 1000)},
                  "partidas": {"target": (1, 1000), "to_win": (1, 9)},
                  "fixed_deals": {"deals": (1, 99)}, "points": {"target": (1, 1000)}}
RULE_BREAKERS = {
    "preset": required(bad_choice(PRESETS)),
    "flag": bad_choice(["", "tricks", "points"]),
    "flag_value": bad_int(1, 99, required=False),
    "flag_wins_partida": bad_choice(["", "yes", "no"]),
    "double_from": bad_int(61, 120, required=False),
    "tie": bad_choice(["", "none", "carry"]),
    "revoke": bad_choice(["", "2", "4", "partida", "match"]),
    "rotation": bad_choice(["", "counterclockwise", "clockwise"]),
    "format_type": required(bad_choice(FORMATS)),
    # A number no format takes (junk, or past the bounds of every format).
    "target": bad_int(maximum=1000, required=False).filter(lambda v: v.strip() != ""),
    "to_win": bad_int(maximum=9, required=False).filter(lambda v: v.strip() != ""),
    "deals": bad_int(maximum=99, required=False).filter(lambda v: v.strip() != ""),
}


@st.composite
def bad_format_options(draw):
    """A format with one of its own options out of bounds (0, -1, huge) or junk."""
    kind = draw(st.sampled_from(FORMATS))
    option = draw(st.sampled_from(sorted(FORMAT_OPTIONS[kind])))
    low, high = FORMAT_OPTIONS[kind][option]
    return {"format_type": kind, option: draw(bad_int(low, high, required=False))}


@pytest.fixture
def players(club, pair_a, pair_b, other_club):
    """Who is where: the two partnerships, a fifth player of the club, another club's pair,
    and a partnership that shares a player with pair_a."""
    return {"outsider": make_partnership(club, "Eva Santos", "Filipe Reis").player_1,
            "theirs": make_partnership(other_club, "Rui Alves", "Sara Lopes"),
            "sharing": make_partnership(club, "Ana Silva", "Gil Rocha")}


@given(data=st.data())
@FUZZ
def test_a_bad_new_match_is_refused_with_its_errors(organiser_client, club, pair_a, pair_b,
                                                    players, data):
    theirs = players["theirs"]
    valid = {"a": str(pair_a.pk), "b": str(pair_b.pk), "first_dealer": str(pair_a.player_1_id),
             "preset": "portugal", "format_type": "first_to"}
    partnerships = required(foreign_ids(theirs.pk))
    fields = data.draw(st.one_of(
        broken(valid, {"a": partnerships, "b": partnerships,
                       "first_dealer": required(foreign_ids(players["outsider"].pk,
                                                            theirs.player_1_id)),
                       **RULE_BREAKERS}),
        bad_format_options().map(lambda options: {**valid, **options}),
        st.just({**valid, "b": str(pair_a.pk)}),  # the same partnership twice
        st.just({**valid, "b": str(players["sharing"].pk)}),  # Ana on both sides
        st.just({**valid, "first_dealer": str(players["outsider"].pk)}),
        st.just({}),
    ))
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/matches/new/", fields)
    assert_page_refusal(response)


def test_a_huge_flag_value_is_refused_before_the_match_exists(organiser_client, club, pair_a,
                                                              pair_b):
    """10**30 games for a flag used to make the match, whose first flag then crashed (500)."""
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/matches/new/", {
            "a": pair_a.pk, "b": pair_b.pk, "first_dealer": pair_a.player_1_id,
            "preset": "portugal", "format_type": "first_to", "flag_value": str(10**30),
            "target": str(10**30)})
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["flag_value"] and form.errors["target"]


def test_a_player_cannot_play_on_both_sides(organiser_client, club, pair_a, pair_b, players):
    """Ana Silva & Bruno Costa against Ana Silva & Gil Rocha used to make the match."""
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/matches/new/", {
            "a": pair_a.pk, "b": players["sharing"].pk, "first_dealer": pair_a.player_1_id,
            "preset": "portugal", "format_type": "first_to"})
    assert response.context["form"].errors["b"] == ["A player cannot play on both sides."]


@pytest.fixture
def deals(match):
    record(match, {"points": [70, 50]})
    record(match, {"points": [30, 90]})
    return list(match.deals.order_by("number"))


def deal_url(deal, action: str) -> str:
    return f"/manage/matches/{deal.match_id}/deals/{deal.pk}/{action}/"


REASON = {"reason": "typo"}
CORRECTION_BREAKERS = {**{name: breaker for name, breaker in DEAL_BREAKERS.items()
                          if name != "trump"},  # a correction keeps the recorded trump
                       "reason": required(bad_text(500))}


@given(fields=st.one_of(
    broken({"points": ["95", ""], **REASON}, CORRECTION_BREAKERS, DEAL_FIELDS),
    impossible_deals.map(lambda deal: {**deal, **REASON}),
    # possible alone, but it wins the match (a flag: 4 games), so deal 2 would come after the end
    st.just({"points": ["120", ""], "flag": "A", **REASON}),
))
@FUZZ
def test_a_bad_correction_is_refused_with_its_errors(organiser_client, deals, fields):
    with NothingWritten():
        response = post_form(organiser_client, deal_url(deals[0], "correct"), fields)
    assert_page_refusal(response)


@given(reason=st.one_of(bad_text(500), st.just(MISSING)))
@FUZZ
def test_a_void_without_a_proper_reason_is_refused(organiser_client, deals, reason):
    fields = {} if reason is MISSING else {"reason": reason}
    with NothingWritten():
        response = post_form(organiser_client, deal_url(deals[0], "void"), fields)
    assert_page_refusal(response)


@pytest.fixture
def their_deal(other_club):
    match = make_match(other_club, make_partnership(other_club, "Rui Alves", "Sara Lopes"),
                       make_partnership(other_club, "Tiago Melo", "Ursula Neves"))
    record(match, {"points": [70, 50]})
    return match.deals.get()


@given(data=st.data())
@FUZZ
def test_deals_and_matches_that_are_not_theirs_are_404s(organiser_client, deals, their_deal,
                                                        data):
    mine = deals[0]
    nowhere = st.sampled_from([10**6, 2**63 - 1, 10**30])
    match_id, deal_id = data.draw(st.one_of(
        st.just((mine.match_id, their_deal.pk)),            # their deal under my match
        st.just((their_deal.match_id, their_deal.pk)),      # their match
        st.tuples(st.just(mine.match_id), nowhere),
        st.tuples(nowhere, st.just(mine.pk)),
    ))
    action = data.draw(st.sampled_from(["correct", "void"]))
    with NothingWritten():
        response = post_form(organiser_client,
                             f"/manage/matches/{match_id}/deals/{deal_id}/{action}/",
                             {"points": ["95", ""], "reason": "mine now"})
    assert response.status_code == 404
