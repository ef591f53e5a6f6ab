"""A referee's phone shows the entry screen of a match its tournament then ends or takes back
(a partnership withdraws, the organiser gives a walkover). The deal typed on that screen is
never scored on the table's next match, nor lost without a word: the phone is told it was not
recorded. Before, the table's next match took it through the confirmation screen, or, with no
next match, the phone showed "waiting for the next match" and nothing else."""

import re

from scoring.models import Deal
from tests.tournaments.helpers import in_play, make_tournament
from tournaments import services

NOT_RECORDED = "This deal was entered for an earlier match at this table: it was not recorded."


def entry_screen(client, token) -> dict:
    page = client.get(f"/r/{token}/").content.decode()
    return {"match": re.search(r'<input type="hidden" name="match" value="(\d+)">', page)[1]}


def first_semi_final_on_its_table(club):
    """Two tables: the two semi-finals at once, so a match that goes leaves its table empty."""
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first = in_play(tournament)[0]
    return first, first.table.link.token


def confirmed(client, token, screen: dict) -> dict:
    """The fields of the confirmation screen of a 70-50 typed on `screen`, as it saves them."""
    page = client.post(f"/r/{token}/confirm/", {**screen, "points": ["70", ""]})
    fields = re.findall(r'<input type="hidden" name="(key|match|version)" value="([^"]*)"',
                        page.content.decode())
    return {**dict(fields), "points": ["70", "50"]}


def test_a_deal_typed_for_a_withdrawn_match_is_not_shown_for_the_next_one(client, club):
    tournament = make_tournament(club, 4, tables_count=1)  # the semi-finals one after the other
    services.tournament_start(tournament=tournament)
    [first] = in_play(tournament)
    token = tournament.tables.get().link.token
    screen = entry_screen(client, token)
    services.entry_withdraw(entry=first.a)
    [second] = in_play(tournament)
    assert second.table_id and second.match_id != first.match_id  # the table moved on

    page = client.post(f"/r/{token}/confirm/", {**screen, "points": ["70", ""]}, follow=True)
    assert page.redirect_chain == [(f"/r/{token}/", 302)]  # no confirmation screen
    assert NOT_RECORDED in page.content.decode()
    assert not Deal.objects.exists()


def test_a_deal_typed_or_confirmed_for_a_match_that_went_is_refused_in_words(client, club):
    first, token = first_semi_final_on_its_table(club)
    screen = entry_screen(client, token)
    saved = confirmed(client, token, screen)
    services.entry_withdraw(entry=first.a)  # the final waits for the other semi-final

    for path, data in (("confirm", {**screen, "points": ["70", ""]}), ("deals", saved)):
        page = client.post(f"/r/{token}/{path}/", data, follow=True).content.decode()
        assert NOT_RECORDED in page, path
    assert not Deal.objects.exists()


def test_a_save_recorded_before_the_match_went_is_still_reported_saved(client, club):
    first, token = first_semi_final_on_its_table(club)
    saved = confirmed(client, token, {})
    client.post(f"/r/{token}/deals/", saved)  # recorded; say its answer was lost
    services.entry_withdraw(entry=first.a)

    page = client.post(f"/r/{token}/deals/", saved, follow=True).content.decode()
    assert NOT_RECORDED not in page
    assert Deal.objects.filter(match_id=first.match_id).count() == 1
