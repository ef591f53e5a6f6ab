"""Deciding matches (negra): a tie the chain leaves for a place that matters is played out on a
table, through the same scoring services as any match, before the tournament goes on."""

import importlib
import uuid

import pytest
from django.apps import apps as django_apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import engine
from scoring import services as scoring
from tests.conftest import make_club, make_partnership
from tests.tournaments.helpers import in_play, make_tournament, play, record
from tournaments import presenters, selectors, services
from tournaments.formats import deciding
from tournaments.models import Action, Pairing, Round, Tournament

pytestmark = pytest.mark.django_db

TWO_DEALS = {"type": "fixed_deals", "deals": 2}  # 1-1 in games is a level match
NEGRA = ["points", "deciding"]


def play_level(pairing: Pairing) -> None:
    record(pairing.match, {"points": [70, 50]})
    record(pairing.match, {"points": [50, 70]})


def play_out(tournament: Tournament, outcome, deciding_winner=lambda p: "A") -> None:
    """Play every match on the tables until nothing is left: `outcome(a, b)` ("A", "B" or "=")
    for the stage's matches, by the entries' places in registration (0, 1, ...), and
    `deciding_winner(pairing)` for the deciding and knockout ones (None: stop there)."""
    index = {pk: i for i, pk in enumerate(
        tournament.entries.order_by("pk").values_list("pk", flat=True))}
    for _ in range(200):
        playing = in_play(tournament)
        if not playing:
            return
        pairing = Pairing.objects.select_related("round", "match").get(pk=playing[0].pk)
        if pairing.round.stage in (Round.Stage.DECIDING, Round.Stage.KNOCKOUT):
            if (side := deciding_winner(pairing)) is None:
                return
            play(pairing, side)
        elif (side := outcome(index[pairing.a_id], index[pairing.b_id])) == "=":
            play_level(pairing)
        else:
            play(pairing, side)
    raise AssertionError("the matches did not end")


def top_two_level(a, b):
    """0 and 1 draw with each other and beat everyone else; the rest by index."""
    if {a, b} == {0, 1}:
        return "="
    return "A" if a < b else "B"


def round_robin(club, size, chain=NEGRA, **options):
    tournament = make_tournament(club, size, "rounds", fmt=TWO_DEALS, pairing="round_robin",
                                 tie_breaks=chain, **{"tables_count": 2, **options})
    services.tournament_start(tournament=tournament)
    return tournament


def entry_ids(tournament):
    return list(tournament.entries.order_by("pk").values_list("pk", flat=True))


def deciding_rounds(tournament):
    return list(tournament.rounds.filter(stage=Round.Stage.DECIDING).order_by("number"))


def standings(tournament, stage=None, group=""):
    field = [e for e in selectors.entries(tournament) if not group or e.group == group]
    return selectors.standings(tournament, list(selectors.pairings(tournament)), field,
                               stage=stage, group=group)


def test_a_round_robin_tied_for_first_plays_a_deciding_match_that_crowns_the_champion(club):
    tournament = round_robin(club, 4)
    first, second, *_ = entry_ids(tournament)
    play_out(tournament, top_two_level, deciding_winner=lambda p: "B")
    tournament.refresh_from_db()
    [negra] = deciding_rounds(tournament)
    [pairing] = negra.pairings.select_related("match", "table")
    assert {pairing.a_id, pairing.b_id} == {first, second}
    assert pairing.table is not None and pairing.match.format["type"] == "first_to"
    assert pairing.match.format["target"] == 2
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == pairing.b_id
    ranked = standings(tournament)
    assert [s.row.points for s in ranked[:2]] == [8, 8]  # the deciding match added none
    assert [s.row.decided for s in ranked] == [True, True, False, False]
    assert [s.row.rank for s in ranked] == [1, 2, 3, 4]
    assert Action.objects.filter(tournament=tournament, kind=Action.Kind.DECIDING).count() == 1
    assert presenters.round_title(negra) == "Deciding match"


def test_without_a_deciding_match_at_the_end_of_the_chain_the_tie_stays(club):
    tournament = round_robin(club, 4, chain=["points", "card_points"])
    play_out(tournament, top_two_level)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and not deciding_rounds(tournament)


def test_a_fixed_deal_deciding_match_deals_on_until_someone_wins(club):
    tournament = round_robin(club, 4, deciding_format={"type": "fixed_deals", "deals": 2})
    play_out(tournament, top_two_level, deciding_winner=lambda p: "A")
    [pairing] = deciding_rounds(tournament)[0].pairings.select_related("match")
    assert pairing.match.format["extra_deals"] is True and pairing.winner_id == pairing.a_id


