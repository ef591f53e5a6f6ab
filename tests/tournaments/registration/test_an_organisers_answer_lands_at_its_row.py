"""Each "Approve" on the sign-ups page, and each "Check in" on the check-in board, brings the
organiser back to where they were: the next row still waiting (or the row acted on), with
the answer said there rather than at the top of the page; as plain HTML (the page's #landed)
and swapped in place (htmx)."""

import re

from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments.registration import services

HTMX = {"HX-Request": "true"}


def page_of(tournament, name):
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/{name}/"


def said_in_row(page: str, row: str, words: str) -> bool:
    """`words` is said inside the list item `row`, not in the page's banner."""
    start = page.index(f'id="{row}"')
    item = page[start:page.index("</li>", start)]
    return 'id="landed"' in item and words in item and 'class="messages" role' not in page


def test_approving_lands_on_the_next_sign_up_still_waiting(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    first, second, third = (sign_up(tournament, n) for n in (1, 2, 3))
    response = organiser_client.post(f"{page_of(tournament, 'sign-ups')}{second.pk}/approve/")
    assert response["Location"].endswith(f"sign-ups/?at=signup-{third.pk}#landed")
    page = organiser_client.get(response["Location"]).content.decode()
    assert said_in_row(page, f"signup-{third.pk}", "Jogador 2a &amp; Jogador 2b approved.")
    assert f'id="signup-{first.pk}"' in page
    # Turned down meanwhile: the answer is said at its row under "Withdrawn or turned down".
    services.signup_refuse(signup=first)
    response = organiser_client.post(f"{page_of(tournament, 'sign-ups')}{first.pk}/approve/")
    page = organiser_client.get(response["Location"]).content.decode()
    assert said_in_row(page, f"signup-{first.pk}",
                       "Only a sign-up awaiting approval can be approved.")


def test_approving_the_last_one_waiting_lands_on_it_in_the_tournament(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    only = sign_up(tournament, 1)
    response = organiser_client.post(f"{page_of(tournament, 'sign-ups')}{only.pk}/approve/")
    only.refresh_from_db()
    assert response["Location"].endswith(f"?at=entry-{only.entry_id}#landed")
    page = organiser_client.get(response["Location"]).content.decode()
    assert said_in_row(page, f"entry-{only.entry_id}", "approved.")


def test_checking_in_lands_on_the_next_partnership_not_here_yet(club, organiser_client):
    tournament = open_tournament(club)
    entries = [sign_up(tournament, n).entry for n in (1, 2, 3)]
    response = organiser_client.post(
        f"/manage/{club.slug}/tournaments/{tournament.slug}/entries/{entries[0].pk}/check-in/",
        {"checked_in": "yes", "next": "check-in"})
    assert response["Location"].endswith(f"check-in/?at=entry-{entries[1].pk}#landed")
    # Swapped in place: the board's fragment carries the answer at that row.
    fragment = organiser_client.get(response["Location"], headers=HTMX).content.decode()
    assert fragment.startswith('<div id="check-in-board"')
    assert said_in_row(fragment, f"entry-{entries[1].pk}", "Jogador 1a &amp; Jogador 1b "
                                                            "checked in.")


def test_undoing_a_check_in_lands_on_the_row_itself(club, organiser_client):
    tournament = open_tournament(club)
    entry = sign_up(tournament, 1).entry
    sign_up(tournament, 2)
    url = f"/manage/{club.slug}/tournaments/{tournament.slug}/entries/{entry.pk}/check-in/"
    organiser_client.post(url, {"checked_in": "yes", "next": "check-in"})
    response = organiser_client.post(url, {"checked_in": "no", "next": "check-in"})
    assert response["Location"].endswith(f"?at=entry-{entry.pk}#landed")


def test_the_answers_are_boosted_forms_that_swap_their_list_in_place(club, organiser_client):
    tournament = open_tournament(club, approval=True)
    sign_up(tournament, 1)
    page = organiser_client.get(page_of(tournament, "sign-ups")).content.decode()
    assert re.search(r'<div id="signups-board" hx-target="this" hx-select="#signups-board"', page)
    assert re.search(r'<form method="post" hx-boost="true" action="[^"]+/approve/"', page)
