"""The organiser's lists and choices of players and partnerships read in alphabetical order,
accents and capitals not counting: "João" before "José", as people read them."""

import re

from tests.conftest import make_partnership

READING_ORDER = ["João Pereira", "José Ferreira", "José Silva", "Zé Costa"]


def names_in(html: str, names=READING_ORDER) -> list[str]:
    """The names of `names` in the order they first appear in `html`."""
    return sorted(names, key=html.index)


def select(page: str, name: str) -> str:
    return re.search(rf'<select name="{name}".*?</select>', page, re.S).group(0)


def test_the_club_page_lists_and_offers_the_players_in_alphabetical_order(
        organiser_client, club):
    make_partnership(club, "José Silva", "Zé Costa")
    make_partnership(club, "José Ferreira", "João Pereira")
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    players = page[page.index('id="players"'):page.index('id="organisers"')]
    assert names_in(players.split("<form")[0]) == READING_ORDER
    assert names_in(select(page, "player_1")) == READING_ORDER
    partnerships = page[page.index('id="partnerships"'):page.index('id="players"')]
    assert names_in(partnerships.split("<form")[0], ["José Ferreira", "José Silva"]) == [
        "José Ferreira", "José Silva"]


def test_the_new_match_form_offers_players_and_partnerships_in_alphabetical_order(
        organiser_client, club):
    make_partnership(club, "José Silva", "Zé Costa")
    make_partnership(club, "José Ferreira", "João Pereira")
    page = organiser_client.get(f"/manage/{club.slug}/matches/new/").content.decode()
    assert names_in(select(page, "first_dealer")) == READING_ORDER
    assert names_in(select(page, "a"), ["José Ferreira", "José Silva"]) == [
        "José Ferreira", "José Silva"]
