"""/manage/<club>/matches/new/: a friendly match with a preset, changed rules and a format."""

import pytest

from scoring.models import Match
from tests.conftest import make_partnership


def url(club):
    return f"/manage/{club.slug}/matches/new/"


@pytest.fixture
def data(pair_a, pair_b):
    return {"a": pair_a.pk, "b": pair_b.pk, "first_dealer": pair_a.player_1.pk,
            "preset": "portugal", "format_type": "first_to"}


def create(client, club, data, **changes):
    return client.post(url(club), {**data, **changes})


def test_it_sends_anonymous_visitors_to_log_in(client, club):
    response = client.get(url(club))
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, club, data):
    client.force_login(other_organiser)
    assert client.get(url(club)).status_code == 404
    assert create(client, club, data).status_code == 404
    assert not Match.objects.exists()


def test_the_rules_start_at_the_clubs_default_preset(organiser_client, club):
    club.default_preset = "brasil"
    club.save()
    response = organiser_client.get(url(club))
    assert response.context["form"]["preset"].value() == "brasil"


def test_it_creates_a_match_and_shows_its_management_page(organiser_client, club, organiser,
                                                          data, pair_a, pair_b):
    response = create(organiser_client, club, data)
    match = Match.objects.get()
    assert response.status_code == 302
    assert response.url == f"/manage/matches/{match.pk}/"
    assert (match.club, match.a, match.b, match.created_by) == (club, pair_a, pair_b, organiser)
    assert match.rules["rotation"] == "counterclockwise"
    assert match.format == {"type": "first_to", "target": 4}
    assert match.referee_links.count() == 1


def test_it_stores_the_preset_with_every_changed_rule(organiser_client, club, data):
    create(organiser_client, club, data, preset="carry_ties", flag="points", flag_value="3",
           flag_wins_partida="yes", double_from="90", revoke="partida", rotation="clockwise")
    assert Match.objects.get().rules == {
        "flag": "points", "flag_value": 3, "flag_wins_partida": True, "double_from": 90,
        "tie": "carry", "revoke": "partida", "rotation": "clockwise"}


def test_a_blank_rule_keeps_the_presets_value(organiser_client, club, data):
    create(organiser_client, club, data, preset="strict_revoke", revoke="", tie="")
    rules = Match.objects.get().rules
    assert (rules["revoke"], rules["tie"]) == ("match", "none")


def test_a_numbered_revoke_is_stored_as_games(organiser_client, club, data):
    create(organiser_client, club, data, revoke="4")
    assert Match.objects.get().rules["revoke"] == 4


@pytest.mark.parametrize(("changes", "stored"), [
    ({"format_type": "partidas", "to_win": "3"}, {"type": "partidas", "to_win": 3, "target": 4}),
    ({"format_type": "fixed_deals", "deals": "12", "extra_deals": "on"},
     {"type": "fixed_deals", "deals": 12, "extra_deals": True}),
    ({"format_type": "points", "target": ""}, {"type": "points", "target": 500}),
    ({"format_type": "first_to", "target": "6", "deals": "12"}, {"type": "first_to", "target": 6}),
])
def test_it_stores_the_format_with_its_own_options_only(organiser_client, club, data, changes,
                                                        stored):
    create(organiser_client, club, data, **changes)
    assert Match.objects.get().format == stored


@pytest.mark.parametrize(("player", "seat"), [("a1", 0), ("b1", 1), ("a2", 2), ("b2", 3)])
def test_the_first_dealer_is_seated_by_partnership(organiser_client, club, data, pair_a, pair_b,
                                                   player, seat):
    pair = pair_a if player[0] == "a" else pair_b
    dealer = pair.player_1 if player[1] == "1" else pair.player_2
    create(organiser_client, club, data, first_dealer=dealer.pk)
    match = Match.objects.get()
    assert match.first_dealer == seat
    assert match.state["next_dealer"] == seat


def test_it_rejects_another_clubs_partnership(organiser_client, club, other_club, data):
    theirs = make_partnership(other_club, "Rui", "Sara")
    response = create(organiser_client, club, data, b=theirs.pk)
    assert response.context["form"].errors["b"]
    assert not Match.objects.exists()


def test_it_rejects_an_archived_partnership(organiser_client, club, data, pair_b):
    pair_b.archived = True
    pair_b.save()
    response = create(organiser_client, club, data)
    assert response.context["form"].errors["b"]


def test_it_rejects_the_same_partnership_on_both_sides(organiser_client, club, data, pair_a):
    response = create(organiser_client, club, data, b=pair_a.pk)
    assert "Pick two different partnerships." in response.content.decode()
    assert not Match.objects.exists()


def test_it_rejects_a_first_dealer_who_does_not_play(organiser_client, club, data):
    outsider = make_partnership(club, "Eva", "Filipe").player_1
    response = create(organiser_client, club, data, first_dealer=outsider.pk)
    assert "The first dealer must be one of the four players." in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize(("changes", "message"), [
    ({"double_from": "130"}, "Two games are won from a number of card points from 61 to 120"),
    ({"flag_value": "0"}, "A flag is worth a whole number of games, at least 1"),
    ({"format_type": "partidas", "to_win": "0"}, "The game sets to win must be a whole number"),
])
def test_it_shows_the_engines_message_for_impossible_rules(organiser_client, club, data,
                                                           changes, message):
    response = create(organiser_client, club, data, **changes)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Match.objects.exists()
