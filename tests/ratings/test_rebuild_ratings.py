"""A rebuild from scratch gives exactly the ratings that the match-by-match updates gave."""

import random

import pytest
from django.core.management import call_command

from scoring.models import PartnershipRating, RatingChange
from scoring.ratings import services as rating_services
from scoring.ratings.services import ratings_rebuild
from sueca_club import outbox
from tests.conftest import make_match, make_partnership
from tests.ratings.helpers import correct, finish, play, snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairs(club):
    names = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Gil", "Helena", "Ines", "Joao"]
    # Five fixed duplas plus two that mix players of the others.
    pairs = [make_partnership(club, names[i], names[i + 1]) for i in range(0, 10, 2)]
    pairs += [make_partnership(club, "Ana", "Carla"), make_partnership(club, "Bruno", "Eva")]
    return pairs


def play_season(capture, club, pairs, count: int, seed: int = 5) -> list:
    rng = random.Random(seed)
    matches = []
    while len(matches) < count:
        a, b = rng.sample(pairs, 2)
        if {a.player_1_id, a.player_2_id} & {b.player_1_id, b.player_2_id}:
            continue
        matches.append(play(capture, club, a, b, rng.choice("AB")))
    return matches


def test_a_rebuild_equals_twenty_updates_one_match_at_a_time(
        club, pairs, monkeypatch, django_capture_on_commit_callbacks):
    def no_rebuild(club_id):
        raise AssertionError("a match that finished last is added, not rebuilt")

    with monkeypatch.context() as patch:
        patch.setattr(rating_services, "_rebuild", no_rebuild)
        play_season(django_capture_on_commit_callbacks, club, pairs, 20)
    updated = snapshot(club)
    assert RatingChange.objects.filter(club=club).count() == 20 * 6
    ratings_rebuild(club=club)
    assert snapshot(club) == updated


def test_a_correction_of_an_old_match_leaves_what_a_rebuild_gives(
        club, pairs, organiser, django_capture_on_commit_callbacks):
    matches = play_season(django_capture_on_commit_callbacks, club, pairs, 20)
    before = snapshot(club)
    old = matches[3]
    correct(django_capture_on_commit_callbacks, old, "B" if old.winner == "A" else "A",
            organiser)
    play_season(django_capture_on_commit_callbacks, club, pairs, 3, seed=9)  # and play on
    corrected = snapshot(club)
    assert corrected["players"] != before["players"]
    ratings_rebuild(club=club)
    assert snapshot(club) == corrected


def test_a_finished_match_taken_back_leaves_the_ratings(club, pairs,
                                                        django_capture_on_commit_callbacks):
    matches = play_season(django_capture_on_commit_callbacks, club, pairs, 6)
    undone = matches[2]
    from scoring import services

    with django_capture_on_commit_callbacks(execute=True):
        services.deal_undo(match_id=undone.pk, key="undo-1")
    assert not RatingChange.objects.filter(match=undone).exists()
    kept = snapshot(club)
    ratings_rebuild(club=club)
    assert snapshot(club) == kept
    assert RatingChange.objects.filter(club=club).count() == 5 * 6


def test_matches_whose_tasks_run_out_of_order_still_equal_a_rebuild(
        club, pairs, django_capture_on_commit_callbacks, monkeypatch):
    play_season(django_capture_on_commit_callbacks, club, pairs, 4)
    first = make_match(club, pairs[0], pairs[1])
    second = make_match(club, pairs[2], pairs[3])
    with monkeypatch.context() as held:
        queued: list[int] = []
        held.setattr(outbox, "dispatch", lambda step_id, name: queued.append(step_id))
        finish(first, "A")
        finish(second, "B")
    for step_id in reversed(queued):  # the second match's steps run first
        outbox.run(step_id)
    assert RatingChange.objects.filter(match__in=[first, second]).count() == 12
    late = snapshot(club)
    ratings_rebuild(club=club)
    assert snapshot(club) == late


def test_the_command_rebuilds_one_club_or_all(club, other_club, pairs, capsys,
                                              django_capture_on_commit_callbacks):
    play_season(django_capture_on_commit_callbacks, club, pairs, 5)
    played = snapshot(club)
    RatingChange.objects.all().delete()
    PartnershipRating.objects.all().delete()
    call_command("rebuild_ratings", "--club", club.slug)
    assert snapshot(club) == played
    assert "5 matches rated" in capsys.readouterr().out
    call_command("rebuild_ratings")
    assert snapshot(club) == played
    assert f"{other_club.slug}: 0 matches rated" in capsys.readouterr().out


def test_a_match_of_another_club_does_not_count(club, other_club, pair_a, pair_b,
                                                django_capture_on_commit_callbacks):
    visitor_a = make_partnership(other_club, "Rui", "Sara")
    visitor_b = make_partnership(other_club, "Tiago", "Vera")
    play(django_capture_on_commit_callbacks, other_club, visitor_a, visitor_b, "A")
    play(django_capture_on_commit_callbacks, club, pair_a, pair_b, "A")
    ratings_rebuild(club=club)
    assert set(RatingChange.objects.filter(club=club).values_list("match__club", flat=True)) \
        == {club.pk}
    assert RatingChange.objects.filter(club=other_club).count() == 6
