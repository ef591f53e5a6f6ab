"""The tournament customs of RULES.md ("Tournament vocabulary and customs (Portugal)"), played
through the services an organiser and the referees use, with the standings written out.

Partnerships are named by their part in the story ("winner", "bye", "1A"...): where two rows
carry the same name, the tie between them is decided by lots and either may come first.
"""

import random

import pytest
from django.utils.html import escape

from scoring import engine
from tests.conftest import make_partnership
from tests.tournaments.helpers import WIN, in_play, make_tournament, play, play_to_the_end, record
from tournaments import presenters, selectors, services
from tournaments.models import Action, Entry, Pairing, Round, Tournament
from tournaments.services import TournamentRefused

# Deals written for side A (mirrored for B) and what a match of first to 4 made of them gives:
FLAG = WIN["A"]  # one deal: 4 games, card points 120-0
TWOS = {"points": [100, 20]}  # two deals: card points 200-40
ONES = {"points": [70, 50]}  # four deals: card points 280-200

ROW = ("rank", "points", "played", "won", "lost", "byes", "games_won", "games_lost")


# Helpers -----------------------------------------------------------------------------------

def event(club, size: int, structure: str = "knockout", seed: str = "saturday",
          **options) -> Tournament:
    """`make_tournament` with a fixed seed: the same draws and lots on every run."""
    tournament = make_tournament(club, size, structure, **options)
    Tournament.objects.filter(pk=tournament.pk).update(seed=seed)
    tournament.refresh_from_db()
    return tournament


def mirrored(deal: dict, side: str) -> dict:
    if side == "A":
        return deal
    flipped = {"points": deal["points"][::-1]}
    return {**flipped, "flag": "B"} if "flag" in deal else flipped


def win(pairing: Pairing, side: str, deal: dict = FLAG) -> list[int]:
    """Deal `deal` (for `side`) until the pairing's match is won; the status of every answer."""
    match, answers = pairing.match, []
    while True:
        match.refresh_from_db()
        if match.finished:
            return answers
        answers.append(record(match, mirrored(deal, side)).status)


def lower_id_wins(pairing: Pairing) -> str:
    return "A" if pairing.a_id < pairing.b_id else "B"


def play_round(tournament: Tournament, choose=lower_id_wins) -> None:
    """Play every match on the tables now (a round, when there are tables enough)."""
    for pairing in in_play(tournament):
        play(pairing, choose(pairing))


def play_until_knockout(tournament: Tournament, choose=lower_id_wins) -> Round:
    while not tournament.rounds.filter(stage=Round.Stage.KNOCKOUT).exists():
        pairings = in_play(tournament)
        assert pairings, "the group stage stopped before its knockout was drawn"
        play(pairings[0], choose(pairings[0]))
    return tournament.rounds.get(stage=Round.Stage.KNOCKOUT)


def standings(tournament: Tournament, **where) -> list[selectors.Standing]:
    return selectors.standings(tournament, list(selectors.pairings(tournament)),
                               where.pop("field", None) or selectors.entries(tournament),
                               **where)


def table(ranked: list[selectors.Standing], names: dict[int, str], columns=ROW) -> list[tuple]:
    return [(names[s.entry.pk], *(getattr(s.row, column) for column in columns))
            for s in ranked]


def round_pairings(tournament: Tournament, number: int) -> list[Pairing]:
    return list(selectors.round_pairings(tournament, number))


def group_places(tournament: Tournament) -> dict[int, tuple[str, int]]:
    """Each entry's group letter and place in it (withdrawn entries left out)."""
    places = {}
    for letter in selectors.group_letters(tournament):
        members = [e for e in selectors.entries(tournament) if e.group == letter]
        ranked = [s for s in standings(tournament, field=members, stage=Round.Stage.GROUPS,
                                       group=letter) if not s.entry.withdrawn]
        places.update({s.entry.pk: (letter, place) for place, s in enumerate(ranked, 1)})
    return places


