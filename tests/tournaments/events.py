"""What happens in the room, for the tests that play whole random events to their end."""

import uuid

from scoring import engine
from scoring import services as scoring
from scoring.models import Deal, Match
from tournaments import selectors, services
from tournaments.models import Entry, Pairing, Tournament


def withdraw_one(tournament: Tournament, roll: int, organiser) -> bool:
    """A partnership leaves (never the last two)."""
    active = list(Entry.objects.filter(tournament=tournament, withdrawn=False))
    if len(active) <= 2:
        return False
    services.entry_withdraw(entry=active[roll % len(active)], by=organiser)
    return True


def void_last_finished_deal(tournament: Tournament, organiser) -> bool:
    """The organiser corrects the last deal of a finished match: the result changes."""
    last = (Deal.objects.filter(match__pairing__round__tournament=tournament,
                                match__finished=True, active=True).order_by("-id").first())
    if last is None:
        return False
    scoring.deal_void(deal=last, reason="wrong", user=organiser, allow_reset=True)
    return True


def deal_on(playing: list[Pairing], roll: int, deals: list[dict]) -> None:
    """A referee enters a deal on one of the matches in play."""
    pairing = playing[roll % len(playing)]
    answer = scoring.deal_record(match_id=pairing.match_id,
                                 deal=engine.deal_from(deals[roll % len(deals)]),
                                 key=str(uuid.uuid4()))
    assert answer.status == 201


def assert_standings_equal_a_replay(tournament: Tournament) -> None:
    """The standings from the stored states equal those from every match replayed."""
    stored = list(selectors.pairings(tournament))
    replayed = list(selectors.pairings(tournament))
    for pairing in replayed:
        if pairing.match_id:
            deals = [engine.deal_from(d.data) for d in
                     pairing.match.deals.filter(active=True).order_by("number")]
            state = scoring.replay(pairing.match, deals)
            assert state.finished == pairing.match.finished
            if not pairing.walkover:
                assert pairing.finished == state.finished
            pairing.match.state = state.stored()
    field = selectors.entries(tournament)
    assert selectors.standings(tournament, replayed, field) == selectors.standings(
        tournament, stored, field)


def assert_nothing_left_in_play(tournament: Tournament) -> None:
    """A finished event leaves no match of its own in play: each one begun has ended or was
    abandoned (with its round, or its pairing decided without play)."""
    ids = list(tournament.entries.values_list("partnership_id", flat=True))
    left = [(m.pk, len(m.state["deals"]), list(Pairing.objects.filter(match=m).values_list(
                "round__code", "slot", "finished", "walkover")))
            for m in Match.objects.in_play().filter(a_id__in=ids)]
    assert not left, left

