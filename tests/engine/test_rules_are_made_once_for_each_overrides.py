"""engine.rules_from makes the rules of a preset and overrides once and gives the same rules
again (a referee's deal reads its match's rules three times), without taking one value for
another that compares equal to it, and refuses what it refused before."""

import pytest

from scoring import engine


def test_the_same_preset_and_overrides_give_the_same_rules():
    first = engine.rules_from(overrides={"flag_value": 2, "tie": "carry"})
    assert engine.rules_from(overrides={"flag_value": 2, "tie": "carry"}) is first
    assert first.flag_value == 2 and first.tie == "carry"
    assert engine.rules_from(overrides={"flag_value": 3}).flag_value == 3


def test_true_is_not_taken_for_one_after_one_was_made():
    assert engine.rules_from(overrides={"flag_value": 1}).flag_value == 1
    with pytest.raises(engine.RulesError):
        engine.rules_from(overrides={"flag_value": True})
    assert engine.rules_from(overrides={"flag_wins_partida": True}).flag_wins_partida is True


@pytest.mark.parametrize("overrides", [{"flag_value": [4]}, {"no_such_rule": 1}, ["tie"]])
def test_what_was_refused_is_refused_again(overrides):
    for _ in range(2):
        with pytest.raises(engine.RulesError):
            engine.rules_from(overrides=overrides)
