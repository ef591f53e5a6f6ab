"""With the tie carry rule (RULES.md), a 60-60 adds a game that the next deal also wins: the
scoreboard and the referee said "1 tie game pending", the café TV nothing. Its tile says so, in
the same words, while the games wait."""

from tests.conftest import make_match
from tests.scoring.test_club_tv_and_list_say_how_a_fixed_deals_match_ended import tile_of
from tests.scoring.test_club_tv_shows_every_table import tv_page
from tests.scoring.test_live_pages import record

PENDING = '<span class="tv-carry">{} pending</span>'


def test_a_60_60_shows_its_pending_game_on_the_tv(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, preset="carry_ties")
    record(match, {"points": [60, 60]})
    assert PENDING.format("1 tie game") in tile_of(tv_page(client, club), match)
    record(match, {"points": [60, 60]})
    assert PENDING.format("2 tie games") in tile_of(tv_page(client, club), match)


def test_the_next_deal_takes_them_and_the_tv_says_no_more(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, preset="carry_ties")
    record(match, {"points": [60, 60]}, {"points": [70, 50]})
    tile = tile_of(tv_page(client, club), match)
    assert "tv-carry" not in tile and '<span class="tv-score">2</span>' in tile


def test_without_the_carry_rule_a_60_60_leaves_nothing_pending(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b)
    record(match, {"points": [60, 60]})
    assert "tv-carry" not in tile_of(tv_page(client, club), match)
