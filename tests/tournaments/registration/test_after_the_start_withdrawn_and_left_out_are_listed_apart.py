"""Once the tournament is under way, the organiser's sign-ups and check-in pages list a
withdrawn partnership apart, as withdrawn, and count it neither in the tournament nor as
here; an accepted partnership that did not come is listed as left out at the start, and one
still waiting (on the waiting list, or for the organiser) as not taken, as its link says."""

import re
from html import unescape

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services
from tournaments.registration import services as registration


def page(organiser_client, tournament, name: str) -> str:
    html = organiser_client.get(f"/manage/{tournament.club.slug}/tournaments/"
                                f"{tournament.slug}/{name}/").content.decode()
    return unescape(re.sub(r"\s+", " ", html))


def section(html: str, heading: str) -> str:
    start = html.index(heading)
    return html[start:html.index("</ul>", start)]


def started_with_a_withdrawal_and_a_no_show(club):
    tournament = open_tournament(club, cap=6)
    signups = [sign_up(tournament, n) for n in range(1, 6)]
    for signup in signups[:4]:
        services.entry_update(entry=signup.entry, checked_in=True)
    services.tournament_start(tournament=tournament)
    services.entry_withdraw(entry=signups[0].entry)
    return tournament


def test_the_sign_ups_page_lists_the_withdrawn_and_the_no_show_apart(club, organiser_client):
    tournament = started_with_a_withdrawal_and_a_no_show(club)
    html = page(organiser_client, tournament, "sign-ups")
    playing = section(html, "In the tournament")
    assert "(3 / 6)" in playing and "Jogador 1a" not in playing
    assert playing.count("✓ here") == 3
    withdrawn = section(html, "Withdrawn from the tournament")
    assert "(1)" in withdrawn and "Jogador 1a & Jogador 1b" in withdrawn
    left_out = section(html, "Did not come: left out at the start")
    assert "(1)" in left_out and "Jogador 5a & Jogador 5b" in left_out


def test_the_check_in_page_counts_only_those_still_playing(club, organiser_client):
    tournament = started_with_a_withdrawal_and_a_no_show(club)
    html = page(organiser_client, tournament, "check-in")
    assert re.search(r'<span class="count here">3</span> here · '
                     r'<span class="count away">0</span> not yet', html)
    assert "Jogador 1a & Jogador 1b" in section(html, "Withdrawn from the tournament")
    assert "Jogador 1a" not in section(html, 'class="presence-list"')


def started_with_one_waiting_and_one_pending(club):
    tournament = open_tournament(club, cap=2)
    sign_up(tournament, 1), sign_up(tournament, 2), sign_up(tournament, 3)
    registration.registration_update(tournament=tournament, open=True, cap=2, closes_at=None,
                                     approval=True, check_in_from=None)
    sign_up(tournament, 4)
    services.tournament_start(tournament=tournament)
    return tournament


def test_after_the_start_the_waiting_and_the_undecided_are_listed_as_not_taken(
        club, organiser_client):
    tournament = started_with_one_waiting_and_one_pending(club)
    html = page(organiser_client, tournament, "sign-ups")
    assert "Awaiting your approval" not in html and "Waiting list" not in html
    not_taken = section(html, "Not taken: the tournament started without a place for them")
    assert "(2)" in not_taken
    assert "Jogador 3a & Jogador 3b" in not_taken and "Jogador 4a & Jogador 4b" in not_taken
    board = page(organiser_client, tournament, "check-in")
    assert "waiting" not in board.split('class="presence"')[1].split("</p>")[0]
    assert "Jogador 3a & Jogador 3b" in section(board, "Not taken:")
