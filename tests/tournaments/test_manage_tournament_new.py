"""/manage/<club>/tournaments/: a tournament with its rules, format, structure and ranking."""

import pytest

from tournaments import formats
from tournaments.models import Tournament


def url(club):
    return f"/manage/{club.slug}/tournaments/"


def chain(*codes) -> dict:
    """The tie-break selects: the codes in order, the rest left blank."""
    padded = list(codes) + [""] * (len(formats.CRITERIA) - len(codes))
    return {f"tie_break_{position}": code for position, code in enumerate(padded, start=1)}


@pytest.fixture
def data():
    return {"name": "Taça da Primavera", "place": "Café Central", "starts_on": "2026-05-02",
            "ends_on": "2026-05-02", "tables_count": "6", "preset": "portugal",
            "format_type": "first_to", "deals": "8", "structure": "knockout",
            "draw": "random", "groups_count": "2", "qualifiers_per_group": "2",
            "pairing": "swiss", "rounds_count": "4", "points_win": "3", "points_loss": "1",
            "points_draw": "2", "points_no_show": "0", "auto_advance": "on",
            **chain(*formats.default_chain("first_to"))}


def create(client, club, data, **changes):
    return client.post(url(club), {**data, **changes})


def test_the_form_starts_at_the_clubs_preset_and_the_default_tie_break_chain(organiser_client,
                                                                             club):
    club.default_preset = "brasil"
    club.save()
    form = organiser_client.get(url(club)).context["form"]
    assert form["preset"].value() == "brasil"
    default = formats.default_chain("first_to")
    assert [f.value() for f in form.chain_fields()][:len(default)] == list(default)
    assert form["auto_advance"].value() is True


def test_it_creates_a_knockout_and_opens_its_page(organiser_client, club, organiser, data):
    response = create(organiser_client, club, data, third_place="on", draw="redraw")
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response.url == f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"
    assert (tournament.club, tournament.name, tournament.place, str(tournament.starts_on),
            tournament.tables_count, tournament.created_by) == (
        club, "Taça da Primavera", "Café Central", "2026-05-02", 6, organiser)
    assert (tournament.structure, tournament.draw, tournament.third_place) == (
        "knockout", "redraw", True)
    assert tournament.status == Tournament.Status.DRAFT
    assert tournament.format == {"type": "first_to", "target": 4}
    assert tournament.rules["rotation"] == "counterclockwise"
    assert tournament.walkover_games == 4  # a full win of a first to 4
    assert tournament.auto_advance is True


def test_it_stores_the_changed_rules_and_a_fixed_deal_format(organiser_client, club, data):
    create(organiser_client, club, data, preset="carry_ties", revoke="match",
           format_type="fixed_deals", deals="12")
    tournament = Tournament.objects.get()
    assert (tournament.rules["tie"], tournament.rules["revoke"]) == ("carry", "match")
    assert tournament.format == {"type": "fixed_deals", "deals": 12, "extra_deals": False}


def test_it_refuses_a_number_of_deals_other_than_8_or_12(organiser_client, club, data):
    response = create(organiser_client, club, data, format_type="fixed_deals", deals="10")
    assert response.context["form"].errors["deals"]
    assert not Tournament.objects.exists()


def test_it_creates_groups_then_knockout_with_their_points(organiser_client, club, data):
    create(organiser_client, club, data, structure="groups", groups_count="4",
           qualifiers_per_group="2", points_win="2", points_loss="0", points_no_show="0")
    tournament = Tournament.objects.get()
    assert (tournament.structure, tournament.groups_count, tournament.qualifiers_per_group) == (
        "groups", 4, 2)
    assert (tournament.points_win, tournament.points_loss, tournament.points_no_show) == (2, 0, 0)