def group_members(tournament: Tournament, letter: str) -> list[int]:
    return list(tournament.entries.filter(group=letter).order_by("pk").values_list("pk", flat=True))


# 1. A failed draw never refuses a deal -------------------------------------------------------

def test_a_swiss_of_four_over_four_rounds_is_refused_at_the_start_naming_its_three_rounds(club):
    tournament = event(club, 4, "rounds", pairing="swiss", rounds_count=4)
    with pytest.raises(TournamentRefused) as refused:
        services.tournament_start(tournament=tournament)
    assert refused.value.message == (
        "With 4 partnerships a Swiss has at most 3 rounds without a rematch: play fewer rounds, "
        "or allow rematches.")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT and not tournament.rounds.exists()


def test_a_swiss_of_four_allowing_rematches_plays_its_fourth_round_as_the_least_bad_rematch(club):
    tournament = event(club, 4, "rounds", pairing="swiss", rounds_count=4,
                       allow_rematches=True, tables_count=2)
    services.tournament_start(tournament=tournament)
    answers = []
    while pairings := in_play(tournament):
        answers += win(pairings[0], lower_id_wins(pairings[0]))
    tournament.refresh_from_db()
    assert answers == [201] * 8  # 4 rounds of 2 matches, one flag each
    assert tournament.status == Tournament.Status.FINISHED and tournament.draw_problem == ""
    rounds = [{frozenset((p.a_id, p.b_id)) for p in round_pairings(tournament, number)}
              for number in (1, 2, 3, 4)]
    assert len(rounds[0] | rounds[1] | rounds[2]) == 6  # everyone met everyone once
    assert rounds[3] <= rounds[0] | rounds[1] | rounds[2] and len(rounds[3]) == 2


def test_groups_of_three_partnerships_in_two_groups_are_refused_at_the_start_in_words(club):
    tournament = event(club, 3, "groups", groups_count=2, qualifiers_per_group=2)
    with pytest.raises(TournamentRefused) as refused:  # not a ValueError from the engine
        services.tournament_start(tournament=tournament)
    assert refused.value.message == (
        "Every group needs at least 2 partnerships; the smallest would have 1.")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT


# 2. A Swiss of six keeps four rounds pairable --------------------------------------------------

@pytest.mark.parametrize("pattern", range(20))
def test_a_swiss_of_six_over_four_rounds_finishes_without_a_rematch_whatever_the_results(
        club, pattern):
    tournament = event(club, 6, "rounds", pairing="swiss", rounds_count=4, tables_count=3,
                       seed=f"saturday-{pattern}")
    results = random.Random(pattern)
    services.tournament_start(tournament=tournament)
    while pairings := in_play(tournament):
        play(pairings[0], results.choice("AB"))
    tournament.refresh_from_db()
    assert tournament.draw_problem == ""
    assert tournament.status == Tournament.Status.FINISHED and tournament.rounds.count() == 4
    played = [frozenset((p.a_id, p.b_id)) for p in selectors.pairings(tournament)]
    assert len(played) == len(set(played)) == 12


# 3. A Swiss bye is worth a win by default ------------------------------------------------------

BYE_AS_WIN = [("winner", 1, 3, 1, 1, 0, 0, 4, 0), ("winner", 2, 3, 1, 1, 0, 0, 4, 0),
              ("bye", 3, 3, 0, 0, 0, 1, 4, 0),
              ("loser", 4, 1, 1, 0, 1, 0, 0, 4), ("loser", 5, 1, 1, 0, 1, 0, 0, 4)]
BYE_AS_DRAW = [("winner", 1, 3, 1, 1, 0, 0, 4, 0), ("winner", 2, 3, 1, 1, 0, 0, 4, 0),
               ("bye", 3, 2, 0, 0, 0, 1, 0, 0),
               ("loser", 4, 1, 1, 0, 1, 0, 0, 4), ("loser", 5, 1, 1, 0, 1, 0, 0, 4)]
