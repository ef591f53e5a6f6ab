"""A write made for a match that is not the link's now is refused saying which: an earlier
match at this table only when it was one, another match otherwise (a friendly's link naming
another club's tournament match read 'an earlier match at this table')."""

import pytest

from scoring.models import Deal
from tests.security.test_referee_scope import move_on
from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_referee_undoes_the_deal_that_ended_a_match import post
from tournaments import services
from tournaments.models import Table

ANOTHER = "This deal was entered for another match: it was not recorded."
EARLIER = "This deal was entered for an earlier match at this table: it was not recorded."


@pytest.fixture
def their_table(other_club):
    """Table 1 of another club's knockout, its semi-final in play."""
    tournament = make_tournament(other_club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    return Table.objects.select_related("link", "tournament").get(tournament=tournament, number=1)


def test_a_friendly_deal_naming_another_clubs_table_match_says_another_match(
        client, referee_link, their_table):
    response = post(client, referee_link.token, "deals",
                    {"points": [73, 47], "match": their_table.link.match_id})
    assert (response.status_code, response.json()) == (409, {"error": ANOTHER})
    assert not Deal.objects.exists()


def test_an_undo_and_a_first_dealer_naming_another_match_say_so(client, referee_link,
                                                                their_table):
    named = {"match": their_table.link.match_id}
    undo = post(client, referee_link.token, "undo", named)
    dealer = post(client, referee_link.token, "first-dealer", {"seat": 1, **named})
    assert undo.json() == {"error": "That undo was for another match: nothing was undone."}
    assert dealer.json() == {"error": "That screen was for another match: who deals first was "
                                      "not changed."}


def test_a_table_says_earlier_match_for_its_own_and_another_for_the_next_tables(
        client, their_table):
    semi_final = their_table.link.match_id
    other = Table.objects.get(tournament=their_table.tournament, number=2).link.match_id
    move_on(their_table)
    token = their_table.link.token
    earlier = post(client, token, "deals", {"points": [73, 47], "match": semi_final})
    another = post(client, token, "deals", {"points": [73, 47], "match": other})
    assert (earlier.status_code, earlier.json()) == (409, {"error": EARLIER})
    assert (another.status_code, another.json()) == (409, {"error": ANOTHER})


def test_the_referee_page_says_another_match_for_a_screen_naming_one(client, referee_link,
                                                                     their_table):
    response = client.post(f"/r/{referee_link.token}/confirm/",
                           {"points": [73, 47], "match": their_table.link.match_id},
                           follow=True)
    assert ANOTHER in response.content.decode()


def test_a_deal_for_the_tables_match_that_a_withdrawal_stopped_says_it_was_abandoned(
        client, their_table):
    """The table never moved on: its match stopped short when a partnership withdrew, so the
    deal on the phone's screen is not "for an earlier match at this table"."""
    from scoring.services import ABANDONED_MESSAGE
    from tournaments.models import Pairing

    token, playing = their_table.link.token, their_table.link.match_id
    assert post(client, token, "deals", {"points": [73, 47]}).status_code == 201
    services.entry_withdraw(entry=Pairing.objects.get(match_id=playing).a)
    response = post(client, token, "deals", {"points": [70, 50], "match": playing})
    assert (response.status_code, response.json()) == (409, {"error": str(ABANDONED_MESSAGE)})
    assert Deal.objects.filter(match_id=playing).count() == 1
