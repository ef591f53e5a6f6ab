"""Rounds of fixed deals: round robin and Swiss, from the first draw to the final standings."""

from itertools import combinations

from tests.tournaments.helpers import make_tournament, play_to_the_end
from tournaments import selectors, services
from tournaments.models import Pairing, Round, Tournament

EIGHT_DEALS = {"type": "fixed_deals", "deals": 8}


def test_a_round_robin_meets_every_pair_once_and_crowns_the_leader(club):
    tournament = make_tournament(club, 6, "rounds", fmt=EIGHT_DEALS, pairing="round_robin",
                                 tables_count=3)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament, choose=lambda p: "A" if p.a_id < p.b_id else "B")
    tournament.refresh_from_db()
    pairs = [frozenset((p.a_id, p.b_id)) for p in Pairing.objects.filter(
        round__tournament=tournament)]
    ids = tournament.entries.values_list("pk", flat=True)
    assert sorted(pairs, key=sorted) == sorted(map(frozenset, combinations(ids, 2)), key=sorted)
    assert tournament.champion_id == min(ids)  # the lowest id won every match


def test_a_swiss_of_seven_plays_its_rounds_without_rematches_and_one_bye_each(club):
    tournament = make_tournament(club, 7, "rounds", fmt=EIGHT_DEALS, pairing="swiss",
                                 rounds_count=4, tables_count=3)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament, choose=lambda p: "A" if p.a_id % 3 else "B")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    pairings = Pairing.objects.filter(round__tournament=tournament)
    played = [frozenset((p.a_id, p.b_id)) for p in pairings if p.b_id]
    assert len(played) == len(set(played)) == 4 * 3
    byes = [p.a_id for p in pairings if p.b_id is None]
    assert len(byes) == len(set(byes)) == 4
    rows = selectors.standings(tournament, list(selectors.pairings(tournament)),
                               selectors.entries(tournament))
    assert tournament.champion_id == rows[0].entry.pk


def test_a_level_fixed_deal_match_in_rounds_is_a_draw_worth_draw_points(club):
    tournament = make_tournament(club, 2, "rounds", fmt=EIGHT_DEALS, pairing="round_robin",
                                 tables_count=1)
    services.tournament_start(tournament=tournament)
    pairing = Pairing.objects.get()
    from tests.tournaments.helpers import record

    for deal in ([{"points": [70, 50]}, {"points": [50, 70]}] * 4):
        record(pairing.match, deal)
    tournament.refresh_from_db()
    rows = selectors.standings(tournament, list(selectors.pairings(tournament)),
                               selectors.entries(tournament))
    assert [r.row.points for r in rows] == [2, 2]
    assert tournament.status == Tournament.Status.FINISHED


def test_groups_then_knockout_cross_pairs_the_group_winners(club):
    tournament = make_tournament(club, 8, "groups", groups_count=2, qualifiers_per_group=2,
                                 tables_count=4)
    services.tournament_start(tournament=tournament)
    groups = selectors.group_letters(tournament)
    assert groups == ["A", "B"]
    group_rounds = Round.objects.filter(tournament=tournament, stage="groups")
    play_to_the_end(tournament, choose=lambda p: "A" if p.a_id < p.b_id else "B")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert group_rounds.count() == 3
    semis = Round.objects.get(tournament=tournament, stage="knockout", number=4)
    assert semis.code == "semi_final"
    winners = {letter: min(tournament.entries.filter(group=letter).values_list("pk", flat=True))
               for letter in groups}
    for pairing in semis.pairings.all():
        assert tournament.entries.get(pk=pairing.a_id).group != (
            tournament.entries.get(pk=pairing.b_id).group)
        assert {pairing.a_id, pairing.b_id} & set(winners.values())
