"""A match of a fixed number of deals that ends level on games is won on card points, or else
drawn (RULES.md, `fixed_deals`). The café TV's final score and the club page's results said
"2-2" with no word for the draw, and a winner with no reason: they say "Draw", or the card
points that decided it, in the words of the referee's screen."""

import re

from tests.conftest import make_match
from tests.scoring.test_club_tv_shows_every_table import tv_page
from tests.scoring.test_live_pages import record

FOUR = {"type": "fixed_deals", "deals": 4}
DECIDED = "Level on games: card points 288-192 decided it."


def tile_of(html: str, match) -> str:
    start = html.index(f'data-match="{match.pk}"')
    return html[start:html.index("</li>", start)]


def test_a_draw_says_draw_on_the_tv_and_the_club_page(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=FOUR)
    record(match, *({"points": points} for points in ([70, 50], [50, 70], [70, 50], [50, 70])))
    tile = tile_of(tv_page(client, club), match)
    assert re.search(r'Final score</span>.*<span class="tv-verdict">Draw</span>', tile)
    assert "winner" not in tile
    page = client.get(f"/c/{club.slug}/").content.decode()
    assert "2</span>–<span class=\"side-b\">2</span>" in page and " · draw</span>" in page


def test_a_win_on_card_points_says_which_decided_it(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=FOUR)
    record(match, *({"points": points} for points in ([89, 31], [55, 65], [89, 31], [55, 65])))
    tile = tile_of(tv_page(client, club), match)
    assert f'<span class="tv-verdict">{DECIDED}</span>' in tile
    assert '<p class="tv-side side-a winner">' in tile
    page = client.get(f"/c/{club.slug}/").content.decode()
    assert f"Ana Silva &amp; Bruno Costa won · {DECIDED}</span>" in page


def test_a_win_on_games_says_nothing_more(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=FOUR)
    record(match, *({"points": [70, 50]} for _ in range(4)))
    assert "tv-verdict" not in tile_of(tv_page(client, club), match)
    assert "decided it" not in client.get(f"/c/{club.slug}/").content.decode()
