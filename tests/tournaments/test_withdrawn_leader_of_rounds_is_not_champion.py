"""RULES.md: "A withdrawn team never qualifies, advances or receives a walkover." A round robin,
a Swiss or a league whose withdrawn partnership ends alone on top crowns the best partnership
still playing, as a knockout does (test_withdrawn_final_winner_is_not_champion.py) and as
deciding matches count places (formats/deciding.ties_to_settle)."""

from tests.tournaments.helpers import in_play, make_tournament, play
from tournaments import formats, services
from tournaments.models import Entry, Tournament


def test_a_withdrawn_partnership_alone_on_top_is_not_crowned(club):
    tournament = make_tournament(club, 4, "rounds", pairing="round_robin", tables_count=2,
                                 points_loss=0, tie_breaks=["points", "head_to_head",
                                                            "card_points", "lots"])
    services.tournament_start(tournament=tournament)
    ids = list(tournament.entries.order_by("pk").values_list("pk", flat=True))
    x = ids[0]
    third = formats.round_robin(ids)[2]
    w = next(b if a == x else a for a, b in third if x in (a, b))
    y, z = (e for e in ids if e not in (x, w))

    def winner(pairing):
        if x in (pairing.a_id, pairing.b_id):
            return x
        if w in (pairing.a_id, pairing.b_id):
            return pairing.b_id if pairing.a_id == w else pairing.a_id
        return y

    for _ in range(4):  # rounds 1 and 2: X beats two of them, W loses, Y beats Z
        pairing = in_play(tournament)[0]
        if pairing.round.number > 2:
            break
        play(pairing, "A" if winner(pairing) == pairing.a_id else "B")
    services.entry_withdraw(entry=Entry.objects.get(pk=x))  # W gets a walkover in round 3
    for pairing in in_play(tournament):
        play(pairing, "A" if winner(pairing) == pairing.a_id else "B")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # X 6 points (and beat Y), Y 6, Z 3, W 3: X is alone on top, but it withdrew.
    assert tournament.champion_id != x
    assert tournament.champion_id == y
