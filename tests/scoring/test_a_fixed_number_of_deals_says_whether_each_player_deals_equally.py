"""A friendly match of a fixed number of deals may have any number (a house's choice), but the
form says a multiple of the players at the table lets each deal equally (RULES.md), and a
match created with another number says so."""

import pytest

from tests.conftest import make_four


def create(client, club, a, b, **format_):
    return client.post(f"/manage/{club.slug}/matches/new/", {
        "a": a.pk, "b": b.pk, "first_dealer": a.player_1.pk, "preset": "portugal", **format_,
    }, follow=True)


def warnings(response) -> list[str]:
    return [str(m) for m in response.context["messages"] if m.level_tag == "warning"]


def test_the_form_says_which_numbers_let_every_player_deal_equally(organiser_client, club):
    page = organiser_client.get(f"/manage/{club.slug}/matches/new/").content.decode()
    assert ("A multiple of 4 (of 8 with the double pack) lets every player deal equally."
            in page)


def test_five_deals_are_created_with_a_warning(organiser_client, club, pair_a, pair_b):
    response = create(organiser_client, club, pair_a, pair_b, format_type="fixed_deals",
                      deals=5)
    assert response.context["match"].format == {"type": "fixed_deals", "deals": 5,
                                                "extra_deals": False}
    assert warnings(response) == [
        "5 deals do not go round the table evenly: some players deal once more than others. "
        "A multiple of 4 deals lets every player deal equally."]


@pytest.mark.parametrize("format_", [{"format_type": "fixed_deals", "deals": 12},
                                     {"format_type": "fixed_deals"},
                                     {"format_type": "first_to", "target": 5}])
def test_a_number_that_goes_round_or_another_format_is_not_warned(organiser_client, club,
                                                                  pair_a, pair_b, format_):
    assert warnings(create(organiser_client, club, pair_a, pair_b, **format_)) == []


def test_with_the_double_pack_the_deals_go_round_eight_players(organiser_client, club):
    a = make_four(club, "Ana", "Bruno", "Carla", "Duarte")
    b = make_four(club, "Eva", "Filipe", "Gil", "Helena")
    twelve = create(organiser_client, club, a, b, preset="double_pack",
                    format_type="fixed_deals", deals=12)
    assert warnings(twelve) == [
        "12 deals do not go round the table evenly: some players deal once more than others. "
        "A multiple of 8 deals lets every player deal equally."]
    sixteen = create(organiser_client, club, a, b, preset="double_pack",
                     format_type="fixed_deals", deals=16)
    assert warnings(sixteen) == []
