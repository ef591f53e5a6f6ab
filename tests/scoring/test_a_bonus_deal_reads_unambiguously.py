"""A deal with a last-trick bonus is written as the score it made, then how: "70-60 (A: 60 + 10
bonus)", in the tally and in the referee's saved message. "60 + 10-60" read like 60 + (10 - 60)."""

import re

from tests.scoring.test_referee_page import confirm, save
from tests.scoring.variant_matches import last_trick_match


def points_cells(client, match) -> list[str]:
    page = client.get(f"/m/{match.pk}/").content.decode()
    return [re.sub(r"<[^>]+>", "", cell) for cell in
            re.findall(r'<td>(<span class="pts-a">.*?)</td>', page)]


def test_the_saved_message_and_the_tally_give_the_score_then_the_bonus(client, club, pair_a,
                                                                       pair_b):
    match = last_trick_match(club, pair_a, pair_b)
    link = match.referee_links.get()
    response, _ = save(client, link, points=["60", ""], last_trick="A")
    assert "Deal saved. Deal 1: 70-60 (A: 60 + 10 bonus), A +1 game." in response.content.decode()
    response, _ = save(client, link, points=["65", ""], last_trick="B")
    assert ("Deal saved. Deal 2: 65-65 (B: 55 + 10 bonus), no games."
            in response.content.decode())
    assert points_cells(client, match) == ["70-60 (A: 60 + 10 bonus)", "65-65 (B: 55 + 10 bonus)"]


def test_the_confirmation_says_what_a_bonus_deal_counts_as(client, club, pair_a, pair_b):
    """The referee confirmed "58–62 · last trick A — A wins 1 game" with no sum to see why the
    side with fewer card points won (a tester)."""
    match = last_trick_match(club, pair_a, pair_b)
    link = match.referee_links.get()
    page = confirm(client, link, points=["", "62"], last_trick="A").content.decode()
    assert "Counts as 68-62 (A: 58 + 10 bonus)" in page
