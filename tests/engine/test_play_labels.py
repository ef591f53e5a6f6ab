"""How the cards were played (RULES.md: Sueca Italiana's obrigação, the open-hand teaching
game) is a label the rules carry: recorded and read back, strictly checked, and no score
depends on it."""

import json

import pytest
from hypothesis import given

from scoring.engine import RulesError, rules_from
from tests.engine.helpers import states_of
from tests.engine.test_properties import CHECKS, deal_lists, formats, seats


@pytest.mark.parametrize("play", ["forced_trumping", "open_hands"])
def test_a_way_of_playing_is_kept_with_the_rules(play):
    rules = rules_from("portugal", {"play": play})
    assert rules.play == play and rules.as_dict()["play"] == play
    assert rules_from(overrides=rules.as_dict()) == rules


def test_the_standard_way_is_left_out_of_the_stored_rules():
    assert "play" not in rules_from().as_dict()
    assert rules_from(overrides={"play": "standard"}) == rules_from()


@pytest.mark.parametrize("value", ["obrigacao", "", None, 1])
def test_an_unknown_way_of_playing_is_refused(value):
    with pytest.raises(RulesError) as caught:
        rules_from(overrides={"play": value})
    assert caught.value.params == {"value": json.dumps(value)}


@CHECKS
@given(formats, seats, deal_lists)
def test_no_score_depends_on_how_the_cards_were_played(fmt, first, played):
    standard = states_of(rules_from(), fmt, first, played)
    for play in ("forced_trumping", "open_hands"):
        assert states_of(rules_from(overrides={"play": play}), fmt, first, played) == standard