BYE_AS_NOTHING = [("winner", 1, 3, 1, 1, 0, 0, 4, 0), ("winner", 2, 3, 1, 1, 0, 0, 4, 0),
                  ("loser", 3, 1, 1, 0, 1, 0, 0, 4), ("loser", 4, 1, 1, 0, 1, 0, 0, 4),
                  ("bye", 5, 0, 0, 0, 0, 1, 0, 0)]


@pytest.mark.parametrize(("bye_result", "expected"), [
    ("win", BYE_AS_WIN), ("draw", BYE_AS_DRAW), ("nothing", BYE_AS_NOTHING)])
def test_a_swiss_bye_is_worth_a_win_unless_the_tournament_says_a_draw_or_nothing(
        club, bye_result, expected):
    tournament = event(club, 5, "rounds", pairing="swiss", rounds_count=1,
                       tables_count=2, bye_result=bye_result)
    services.tournament_start(tournament=tournament)
    play_to_the_end(tournament)  # side A wins both matches
    names = {}
    for pairing in round_pairings(tournament, 1):
        if pairing.is_bye:
            names[pairing.a_id] = "bye"
        else:
            names.update({pairing.a_id: "winner", pairing.b_id: "loser"})
    assert tournament.walkover_games == 4
    assert table(standings(tournament), names) == expected


# 4. A withdrawn partnership never qualifies from its group -------------------------------------

def test_a_group_winner_withdrawn_mid_group_leaves_its_knockout_place_to_the_next_placed(club):
    tournament = event(club, 8, "groups", groups_count=2, qualifiers_per_group=2,
                       tables_count=4)
    services.tournament_start(tournament=tournament)
    a1, a2, a3, _ = group_members(tournament, "A")  # the lower id wins every match
    b1, b2, _, _ = group_members(tournament, "B")
    play_round(tournament)
    services.entry_withdraw(entry=Entry.objects.get(pk=a1))  # its round 2 and 3: walkovers
    knockout = play_until_knockout(tournament)
    semis = list(knockout.pairings.order_by("slot"))
    assert [(p.a_id, p.b_id) for p in semis] == [(a2, b2), (b1, a3)]  # 1A v 2B, 1B v 2A
    assert not Pairing.objects.filter(round__stage=Round.Stage.KNOCKOUT, a=a1).exists()
    assert not Pairing.objects.filter(round__stage=Round.Stage.KNOCKOUT, b=a1).exists()
    assert not Pairing.objects.filter(round__tournament=tournament, winner=a1,
                                      walkover__in=["A", "B"]).exists()


def test_a_group_winner_withdrawn_before_the_knockout_is_drawn_never_qualifies(club):
    tournament = event(club, 8, "groups", groups_count=2, qualifiers_per_group=2,
                       tables_count=4, auto_advance=False)
    services.tournament_start(tournament=tournament)
    a1, a2, a3, a4 = group_members(tournament, "A")
    b1, b2, _, _ = group_members(tournament, "B")
    for _ in range(2):
        play_round(tournament)
        services.round_draw_next(tournament=tournament)
    play_round(tournament)  # the group stage is over; the knockout is not drawn yet
    names = {a1: "a1", a2: "a2", a3: "a3", a4: "a4"}
    members = [e for e in selectors.entries(tournament) if e.group == "A"]
    assert table(standings(tournament, field=members, stage="groups", group="A"), names,
                 ("rank", "points", "won", "lost")) == [
        ("a1", 1, 9, 3, 0), ("a2", 2, 7, 2, 1), ("a3", 3, 5, 1, 2), ("a4", 4, 3, 0, 3)]
    services.entry_withdraw(entry=Entry.objects.get(pk=a1))
    knockout = services.round_draw_next(tournament=tournament)
    semis = list(knockout.pairings.order_by("slot"))
    assert [(p.a_id, p.b_id) for p in semis] == [(a2, b2), (b1, a3)]
    assert all(p.finished is False and p.walkover == "" for p in semis)


