"""The organiser's page folds each finished round under its heading once a later one is drawn,
so that a phone opens on what is under way; the newest round stays open, finished or not."""

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services


def organiser_page(organiser_client, tournament) -> str:
    return organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()


def folded(html: str, number: int) -> bool:
    heading = html.index(f'<h2 id="round-{number}">')
    opening = max(html.rfind("<details", 0, heading), html.rfind("<section", 0, heading))
    return html.startswith('<details class="round-done">', opening)


def test_a_finished_round_folds_once_the_next_is_drawn(organiser_client, club):
    tournament = make_tournament(club, 4, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament):
        play(pairing)
    html = organiser_page(organiser_client, tournament)
    assert not folded(html, 1)  # finished, but the newest: the next draw is done from it

    services.round_draw_next(tournament=tournament)
    html = organiser_page(organiser_client, tournament)
    assert folded(html, 1) and not folded(html, 2)
    start = html.index('<details class="round-done">')
    summary = html[start:html.index("</summary>", start)]
    assert "2 of 2 matches finished" in summary
    assert html.count("Match page (corrections)") >= 2  # round 1's matches are still there
