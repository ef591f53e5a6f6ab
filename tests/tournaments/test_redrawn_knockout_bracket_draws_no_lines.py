"""/t/<slug>/bracket/ and the TV's bracket: a knockout drawn afresh before each round
(Draw.REDRAW) was drawn as a fixed tree, its lines joining matches whose winners the next draw
did not pair (6 partnerships: the quarter-finals' first two into the first semi-final, which was
another pairing). Its rounds are lists now, with no connectors, and a round not drawn yet says
it is drawn at random, claiming no pairing; a knockout drawn once keeps its tree."""

from pathlib import Path

from django.conf import settings

from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.test_tv_splits_a_big_knockout import rounds
from tournaments import services

REDRAWN = '<div class="bracket plain redrawn">'
TREE = '<div class="bracket">'
NOTE = "Drawn at random when the round before ends."


def knockout_of_6(club, draw: str):
    tournament = make_tournament(club, 6, "knockout", draw=draw, tables_count=3)
    services.tournament_start(tournament=tournament)
    return tournament


def pages(client, tournament) -> list[str]:
    """The bracket page and the TV's bracket screen (overview, the tables, the bracket)."""
    return [client.get(f"/t/{tournament.slug}/{page}").content.decode()
            for page in ("bracket/", "tv/?i=2")]


def play_round(tournament) -> None:
    number = tournament.rounds.order_by("-number").first().number
    for pairing in in_play(tournament):
        if pairing.round.number == number:
            play(pairing, "B")


def assert_not_drawn(shown: dict[str, list[str]], title: str) -> None:
    """The round is a note: no match, no name, no 'to be decided' pairing."""
    assert shown[title] == [f'<p class="bm tbd redraw-note">{NOTE}</p>'], title


def test_a_redrawn_knockout_draws_no_connector_and_no_pairing_ahead(client, club):
    tournament = knockout_of_6(club, "redraw")
    for html in pages(client, tournament):
        assert REDRAWN in html and TREE not in html
        shown = rounds(html)
        assert len(shown["Quarter-finals"]) == 4  # two byes, two matches
        assert_not_drawn(shown, "Semi-finals")
        assert_not_drawn(shown, "Final")

    play(in_play(tournament)[0], "B")  # a winner of the round drawn has no slot ahead yet
    for html in pages(client, tournament):
        assert_not_drawn(rounds(html), "Semi-finals")

    play_round(tournament)
    for html in pages(client, tournament):
        shown = rounds(html)
        assert REDRAWN in html and len(shown["Semi-finals"]) == 2
        assert all('class="bm-side' in match for match in shown["Semi-finals"])
        assert_not_drawn(shown, "Final")

    play_round(tournament)
    for html in pages(client, tournament):
        assert REDRAWN in html and NOTE not in html
        assert len(rounds(html)["Final"]) == 1


def test_a_knockout_drawn_once_keeps_its_tree(client, club):
    tournament = knockout_of_6(club, "random")
    for html in pages(client, tournament):
        assert TREE in html and "redrawn" not in html and NOTE not in html
        shown = rounds(html)
        assert len(shown["Semi-finals"]) == 2 and 'class="bm ahead"' in shown["Semi-finals"][0]
        assert 'class="bm tbd"' in shown["Final"][0]  # the winners of the semi-finals


def test_the_stylesheet_draws_no_connector_in_a_plain_bracket():
    css = (Path(settings.BASE_DIR) / "static/css/tournaments.css").read_text()
    assert ".bracket.plain li::after, .bracket.plain li::before { content: none; }" in css
