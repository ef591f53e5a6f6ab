"""The rules form after the engine gained the games with other totals (the double pack, the
bonuses): it offers and stores the classic options as before, and how the cards are played
(a label); the games with other totals have no field yet and keep the preset's values."""

from scoring import engine, services
from scoring.forms.match import RULE_OPTIONS, RulesFormatForm
from scoring.models import Match
from tests.conftest import make_match

OFFERED = ("flag", "flag_value", "flag_wins_partida", "double_from", "tie", "revoke", "rotation",
           "play")


def test_the_form_offers_the_classic_options_and_the_way_of_playing(club):
    form = RulesFormatForm(club=club)
    assert RULE_OPTIONS == OFFERED
    assert [field.name for field in form.rule_fields()] == list(OFFERED)


def test_the_way_of_playing_is_stored_with_the_rules_and_standard_is_left_out(club):
    data = {"preset": "portugal", "format_type": "first_to"}
    form = RulesFormatForm({**data, "play": "open_hands"}, club=club)
    assert form.is_valid(), form.errors
    assert form.rules.as_dict()["play"] == "open_hands"
    plain = RulesFormatForm({**data, "play": ""}, club=club)
    assert plain.is_valid() and "play" not in plain.rules.as_dict()


def test_the_scoreboard_says_how_the_cards_were_played(client, club, pair_a, pair_b):
    match = services.match_create(club=club, a=pair_a, b=pair_b,
                                  rules=engine.rules_from(overrides={"play": "open_hands"}),
                                  fmt=engine.format_from(None), first_dealer=0)
    assert "Open hands (à descoberta)" in client.get(f"/m/{match.pk}/").content.decode()


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


def test_a_tournament_played_with_forced_trumping_says_so_and_its_matches_carry_it(client, club):
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments

    tournament = make_tournament(club, 4)
    tournament.rules = engine.rules_from(overrides={"play": "forced_trumping"}).as_dict()
    tournament.save(update_fields=["rules"])
    tournaments.tournament_start(tournament=tournament)
    page = client.get(f"/t/{tournament.slug}/").content.decode()
    assert "Sueca Italiana: forced trumping (obrigação)" in page
    assert Match.objects.filter(pairing__round__tournament=tournament).first().rules["play"] \
        == "forced_trumping"