# 5. Two withdrawn partnerships meeting each other: a double forfeit ---------------------------

def test_two_withdrawn_partnerships_drawn_together_are_a_double_forfeit_that_nobody_wins(club):
    tournament = event(club, 4, "rounds", pairing="round_robin", tables_count=2)
    services.tournament_start(tournament=tournament)
    e1, e2, e3, e4 = tournament.entries.order_by("pk")
    assert [(p.a_id, p.b_id) for p in round_pairings(tournament, 1)] == [(e1.pk, e4.pk),
                                                                           (e2.pk, e3.pk)]
    play_round(tournament)  # e1 and e2 win
    services.entry_withdraw(entry=e1)  # round 2: e3 v e1, e4 v e2, walkovers to e3 and e4
    services.entry_withdraw(entry=e2)
    forfeit = next(p for p in round_pairings(tournament, 3) if p.a_id == e1.pk)
    assert (forfeit.b_id, forfeit.finished, forfeit.winner_id, forfeit.walkover) == (
        e2.pk, True, None, "-")
    assert presenters.line_of(forfeit, tournament.full_win, tournament.bye_worth).status == "forfeit"
    alone = selectors.standings(tournament, [forfeit], [e1, e2])
    columns = ("points", "played", "won", "drawn", "lost", "games_won", "games_lost")
    assert [tuple(getattr(s.row, c) for c in columns) for s in alone] == [(0, 1, 0, 0, 1, 0, 0)] * 2

    play_to_the_end(tournament)  # e3 beats e4
    names = {e1.pk: "withdrawn", e2.pk: "withdrawn", e3.pk: "e3", e4.pk: "e4"}
    assert table(standings(tournament), names, ("rank", "points", "played", "won", "drawn",
                                                "lost", "games_won", "games_lost")) == [
        ("e3", 1, 7, 3, 2, 0, 1, 8, 4),
        ("e4", 2, 5, 3, 1, 0, 2, 4, 8),
        ("withdrawn", 3, 3, 3, 1, 0, 2, 4, 4),
        ("withdrawn", 4, 3, 3, 1, 0, 2, 4, 4),
    ]


# 6. A walkover is a full win in every format --------------------------------------------------

PARTIDAS = {"type": "partidas", "to_win": 2, "target": 4}
LEAGUE = ("rank", "points", "played", "won", "lost", "games_won", "games_lost", "partidas_won",
          "partidas_lost", "card_points")


def walkover_and_table_loss(club, fmt, **options) -> tuple[Tournament, dict[int, str]]:
    """One round of four: a walkover (A came), and a match A wins at the table by 100-20 deals."""
    tournament = event(club, 4, "rounds", fmt=fmt, pairing="swiss", rounds_count=1,
                       tables_count=2, **options)
    services.tournament_start(tournament=tournament)
    walkover, played = in_play(tournament)
    services.pairing_walkover(pairing=walkover, present="A")
    win(played, "A", TWOS)
    names = {walkover.a_id: "walkover winner", walkover.b_id: "no-show",
             played.a_id: "table winner", played.b_id: "table loser"}
    return tournament, names


def test_a_walkover_in_partidas_gives_two_partidas_and_eight_games_and_the_no_show_nothing(club):
    tournament, names = walkover_and_table_loss(club, PARTIDAS)
    assert tournament.walkover_games == 8
    assert table(standings(tournament), names, LEAGUE) == [
        ("table winner", 1, 3, 1, 1, 0, 8, 0, 2, 0, 400),
        ("walkover winner", 2, 3, 1, 1, 0, 8, 0, 2, 0, 0),
        ("table loser", 3, 1, 1, 0, 1, 0, 8, 0, 2, 80),
        ("no-show", 4, 0, 1, 0, 1, 0, 8, 0, 2, 0),
    ]


