"""A revoke that costs the partida or the match ends it for the innocent side (RULES.md,
revoke); in fixed deals it gives no games, so the games may be level or the loser's. The
referee's result, the scoreboard, the club page's results and the TVs said such a match of
fixed deals level on games was decided on card points ("card points 130-110 decided it",
"0-0" after a revoke as the first deal) though the winner had fewer: they say the revoke
ended it."""

import pytest
from django.urls import reverse

from scoring import engine
from scoring.models import Match
from tests.conftest import make_match, migrated
from tests.scoring.test_club_tv_and_list_say_how_a_fixed_deals_match_ended import tile_of
from tests.scoring.test_club_tv_shows_every_table import tv_page
from tests.scoring.test_live_pages import record
from tests.tournaments.helpers import in_play, make_tournament
from tests.tournaments.public_helpers import HTMX
from tournaments import services as tournament_services

FIXED = {"type": "fixed_deals", "deals": 8}
ENDED = "A revoke by A ended the match."
LEVEL_THEN_REVOKE = ({"points": [80, 40]}, {"points": [50, 70]}, {"revoke": "A"})


def lost_on_a_revoke(club, a, b, *deals, preset="strict_revoke"):
    match = make_match(club, a, b, preset=preset, fmt=FIXED)
    record(match, *deals)
    match.refresh_from_db()
    assert (match.finished, match.winner) == (True, "B")
    return match


def test_the_scoreboard_says_the_revoke_ended_it(client, club, pair_a, pair_b):
    match = lost_on_a_revoke(club, pair_a, pair_b, *LEVEL_THEN_REVOKE)
    html = client.get(f"/m/{match.pk}/").content.decode()
    assert "Finished: B wins the match. " + ENDED in html
    assert "decided it" not in html


def test_the_referees_result_says_it_once(client, club, pair_a, pair_b):
    match = lost_on_a_revoke(club, pair_a, pair_b, *LEVEL_THEN_REVOKE)
    page = reverse("referee:page", args=[match.referee_links.get().token]) + f"?after={match.pk}"
    html = client.get(page).content.decode()
    assert html.count(ENDED) == 1 and "decided it" not in html


def test_a_revoke_as_the_first_deal_says_so_on_the_club_page_and_its_tv(client, club, pair_a,
                                                                        pair_b):
    match = lost_on_a_revoke(club, pair_a, pair_b, {"revoke": "A"})
    assert f'<span class="tv-verdict">{ENDED}</span>' in tile_of(tv_page(client, club), match)
    page = client.get(f"/c/{club.slug}/").content.decode()
    assert f"Carla Dias &amp; Duarte Lima won · {ENDED}</span>" in page
    assert "decided it" not in page


def test_a_partida_revoke_that_ends_a_match_of_games_says_so_too(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b)
    match.rules = engine.rules_from("portugal", {"revoke": "partida"}).as_dict()
    match.save(update_fields=["rules"])
    record(match, {"points": [95, 25]}, {"revoke": "B"})
    assert "Finished: A wins the match. A revoke by B ended the match." in client.get(
        f"/m/{match.pk}/").content.decode()


def test_a_revoke_that_costs_games_says_nothing_more(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b)
    record(match, {"points": [95, 25]}, {"revoke": "B"})  # 2 + 2 games: A reaches 4
    assert "ended the match" not in client.get(f"/m/{match.pk}/").content.decode()


def test_the_tournament_tv_says_so(client, club):
    tournament = make_tournament(club, 2, tables_count=1, rules=engine.rules_from("strict_revoke"),
                                 fmt={"type": "fixed_deals", "deals": 4})
    tournament_services.tournament_start(tournament=tournament)
    [pairing] = in_play(tournament)
    record(pairing.match, {"revoke": "A"})
    html = client.get(f"/t/{tournament.slug}/tv/?page=1", headers=HTMX).content.decode()
    assert f'<span class="tv-verdict">{ENDED}</span>' in html


@pytest.mark.django_db(transaction=True)
def test_a_match_stored_before_is_told_the_revoke_that_ended_it(club, pair_a, pair_b):
    match = lost_on_a_revoke(club, pair_a, pair_b, *LEVEL_THEN_REVOKE)
    Match.objects.filter(pk=match.pk).update(
        state={key: value for key, value in match.state.items() if key != "revoked"})
    with migrated("scoring", "0014_game_sets_on_the_tally",
                  "0015_state_names_a_revoke_that_ended_the_match") as apps:
        state = apps.get_model("scoring", "Match").objects.get(pk=match.pk).state
    assert state == match.state and state["revoked"] == "A"
