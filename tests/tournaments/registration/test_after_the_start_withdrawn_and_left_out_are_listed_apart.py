"""Once the tournament is under way, the organiser's sign-ups and check-in pages list a
withdrawn partnership apart, as withdrawn, and count it neither in the tournament nor as
here; an accepted partnership that did not come is listed as left out at the start."""

import re
from html import unescape

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services


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