def test_a_no_show_in_partidas_ranks_below_a_team_beaten_two_nil_at_the_table(club):
    """A loss worth no more than a no-show: partidas lost do not lift the no-show (2 each)."""
    tournament, names = walkover_and_table_loss(club, PARTIDAS, points_loss=0)
    assert table(standings(tournament), names, LEAGUE)[2:] == [
        ("table loser", 3, 0, 1, 0, 1, 0, 8, 0, 2, 80),
        ("no-show", 4, 0, 1, 0, 1, 0, 8, 0, 2, 0),
    ]


@pytest.mark.parametrize("target", [4, 10])
def test_a_walkover_in_first_to_n_is_n_games_to_nil(club, target):
    tournament = event(club, 2, "rounds", fmt={"type": "first_to", "target": target},
                       pairing="swiss", rounds_count=1, tables_count=1)
    services.tournament_start(tournament=tournament)
    pairing = round_pairings(tournament, 1)[0]
    services.pairing_walkover(pairing=pairing, present="B")
    pairing.refresh_from_db()
    assert presenters.line_of(pairing, tournament.full_win, tournament.bye_worth).games == (0, target)
    names = {pairing.a_id: "no-show", pairing.b_id: "winner"}
    assert table(standings(tournament), names) == [
        ("winner", 1, 3, 1, 1, 0, 0, target, 0), ("no-show", 2, 0, 1, 0, 1, 0, 0, target)]


def test_a_no_show_in_first_to_four_ranks_below_a_team_beaten_at_the_table(club):
    tournament, names = walkover_and_table_loss(club, None, points_loss=0)
    assert table(standings(tournament), names, LEAGUE) == [
        ("table winner", 1, 3, 1, 1, 0, 4, 0, 1, 0, 200),
        ("walkover winner", 2, 3, 1, 1, 0, 4, 0, 1, 0, 0),
        ("table loser", 3, 0, 1, 0, 1, 0, 4, 0, 1, 40),
        ("no-show", 4, 0, 1, 0, 1, 0, 4, 0, 1, 0),
    ]


# 7. Head-to-head decides only among tied teams who all met -------------------------------------

H2H = ("rank", "points", "partidas_won", "partidas_lost", "card_points", "head_to_head",
       "head_to_head_skipped")


def test_head_to_head_is_skipped_for_tied_swiss_teams_who_have_not_all_met(club):
    tournament = event(club, 6, "rounds", pairing="swiss", rounds_count=2,
                       tables_count=3)
    services.tournament_start(tournament=tournament)
    first = round_pairings(tournament, 1)
    for pairing in first:
        win(pairing, "A")  # round 1: A sides by a flag each
    winners = {p.a_id for p in first}
    second = round_pairings(tournament, 2)
    kinds = {(p.a_id in winners) + (p.b_id in winners): p for p in second}
    assert sorted(kinds) == [0, 1, 2]  # winners meet, a winner floats down, losers meet
    top, floated, bottom = kinds[2], kinds[1], kinds[0]
    float_winner = floated.a_id if floated.a_id in winners else floated.b_id
    float_loser = floated.b_id if float_winner == floated.a_id else floated.a_id
    names = {top.a_id: "Wa", top.b_id: "Wb", float_winner: "Wc", float_loser: "Lx",
             bottom.a_id: "Ly", bottom.b_id: "Lz"}
    win(top, "A", TWOS)  # Wa beats Wb 200-40
    win(floated, "A" if floated.a_id == float_loser else "B", ONES)  # Lx beats Wc 280-200
    win(bottom, "A")  # Ly beats Lz 120-0
    # Four teams on 4 points, of whom only some met (Lx beat Wc): card points decide, and Wc
    # stays above Lx who beat it.
    assert table(standings(tournament), names, H2H) == [
        ("Wa", 1, 6, 2, 0, 320, None, False),
        ("Wc", 2, 4, 1, 1, 320, None, True),
        ("Lx", 3, 4, 1, 1, 280, None, True),
        ("Wb", 4, 4, 1, 1, 160, None, True),
        ("Ly", 5, 4, 1, 1, 120, None, True),
        ("Lz", 6, 2, 0, 2, 0, None, False),
    ]


