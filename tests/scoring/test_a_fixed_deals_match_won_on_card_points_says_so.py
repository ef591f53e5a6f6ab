"""A match of fixed deals that ends level on games is won on card points (RULES.md,
`fixed_deals`), and its result says so with the card points, where it read "Games 1-1" beside
a winner and players saw no reason."""

from django.urls import reverse

from scoring import engine, services
from tests.conftest import make_match

DECIDED = "Level on games: card points 144-96 decided it."


def two_deals_level_on_games(club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt={"type": "fixed_deals", "deals": 2})
    link = match.referee_links.get()
    for key, points in (("1", [89, 31]), ("2", [55, 65])):  # a game each
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}),
                             key=key, link=link)
    return match, link


def test_the_scoreboard_says_the_card_points_decided(client, club, pair_a, pair_b):
    match, _link = two_deals_level_on_games(club, pair_a, pair_b)
    html = client.get(f"/m/{match.pk}/").content.decode()
    assert "Finished: A wins the match. " + DECIDED in html


def test_the_referees_result_says_it_once(client, club, pair_a, pair_b):
    match, link = two_deals_level_on_games(club, pair_a, pair_b)
    page = reverse("referee:page", args=[link.token]) + f"?after={match.pk}"
    assert client.get(page).content.decode().count(DECIDED) == 1
