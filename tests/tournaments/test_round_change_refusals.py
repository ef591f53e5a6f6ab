"""The current round is drawn again, or two of its partnerships swapped, only before any of its
matches has begun and while it is not over: the services refuse the rest, whoever asks, and the
organiser's page offers the change only when they would take it (services.round_changeable)."""

import pytest

from tests.tournaments.helpers import make_tournament, play, record
from tournaments import selectors, services
from tournaments.models import Action, Pairing, Tournament

STARTED = "Matches of this round have started: it cannot change now."
OVER = "Every match of this round is finished."
SCHEDULED = ("A round robin's rounds follow its schedule, fixed when it starts: drawing one "
             "again would give the same matches.")


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
    assert services.round_changeable(tournament=running, pairings=current(running))
    first, second = current(running)
    record(first.match, {"points": [70, 50]})
    assert not services.round_changeable(tournament=running, pairings=current(running))
    refused(lambda: services.round_redraw(tournament=running), STARTED)
    refused(lambda: services.pairings_swap(first=first, second=second, first_side="A",
                                           second_side="B"), STARTED)
    assert not Action.objects.filter(kind__in=[Action.Kind.REDRAW, Action.Kind.SWAP]).exists()


def test_a_round_decided_without_play_is_over_and_is_not_drawn_again(running):
    for pairing in current(running):
        services.entry_withdraw(entry=pairing.b)
    decided = current(running)
    assert selectors.untouched(decided) and all(p.finished for p in decided)
    assert not services.round_changeable(tournament=running, pairings=decided)
    refused(lambda: services.round_redraw(tournament=running), OVER)
    assert [(p.pk, p.winner_id) for p in current(running)] == [(p.pk, p.winner_id)
                                                                for p in decided]


def test_the_page_offers_the_change_only_when_the_services_would_take_it(organiser_client,
                                                                         running):
    page = f"/manage/{running.club.slug}/tournaments/{running.slug}/"
    assert "rounds/redraw/" in organiser_client.get(page).content.decode()
    record(current(running)[0].match, {"points": [70, 50]})
    assert "rounds/redraw/" not in organiser_client.get(page).content.decode()


def test_a_no_shows_walkover_is_a_result_a_new_draw_would_not_wipe(running):
    first = current(running)[0]
    services.pairing_walkover(pairing=first, present="A")
    assert not services.round_changeable(tournament=running, pairings=current(running))
    refused(lambda: services.round_redraw(tournament=running), STARTED)
    assert Pairing.objects.get(pk=first.pk).walkover == "A"


@pytest.mark.parametrize("structure, options", [
    ("rounds", {"pairing": "round_robin"}), ("groups", {"groups_count": 1})])
def test_a_round_robins_scheduled_round_is_never_drawn_again(club, structure, options):
    """Its schedule is fixed at the start: a new draw gave the same matches, and wiped the
    results given meanwhile (a no-show's walkover). A group stage's first round, which forms
    the groups, still may be."""
    tournament = make_tournament(club, 5, structure, tables_count=2, auto_advance=False,
                                 **options)
    services.tournament_start(tournament=tournament)
    if structure == "groups":
        assert services.round_changeable(tournament=tournament, pairings=current(tournament))
        for pairing in current(tournament):
            play(pairing)
        services.round_draw_next(tournament=tournament)
    assert not services.round_changeable(tournament=tournament, pairings=current(tournament))
    refused(lambda: services.round_redraw(tournament=tournament), SCHEDULED)
