"""Entries on the tournament page: register from the club, seed, check in, remove, withdraw."""

import pytest

from tests.conftest import make_partnership
from tests.tournaments.helpers import make_tournament, play
from tournaments import services
from tournaments.models import Entry, Pairing, Tournament


def page(t: Tournament) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/"


@pytest.fixture
def tournament(club):
    return make_tournament(club, 4, draw="seeded", tables_count=2)


def entries(t: Tournament) -> list[Entry]:
    return list(t.entries.select_related("partnership").order_by("id"))


def test_the_page_lists_the_entries_and_the_clubs_partnerships_not_yet_entered(
        organiser_client, club, tournament):
    newcomer = make_partnership(club, "Eva Matos", "Filipe Reis")
    archived = make_partnership(club, "Gil Vaz", "Hugo Sá")
    archived.archived = True
    archived.save()
    response = organiser_client.get(page(tournament))
    assert response.status_code == 200
    assert list(response.context["register_form"].fields["partnerships"].queryset) == [newcomer]
    body = response.content.decode()
    assert "Player 0a &amp; Player 0b" in body and "Eva Matos &amp; Filipe Reis" in body
    assert "Gil Vaz" not in body
    assert "Start and draw round 1" in body


def test_it_registers_the_ticked_partnerships(organiser_client, club, tournament):
    first = make_partnership(club, "Eva Matos", "Filipe Reis")
    second = make_partnership(club, "Gil Vaz", "Hugo Sá")
    response = organiser_client.post(page(tournament) + "entries/add/",
                                     {"partnerships": [first.pk, second.pk]}, follow=True)
    assert "2 partnerships registered." in response.content.decode()
    assert {e.partnership for e in entries(tournament)} >= {first, second}
    assert tournament.entries.count() == 6


def test_it_does_not_register_another_clubs_partnership(organiser_client, other_club,
                                                       tournament):
    theirs = make_partnership(other_club, "Rui Mota", "Sara Leal")
    response = organiser_client.post(page(tournament) + "entries/add/",
                                     {"partnerships": [theirs.pk]}, follow=True)
    assert "Tick the partnerships of the club to register." in response.content.decode()
    assert tournament.entries.count() == 4


def test_it_sets_and_clears_a_seed(organiser_client, tournament):
    entry = entries(tournament)[2]
    response = organiser_client.post(page(tournament) + f"entries/{entry.pk}/seed/",
                                     {"seed": "1"}, follow=True)
    assert "is seed 1." in response.content.decode()
    entry.refresh_from_db()
    assert entry.seed == 1
    organiser_client.post(page(tournament) + f"entries/{entry.pk}/seed/", {"seed": ""})
    entry.refresh_from_db()
    assert entry.seed is None


def test_it_refuses_a_seed_another_partnership_has(organiser_client, tournament):
    first, second = entries(tournament)[:2]
    services.entry_update(entry=first, seed=1)
    response = organiser_client.post(page(tournament) + f"entries/{second.pk}/seed/",
                                     {"seed": "1"}, follow=True)
    assert "Another partnership already has seed 1." in response.content.decode()
    second.refresh_from_db()
    assert second.seed is None


def test_a_seeded_draw_follows_the_seeds(organiser_client, tournament):
    ranked = entries(tournament)[::-1]
    for seed, entry in enumerate(ranked, start=1):
        organiser_client.post(page(tournament) + f"entries/{entry.pk}/seed/", {"seed": seed})
    organiser_client.post(page(tournament) + "start/")
    pairs = {frozenset((p.a_id, p.b_id)) for p in Pairing.objects.all()}
    assert pairs == {frozenset((ranked[0].pk, ranked[3].pk)),
                     frozenset((ranked[1].pk, ranked[2].pk))}


def test_checking_in_and_out_keeps_the_seed(organiser_client, tournament):
    entry = entries(tournament)[0]
    services.entry_update(entry=entry, seed=3)
    response = organiser_client.post(page(tournament) + f"entries/{entry.pk}/check-in/",
                                     {"checked_in": "yes"}, follow=True)
    assert "checked in." in response.content.decode()
    entry.refresh_from_db()
    assert (entry.checked_in, entry.seed) == (True, 3)
    organiser_client.post(page(tournament) + f"entries/{entry.pk}/check-in/",
                          {"checked_in": "no"})
    entry.refresh_from_db()
    assert (entry.checked_in, entry.seed) == (False, 3)


