"""The tie-break chain holds only criteria that can separate partnerships in the tournament's
match format: no partidas won or lost unless matches are played in game sets (partidas)."""

from tournaments import formats
from tournaments.forms import TournamentForm
from tournaments.models import Tournament


def test_partidas_count_only_in_a_match_of_game_sets():
    assert "partidas_won" in formats.criteria_for("partidas")
    for kind in ("first_to", "fixed_deals", "points"):
        assert not {"partidas_won", "partidas_lost"} & set(formats.criteria_for(kind))
        assert "partidas_won" not in formats.default_chain(kind)
    assert formats.default_chain("partidas") == formats.DEFAULT_CHAIN


def test_the_form_starts_without_partidas_for_the_default_format(club):
    form = TournamentForm(club=club)
    assert [f.initial for f in form.chain_fields() if f.initial] == list(
        formats.default_chain("first_to"))


def test_a_partidas_criterion_is_refused_for_fixed_deal_rounds(organiser_client, club):
    data = {"name": "Liga", "tables_count": "4", "preset": "portugal",
            "format_type": "fixed_deals", "deals": "8", "structure": "rounds",
            "pairing": "swiss", "rounds_count": "3", "draw": "random", "groups_count": "2",
            "qualifiers_per_group": "2", "points_win": "3", "points_loss": "1",
            "points_draw": "2", "points_no_show": "0",
            "tie_break_1": "points", "tie_break_2": "partidas_won"}
    response = organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["tie_break_2"] == [
        "Game sets won cannot separate anyone: only a match of game sets has them."]
    assert not Tournament.objects.exists()
    data["format_type"], data["to_win"] = "partidas", "2"
    organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    assert Tournament.objects.get().tie_breaks == ["points", "partidas_won"]


def test_the_draw_method_is_sorteio_in_portuguese_never_empate(organiser_client, club):
    for language in ("pt-pt", "pt-br"):
        form = organiser_client.get(f"/manage/{club.slug}/tournaments/",
                                    HTTP_ACCEPT_LANGUAGE=language).context["form"]
        assert str(form["draw"].label).lower() == "sorteio"
