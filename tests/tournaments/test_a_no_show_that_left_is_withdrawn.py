"""A partnership that did not come and has left the event: the organiser's no-show form
withdraws it with the walkover, so that it is not drawn again (services.pairing_walkover
with withdraw_absent). Offered where losing puts nobody out: rounds and groups."""

import re

import pytest
from django.utils.html import escape

from tests.tournaments.helpers import make_tournament, play
from tournaments import services
from tournaments.models import Action, Entry, Pairing


def round_of(tournament, number: int) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament, round__number=number)
                .select_related("match", "round", "a__partnership", "b__partnership")
                .order_by("slot"))


def page(tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"


@pytest.fixture
def swiss(club):
    tournament = make_tournament(club, 11, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=5)
    services.tournament_start(tournament=tournament)
    return tournament


def test_the_last_walkover_of_a_round_draws_the_next_without_the_partnership_that_left(swiss):
    *others, last = [p for p in round_of(swiss, 1) if p.b_id]
    for pairing in others:
        play(pairing, "A")
    services.pairing_walkover(pairing=last, present="A", withdraw_absent=True)
    last.refresh_from_db()
    assert (last.walkover, last.withdrawal, last.winner_id) == ("A", False, last.a_id)
    assert Entry.objects.get(pk=last.b_id).withdrawn
    second = round_of(swiss, 2)
    assert len(second) == 5 and all(p.b_id for p in second)  # ten left: no bye
    assert last.b_id not in {side for p in second for side in (p.a_id, p.b_id)}
    assert [a.kind for a in Action.objects.order_by("pk")][-2:] == [
        Action.Kind.WALKOVER, Action.Kind.WITHDRAWAL]


def test_a_double_forfeit_withdraws_nobody(swiss):
    pairing = next(p for p in round_of(swiss, 1) if p.b_id)
    with pytest.raises(services.TournamentRefused):
        services.pairing_walkover(pairing=pairing, present="-", withdraw_absent=True)
    pairing.refresh_from_db()
    assert not pairing.finished
    assert not Entry.objects.filter(withdrawn=True).exists()


def test_the_form_withdraws_the_side_that_left(organiser_client, swiss):
    pairing = next(p for p in round_of(swiss, 1) if p.b_id)
    html = organiser_client.get(page(swiss)).content.decode()
    form = re.search(rf'action="[^"]*/pairings/{pairing.pk}/walkover/">(.*?)</form>', html,
                     re.S)[1]
    a, b = (escape(pairing.a.partnership.display_name),
            escape(pairing.b.partnership.display_name))
    assert re.findall(r'<button name="left" value="(.)" class="danger">(.*?)</button>', form) == [
        ("B", f"{b} have left the event: withdraw them (walkover to {a})"),
        ("A", f"{a} have left the event: withdraw them (walkover to {b})")]
    response = organiser_client.post(page(swiss) + f"pairings/{pairing.pk}/walkover/",
                                     {"round": "1", "left": "A"}, follow=True)
    assert (f"Walkover to {b}. {a} is withdrawn and not drawn again."
            in response.content.decode())
    pairing.refresh_from_db()
    assert (pairing.walkover, pairing.winner_id) == ("B", pairing.b_id)
    assert Entry.objects.get(pk=pairing.a_id).withdrawn


def test_a_knockout_does_not_offer_it_its_loser_is_out_anyway(organiser_client, club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    html = organiser_client.get(page(tournament)).content.decode()
    assert "No-show: give a walkover" in html
    assert 'name="left"' not in html


def test_both_choices_speak_of_the_partnership_in_the_plural_in_portuguese(organiser_client,
                                                                            swiss):
    html = organiser_client.get(page(swiss), HTTP_ACCEPT_LANGUAGE="pt-pt").content.decode()
    assert "compareceram: vitória para esta equipa" in html and "deixaram o torneio" in html
    assert "compareceu: vitória" not in html  # two players came, not one
