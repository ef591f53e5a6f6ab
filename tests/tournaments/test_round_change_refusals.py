"""The current round is drawn again, or two of its partnerships swapped, only before any of its
matches has begun and while it is not over: the services refuse the rest, whoever asks, and the
organiser's page offers the change only when they would take it (services.round_changeable)."""

import pytest

from tests.tournaments.helpers import make_tournament, record
from tournaments import selectors, services
from tournaments.models import Action, Pairing, Tournament

STARTED = "Matches of this round have started: it cannot change now."
OVER = "Every match of this round is finished."


@pytest.fixture
def running(club) -> Tournament:
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    return tournament


def current(tournament: Tournament) -> list[Pairing]:
    return list(selectors.pairings(tournament).filter(round=selectors.last_round(tournament)))


def refused(change, message: str) -> None:
    with pytest.raises(services.TournamentRefused) as refusal:
        change()
    assert refusal.value.message == message


def test_redraw_and_swap_are_refused_once_a_deal_is_played(club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, second = Pairing.objects.filter(round__number=1).order_by("slot")
    services.pairings_swap(first=first, second=second, first_side="A", second_side="B")
    services.round_redraw(tournament=tournament)
    pairing = Pairing.objects.filter(round__number=1).first()
    record(pairing.match, {"points": [70, 50]})
    with pytest.raises(services.TournamentRefused):
        services.round_redraw(tournament=tournament)


def test_the_round_is_changeable_until_its_first_deal(running):
    assert services.round_changeable(pairings=current(running))
    first, second = current(running)
    record(first.match, {"points": [70, 50]})
    assert not services.round_changeable(pairings=current(running))
    refused(lambda: services.round_redraw(tournament=running), STARTED)
    refused(lambda: services.pairings_swap(first=first, second=second, first_side="A",
                                           second_side="B"), STARTED)
    assert not Action.objects.filter(kind__in=[Action.Kind.REDRAW, Action.Kind.SWAP]).exists()


def test_a_round_decided_at_its_draw_is_over_and_is_not_drawn_again(running):
    for pairing in current(running):
        services.pairing_walkover(pairing=pairing, present="A")
    decided = current(running)
    assert selectors.untouched(decided) and all(p.finished for p in decided)
    assert not services.round_changeable(pairings=decided)
    refused(lambda: services.round_redraw(tournament=running), OVER)
    assert [(p.pk, p.winner_id) for p in current(running)] == [(p.pk, p.winner_id)
                                                                for p in decided]


def test_the_page_offers_the_change_only_when_the_services_would_take_it(organiser_client,
                                                                         running):
    page = f"/manage/{running.club.slug}/tournaments/{running.slug}/"
    assert "rounds/redraw/" in organiser_client.get(page).content.decode()
    record(current(running)[0].match, {"points": [70, 50]})
    assert "rounds/redraw/" not in organiser_client.get(page).content.decode()
