"""The TV's standings and groups say what their † means (the lot ordered those places) where
one shows, as the standings and groups pages do."""

import pytest

from tests.conftest import forget_kept_pages
from tests.tournaments.helpers import make_tournament, play
from tests.tournaments.test_pages_say_who_sits_out_and_what_the_lot_decided import (
    play_the_first_round,
    round_robin,
)
from tests.tournaments.test_tv_and_api_name_the_sit_out import screen_named
from tournaments import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db
FIRST_TO_2 = {"type": "first_to", "target": 2}


def test_the_tvs_standings_say_what_the_lot_mark_means(client, club):
    tournament = round_robin(club, 4)
    tournament.tie_breaks = ["points", "lots"]
    tournament.save(update_fields=["tie_breaks"])
    html = screen_named(client, tournament, "standings")
    assert "by-lot" not in html and "Order decided by lot" not in html  # nothing decided yet
    play_the_first_round(tournament)  # two level winners, two level losers
    html = screen_named(client, tournament, "standings")
    assert html.count('<sup class="by-lot"') == 4
    assert ('<p class="muted by-lot-note" id="by-lot-note">† Order decided by lot: nothing else'
            ' in the tie-break chain set these partnerships apart.</p>') in html


def test_the_tvs_standings_say_it_in_portuguese(client, club):
    tournament = round_robin(club, 4)
    tournament.tie_breaks = ["points", "lots"]
    tournament.save(update_fields=["tie_breaks"])
    play_the_first_round(tournament)
    for i in range(6):
        forget_kept_pages()
        html = client.get(f"/t/{tournament.slug}/tv/?i={i}",
                          headers={"Accept-Language": "pt-PT"}).content.decode()
        if 'data-screen="standings"' in html:
            assert "† Ordem decidida por sorteio" in html
            return
    raise AssertionError("no standings screen")


def test_the_tvs_groups_say_what_the_lot_mark_means(client, club):
    tournament = make_tournament(club, 6, "groups", fmt=FIRST_TO_2, groups_count=2,
                                 qualifiers_per_group=1, tables_count=2,
                                 tie_breaks=["points", "lots"])
    services.tournament_start(tournament=tournament)
    assert "by-lot-note" not in screen_named(client, tournament, "groups")
    for number in (1, 2, 3):  # side A wins each match: each group goes round, all level
        for pairing in Pairing.objects.filter(round__tournament=tournament, round__number=number,
                                              match__isnull=False).select_related("match"):
            play(pairing, "A")
    html = screen_named(client, tournament, "groups")
    assert '<sup class="by-lot"' in html and 'id="by-lot-note"' in html


def test_a_chain_without_lots_has_no_note_on_the_tv(client, club):
    tournament = round_robin(club, 4)
    tournament.tie_breaks = ["points"]
    tournament.save(update_fields=["tie_breaks"])
    play_the_first_round(tournament)
    assert "by-lot" not in screen_named(client, tournament, "standings")
