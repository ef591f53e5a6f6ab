"""At the start, each place left by an entry that did not check in goes, in waiting-list order,
to a partnership on the waiting list that checked in: it moves up as the organiser's move up
does (its sign-up accepted, its entry checked in, told by email after the commit), the start
counts it, and the organiser is told before the start how many take those places."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring import engine
from tournaments import services as tournament_services
from tournaments.models import Pairing, Tournament
from tournaments.registration import services
from tournaments.registration.models import SignUp


def field_of(club, cap: int, structure: str = "knockout", **options) -> Tournament:
    tournament = tournament_services.tournament_create(
        club=club, name=f"Torneio {structure}", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(None), structure=structure, **options)
    services.registration_update(tournament=tournament, open=True, cap=cap, closes_at=None,
                                 approval=False,
                                 check_in_from=timezone.now() - timedelta(minutes=1))
    return tournament


def signed_up(tournament, n: int) -> SignUp:
    return services.signup_create(tournament=tournament, names=[f"Jogador {n}a", f"Jogador {n}b"],
                                  contact=f"dupla{n}@example.com")


def here(signup: SignUp) -> None:
    """"We are here", from the sign-up's private link."""
    assert Client().post(f"{signup.get_absolute_url()}check-in/").status_code == 302


def fresh(signup: SignUp) -> SignUp:
    return SignUp.objects.select_related("entry").get(pk=signup.pk)


def start_card(organiser_client, tournament) -> str:
    html = organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()
    return html[html.index('id="start"'):html.index("</form>", html.index('id="start"'))]


def event_day(club, structure="knockout", **options):
    """A field of 4, six sign-ups: entries 1 and 2 and both waiting partnerships check in, the
    fourth withdraws (the first waiting one moves up, checked in), the third does not come."""
    tournament = field_of(club, 4, structure, **options)
    signups = [signed_up(tournament, n) for n in range(1, 7)]
    assert [s.status for s in signups] == ["accepted"] * 4 + ["waiting"] * 2
    for signup in (signups[0], signups[1], signups[4], signups[5]):
        here(signup)
    services.signup_withdraw(signup=signups[3])
    assert fresh(signups[4]).entry.checked_in
    return tournament, signups


def test_a_checked_in_waiting_partnership_takes_the_place_of_one_that_did_not_come(
        club, mailoutbox):
    tournament, signups = event_day(club)
    tournament_services.tournament_start(tournament=tournament)
    playing = set(tournament.entries.values_list("partnership_id", flat=True))
    assert playing == {signups[n].partnership_id for n in (0, 1, 4, 5)}
    assert not Pairing.objects.filter(round__tournament=tournament, b=None).exists()  # no bye
    last = fresh(signups[5])
    assert last.status == "accepted" and last.entry.checked_in and last.moved_up_at
    assert fresh(signups[2]).entry is None  # the one that did not come is left out
    assert "dupla6@example.com" in [email.to[0] for email in mailoutbox]
    assert "your private link says where you play" in mailoutbox[-1].body
    page = Client().get(last.get_absolute_url()).content.decode()
    assert "Accepted, and checked in." in page and "Where you play" in page
    assert "without a place" not in page
    assert "you had not checked in" in Client().get(signups[2].get_absolute_url()).content.decode()


def test_one_moved_up_at_the_start_is_told_the_organiser_withdraws_it_not_its_link(
        club, mailoutbox):
    tournament, signups = event_day(club)
    mailoutbox.clear()
    tournament_services.tournament_start(tournament=tournament)
    [email] = [email for email in mailoutbox if email.to == ["dupla6@example.com"]]
    assert "The tournament has started: your private link says where you play" in email.body
    assert ("If you can no longer play, tell the organiser: once the tournament has started, "
            "only the organiser can withdraw a partnership.") in email.body
    assert "withdraw from that link" not in email.body
    assert "check in when you arrive" not in email.body


