"""A finished match moves its players' and partnerships' ratings: winners up, losers down."""

import pytest

from scoring.models import PartnershipRating, PlayerRating, RatingChange
from scoring.ratings import arithmetic as ratings
from scoring.ratings.services import ratings_follow_match
from tests.ratings.helpers import correct, play, record
from tests.scoring.variant_matches import double_pack_match
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournament_services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def test_the_winners_go_up_and_the_losers_down(club, pair_a, pair_b,
                                               django_capture_on_commit_callbacks):
    play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "A")
    start = ratings.DEFAULT
    for player in pair_a.players:
        assert PlayerRating.objects.get(player=player).mu > start.mu
    for player in pair_b.players:
        assert PlayerRating.objects.get(player=player).mu < start.mu
    won, lost = (PartnershipRating.objects.get(partnership=p) for p in (pair_a, pair_b))
    assert won.mu > start.mu > lost.mu
    assert won.conservative > lost.conservative
    assert (won.matches, lost.matches) == (1, 1)
    assert won.sigma < start.sigma  # the club knows a little more about them


def test_a_match_writes_one_history_row_per_player_and_partnership(
        club, pair_a, pair_b, django_capture_on_commit_callbacks):
    match = play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "B")
    rows = RatingChange.objects.filter(match=match)
    assert rows.filter(player__isnull=False).count() == 4
    assert sorted(rows.filter(partnership__isnull=False).values_list("partnership_id", "result")) \
        == sorted([(pair_a.pk, "L"), (pair_b.pk, "W")])
    assert set(rows.values_list("match_version", flat=True)) == {match.version}


def test_an_unfinished_match_does_not_rate(club, pair_a, pair_b,
                                           django_capture_on_commit_callbacks):
    from tests.conftest import make_match

    with django_capture_on_commit_callbacks(execute=True):
        match = make_match(club, pair_a, pair_b)
        record(match, {"points": [70, 50]})
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()


def test_a_walkover_does_not_rate(club, django_capture_on_commit_callbacks):
    tournament = make_tournament(club, 4)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.tournament_start(tournament=tournament)
    fresh, started = Pairing.objects.filter(round__tournament=tournament).order_by("slot")
    record(started.match, {"points": [70, 50]})  # a deal, then the other side leaves
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.pairing_walkover(pairing=fresh, present="A")
        tournament_services.entry_withdraw(entry=started.b)  # leaving mid-match
    assert Pairing.objects.filter(round__tournament=tournament, walkover="A").count() == 2
    assert not RatingChange.objects.exists()
    assert not PartnershipRating.objects.exists()


def test_running_the_task_again_changes_nothing(club, pair_a, pair_b,
                                                django_capture_on_commit_callbacks):
    match = play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "A")
    before = list(PlayerRating.objects.order_by("pk").values_list("mu", "sigma", "matches"))
    assert ratings_follow_match(match_id=match.pk, version=match.version) == "done"
    assert ratings_follow_match(match_id=match.pk, version=match.version - 1) == "done"
    assert list(PlayerRating.objects.order_by("pk").values_list("mu", "sigma", "matches")) \
        == before
    assert RatingChange.objects.count() == 6


def test_a_corrected_result_rates_the_match_the_other_way(club, pair_a, pair_b, organiser,
                                                          django_capture_on_commit_callbacks):
    match = play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "A")
    correct(django_capture_on_commit_callbacks, match, "B", organiser)
    won, lost = (PartnershipRating.objects.get(partnership=p) for p in (pair_b, pair_a))
    assert won.mu > lost.mu
    assert (won.matches, lost.matches) == (1, 1)
    match.refresh_from_db()
    assert set(RatingChange.objects.values_list("match_version", flat=True)) == {match.version}


def test_a_draw_moves_two_unequal_sides_towards_each_other():
    strong, weak = ratings.Skill(30, 4), ratings.Skill(20, 4)
    game = ratings.Game(key=1, a_players=(1, 2), b_players=(3, 4), a=10, b=11, outcome="draw")
    changes = ratings.rate_game(game, {1: strong, 2: strong, 3: weak, 4: weak}, {})
    by_player = {c.entity: c.after for c in changes if c.kind == "player"}
    assert by_player[1].mu < strong.mu and by_player[3].mu > weak.mu
    assert {c.result for c in changes} == {"D"}


def test_a_match_with_one_player_on_both_sides_rates_nobody():
    game = ratings.Game(key=1, a_players=(1, 2), b_players=(1, 3), a=10, b=11, outcome="A")
    assert ratings.rate_game(game, {}, {}) == []


def test_a_double_pack_match_rates_all_eight_players(club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = double_pack_match(club)
        record(match, {"points": [240, 0], "flag": "A"})
    match.refresh_from_db()
    assert match.finished and match.winner == "A"
    start = ratings.DEFAULT
    assert all(PlayerRating.objects.get(player=p).mu > start.mu for p in match.a.players)
    assert all(PlayerRating.objects.get(player=p).mu < start.mu for p in match.b.players)
    assert RatingChange.objects.filter(match=match, player__isnull=False).count() == 8
