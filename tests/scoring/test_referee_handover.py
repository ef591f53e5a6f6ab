"""When the match a table's referee was scoring ends, the phone shows its result until the
referee taps through to the table's next match, which is named before it takes a deal."""

import pytest
from django.utils.html import escape

from scoring.models import Deal
from tests.conftest import make_club
from tests.scoring.test_referee_page import confirm, hidden_fields, save
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Pairing


@pytest.fixture
def table(club):
    tournament = make_tournament(club, 4, tables_count=1)  # two semi-finals on one table
    services.tournament_start(tournament=tournament)
    return tournament.tables.select_related("link__match").get()


def test_the_round_and_both_partnerships_are_named_on_a_tables_page(client, table):
    match = table.link.match
    page = client.get(f"/r/{table.link.token}/").content.decode()
    label = page.split('class="table-label">', 1)[1].split("</p>", 1)[0]
    assert label.startswith("<span data-round>Semi-finals</span> · Table 1")
    assert escape(match.a.display_name) in page and escape(match.b.display_name) in page


def test_the_third_place_match_is_named_so_not_final(client, club):
    tournament = make_tournament(club, 4, tables_count=2, third_place=True)
    services.tournament_start(tournament=tournament)
    for table in tournament.tables.select_related("link"):
        save(client, table.link, flag="A")
    third = Pairing.objects.get(round__tournament=tournament, third_place=True)
    page = client.get(f"/r/{third.table.link.token}/").content.decode()
    assert "<span data-round>Third place</span>" in page and ">Final<" not in page


def test_the_deal_that_ends_the_match_shows_its_result_not_the_next_match(client, table):
    first = table.link.match
    response, _ = save(client, table.link, flag="A")
    table.link.refresh_from_db()
    following = table.link.match
    assert following.pk != first.pk  # the table moved on right after the commit
    assert response.redirect_chain[-1][0] == f"/r/{table.link.token}/?after={first.pk}"
    page = response.content.decode()
    assert "Match result" in page
    assert f"Match won by {escape(first.a.display_name)} (A)." in page
    assert "Games 4-0" in page
    assert "Deal 1: 120-0, flag, A +4 games" in page  # the saved message
    assert "A +4 games" in page.split("deal-tally", 1)[1]  # its deals
    assert 'action="/r/' not in page  # nothing to enter on the result screen
    next_part = page.split("Next match at this table", 1)[1]
    assert "Semi-finals" in next_part and "Table 1" in next_part
    assert escape(following.a.display_name) in next_part
    assert escape(following.b.display_name) in next_part
    assert f'href="/r/{table.link.token}/"' in next_part


def test_next_match_opens_the_tables_new_match_at_0_0(client, table):
    save(client, table.link, flag="A")
    table.link.refresh_from_db()
    page = client.get(f"/r/{table.link.token}/").content.decode()
    assert "Match result" not in page
    assert 'data-offline="entry"' in page and 'data-offline="record"' not in page  # entry
    assert f'name="match" value="{table.link.match_id}"' in page  # made for the new match
    assert confirm(client, table.link, points=["73", ""]).status_code == 200
    assert "0 deals played" in page


def test_a_deal_made_for_the_ended_match_is_never_recorded_on_the_next(client, table):
    first = table.link.match
    screen = hidden_fields(confirm(client, table.link, points=["73", ""]).content.decode())
    save(client, table.link, flag="A")  # another phone ends the match meanwhile
    client.post(f"/r/{table.link.token}/deals/", screen, follow=True)
    table.link.refresh_from_db()
    assert not Deal.objects.filter(match=table.link.match).exists()
    assert Deal.objects.filter(match=first).count() == 1


def test_the_result_screen_is_only_for_a_match_this_link_scored(client, table, organiser):
    other = make_tournament(make_club("outro-clube", organiser), 4, tables_count=1)
    services.tournament_start(tournament=other)
    elsewhere = Pairing.objects.filter(round__tournament=other).exclude(match=None).first().match
    page = client.get(f"/r/{table.link.token}/?after={elsewhere.pk}").content.decode()
    assert "Match result" not in page
    assert client.get(f"/r/{table.link.token}/?after=nonsense").status_code == 200


def test_a_friendly_match_shows_its_result_and_no_next_match(client, referee_link):
    response, _ = save(client, referee_link, flag="B")
    page = response.content.decode()
    assert "Match result" in page and "(B)." in page and "Match won by" in page
    assert "Next match at this table" not in page
    assert "The match is over. Thank you, referee!" in page


def test_a_retry_of_the_ending_deal_whose_answer_was_lost_shows_the_result_again(client, table):
    first = table.link.match
    _, fields = save(client, table.link, flag="A")
    again = client.post(f"/r/{table.link.token}/deals/", fields, follow=True)
    assert again.redirect_chain[-1][0] == f"/r/{table.link.token}/?after={first.pk}"
    assert "Match result" in again.content.decode()
    assert Deal.objects.filter(match=first).count() == 1
    table.link.refresh_from_db()
    assert not Deal.objects.filter(match=table.link.match).exists()