def test_head_to_head_decides_between_tied_swiss_teams_who_met(club):
    tournament = event(club, 4, "rounds", pairing="swiss", rounds_count=2,
                       tables_count=2)
    services.tournament_start(tournament=tournament)
    first = round_pairings(tournament, 1)
    for pairing in first:
        win(pairing, "A")
    beaten_by = {p.b_id: p.a_id for p in first}
    top, bottom = sorted(round_pairings(tournament, 2), key=lambda p: p.a_id in beaten_by)
    assert {top.a_id, top.b_id} == set(beaten_by.values())  # the two winners meet
    riser = bottom.a_id  # wins round 2, level with the winner who beat it in round 1
    faller = beaten_by[riser]
    leader = top.b_id if top.a_id == faller else top.a_id
    names = {leader: "leader", faller: "faller", riser: "riser", bottom.b_id: "last"}
    win(top, "A" if top.a_id == leader else "B")  # leader beats faller 120-0
    win(bottom, "A", ONES)  # riser beats last 280-200
    # riser has more card points, but faller beat it in round 1
    assert table(standings(tournament), names, H2H) == [
        ("leader", 1, 6, 2, 0, 240, None, False),
        ("faller", 2, 4, 1, 1, 120, 3, False),
        ("riser", 3, 4, 1, 1, 280, 1, False),
        ("last", 4, 2, 0, 2, 200, None, False),
    ]


# 8. A player plays in one partnership of a tournament only --------------------------------------

def test_registering_one_player_in_two_partnerships_is_refused_naming_the_player(club):
    tournament = event(club, 0)
    first = make_partnership(club, "Ana Silva", "Bruno Costa")
    second = make_partnership(club, "Ana Silva", "Carla Dias")
    message = ("Ana Silva cannot play in two partnerships of one tournament "
               "(Ana Silva & Bruno Costa and Ana Silva & Carla Dias).")
    with pytest.raises(TournamentRefused) as together:
        services.entries_register(tournament=tournament, partnerships=[first, second])
    assert together.value.message == message
    assert not tournament.entries.exists()

    services.entries_register(tournament=tournament, partnerships=[first])
    with pytest.raises(TournamentRefused) as later:
        services.entries_register(tournament=tournament, partnerships=[second])
    assert later.value.message == message
    assert list(tournament.entries.values_list("partnership", flat=True)) == [first.pk]


# 9. Partial seeding: the byes after the seeds go by lot ------------------------------------------

def byes_of_a_seeded_knockout(club, partnerships, seed: str) -> list[int]:
    """Thirteen partnerships, the 6th and the 10th registered seeded 1 and 2: the registration
    numbers of those who get the three byes."""
    tournament = services.tournament_create(
        club=club, name="Taça", rules=engine.rules_from("portugal"), fmt=engine.format_from(None),
        structure="knockout", draw="seeded")
    entries = services.entries_register(tournament=tournament, partnerships=partnerships)
    services.entry_update(entry=entries[5], seed=1)
    services.entry_update(entry=entries[9], seed=2)
    Tournament.objects.filter(pk=tournament.pk).update(seed=seed)
    services.tournament_start(tournament=tournament)
    number = {entry.pk: index for index, entry in enumerate(entries)}
    return [number[p.a_id] for p in round_pairings(tournament, 1) if p.is_bye]


def test_the_byes_of_a_partly_seeded_knockout_go_to_the_seeds_then_to_one_drawn_by_lot(club):
    partnerships = [make_partnership(club, f"Player {i}a", f"Player {i}b") for i in range(13)]
    byes = byes_of_a_seeded_knockout(club, partnerships, "alpha")
    assert len(byes) == 3 and byes[0] == 5 and 9 in byes  # seed 1 at the top, seed 2 too
    lot = next(n for n in byes if n not in (5, 9))
    assert byes_of_a_seeded_knockout(club, partnerships, "alpha") == byes  # the same lot
    others = {next(n for n in byes_of_a_seeded_knockout(club, partnerships, seed)
                   if n not in (5, 9)) for seed in ("beta", "gamma", "delta")}
    assert others - {lot}  # another seed draws another partnership