def test_groups_level_at_the_qualifying_cut_play_it_out_before_the_knockout(club):
    tournament = make_tournament(club, 4, "groups", fmt=TWO_DEALS, groups_count=1,
                                 qualifiers_per_group=2, tables_count=2, tie_breaks=NEGRA)
    services.tournament_start(tournament=tournament)
    ids = entry_ids(tournament)

    def second_and_third_level(a, b):  # 0 wins all; 1 and 2 draw and beat 3
        return "=" if {a, b} == {1, 2} else ("A" if a < b else "B")

    def decide(pairing):  # the deciding match goes to the third entry (index 2)
        return "A" if pairing.a_id == ids[2] else "B"

    play_out(tournament, second_and_third_level, deciding_winner=decide)
    [negra] = deciding_rounds(tournament)
    [pairing] = negra.pairings.all()
    assert {pairing.a_id, pairing.b_id} == {ids[1], ids[2]} and pairing.group == "A"
    final = tournament.rounds.get(stage=Round.Stage.KNOCKOUT).pairings.get()
    assert {final.a_id, final.b_id} == {ids[0], ids[2]}
    assert final.round.number == negra.number + 1
    ranked = standings(tournament, Round.Stage.GROUPS, "A")
    assert [s.entry.pk for s in ranked] == [ids[0], ids[2], ids[1], ids[3]]


def test_three_level_play_a_small_knockout_the_best_with_a_bye(club):
    tournament = round_robin(club, 3)  # each beats one, loses to one, and has a bye
    ids = entry_ids(tournament)
    play_out(tournament, lambda a, b: "A" if (b - a) % 3 == 1 else "B")
    semi, final = deciding_rounds(tournament)
    assert presenters.round_title(semi) == "Deciding match: Semi-finals"
    assert presenters.round_title(final) == "Deciding match: Final"
    [first_match] = semi.pairings.all()
    assert {first_match.a_id, first_match.b_id} == {ids[1], ids[2]}
    [last] = final.pairings.all()
    assert ids[0] in (last.a_id, last.b_id)
    tournament.refresh_from_db()
    assert tournament.champion_id == last.winner_id
    assert [s.row.rank for s in standings(tournament)] == [1, 2, 3]


def test_the_rounds_of_a_small_deciding_knockout_are_named_to_its_final(client, club):
    tournament = round_robin(club, 3)
    play_out(tournament, lambda a, b: "A" if (b - a) % 3 == 1 else "B")
    semi, final = deciding_rounds(tournament)
    html = client.get(f"/t/{tournament.slug}/rounds/{final.number}/").content.decode()
    assert "<h2>Deciding match: Final</h2>" in html


def test_deciding_matches_stored_before_keep_their_titles(club, organiser):
    """A lone deciding match was stored as a "final", as a small knockout's final is."""
    migration = importlib.import_module(
        "tournaments.migrations.0023_a_lone_deciding_match_has_no_round_code")
    lone = round_robin(club, 4)
    play_out(lone, top_two_level)
    knockout = round_robin(make_club("outro", organiser), 3)
    play_out(knockout, lambda a, b: "A" if (b - a) % 3 == 1 else "B")
    Round.objects.filter(stage=Round.Stage.DECIDING, code="").update(code="final")
    migration.lone_deciding_matches(django_apps, None)
    assert [presenters.round_title(r) for r in deciding_rounds(lone)] == ["Deciding match"]
    assert [presenters.round_title(r) for r in deciding_rounds(knockout)] == [
        "Deciding match: Semi-finals", "Deciding match: Final"]


@pytest.mark.parametrize("scope, rounds", [("podium", 3), ("every", 4)])
def test_the_scope_says_which_places_are_played_out(club, scope, rounds):
    tournament = round_robin(club, 6, deciding_scope=scope, tables_count=3)
    play_out(tournament, lambda a, b: "=")  # all six level
    played = deciding_rounds(tournament)
    assert len(played) == rounds  # quarter-finals, semi-finals, final (and 5th-6th)
    assert played[-2 if scope == "every" else -1].pairings.filter(third_place=True).exists()
    ranks = [s.row.rank for s in standings(tournament)]
    assert ranks == ([1, 2, 3, 4, 5, 5] if scope == "podium" else [1, 2, 3, 4, 5, 6])