def test_one_moved_up_before_the_start_is_told_to_withdraw_from_its_link(club, mailoutbox):
    tournament, signups = event_day(club)  # the fifth moved up when the fourth withdrew
    [email] = [email for email in mailoutbox if email.to == ["dupla5@example.com"]]
    assert "You are already checked in: nothing more to do but come and play." in email.body
    assert ("If you can no longer come, withdraw from that link: your place goes to the next "
            "partnership on the waiting list.") in email.body
    assert "only the organiser can withdraw" not in email.body


def test_the_organiser_is_told_before_the_start_how_many_take_the_places(
        organiser_client, club):
    tournament, signups = event_day(club)
    card = start_card(organiser_client, tournament)
    assert "3 of 4 partnerships checked in: starting now leaves the others out." in card
    assert "1 checked-in partnership from the waiting list takes one of their places." in card

    tournament = field_of(club, 3)
    signups = [signed_up(tournament, n) for n in range(11, 16)]
    for signup in (signups[0], signups[3], signups[4]):
        here(signup)
    card = start_card(organiser_client, tournament)
    assert "1 of 3 partnerships checked in" in card
    assert "2 checked-in partnerships from the waiting list take their places." in card


def test_a_field_of_two_with_one_checked_in_and_one_waiting_here_starts(organiser_client, club):
    tournament = field_of(club, 2)
    first, _second, waiting = (signed_up(tournament, n) for n in range(1, 4))
    here(first)
    here(waiting)
    assert tournament_services.start_refusal(tournament) is None
    assert "needs at least two" not in start_card(organiser_client, tournament)
    tournament_services.tournament_start(tournament=tournament)
    assert set(tournament.entries.values_list("partnership_id", flat=True)) == {
        first.partnership_id, waiting.partnership_id}


def test_only_as_many_as_places_in_waiting_list_order_and_only_those_here(club):
    tournament = field_of(club, 3)
    signups = [signed_up(tournament, n) for n in range(1, 8)]  # 4 to 7 wait, in that order
    for signup in (signups[0], signups[1], signups[4], signups[5], signups[6]):
        here(signup)  # the third did not come; the fourth (first waiting) is not here
    tournament_services.tournament_start(tournament=tournament)
    assert set(tournament.entries.values_list("partnership_id", flat=True)) == {
        signups[n].partnership_id for n in (0, 1, 4)}
    assert [fresh(signups[n]).status for n in (3, 5, 6)] == ["waiting"] * 3
    assert "without a place" in Client().get(signups[5].get_absolute_url()).content.decode()


def test_when_no_entry_checked_in_every_entry_plays_and_nobody_moves_up(club):
    tournament = field_of(club, 2)
    first, second, waiting = (signed_up(tournament, n) for n in range(1, 4))
    here(waiting)
    tournament_services.tournament_start(tournament=tournament)
    assert set(tournament.entries.values_list("partnership_id", flat=True)) == {
        first.partnership_id, second.partnership_id}
    assert fresh(waiting).status == "waiting"


def test_a_refused_start_moves_nobody_up(club):
    tournament = field_of(club, 3, "rounds", pairing="swiss", rounds_count=3)
    signups = [signed_up(tournament, n) for n in range(1, 5)]
    here(signups[0])
    here(signups[3])
    # 1 here and 1 waiting here: two play, and a Swiss of two has no three rounds
    with pytest.raises(tournament_services.TournamentRefused):
        tournament_services.tournament_start(tournament=tournament)
    assert fresh(signups[3]).status == "waiting" and tournament.entries.count() == 3


@pytest.mark.parametrize("structure, options", [
    ("knockout", {}),
    ("groups", {"groups_count": 1, "qualifiers_per_group": 2}),
    ("rounds", {"pairing": "swiss", "rounds_count": 3}),
    ("rounds", {"pairing": "round_robin"}),
    ("league", {}),
    ("double", {}),
])
def test_every_structure_starts_with_the_places_filled(club, structure, options):
    tournament, signups = event_day(club, structure, **options)
    tournament_services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert tournament.entries.count() == 4
    assert fresh(signups[5]).entry.checked_in
