"""The club TV names who deals next at each table: one of four, or of eight with the double
pack, in the colour of that player's side."""

from tests.scoring.test_club_tv_shows_every_table import tv_page
from tests.scoring.test_live_pages import record
from tests.scoring.variant_matches import double_pack_match


def test_each_tile_names_the_next_dealer(client, club, match):
    record(match, {"points": [95, 25]})  # seat 0 dealt; counterclockwise, seat 3 deals next
    html = tv_page(client, club)
    assert ('<span class="tv-dealer side-b"><span class="gives-way">Duarte Lima</span> deals'
            '</span>') in html


def test_a_double_pack_tile_names_one_of_eight(client, club):
    match = double_pack_match(club, first_dealer=5)
    html = tv_page(client, club)
    dealer = match.players[5]
    assert (f'<span class="tv-dealer side-b"><span class="gives-way">{dealer.name}</span> deals'
            '</span>') in html