def test_a_partnership_withdrawing_during_its_deciding_match_gives_a_walkover(club, organiser):
    tournament = round_robin(club, 4)
    first, second, *_ = entry_ids(tournament)
    play_out(tournament, top_two_level, deciding_winner=lambda p: None)
    [pairing] = deciding_rounds(tournament)[0].pairings.select_related("match")
    record(pairing.match, {"points": [70, 50]})
    services.entry_withdraw(entry=tournament.entries.get(pk=pairing.a_id), by=organiser)
    tournament.refresh_from_db()
    pairing.refresh_from_db()
    assert pairing.walkover == "B" and pairing.winner_id == pairing.b_id
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == pairing.b_id


def test_a_correction_that_removes_the_tie_takes_back_the_deciding_match(club, organiser):
    tournament = round_robin(club, 4)
    first, second, *_ = entry_ids(tournament)
    play_out(tournament, top_two_level, deciding_winner=lambda p: None)
    assert deciding_rounds(tournament)
    level = Pairing.objects.get(round__tournament=tournament, round__stage=Round.Stage.ROUNDS,
                                a_id__in=[first, second], b_id__in=[first, second])
    deal = level.match.deals.filter(active=True).order_by("number").last()
    winning = {"points": [70, 50]} if level.a_id == first else {"points": [50, 70]}
    with pytest.raises(services.LaterMatchesStarted) as asked:  # not begun: named all the same
        scoring.deal_correct(deal=deal, replacement=engine.deal_from(winning), reason="misread",
                             user=organiser)
    assert asked.value.affected[0].startswith("Deciding match: ")
    assert deciding_rounds(tournament)
    scoring.deal_correct(deal=deal, replacement=engine.deal_from(winning), reason="misread",
                         user=organiser, allow_reset=True)
    tournament.refresh_from_db()
    assert not deciding_rounds(tournament)
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion_id == first


def test_a_correction_under_a_started_deciding_match_needs_confirmation(club, organiser):
    tournament = round_robin(club, 4)
    first, second, *_ = entry_ids(tournament)
    play_out(tournament, top_two_level, deciding_winner=lambda p: None)
    [negra] = deciding_rounds(tournament)
    record(negra.pairings.get().match, {"points": [70, 50]})
    level = Pairing.objects.get(round__tournament=tournament, round__stage=Round.Stage.ROUNDS,
                                a_id__in=[first, second], b_id__in=[first, second])
    deal = level.match.deals.filter(active=True).order_by("number").last()
    winning = engine.deal_from({"points": [70, 50]} if level.a_id == first
                               else {"points": [50, 70]})
    with pytest.raises(services.LaterMatchesStarted):
        scoring.deal_correct(deal=deal, replacement=winning, reason="misread", user=organiser)
    assert deciding_rounds(tournament)
    scoring.deal_correct(deal=deal, replacement=winning, reason="misread", user=organiser,
                         allow_reset=True)
    tournament.refresh_from_db()
    assert not deciding_rounds(tournament) and tournament.champion_id == first


@st.composite
def events(draw):
    swiss = draw(st.booleans())
    size = draw(st.integers(2, 7 if swiss else 6))
    options = {"pairing": "swiss", "rounds_count": draw(st.integers(1, min(size - 1, 3)))} if (
        swiss) else {"pairing": "round_robin"}
    options |= {
        "tables_count": draw(st.integers(1, 3)),
        "deciding_scope": draw(st.sampled_from(["qualifying", "podium", "every"])),
        "deciding_format": draw(st.sampled_from([
            {"type": "first_to", "target": 1}, {"type": "fixed_deals", "deals": 2}])),
        "tie_breaks": draw(st.sampled_from([NEGRA, ["points", "head_to_head", "deciding"],
                                            ["points", "games_won", "buchholz", "deciding"]])),
    }
    return {"size": size, "options": options,
            "rolls": draw(st.lists(st.integers(0, 2), min_size=200, max_size=200))}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(event=events())
def test_every_event_with_a_deciding_match_finishes_with_no_tie_left_in_scope(club, event):
    tournament = services.tournament_create(
        club=club, name="Torneio", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(TWO_DEALS), structure="rounds", **event["options"])
    run = uuid.uuid4().hex[:6]
    services.entries_register(tournament=tournament, partnerships=[
        make_partnership(club, f"P{i}a {run}", f"P{i}b {run}") for i in range(event["size"])])
    services.tournament_start(tournament=tournament)
    rolls = iter(event["rolls"] * 20)
    for _ in range(2000):
        playing = in_play(tournament)
        if not playing:
            break
        pairing = Pairing.objects.select_related("round", "match").get(pk=playing[0].pk)
        roll = next(rolls)
        if roll == 2 and pairing.round.stage == Round.Stage.ROUNDS:
            play_level(pairing)
        else:
            play(pairing, "AB"[roll % 2])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    rows = [s.row for s in standings(tournament)]
    assert deciding.ties_to_settle(rows, tournament.deciding_scope) == []
    assert tournament.champion_id == rows[0].entrant


