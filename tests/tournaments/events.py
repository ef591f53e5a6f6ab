"""What happens in the room, for the tests that play whole random events to their end."""

import datetime
import uuid

from scoring import engine
from scoring import services as scoring
from scoring.models import Deal, Match
from tournaments import selectors, services
from tournaments.models import Entry, Pairing, Tournament


def still_playing(tournament: Tournament) -> list[Entry]:
    """The partnerships that can withdraw: neither withdrawn nor already out."""
    entries = selectors.entries(tournament)
    out = selectors.entries_out(tournament, list(selectors.pairings(tournament)), entries)
    return [entry for entry in entries if not entry.withdrawn and entry.pk not in out]


def withdraw_one(tournament: Tournament, roll: int, organiser) -> bool:
    """A partnership still playing leaves (never the last two)."""
    active = still_playing(tournament)
    if len(active) <= 2:
        return False
    services.entry_withdraw(entry=active[roll % len(active)], by=organiser)
    return True


def walkover_taken_back(tournament: Tournament, roll: int, organiser) -> bool:
    """The organiser takes back a no-show's walkover or double forfeit given by mistake, and
    what was drawn from it."""
    given = list(Pairing.objects.filter(round__tournament=tournament, withdrawal=False)
                 .exclude(walkover="").order_by("round__number", "slot"))
    if not given:
        return False
    services.pairing_walkover_undo(pairing=given[roll % len(given)], allow_reset=True,
                                   by=organiser)
    return True


def reinstate_one(tournament: Tournament, roll: int, organiser) -> bool:
    """The organiser reinstates a partnership withdrawn by mistake, while the event runs."""
    withdrawn = list(tournament.entries.filter(withdrawn=True).order_by("pk"))
    if not withdrawn or tournament.status != Tournament.Status.RUNNING:
        return False
    services.entry_reinstate(entry=withdrawn[roll % len(withdrawn)], allow_reset=True,
                             by=organiser)
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


def pairings(tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament)
                .select_related("round", "match").order_by("round__number", "slot"))


def league_move(tournament: Tournament, roll: int, organiser, deals: list[dict]) -> None:
    """One thing of a league's season: mostly a deal, sometimes a matchday opened, a match
    postponed or played now, a withdrawal, a correction (`roll` below 21: the organiser's)."""
    all_pairings = pairings(tournament)
    playing = [p for p in all_pairings if p.match_id and not p.finished]
    closed = [r for r in tournament.rounds.filter(opened=False).order_by("number")]
    if roll < 8 and closed:
        services.matchday_open(round_=closed[roll % len(closed)], by=organiser)
        return
    postponable = [p for p in all_pairings if not selectors.started(p)
                   and p.postponed_to is None]
    if roll < 12 and postponable:
        pairing = postponable[roll % len(postponable)]
        services.pairing_postpone(pairing=pairing, to=pairing.round.date
                                  + datetime.timedelta(days=1 + roll), by=organiser)
        return
    postponed = [p for p in all_pairings if p.postponed_to and not p.finished
                 and p.round.opened]
    if roll < 16 and postponed:
        services.pairing_play_now(pairing=postponed[0], by=organiser)
        return
    if roll < 18 and withdraw_one(tournament, roll, organiser):
        return
    if roll < 21 and void_last_finished_deal(tournament, organiser):
        return
    if playing:
        deal_on(playing, roll, deals)
        return
    if closed:
        services.matchday_open(round_=closed[-1], by=organiser)
    elif postponed:
        services.pairing_play_now(pairing=postponed[0], by=organiser)


def assert_nobody_at_two_tables(tournament) -> None:
    """(A match a correction reopened after its table moved on is played off the tables.)"""
    on_tables = set(tournament.tables.values_list("link__match", flat=True)) - {None}
    seated = [entry for p in pairings(tournament) if p.match_id in on_tables and not p.finished
              for entry in (p.a_id, p.b_id)]
    assert len(seated) == len(set(seated)), "a partnership is at two tables at once"
