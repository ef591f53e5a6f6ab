"""A match of a fixed number of deals says how many once on its scoreboard: "5 of 8 deals" in
play, "8 deals played" once finished (never "8 deals · 8 deals played"), and, level after them,
that it deals on (where it said "2 of 2 deals" with the keypad open), then its extra deals once
won; the other formats still say their format, then the deals played."""

import re

from tests.conftest import make_match
from tests.scoring.test_live_pages import record

EIGHT = {"type": "fixed_deals", "deals": 8}
LEVEL_DEALS_ON = {"type": "fixed_deals", "deals": 2, "extra_deals": True}


def progress(client, match) -> str:
    """The line under the board's status: the format and the deals played."""
    html = client.get(f"/m/{match.pk}/").content.decode()
    status = re.search(r'<p class="status">.*?<span class="muted">(.*?)</p>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", status[1]).split())


def test_a_finished_match_of_eight_deals_says_eight_deals_played_once(client, club, pair_a,
                                                                       pair_b):
    match = make_match(club, pair_a, pair_b, fmt=EIGHT)
    record(match, *[{"points": [70, 50]}] * 8)
    match.refresh_from_db()
    assert match.finished
    assert progress(client, match) == "8 deals played"


def test_a_match_in_play_counts_its_deals_against_the_eight(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=EIGHT)
    assert progress(client, match) == "0 of 8 deals"
    record(match, *[{"points": [70, 50]}] * 5)
    assert progress(client, match) == "5 of 8 deals"


def test_a_level_match_that_deals_on_counts_its_extra_deals(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=LEVEL_DEALS_ON)
    record(match, {"points": [70, 50]}, {"points": [50, 70]})
    match.refresh_from_db()
    assert not match.finished  # level on games and card points: one more deal is due
    assert progress(client, match) == "Level after 2 deals: play an extra deal"
    record(match, {"points": [60, 60]})
    assert progress(client, match) == "Level after 2 deals and 1 extra deal: play an extra deal"
    record(match, {"points": [90, 30]})  # won in the second extra deal: said so
    assert progress(client, match) == "2 deals and 2 extra deals"


def test_the_other_formats_say_their_format_then_the_deals_played(client, match):
    record(match, {"points": [70, 50]})
    assert progress(client, match) == "First to 4 games · 1 deal played"
