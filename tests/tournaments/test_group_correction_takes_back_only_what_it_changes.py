"""A corrected group result never takes back another group's table or deciding matches; of the
knockout drawn from the groups, only the matches whose partnerships the corrected standings
change are played again (and those drawn from them)."""

import pytest

from scoring import engine
from scoring import services as scoring
from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import services
from tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db

ONE_DEAL = {"type": "fixed_deals", "deals": 1}


def members(tournament, letter) -> list[int]:
    return list(tournament.entries.filter(group=letter).order_by("seed", "id")
                .values_list("pk", flat=True))


def group_winner(tournament, pairing) -> str:
    """In each group the first listed beats the later ones, but for Group A's first three:
    each beats one of the others, a three-way tie that two deciding matches settle."""
    order = members(tournament, pairing.group)
    a, b = order.index(pairing.a_id), order.index(pairing.b_id)
    if pairing.group == "A" and {a, b} <= {0, 1, 2}:
        return "A" if (b - a) % 3 == 1 else "B"
    return "A" if a < b else "B"


def play_all(tournament) -> None:
    for _ in range(300):
        playing = in_play(tournament)
        if not playing:
            return
        pairing = Pairing.objects.select_related("round", "match").get(pk=playing[0].pk)
        play(pairing, group_winner(tournament, pairing)
             if pairing.round.stage == Round.Stage.GROUPS else "A")
    raise AssertionError("the matches did not end")


@pytest.fixture
def event(club):
    """14 partnerships in groups of 5, 5 and 4, two through from each and the two best thirds,
    with a third-place match, played to the end."""
    tournament = make_tournament(club, 14, "groups", fmt=ONE_DEAL, groups_count=3,
                                 qualifiers_per_group=2, best_of_next=2, third_place=True,
                                 tie_breaks=["points", "deciding"], tables_count=7)
    services.tournament_start(tournament=tournament)
    play_all(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return tournament


def group_b_match(tournament, first: int, second: int) -> Pairing:
    order = members(tournament, "B")
    return Pairing.objects.select_related("match").get(
        round__tournament=tournament, group="B", a_id__in=[order[first], order[second]],
        b_id__in=[order[first], order[second]])


def flip(pairing: Pairing, user, **kwargs) -> None:
    """Enter the match's deal the other way round."""
    deal = pairing.match.deals.get(active=True)
    scoring.deal_correct(deal=deal, replacement=engine.deal_from(
        {"points": deal.data["points"][::-1]}), reason="entered the other way", user=user,
        **kwargs)


def knockout(tournament):
    return {(p.round.code, p.third_place, p.slot): p for p in Pairing.objects.select_related(
        "round").filter(round__tournament=tournament, round__stage=Round.Stage.KNOCKOUT)}


def deciding(tournament):
    return list(Pairing.objects.filter(round__tournament=tournament,
                                       round__stage=Round.Stage.DECIDING)
                .order_by("pk").values_list("pk", "group", "a_id", "b_id", "winner_id"))


def test_a_group_b_correction_keeps_group_a_and_replays_only_the_changed_knockout_matches(
        event, organiser):
    tournament = event
    group_a_deciding = deciding(tournament)
    assert len(group_a_deciding) == 2 and {row[1] for row in group_a_deciding} == {"A"}
    carla, gil = members(tournament, "B")[2:4]
    before = knockout(tournament)
    [carla_quarter] = [p for p in before.values() if carla in (p.a_id, p.b_id)
                       and p.round.code == "quarter_final"]
    fed = {("semi_final", False, carla_quarter.slot // 2), ("final", False, 0),
           ("final", True, 1)}
    corrected = group_b_match(tournament, 2, 3)
    with pytest.raises(services.LaterMatchesStarted) as asked:
        flip(corrected, organiser)
    lines = asked.value.affected
    assert len(lines) == 3 and not any(line.startswith("Deciding match") for line in lines)
    assert "changes partnerships" in lines[0] and "Semi-finals: " in lines[1]
    flip(Pairing.objects.select_related("match").get(pk=corrected.pk), organiser,
         allow_reset=True)
    assert deciding(tournament) == group_a_deciding
    after = knockout(tournament)
    quarter = after[("quarter_final", False, carla_quarter.slot)]
    assert quarter.pk == carla_quarter.pk and not quarter.finished
    assert gil in (quarter.a_id, quarter.b_id) and carla not in (quarter.a_id, quarter.b_id)
    assert set(after) == set(before) - fed
    for key, pairing in after.items():
        if key != ("quarter_final", False, carla_quarter.slot):
            assert (pairing.pk, pairing.winner_id) == (before[key].pk, before[key].winner_id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.champion_id is None
    play_all(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion_id
    assert deciding(tournament) == group_a_deciding
    assert set(knockout(tournament)) == set(before)


def test_a_correction_that_keeps_the_qualifiers_and_their_places_takes_back_nothing(
        event, organiser):
    tournament = event
    group_a_deciding, before = deciding(tournament), knockout(tournament)
    corrected = group_b_match(tournament, 3, 4)  # the last two change places
    flip(corrected, organiser)  # nothing to confirm
    corrected.refresh_from_db()
    assert corrected.winner_id == members(tournament, "B")[4]
    assert deciding(tournament) == group_a_deciding
    after = knockout(tournament)
    assert {k: (p.pk, p.a_id, p.b_id, p.winner_id) for k, p in after.items()} == {
        k: (p.pk, p.a_id, p.b_id, p.winner_id) for k, p in before.items()}
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