# 10. Groups cross over: 1A v 2B, 1B v 2A -------------------------------------------------------

def first_knockout_round(club, size: int, groups: int) -> list[tuple]:
    tournament = event(club, size, "groups", groups_count=groups,
                       qualifiers_per_group=2, tables_count=size // 2)
    services.tournament_start(tournament=tournament)
    knockout = play_until_knockout(tournament)
    places = group_places(tournament)
    entries = tournament.entries.in_bulk()
    for entry_id, (letter, _) in places.items():
        assert entries[entry_id].group == letter
    return [(places[p.a_id], places[p.b_id]) for p in knockout.pairings.order_by("slot")]


def test_four_groups_cross_over_as_1a_2b_1d_2c_1b_2a_1c_2d(club):
    assert first_knockout_round(club, 12, 4) == [
        (("A", 1), ("B", 2)), (("D", 1), ("C", 2)), (("B", 1), ("A", 2)), (("C", 1), ("D", 2))]


def test_two_groups_cross_over_as_1a_2b_1b_2a(club):
    assert first_knockout_round(club, 8, 2) == [(("A", 1), ("B", 2)), (("B", 1), ("A", 2))]


# 11. The best next-placed teams go through on points per match -----------------------------------

def test_the_best_thirds_of_unequal_groups_go_through_on_points_per_match(club):
    tournament = event(club, 10, "groups", groups_count=3, qualifiers_per_group=2,
                       best_of_next=2, tables_count=5)
    services.tournament_start(tournament=tournament)
    letters = selectors.group_letters(tournament)
    members = {letter: group_members(tournament, letter) for letter in letters}
    assert sorted(len(m) for m in members.values()) == [3, 3, 4]

    def choose(pairing):  # four: the lower id wins; three: x beats y beats z beats x
        group = members[pairing.group]
        if len(group) == 4:
            return lower_id_wins(pairing)
        return "A" if (group.index(pairing.b_id) - group.index(pairing.a_id)) % 3 == 1 else "B"

    knockout = play_until_knockout(tournament, choose)
    big = next(letter for letter in letters if len(members[letter]) == 4)
    small = [letter for letter in letters if letter != big]
    ranked = {letter: standings(tournament, stage="groups", group=letter,
                                field=[e for e in selectors.entries(tournament)
                                       if e.group == letter])
              for letter in letters}
    assert [(s.row.points, s.row.played) for s in ranked[big]] == [(9, 3), (7, 3), (5, 3), (3, 3)]
    for letter in small:
        assert [(s.row.points, s.row.played) for s in ranked[letter]] == [(4, 2)] * 3
    # the big group's third has more points (5) but fewer a match (1.67) than the others' (2.0)
    expected = {s.entry.pk for s in ranked[big][:2]} | {
        s.entry.pk for letter in small for s in ranked[letter]}
    pairings = list(knockout.pairings.all())
    assert knockout.code == "quarter_final" and len(pairings) == 4
    assert {e for p in pairings for e in (p.a_id, p.b_id)} == expected
    group = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "group"))
    assert all(group[p.a_id] != group[p.b_id] for p in pairings)  # no group meets itself yet


# 12. The action log ----------------------------------------------------------------------------

def an_event_with_every_kind_of_action(club, organiser) -> tuple[Tournament, dict[str, str]]:
    """A Swiss of four run by hand: started, a walkover, a rematch allowed, a withdrawal,
    finished. What the walkover and the withdrawal should say."""
    tournament = event(club, 4, "rounds", pairing="swiss", rounds_count=3,
                       tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament, by=organiser)
    walkover, played = in_play(tournament)
    services.pairing_walkover(pairing=walkover, present="A", by=organiser)
    play(played, "A")
    services.rematch_allow(tournament=tournament, by=organiser)
    leaving, staying = in_play(tournament)
    services.entry_withdraw(entry=leaving.a, by=organiser, reason="Bruno is ill")
    play(staying, "B")
    services.tournament_finish(tournament=tournament, by=organiser)
    came = walkover.a.partnership.display_name
    return tournament, {
        "walkover": f"{came} – {walkover.b.partnership.display_name}: {came}",
        "withdrawal": leaving.a.partnership.display_name,
    }


