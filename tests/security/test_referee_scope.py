"""A table's QR card moves on from match to match: a screen left open writes only to its own.

The referee page carries the match it was made for. A redrawn round, or the next round, puts
another match on the table, whose version may well equal the old one's: the version alone
would let a stale screen score (or undo) a deal on the wrong match.
"""

import pytest

from scoring.models import Deal, Match
from tests.scoring.test_referee_page import hidden_fields
from tests.tournaments.helpers import in_play, make_tournament, play, record
from tournaments import services
from tournaments.models import Table


@pytest.fixture
def table(club):
    """Table 1 of a knockout of four on two tables: a semi-final now, the final next."""
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    return Table.objects.select_related("link", "tournament").get(tournament=tournament, number=1)


def move_on(table: Table) -> Match:
    """Play both semi-finals out: the final is drawn onto table 1."""
    first = table.link.match_id
    for pairing in in_play(table.tournament):
        play(pairing)
    table.link.refresh_from_db()
    assert table.link.match_id not in (None, first)
    return table.link.match


def test_a_confirmation_made_for_the_old_match_is_not_saved_on_the_new_one(client, table):
    token = table.link.token
    screen = client.post(f"/r/{token}/confirm/", {"points": [70, 50]})
    fields = hidden_fields(screen.content.decode())
    assert fields["match"] == str(table.link.match_id)
    old = table.link.match_id
    services.round_redraw(tournament=table.tournament)  # before any deal: allowed
    table.link.refresh_from_db()
    new = table.link.match
    assert new.pk != old and str(new.version) == fields["version"]  # same version, other match

    response = client.post(f"/r/{token}/deals/", fields, follow=True)

    assert not Deal.objects.filter(match=new).exists()
    assert "entered for an earlier match at this table: it was not recorded" in \
        response.content.decode()


def test_a_save_recorded_before_the_table_moved_on_is_reported_saved(client, table):
    token = table.link.token
    screen = client.post(f"/r/{token}/confirm/", {"points": [70, 50]})
    fields = hidden_fields(screen.content.decode())
    client.post(f"/r/{token}/deals/", fields)  # recorded; say its answer was lost
    move_on(table)
    deals = Deal.objects.count()

    response = client.post(f"/r/{token}/deals/", fields, follow=True)  # the phone's retry

    assert Deal.objects.count() == deals
    assert "Deal saved." in response.content.decode()


def test_an_undo_screen_left_open_undoes_nothing_on_the_tables_next_match(client, table):
    token = table.link.token
    record(table.link.match, {"points": [70, 50]})
    fields = hidden_fields(client.get(f"/r/{token}/undo/").content.decode())
    assert fields["match"] == str(table.link.match_id)
    final = move_on(table)
    record(final, {"points": [70, 50]})

    response = client.post(f"/r/{token}/undo/", fields, follow=True)

    assert Deal.objects.filter(match=final, active=True).count() == 1
    assert "nothing was undone" in response.content.decode()
