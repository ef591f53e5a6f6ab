"""In the points format (first to `target` card points, deals award no games) a walkover is a
full win as RULES.md has it in every format: the target in card points to none, and no games,
as the format's matches have none. A bye worth a win brings the same. Standings, lines, the
API and the exports agree, and the other formats keep their games (tests/tournaments/
test_saturday_rules.py)."""

import csv
import io

import pytest
from django.urls import reverse

from tests.tournaments.helpers import in_play, make_tournament, record
from tournaments import exports, presenters, selectors, services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TO_200 = {"type": "points", "target": 200}
CHAIN = ["points", "card_points", "card_point_difference", "lots"]
LOOKED_AT = ("points", "played", "won", "lost", "byes", "games_won", "games_lost", "card_points",
             "card_points_against", "card_point_difference")


def first_round(club, **options) -> tuple[Tournament, dict[int, str]]:
    """A Swiss round of five first to 200 card points: a walkover (A came), a match A wins at
    the table by 240 card points to 0, and a bye. Each entry named by its part."""
    tournament = make_tournament(club, 5, "rounds", fmt=TO_200, pairing="swiss", rounds_count=1,
                                 tables_count=2, tie_breaks=CHAIN, **options)
    services.tournament_start(tournament=tournament)
    walkover, played = in_play(tournament)
    services.pairing_walkover(pairing=walkover, present="A")
    while not played.match.finished:
        record(played.match, {"points": [120, 0]})
        played.match.refresh_from_db()
    bye = next(p for p in selectors.round_pairings(tournament, 1) if p.is_bye)
    tournament.refresh_from_db()
    return tournament, {walkover.a_id: "walkover winner", walkover.b_id: "no-show",
                        played.a_id: "table winner", played.b_id: "table loser",
                        bye.a_id: "bye"}


def standings_by_name(tournament: Tournament, names: dict[int, str]) -> dict[str, tuple]:
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    return {names[s.entry.pk]: tuple(getattr(s.row, c) for c in LOOKED_AT) for s in ranked}


def test_a_walkover_and_a_bye_are_the_target_in_card_points_and_no_games(club):
    tournament, names = first_round(club)
    assert standings_by_name(tournament, names) == {
        "table winner": (3, 1, 1, 0, 0, 0, 0, 240, 0, 240),
        "walkover winner": (3, 1, 1, 0, 0, 0, 0, 200, 0, 200),
        "bye": (3, 0, 0, 0, 1, 0, 0, 200, 0, 200),
        "table loser": (1, 1, 0, 1, 0, 0, 0, 0, 240, -240),
        "no-show": (0, 1, 0, 1, 0, 0, 0, 0, 200, -200),
    }


def test_card_points_rank_the_table_winner_above_the_walkover_and_the_bye(club):
    tournament, names = first_round(club)
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    order = [names[s.entry.pk] for s in ranked]
    assert order[0] == "table winner"
    assert set(order[1:3]) == {"walkover winner", "bye"}
    assert order[3:] == ["table loser", "no-show"]


def test_a_tournament_made_before_reads_its_walkover_from_the_format_not_its_games(club):
    """Points tournaments made while a walkover was set to the target in games still show none."""
    tournament, names = first_round(club)
    assert tournament.walkover_games == 0
    Tournament.objects.filter(pk=tournament.pk).update(walkover_games=200)
    tournament.refresh_from_db()
    assert standings_by_name(tournament, names)["walkover winner"] == (
        3, 1, 1, 0, 0, 0, 0, 200, 0, 200)
    assert standings_by_name(tournament, names)["bye"][5:8] == (0, 0, 200)


def test_the_lines_show_card_points_and_count_no_games(club):
    """A line's `games` are the games (none in this format); its `score`, which the pages show,
    the card points: the match's, or the walkover's full win."""
    tournament, names = first_round(club)
    lines = {names[line.pairing.a_id]: line for line in presenters.lines(
        tournament, selectors.round_pairings(tournament, 1))}
    walkover, played = lines["walkover winner"], lines["table winner"]
    assert (walkover.games, walkover.score, walkover.winner, walkover.status) == (
        (0, 0), (200, 0), "A", "walkover")
    assert (played.games, played.score, played.winner, played.status) == (
        (0, 0), (240, 0), "A", "finished")
    assert lines["bye"].status == "bye"


def test_the_round_page_shows_card_points_where_other_formats_show_games(client, club):
    tournament, _ = first_round(club)
    html = client.get(f"/t/{tournament.slug}/rounds/1/").content.decode()
    walkover = html[html.index('class="card pairing walkover"'):]
    walkover = walkover[:walkover.index("</li>")]
    assert '<span class="g side-a">200</span>' in walkover
    assert '<span class="g side-b">0</span>' in walkover
    assert "Walkover (no-show)" in walkover
    assert '<span class="g side-a">240</span>' in html