def test_each_organiser_action_writes_one_entry_of_the_log_and_the_page_lists_them(
        club, organiser, organiser_client):
    tournament, whats = an_event_with_every_kind_of_action(club, organiser)
    log = list(Action.objects.filter(tournament=tournament).order_by("pk"))
    assert [(a.kind, a.user) for a in log] == [
        ("start", organiser), ("walkover", organiser), ("rematch", organiser),
        ("withdrawal", organiser), ("finish", organiser)]
    assert {a.kind: a.what for a in log if a.kind in whats} == whats
    assert next(a.reason for a in log if a.kind == "withdrawal") == "Bruno is ill"
    page = f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"
    page = organiser_client.get(page).content.decode()
    for said in ("started the tournament", "gave a walkover", "allowed a rematch",
                 "withdrew a partnership", "finished the tournament", "Bruno is ill",
                 *whats.values()):
        assert escape(said) in page


def test_starting_allowing_a_rematch_and_finishing_say_in_words_what_they_did(club, organiser):
    tournament, _ = an_event_with_every_kind_of_action(club, organiser)
    log = Action.objects.filter(tournament=tournament, kind__in=["start", "rematch", "finish"])
    assert all(presenters.action_what(action) for action in log)


# 13. A withdrawn partnership never receives a walkover -------------------------------------------

def test_a_walkover_to_a_withdrawn_partnership_is_refused(club):
    tournament = event(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = round_pairings(tournament, 1)[0]
    services.entry_withdraw(entry=pairing.a)
    for allow_reset in (False, True):
        with pytest.raises(TournamentRefused):
            services.pairing_walkover(pairing=pairing, present="A", allow_reset=allow_reset)
    pairing.refresh_from_db()
    assert (pairing.winner_id, pairing.walkover) == (pairing.b_id, "B")
    assert not Action.objects.filter(tournament=tournament, kind="walkover").exists()


# 14. A knockout winner withdrawn before its next round is drawn ---------------------------------

def test_a_partnership_withdrawn_after_its_bye_hands_its_next_opponent_a_walkover(club):
    tournament = event(club, 3, tables_count=1)
    services.tournament_start(tournament=tournament)
    bye, match = sorted(round_pairings(tournament, 1), key=lambda p: not p.is_bye)
    assert bye.is_bye and bye.finished
    services.entry_withdraw(entry=bye.a)  # nothing of its own is open: its bye is decided
    play(match, "B")
    final = tournament.rounds.get(code="final").pairings.get()
    assert (final.a_id, final.b_id) == (bye.a_id, match.b_id)
    assert (final.finished, final.winner_id, final.walkover) == (True, match.b_id, "B")
    assert final.match is None


def test_a_semi_final_winner_withdrawn_before_the_final_is_drawn_hands_it_over(club):
    tournament = event(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, second = in_play(tournament)
    play(first, "A")
    services.entry_withdraw(entry=first.a)
    play(second, "B")
    final = tournament.rounds.get(code="final").pairings.get()
    assert (final.a_id, final.b_id) == (first.a_id, second.b_id)
    assert (final.finished, final.winner_id, final.walkover) == (True, second.b_id, "B")


def test_a_final_walked_over_to_the_partnership_that_came_crowns_it(club):
    tournament = event(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, second = in_play(tournament)
    play(first, "A")
    services.entry_withdraw(entry=first.a)
    play(second, "B")
    tournament.refresh_from_db()
    assert (tournament.status, tournament.champion_id) == (Tournament.Status.FINISHED,
                                                           second.b_id)
