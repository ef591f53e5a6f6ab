"""Turning down the only sign-up left in its list lands on that sign-up's row under
"Withdrawn or turned down", unfolded, with the answer said there; an answer whose row is no
longer on the page is said at the top of the board, which the swap in place keeps."""

from tests.tournaments.registration.helpers import open_tournament, sign_up

HTMX = {"HX-Request": "true"}


def sign_ups_page(tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/sign-ups/"


def test_turning_down_the_only_sign_up_says_so_at_its_row(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    only = sign_up(tournament, 1)
    response = organiser_client.post(f"{sign_ups_page(tournament)}{only.pk}/refuse/")
    assert response["Location"].endswith(f"sign-ups/?at=signup-{only.pk}#landed")
    page = organiser_client.get(response["Location"], headers=HTMX).content.decode()
    board = page[page.index('<div id="signups-board"'):]
    assert "<details open>" in board
    row = board[board.index(f'id="signup-{only.pk}"'):]
    row = row[:row.index("</li>")]
    assert 'id="landed"' in row and "Jogador 1a &amp; Jogador 1b turned down" in row


def test_an_answer_whose_row_is_gone_is_said_at_the_top_of_the_board(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    sign_up(tournament, 1)
    organiser_client.post(f"/manage/{club.slug}/tournaments/{tournament.slug}/sign-ups/"
                          f"settings/", {"open": "on"})
    page = organiser_client.get(sign_ups_page(tournament), headers=HTMX).content.decode()
    board = page[page.index('<div id="signups-board"'):]
    assert board.index('id="landed"') < board.index("<h2>")
    assert 'class="messages" role="status"' not in page
