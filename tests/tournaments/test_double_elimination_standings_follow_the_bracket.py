"""A finished double elimination's standings are its bracket's final places (champion, runner-up,
then by the round each went out in), whatever the match points: on the standings page and in
the API. While it is in play they stay the tie-break chain's."""

import pytest

from tests.tournaments.helpers import in_play, play
from tests.tournaments.test_double_elimination_events import make_event
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.services import double

pytestmark = pytest.mark.django_db


def win(tournament: Tournament, slot: str, winner: int) -> None:
    pairing = next(p for p in in_play(tournament) if double.slot_of(p) == slot)
    play(pairing, "A" if pairing.a_id == winner else "B")


def names(tournament: Tournament) -> dict[int, str]:
    return {entry.pk: entry.partnership.display_name for entry in selectors.entries(tournament)}


def played_to_the_grand_final(club) -> tuple[Tournament, dict[str, str]]:
    """Four partnerships, with a bracket reset. The champion wins the winners' bracket, loses
    the first grand final and wins the reset: 3 wins, 1 loss, 10 match points. The runner-up
    loses its first match, wins the losers' bracket and the first grand final: 3 wins, 2 losses,
    11 match points. Third goes out in the last losers' round, fourth in the first."""
    tournament = make_event(club, 4, bracket_reset=True)
    first, second = (p for p in in_play(tournament) if double.slot_of(p).startswith("W1"))
    champion, fourth, third, runner_up = first.a_id, first.b_id, second.a_id, second.b_id
    win(tournament, "W1-1", champion)
    win(tournament, "W1-2", third)
    win(tournament, "W2-1", champion)
    win(tournament, "L1-1", runner_up)
    win(tournament, "L2-1", runner_up)
    win(tournament, "GF1", runner_up)
    called = names(tournament)
    return tournament, {"champion": called[champion], "runner-up": called[runner_up],
                        "third": called[third], "fourth": called[fourth]}


def api_standings(client, tournament: Tournament) -> list[tuple[int, str, int]]:
    data = client.get(f"/api/v1/tournaments/{tournament.slug}").json()
    return [(row["rank"], row["partnership"], row["points"]) for row in data["standings"]]


def test_in_play_the_standings_follow_the_points(client, club):
    tournament, who = played_to_the_grand_final(club)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # the reset is still to play
    assert api_standings(client, tournament)[:2] == [(1, who["runner-up"], 10),
                                                      (2, who["champion"], 7)]


def test_once_finished_the_api_ranks_by_the_bracket_not_the_points(client, club):
    tournament, who = played_to_the_grand_final(club)
    win(tournament, "GF2", next(p.a_id for p in in_play(tournament)))
    tournament.refresh_from_db()
    assert tournament.champion.partnership.display_name == who["champion"]
    assert api_standings(client, tournament) == [
        (1, who["champion"], 10), (2, who["runner-up"], 11), (3, who["third"], 5),
        (4, who["fourth"], 2)]
    placings = client.get(f"/api/v1/tournaments/{tournament.slug}").json()["bracket"]["placings"]
    assert [p["partnerships"] for p in placings] == [[who[place]] for place in (
        "champion", "runner-up", "third", "fourth")]


def test_once_finished_the_standings_page_ranks_by_the_bracket_and_says_so(client, club):
    tournament, who = played_to_the_grand_final(club)
    win(tournament, "GF2", next(p.a_id for p in in_play(tournament)))
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    table = html[html.index("<tbody>"):]
    order = sorted(who, key=lambda place: table.index(who[place].replace("&", "&amp;")))
    assert order == ["champion", "runner-up", "third", "fourth"]
    assert table.index('<td class="num">1</td>') < table.index(
        who["champion"].replace("&", "&amp;"))
    assert "Now that it is over, the places are the bracket&#x27;s" in html
