"""A correction that changes who won says so in the match's history, also where the games stay
level and card points decide (a match of fixed deals): "games 1–1, A wins" → "games 1–1, a
draw"; one that keeps the winner adds nothing to the games."""

import uuid

from scoring import engine, services
from tests.conftest import make_match


def played(club, pair_a, pair_b):
    """Two fixed deals, a game each, A ahead on card points (125-115): A wins."""
    match = make_match(club, pair_a, pair_b, fmt={"type": "fixed_deals", "deals": 2})
    for points in ([70, 50], [55, 65]):
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}),
                             key=str(uuid.uuid4()))
    match.refresh_from_db()
    assert (match.winner, match.state["games"]) == ("A", [1, 1])
    return match, match.deals.get(number=2)


def history(organiser_client, match) -> str:
    return organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()


def test_a_correction_that_turns_a_win_on_card_points_into_a_draw_says_so(
        organiser_client, club, pair_a, pair_b):
    match, deal = played(club, pair_a, pair_b)
    response = organiser_client.post(f"/manage/matches/{match.pk}/deals/{deal.pk}/correct/",
                                     {"points": [50, 70], "reason": "misread"})
    assert response.status_code == 302
    page = history(organiser_client, match)
    assert "games 1–1, A wins" in page and "games 1–1, a draw" in page


def test_a_correction_that_keeps_the_winner_shows_only_the_games(organiser_client, club,
                                                                 pair_a, pair_b):
    match, deal = played(club, pair_a, pair_b)
    services.deal_correct(deal=deal, replacement=engine.deal_from({"points": [58, 62]}),
                          reason="misread", user=None)
    entry = match.audit.get(action="corrected")
    assert "result" not in entry.before and "result" not in entry.after
    assert "games 1–1, A wins" not in history(organiser_client, match)
