"""What follows a round waits for every match before it, and goes on from whichever round's
match ended last: a group match reopened by a correction after the last group round was
complete draws the knockout again when it ends again (found by the Saturday test: the groups
complete, nothing drawn, nothing to play), and not before; a correction to a finished
event's standings crowns the partnership they put first."""

from scoring import engine
from scoring import services as scoring
from scoring.models import Deal
from tests.tournaments.helpers import groups_in_play, in_play, make_tournament, play, record
from tournaments import services
from tournaments.models import Pairing, Round, Tournament


def void_its_last_deal(pairing: Pairing, organiser) -> None:
    deal = Deal.objects.filter(match=pairing.match_id, active=True).latest("id")
    scoring.deal_void(deal=deal, reason="wrong", user=organiser, allow_reset=True)


def knockout_drawn(tournament: Tournament) -> bool:
    return Round.objects.filter(tournament=tournament, stage=Round.Stage.KNOCKOUT).exists()


def test_a_group_match_of_an_earlier_round_ended_again_draws_the_knockout_again(club,
                                                                                  organiser):
    tournament = groups_in_play(club)
    while not knockout_drawn(tournament):
        play(in_play(tournament)[0], "A")
    second_round = Pairing.objects.select_related("match").filter(
        round__tournament=tournament, round__number=2).exclude(match=None).first()

    void_its_last_deal(second_round, organiser)
    assert not knockout_drawn(tournament)
    assert [p.pk for p in in_play(tournament) if not p.match.finished] == [second_round.pk]

    record(second_round.match, {"points": [120, 0], "flag": "A"})
    assert knockout_drawn(tournament)
    assert in_play(tournament)


def test_the_knockout_waits_for_a_reopened_group_match_of_an_earlier_round(club, organiser):
    tournament = groups_in_play(club)
    while True:  # every group match played but one of the last round's, begun
        left = in_play(tournament)
        if len(left) == 1 and left[0].round.number == 3:
            break
        play(left[0], "A")
    [last] = left
    record(last.match, {"points": [70, 50]})
    second_round = Pairing.objects.filter(round__tournament=tournament, round__number=2).first()

    void_its_last_deal(second_round, organiser)
    play(last, "A")
    assert not knockout_drawn(tournament)
    [reopened] = in_play(tournament)  # back at a table, the last round's match ended there
    assert reopened.pk == second_round.pk

    play(reopened, "A")
    assert knockout_drawn(tournament)


def test_a_score_correction_that_keeps_the_winner_crowns_whom_the_standings_put_first(
        club, organiser):
    """A round robin of four: the first three beat each other in a circle and the fourth,
    each match one deal of 70 to 50, so card points leave them level and lots choose. Another
    of the three's win over the fourth corrected to 100 to 20 puts that one first."""
    tournament = make_tournament(club, 4, "rounds", {"type": "fixed_deals", "deals": 1},
                                 pairing="round_robin", tables_count=2)
    services.tournament_start(tournament=tournament)
    first, second, third, fourth = sorted(tournament.entries.values_list("pk", flat=True))
    beats = {(first, second), (second, third), (third, first), (first, fourth),
             (second, fourth), (third, fourth)}
    while left := in_play(tournament):
        play(left[0], "A" if (left[0].a_id, left[0].b_id) in beats else "B")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    crowned = next(pk for pk in (first, second, third) if pk != tournament.champion_id)
    against_fourth = Pairing.objects.select_related("match").get(
        round__tournament=tournament, a_id__in=(crowned, fourth), b_id__in=(crowned, fourth))

    points = [100, 20] if against_fourth.a_id == crowned else [20, 100]
    scoring.deal_correct(deal=against_fourth.match.deals.get(active=True),
                         replacement=engine.deal_from({"points": points}), reason="misread",
                         user=organiser)
    tournament.refresh_from_db()
    assert (tournament.status, tournament.champion_id) == (Tournament.Status.FINISHED, crowned)


