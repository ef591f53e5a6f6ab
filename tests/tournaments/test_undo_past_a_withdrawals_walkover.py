"""A withdrawal's walkover in a round drawn from a result is not a match begun: the site gave
it, and gives it again when that round is drawn again (a round robin's fifth partnership
withdrew midway, and its next round was drawn with the walkover). The referee's phone does not
take back a result the next round was drawn from; the organiser does, and the round is drawn
again as it was, walkover included."""

import json
import uuid

from scoring import services as scoring_services
from scoring.models import Deal, Match
from tests.tournaments.helpers import FLAG, in_play, make_tournament
from tournaments import services
from tournaments.models import Entry, Pairing, Round, Tournament


def undo(client, token):
    return client.post(f"/api/v1/referee/{token}/undo", data=json.dumps({}),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


def deal(client, token):
    return client.post(f"/api/v1/referee/{token}/deals", data=json.dumps(FLAG),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


def walkovers(tournament, number):
    return list(Pairing.objects.filter(round__tournament=tournament, round__number=number,
                                       walkover__gt="", withdrawal=True))


def finish_round(client, tournament):
    """Play the matches in play of the current round to an end through their tables' phones;
    the link of the table whose deal ended the round, and that deal's match."""
    number = in_play(tournament)[0].round.number
    while (playing := in_play(tournament)) and playing[0].round.number == number:
        link = playing[0].table.link
        while not (answer := deal(client, link.token).json())["finished"]:
            pass
    return link, answer["id"]


def test_the_deal_that_ended_a_round_is_voided_past_the_next_rounds_walkover(client, club,
                                                                             organiser):
    tournament = make_tournament(club, 5, "rounds", pairing=Tournament.Pairing.ROUND_ROBIN,
                                 rounds_count=5, tables_count=2)
    services.tournament_start(tournament=tournament)
    finish_round(client, tournament)
    services.entry_withdraw(entry=Entry.objects.get(pk=in_play(tournament)[0].a_id))
    while True:  # to the first round drawn with the withdrawn partnership's walkover
        link, ended = finish_round(client, tournament)
        number = in_play(tournament)[0].round.number
        if walkovers(tournament, number):
            break
    drawn = set(Pairing.objects.filter(round__tournament=tournament, round__number=number)
                .values_list("a_id", "b_id", "walkover"))

    refused = undo(client, link.token)
    assert refused.status_code == 409
    assert "The next round was drawn from this result" in refused.json()["error"]

    last = Deal.objects.filter(match_id=ended, active=True).order_by("-number").first()
    scoring_services.deal_void(deal=last, reason="misread", user=organiser, allow_reset=True)
    assert not Round.objects.filter(tournament=tournament, number=number).exists()
    reopened = Match.objects.get(pk=ended)
    assert not reopened.finished and scoring_services.reopening_refused(reopened) is None
    link.refresh_from_db()
    assert link.match_id == reopened.pk
    while not deal(client, link.token).json()["finished"]:
        pass
    assert set(Pairing.objects.filter(round__tournament=tournament, round__number=number)
               .values_list("a_id", "b_id", "walkover")) == drawn  # the same, walkover again