# The organiser's form -------------------------------------------------------------------------

def new_tournament(client, club, *codes, **changes):
    from tests.tournaments.test_manage_tournament_new import chain

    data = {"name": "Taça", "tables_count": "4", "preset": "portugal", "format_type": "first_to",
            "structure": "rounds", "draw": "random", "groups_count": "2",
            "qualifiers_per_group": "2", "pairing": "round_robin", "rounds_count": "4",
            "points_win": "3", "points_loss": "1", "points_draw": "2", "points_no_show": "0",
            **chain(*codes), **changes}
    return client.post(f"/manage/{club.slug}/tournaments/", data)


def test_the_form_takes_a_deciding_match_its_scope_and_format(organiser_client, club):
    response = new_tournament(organiser_client, club, "points", "deciding",
                              deciding_scope="every", deciding_type="fixed_deals",
                              deciding_length="4")
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.tie_breaks == ["points", "deciding"]
    assert tournament.deciding_scope == "every"
    assert tournament.deciding_format == {"type": "fixed_deals", "deals": 4, "extra_deals": True}


def test_the_form_defaults_to_a_first_to_2_for_a_tie_that_qualifies(organiser_client, club):
    new_tournament(organiser_client, club, "points", "deciding")
    tournament = Tournament.objects.get()
    assert tournament.deciding_scope == "qualifying"
    assert tournament.deciding_format == {"type": "first_to", "target": 2}


@pytest.mark.parametrize("codes, field, message", [
    (("deciding", "points"), "tie_break_2", "can only come last"),
    (("points", "deciding", "lots"), "tie_break_3", "can only come last"),
    (("points", "lots", "deciding"), "tie_break_3", "Drawing lots decides every tie"),
])
def test_a_deciding_match_can_only_end_the_chain(organiser_client, club, codes, field, message):
    response = new_tournament(organiser_client, club, *codes)
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert any(message in error for error in response.context["form"].errors[field])


def test_the_organiser_sees_the_deciding_round_on_the_board_and_the_tournament_page(
        organiser_client, club):
    tournament = round_robin(club, 4)
    play_out(tournament, top_two_level, deciding_winner=lambda p: None)
    pages = f"/manage/{club.slug}/tournaments/{tournament.slug}/"
    board = organiser_client.get(pages + "board/")
    assert board.status_code == 200 and "Deciding match" in board.content.decode()
    [pairing] = deciding_rounds(tournament)[0].pairings.select_related("table")
    assert pairing.table.number in {s.table.number for s in board.context["tables"]}
    assert "Deciding match" in organiser_client.get(pages).content.decode()


def test_a_corrected_score_that_breaks_the_tie_takes_back_the_unbegun_deciding_match(
        club, organiser):
    tournament = round_robin(club, 4, chain=["points", "card_points", "deciding"])
    first, *_ = entry_ids(tournament)
    play_out(tournament, top_two_level, deciding_winner=lambda p: None)
    assert deciding_rounds(tournament)  # the top two won alike: level on card points too
    won = Pairing.objects.filter(round__tournament=tournament, round__stage=Round.Stage.ROUNDS,
                                 a_id=first, winner_id=first).first() or Pairing.objects.filter(
        round__tournament=tournament, b_id=first, winner_id=first).first()
    deal = won.match.deals.filter(active=True).order_by("number").first()
    bigger = {"points": [90, 30]} if won.a_id == first else {"points": [30, 90]}
    with pytest.raises(services.LaterMatchesStarted) as asked:  # the winner kept, all the same
        scoring.deal_correct(deal=deal, replacement=engine.deal_from(bigger), reason="misread",
                             user=organiser)
    assert asked.value.affected[0].startswith("Deciding match: ")
    assert deciding_rounds(tournament)
    scoring.deal_correct(deal=deal, replacement=engine.deal_from(bigger), reason="misread",
                         user=organiser, allow_reset=True)
    tournament.refresh_from_db()
    won.refresh_from_db()
    assert won.winner_id == first and not deciding_rounds(tournament)
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion_id == first