def test_it_creates_a_swiss_of_fixed_deals_with_its_chain_walkover_and_manual_draws(
        organiser_client, club, data):
    data.pop("auto_advance")
    create(organiser_client, club, data, structure="rounds", pairing="swiss", rounds_count="5",
           format_type="fixed_deals", deals="8", walkover_games="5",
           **chain("points", "buchholz", "card_point_difference", "lots"))
    tournament = Tournament.objects.get()
    assert (tournament.structure, tournament.pairing, tournament.rounds_count) == (
        "rounds", "swiss", 5)
    assert tournament.tie_breaks == ["points", "buchholz", "card_point_difference", "lots"]
    assert tournament.walkover_games == 5
    assert tournament.auto_advance is False


def test_blank_selects_in_the_chain_are_skipped(organiser_client, club, data):
    create(organiser_client, club, data, structure="rounds", pairing="round_robin",
           **{**chain("points"), "tie_break_4": "head_to_head", "tie_break_9": "lots"})
    assert Tournament.objects.get().tie_breaks == ["points", "head_to_head", "lots"]


@pytest.mark.parametrize(("codes", "field", "message"), [
    (("points", "lots", "head_to_head"), "tie_break_3",
     "Drawing lots decides every tie, so it can only come last."),
    (("points", "head_to_head", "points"), "tie_break_3",
     "Points is already earlier in the chain."),
    ((), "tie_break_1", "Choose at least one way to rank."),
    (("points", "fastest_players"), "tie_break_2", "Select a valid choice."),
])
def test_it_refuses_a_bad_tie_break_chain_at_the_select_that_is_wrong(
        organiser_client, club, data, codes, field, message):
    response = create(organiser_client, club, data, **chain(*codes))
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert message.replace("'", "&#x27;") in response.content.decode()
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"ends_on": "2026-05-01"}, "ends_on", "The tournament cannot end before it starts."),
    ({"structure": "groups", "groups_count": "1", "qualifiers_per_group": "1"},
     "qualifiers_per_group", "At least two partnerships must go through to the knockout."),
    ({"tables_count": "0"}, "tables_count", "greater than or equal to 1"),
    ({"name": ""}, "name", "This field is required."),
    ({"structure": ""}, "structure", "This field is required."),
])
def test_it_explains_what_is_wrong_with_the_event(organiser_client, club, data, changes, field,
                                                  message):
    response = create(organiser_client, club, data, **changes)
    assert message in " ".join(response.context["form"].errors[field])
    assert not Tournament.objects.exists()


def test_it_shows_the_engines_message_for_impossible_rules(organiser_client, club, data):
    response = create(organiser_client, club, data, double_from="130")
    assert "Two games are won from a number of card points from 61 to 120" in (
        response.content.decode())
    assert not Tournament.objects.exists()


def test_two_tournaments_of_the_same_name_get_different_addresses(organiser_client, club, data):
    create(organiser_client, club, data)
    create(organiser_client, club, data)
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == [
        "taca-da-primavera", "taca-da-primavera-2"]


def test_the_club_page_lists_its_tournaments_and_offers_a_new_one(organiser_client, club, data):
    create(organiser_client, club, data)
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert "Taça da Primavera" in page
    assert f"/manage/{club.slug}/tournaments/taca-da-primavera/" in page
    assert url(club) in page


@pytest.mark.parametrize(("changes", "setting", "words"), [
    ({"groups_count": "2", "qualifiers_per_group": "1", "best_of_next": "2"}, "best_of_next",
     "At most 1 of the next-placed partnerships can also go through, not 2."),
    ({"groups_count": "1", "qualifiers_per_group": "2", "best_of_next": "1"}, "best_of_next",
     "At most 0 of the next-placed partnerships can also go through, not 1."),
])
def test_a_group_stage_that_cannot_be_played_is_marked_at_its_setting(organiser_client, club,
                                                                     data, changes, setting,
                                                                     words):
    response = create(organiser_client, club, data, structure="groups", **changes)
    form = response.context["form"]
    assert words in " ".join(form.errors[setting]) and not form.non_field_errors()
    assert not Tournament.objects.exists()