def test_the_organisers_board_the_club_page_and_the_referees_result_show_card_points(
        organiser_client, client, club):
    tournament, _ = first_round(club)
    played = next(p for p in selectors.round_pairings(tournament, 1) if p.match_id)
    board = organiser_client.get(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/").content.decode()
    assert '<span class="side-a">240</span>–<span class="side-b">0</span>' in board
    recent = client.get(f"/c/{club.slug}/").content.decode()
    assert '<span class="side-a">240</span>–<span class="side-b">0</span>' in recent
    token = played.table.link.token
    result = client.get(f"/r/{token}/?after={played.match_id}").content.decode()
    assert "Card points 240-0" in result and "Games 0-0" not in result


def test_the_api_gives_the_walkover_no_games_and_its_card_points_in_the_standings(client, club):
    tournament, names = first_round(club)
    data = client.get(f"/api/v1/tournaments/{tournament.slug}").json()
    walkover = next(m for m in data["rounds"][0]["matches"] if m["walkover"])
    assert (walkover["games"], walkover["winner"], walkover["finished"]) == ([0, 0], "A", True)
    played = next(m for m in data["rounds"][0]["matches"] if m["id"])
    assert (walkover["score"], played["games"], played["score"]) == ([200, 0], [0, 0], [240, 0])
    rows = {row["partnership"]: row for row in data["standings"]}
    by_name = {name: rows[entry.partnership.display_name]
               for entry in selectors.entries(tournament) for pk, name in names.items()
               if entry.pk == pk}
    assert [(by_name[n]["games"], by_name[n]["card_points"], by_name[n]["card_points_against"])
            for n in ("walkover winner", "bye", "no-show")] == [(0, 200, 0), (0, 200, 0),
                                                                 (0, 0, 200)]


def test_the_exports_agree_with_the_pages(club):
    tournament, names = first_round(club)
    names_by_display = {entry.partnership.display_name: names[entry.pk]
                        for entry in selectors.entries(tournament)}
    standings = list(csv.reader(io.StringIO(
        exports.tournament_standings(tournament, "csv").decode("utf-8-sig"))))
    header = standings[0]
    assert "Games won" not in header  # no deal awards games in this format: as the page
    card_points = {names_by_display[row[header.index("Partnership")]]:
                   row[header.index("Card points")] for row in standings[1:]}
    assert card_points["walkover winner"] == card_points["bye"] == "200"
    results = list(csv.DictReader(io.StringIO(
        exports.tournament_results(tournament, "csv").decode("utf-8-sig"))))
    by_status = {row["Status"]: row for row in results}
    assert [by_status["walkover"][column] for column in (
        "Games A", "Games B", "Card points A", "Card points B")] == ["0", "0", "200", "0"]
    assert [by_status["finished"][column] for column in (
        "Games A", "Games B", "Card points A", "Card points B")] == ["0", "0", "240", "0"]
    assert [by_status["bye"][column] for column in (  # what its standings count: a walkover's
        "Games A", "Games B", "Card points A", "Card points B")] == ["0", "0", "200", "0"]


def test_a_bye_worth_nothing_brings_no_card_points(club):
    tournament, names = first_round(club, bye_result=Tournament.Bye.NOTHING)
    assert standings_by_name(tournament, names)["bye"] == (0, 0, 0, 0, 1, 0, 0, 0, 0, 0)


def test_the_organiser_reads_a_walkover_as_the_target_in_card_points(organiser_client, club):
    tournament, _ = first_round(club)
    html = organiser_client.get(reverse("manage_tournaments:tournament",
                                        args=[club.slug, tournament.slug])).content.decode()
    assert "A walkover is won 200–0 in card points" in html


def test_the_new_tournament_form_refuses_games_for_a_walkover_in_the_points_format(
        organiser_client, club):
    data = {"name": "Pontos", "tables_count": "4", "preset": "portugal",
            "format_type": "points", "target": "200", "structure": "rounds",
            "pairing": "swiss", "rounds_count": "3", "draw": "random", "groups_count": "2",
            "qualifiers_per_group": "2", "points_win": "3", "points_loss": "1",
            "points_draw": "2", "points_no_show": "0", "tie_break_1": "points",
            "walkover_games": "4"}
    response = organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    assert response.context["form"].errors["walkover_games"] == [
        "In Sueca de pontos a walkover is won by the target in card points, not by games: "
        "leave this blank."]
    assert not Tournament.objects.exists()
    del data["walkover_games"]
    organiser_client.post(f"/manage/{club.slug}/tournaments/", data)
    assert Tournament.objects.get().full_win.card_points == 200
