"""The café TV's "N tables in play" counts the matches in play, never one that ended and stays
on its table with its final score: the count is read with the tiles, not from the TV's ETag,
which may be up to LIVE_REBUILD_SECONDS old."""

from tests.conftest import make_match
from tests.scoring.test_club_tv_shows_every_table import tiles, tv_page
from tests.scoring.test_live_pages import record


def test_a_match_that_just_ended_is_shown_but_not_counted(client, club, match, pair_a, pair_b,
                                                          settings):
    settings.LIVE_REBUILD_SECONDS = 60  # the ETag read before the match ended is kept
    other = make_match(club, pair_b, pair_a)
    assert "2 tables in play" in tv_page(client, club, "?page=1")
    record(other, {"points": [120, 0], "flag": "A"})
    html = tv_page(client, club, "?page=1")
    assert tiles(html) == [str(match.pk), str(other.pk)] and "Final score" in html
    assert "1 table in play" in html and "2 tables" not in html
