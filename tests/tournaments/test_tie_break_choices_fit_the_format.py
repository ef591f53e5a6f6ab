"""The tie-break chain holds only criteria that can separate partnerships in the tournament's
match format: partidas won or lost in a match of game sets (partidas) or a first-to match (one
partida: its winner has 1, a no-show none), never in matches of fixed deals or of points; games
won in every format but points (Sueca de pontos counts card points alone)."""

from tournaments import formats
from tournaments.forms import TournamentForm
from tournaments.models import Tournament


def test_partidas_count_in_game_sets_and_first_to_matches_only():
    for kind in ("partidas", "first_to"):
        assert {"partidas_won", "partidas_lost"} <= set(formats.criteria_for(kind))
    for kind in ("fixed_deals", "points"):
        assert not {"partidas_won", "partidas_lost"} & set(formats.criteria_for(kind))


def test_games_count_in_every_format_but_points():
    for kind in ("partidas", "first_to", "fixed_deals"):
        assert "games_won" in formats.criteria_for(kind)
    assert "games_won" not in formats.criteria_for("points")


def test_only_a_match_of_game_sets_ranks_by_partidas_unless_asked():
    assert formats.default_chain("partidas") == formats.DEFAULT_CHAIN
    for kind in ("first_to", "fixed_deals", "points"):
        assert "partidas_won" not in formats.default_chain(kind)


def test_partidas_separate_a_first_to_win_from_a_no_shows_points():
    """RULES.md's example chain (head-to-head, partidas won, partidas lost, card points...) in
    the default format: a first-to match is one partida, a no-show none."""
    results = [formats.MatchResult("X", "P", "X", 4, 2, 1, 0, 300, 180),
               formats.MatchResult("X", "Q", "Q", 0, 4, 0, 1, walkover=True),
               formats.MatchResult("X", "R", "R", 0, 4, 0, 1, walkover=True),
               *(formats.MatchResult("Y", them, them, 2, 4, 0, 1, 100, 140)
                 for them in "PQR")]
    chain = ("points", "partidas_won", "card_points")
    assert set(chain) <= set(formats.criteria_for("first_to"))
    rows = {r.entrant: r for r in formats.rank(["Y", "X", "P", "Q", "R"], results, chain=chain)}
    assert rows["X"].points == rows["Y"].points == 3
    assert rows["X"].rank < rows["Y"].rank


def test_the_form_starts_without_partidas_for_the_default_format(club):
    form = TournamentForm(club=club)
    assert [f.initial for f in form.chain_fields() if f.initial] == list(
        formats.default_chain("first_to"))


# A Swiss of rounds as the new-tournament form sends it; each test names its format and chain.
SWISS = {"name": "Liga", "tables_count": "4", "preset": "portugal", "structure": "rounds",
         "pairing": "swiss", "rounds_count": "3", "draw": "random", "groups_count": "2",
         "qualifiers_per_group": "2", "points_win": "3", "points_loss": "1", "points_draw": "2",
         "points_no_show": "0", "tie_break_1": "points"}


def test_a_partidas_criterion_is_refused_for_fixed_deal_rounds(organiser_client, club):
    data = {**SWISS, "format_type": "fixed_deals", "deals": "8", "tie_break_2": "partidas_won"}
    response = organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["tie_break_2"] == [
        "Game sets won cannot separate anyone: a match of fixed deals or of points has no game "
        "sets."]
    assert not Tournament.objects.exists()
    data["format_type"], data["to_win"] = "partidas", "2"
    organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    assert Tournament.objects.get().tie_breaks == ["points", "partidas_won"]


def test_games_won_is_refused_for_rounds_of_points_and_not_a_column(organiser_client, club):
    from tournaments.standings_tables import columns_for

    data = {**SWISS, "format_type": "points", "target": "500", "tie_break_2": "games_won"}
    response = organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    assert response.context["form"].errors["tie_break_2"] == [
        "Games won cannot separate anyone: a match of points has no games."]
    data["tie_break_2"] = "card_points"
    organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    tournament = Tournament.objects.get()
    assert tournament.format["type"] == "points"
    assert "games_won" not in [column.name for column in columns_for(tournament)]


def test_the_draw_method_is_sorteio_in_portuguese_never_empate(organiser_client, club):
    for language in ("pt-pt", "pt-br"):
        form = organiser_client.get(f"/manage/{club.slug}/tournaments/",
                                    HTTP_ACCEPT_LANGUAGE=language).context["form"]
        assert str(form["draw"].label).lower() == "sorteio"


def test_a_tournament_made_without_a_chain_gets_the_default_of_its_format(club):
    """As the form starts (the demo and the API-less services too): its standings page
    said "Ranked by: ... game sets won" for rounds of fixed deals, which have none."""
    from scoring import engine
    from tournaments.services import tournament_create

    for fmt in ({"type": "fixed_deals", "deals": 8}, {"type": "points", "target": 1000},
                {"type": "partidas", "target": 4, "to_win": 2}, None):
        tournament = tournament_create(club=club, name="Torneio", rules=engine.rules_from(),
                                       fmt=engine.format_from(fmt), structure="rounds")
        assert tournament.tie_breaks == list(formats.default_chain(tournament.format["type"]))