def test_checking_in_from_the_board_at_the_door_stays_on_the_board(organiser_client,
                                                                     tournament):
    entry = entries(tournament)[0]
    board = page(tournament) + "check-in/"
    assert 'name="next" value="check-in"' in organiser_client.get(board).content.decode()
    response = organiser_client.post(page(tournament) + f"entries/{entry.pk}/check-in/",
                                     {"checked_in": "yes", "next": "check-in"}, follow=True)
    assert response.redirect_chain[0][0].startswith(board + "?at=entry-")
    assert "checked in." in response.content.decode()
    entry.refresh_from_db()
    assert entry.checked_in


def test_only_the_partnerships_that_checked_in_play(organiser_client, club):
    tournament = make_tournament(club, 5, tables_count=2)
    here = entries(tournament)[:4]
    for entry in here:
        organiser_client.post(page(tournament) + f"entries/{entry.pk}/check-in/",
                              {"checked_in": "yes"})
    organiser_client.post(page(tournament) + "start/")
    assert set(tournament.entries.values_list("pk", flat=True)) == {e.pk for e in here}


def test_it_removes_an_entry_before_the_start_and_live_pages_see_it(organiser_client,
                                                                     tournament):
    entry = entries(tournament)[0]
    version = tournament.version
    response = organiser_client.post(page(tournament) + f"entries/{entry.pk}/remove/",
                                     follow=True)
    assert "removed from the tournament." in response.content.decode()
    assert not Entry.objects.filter(pk=entry.pk).exists()
    tournament.refresh_from_db()
    assert tournament.version > version


def test_entries_cannot_change_once_the_tournament_started(organiser_client, club, tournament):
    services.tournament_start(tournament=tournament)
    entry = entries(tournament)[0]
    newcomer = make_partnership(club, "Eva Matos", "Filipe Reis")
    for action, data in ((f"entries/{entry.pk}/remove/", {}),
                         (f"entries/{entry.pk}/seed/", {"seed": "2"}),
                         ("entries/add/", {"partnerships": [newcomer.pk]})):
        response = organiser_client.post(page(tournament) + action, data, follow=True)
        assert "Registration is closed: the tournament has started." in (
            response.content.decode()), action
    assert tournament.entries.count() == 4 and Entry.objects.filter(pk=entry.pk).exists()


def test_a_withdrawal_hands_the_open_match_to_the_opponent(organiser_client, tournament):
    services.tournament_start(tournament=tournament)
    pairing = Pairing.objects.select_related("a", "b").order_by("slot").first()
    response = organiser_client.post(page(tournament) + f"entries/{pairing.a_id}/withdraw/",
                                     follow=True)
    assert "withdrew" in response.content.decode()
    pairing.refresh_from_db()
    assert (pairing.finished, pairing.walkover, pairing.winner_id) == (True, "B", pairing.b_id)
    assert Entry.objects.get(pk=pairing.a_id).withdrawn


def test_a_partnership_between_matches_can_withdraw_and_live_pages_see_it(
        organiser_client, club):
    """Its semi-final won, the final not drawn yet: it withdraws with no match open. (One
    knocked out has nothing to withdraw from: test_withdrawal_of_a_partnership_already_out.)"""
    tournament = make_tournament(club, 4, auto_advance=False, tables_count=2)
    services.tournament_start(tournament=tournament)
    first = Pairing.objects.order_by("slot").first()
    play(first, "A")
    tournament.refresh_from_db()
    version = tournament.version
    organiser_client.post(page(tournament) + f"entries/{first.a_id}/withdraw/")
    tournament.refresh_from_db()
    assert Entry.objects.get(pk=first.a_id).withdrawn
    assert tournament.version > version


def test_withdrawing_is_refused_before_the_start(organiser_client, tournament):
    entry = entries(tournament)[0]
    response = organiser_client.post(page(tournament) + f"entries/{entry.pk}/withdraw/",
                                     follow=True)
    assert "Only a partnership still playing can withdraw." in response.content.decode()
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_an_entry_of_another_tournament_is_a_404(organiser_client, club, tournament):
    elsewhere = make_tournament(club, 0)
    theirs = make_partnership(club, "Eva Matos", "Filipe Reis")
    services.entries_register(tournament=elsewhere, partnerships=[theirs])
    entry = elsewhere.entries.get()
    assert organiser_client.post(page(tournament) + f"entries/{entry.pk}/remove/").status_code == (
        404)
