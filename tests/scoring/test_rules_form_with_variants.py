"""The rules form after the engine gained the games with other totals (the double pack, the
bonuses): it offers and stores the classic options as before; the new ones have no field yet
and keep the preset's values."""

from scoring import engine
from scoring.forms.match import RULE_OPTIONS, RulesFormatForm
from scoring.models import Match
from tests.conftest import make_match

CLASSIC = ("flag", "flag_value", "flag_wins_partida", "double_from", "tie", "revoke", "rotation")


def test_the_form_offers_the_classic_options_only(club):
    form = RulesFormatForm(club=club)
    assert RULE_OPTIONS == CLASSIC
    assert [field.name for field in form.rule_fields()] == list(CLASSIC)


def test_a_blank_double_from_keeps_the_presets(club):
    form = RulesFormatForm({"preset": "vila_flor", "format_type": "first_to", "double_from": ""},
                           club=club)
    assert form.is_valid(), form.errors
    assert form.rules == engine.rules_from() and form.rules.double_from == 91


def test_a_classic_match_stores_its_rules_as_before(club, pair_a, pair_b):
    make_match(club, pair_a, pair_b, preset="brasil")
    assert Match.objects.get().rules == {
        "flag": "tricks", "flag_value": 4, "flag_wins_partida": False, "double_from": 91,
        "tie": "none", "revoke": 2, "rotation": "clockwise"}


def test_a_bonus_game_stores_its_bonus_with_its_rules(club, pair_a, pair_b):
    make_match(club, pair_a, pair_b, preset="brasil_last_trick")
    rules = Match.objects.get().rules
    assert rules["last_trick_bonus"] == 10
    assert engine.rules_from(overrides=rules) == engine.rules_from("brasil_last_trick")
