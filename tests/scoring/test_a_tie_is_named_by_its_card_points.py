"""A tie is named by the card points it was level on, on the confirmation screen and in the
tally: 60-60 with one pack, 120-120 with the double pack, 65-65 when a last-trick bonus of
10 made it level. All of them read "60-60" before."""

import re

from tests.scoring.test_referee_page import confirm
from tests.scoring.variant_matches import double_pack_match, last_trick_match
from tests.tournaments.helpers import record


def tally_marks(client, match) -> list[str]:
    return re.findall(r'<span class="mark">([^<]*)</span>',
                      client.get(f"/m/{match.pk}/").content.decode())


def test_a_double_pack_tie_is_120_120(client, club):
    match = double_pack_match(club)
    link = match.referee_links.get()
    assert "120-120: no games" in confirm(client, link, tie="on").content.decode()
    record(match, {"points": [120, 120]})
    assert tally_marks(client, match) == ["120-120"]


def test_a_tie_made_by_the_last_trick_bonus_is_65_65(client, club, pair_a, pair_b):
    match = last_trick_match(club, pair_a, pair_b)
    link = match.referee_links.get()
    page = confirm(client, link, points=["55", ""], last_trick="A").content.decode()
    assert "65-65: no games" in page and "60-60" not in page
    record(match, {"points": [55, 65], "last_trick": "A"})
    assert tally_marks(client, match) == ["65-65"]


def test_a_single_pack_tie_is_still_60_60(client, referee_link):
    assert "60-60: no games" in confirm(client, referee_link, tie="on").content.decode()
