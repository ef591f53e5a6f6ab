"""The sign-up services: the cap and the waiting list, approval, duplicates, closing time,
the check-in window, name corrections, and starting with those present."""

from datetime import timedelta
from html import unescape

import pytest
from django.utils import timezone

from sueca_club.models import Partnership, Player
from tests.conftest import make_partnership
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.models import Entry, Tournament
from tournaments.registration import selectors, services
from tournaments.registration.models import SignUp
from tournaments.services import TournamentRefused


def statuses(tournament):
    return list(tournament.signups.order_by("id").values_list("status", flat=True))


def test_sign_ups_are_accepted_until_the_cap_then_wait_in_order(club):
    tournament = open_tournament(club, cap=2)
    signups = [sign_up(tournament, n) for n in range(4)]
    assert statuses(tournament) == ["accepted", "accepted", "waiting", "waiting"]
    assert tournament.entries.count() == 2
    assert [selectors.status_of(SignUp.objects.get(pk=s.pk)).position
            for s in signups[2:]] == [1, 2]


def test_a_withdrawal_moves_the_first_of_the_waiting_list_up(club):
    tournament = open_tournament(club, cap=2)
    first, _, third, fourth = [sign_up(tournament, n) for n in range(4)]
    services.signup_withdraw(signup=first)
    assert statuses(tournament) == ["withdrawn", "accepted", "accepted", "waiting"]
    assert Entry.objects.filter(tournament=tournament, partnership=third.partnership).exists()
    assert selectors.status_of(SignUp.objects.get(pk=fourth.pk)).position == 1


def test_the_organiser_removing_an_entry_moves_the_waiting_list_up_too(club):
    tournament = open_tournament(club, cap=1)
    first, second = sign_up(tournament, 1), sign_up(tournament, 2)
    tournament_services.entry_remove(entry=SignUp.objects.get(pk=first.pk).entry)
    assert statuses(tournament) == ["removed", "accepted"]
    assert tournament.entries.get().partnership == second.partnership


def test_a_sign_up_the_organiser_took_out_is_told_so_not_that_it_withdrew(client, club):
    tournament = open_tournament(club, cap=2)
    removed, withdrawn = sign_up(tournament, 1), sign_up(tournament, 2)
    tournament_services.entry_remove(entry=SignUp.objects.get(pk=removed.pk).entry)
    services.signup_withdraw(signup=SignUp.objects.get(pk=withdrawn.pk))
    page = client.get(SignUp.objects.get(pk=removed.pk).get_absolute_url()).content.decode()
    assert "Taken out of the tournament by the organiser." in page and "Withdrawn." not in page
    page = client.get(SignUp.objects.get(pk=withdrawn.pk).get_absolute_url()).content.decode()
    assert "Withdrawn." in page and "Taken out" not in page


def test_a_waiting_list_does_not_move_up_after_the_start(club):
    tournament = open_tournament(club, cap=2)
    for n in range(3):
        sign_up(tournament, n)
    tournament_services.tournament_start(tournament=tournament)
    with pytest.raises(TournamentRefused, match="started"):
        services.signup_withdraw(signup=tournament.signups.first())


def test_with_approval_a_sign_up_waits_for_the_organiser(club, organiser):
    tournament = open_tournament(club, cap=1, approval=True)
    first, second = sign_up(tournament, 1), sign_up(tournament, 2)
    assert statuses(tournament) == ["pending", "pending"] and not tournament.entries.exists()
    services.signup_approve(signup=first, by=organiser)
    services.signup_approve(signup=second, by=organiser)  # no room: the waiting list
    assert statuses(tournament) == ["accepted", "waiting"]
    services.signup_move_up(signup=second, by=organiser)  # past the cap, by hand
    assert statuses(tournament) == ["accepted", "accepted"]
    with pytest.raises(TournamentRefused, match="awaiting approval"):
        services.signup_approve(signup=first, by=organiser)


def test_the_organiser_turns_down_a_sign_up(club, organiser):
    tournament = open_tournament(club, approval=True)
    signup = sign_up(tournament, 1)
    services.signup_refuse(signup=signup, by=organiser)
    assert statuses(tournament) == ["refused"] and not tournament.entries.exists()
    assert "could not accept" in selectors.status_of(SignUp.objects.get(pk=signup.pk)).text


def test_the_same_two_players_cannot_sign_up_twice(club):
    tournament = open_tournament(club)
    sign_up(tournament, 1, name_1="Ana Sousa", name_2="Bruno Lima")
    with pytest.raises(TournamentRefused, match="already signed up"):
        sign_up(tournament, 2, name_1="  bruno   LIMA ", name_2="ana sousa")
    with pytest.raises(TournamentRefused, match="Ana Sousa is already entered in this tournament"):
        sign_up(tournament, 3, name_1="ana sousa", name_2="Carla")
    assert tournament.signups.count() == 1


def test_the_same_names_cannot_sign_up_twice_while_the_organiser_confirms_their_players(club):
    """A club player's name leaves a sign-up to the organiser: typed again on another phone,
    the same names are refused at once and take no second turn on the waiting list."""
    Player.objects.create(club=club, name="Ana Costa")
    tournament = open_tournament(club, cap=1)
    sign_up(tournament, 1)
    first = sign_up(tournament, 2, name_1="Ana Costa", name_2="Xavier Novo")
    for again in (["Ana Costa", "Xavier Novo"], ["Ana  Costa", "xavier novo"]):
        with pytest.raises(TournamentRefused, match="^Ana Costa & Xavier Novo already have a "
                                                    "sign-up for this tournament"):
            services.signup_create(tournament=tournament, names=again)
    assert list(tournament.signups.filter(status="confirm")) == [first]


def test_a_partnership_the_organiser_registered_cannot_sign_up_again(club):
    tournament = open_tournament(club)
    tournament_services.entries_register(tournament=tournament,
                                         partnerships=[make_partnership(club, "Rui", "Tó")])
    with pytest.raises(TournamentRefused, match="already signed up"):
        sign_up(tournament, 1, name_1="rui", name_2="tó")


def test_new_names_become_new_players_of_the_club(club):
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1, name_1="Ana Nova", name_2="Zé Novo")
    assert [p.name for p in signup.partnership.players] == ["Ana Nova", "Zé Novo"]
    assert Partnership.objects.filter(pk=signup.partnership_id, club=club).exists()


def test_sign_up_is_refused_after_its_closing_time_or_when_not_open(club):
    tournament = open_tournament(club, closes_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(TournamentRefused, match="closed"):
        sign_up(tournament, 1)
    services.registration_update(tournament=tournament, open=False, cap=None, closes_at=None,
                                 approval=False, check_in_from=None)
    with pytest.raises(TournamentRefused, match="does not take sign-ups"):
        sign_up(tournament, 1)
    assert not tournament.signups.exists() and not Player.objects.filter(club=club).exists()


def test_raising_the_cap_moves_the_waiting_list_up(club):
    tournament = open_tournament(club, cap=1)
    sign_up(tournament, 1), sign_up(tournament, 2)
    services.registration_update(tournament=tournament, open=True, cap=None, closes_at=None,
                                 approval=False, check_in_from=None)
    assert statuses(tournament) == ["accepted", "accepted"]


def test_check_in_opens_at_the_organisers_time(club):
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1)
    with pytest.raises(TournamentRefused, match="not opened"):
        services.signup_check_in(signup=signup)
    services.registration_update(tournament=tournament, open=True, cap=None, closes_at=None,
                                 approval=False,
                                 check_in_from=timezone.now() + timedelta(hours=1))
    with pytest.raises(TournamentRefused, match="not opened"):
        services.signup_check_in(signup=signup)
    services.registration_update(tournament=tournament, open=True, cap=None, closes_at=None,
                                 approval=False,
                                 check_in_from=timezone.now() - timedelta(minutes=1))
    services.signup_check_in(signup=signup)
    assert Entry.objects.get(signup=signup).checked_in


def test_the_door_checks_in_only_with_the_tournaments_own_token(club):
    tournament = open_tournament(club, check_in=True)
    other = open_tournament(club, check_in=True)
    signup = sign_up(tournament, 1)
    with pytest.raises(TournamentRefused, match="poster"):
        services.door_check_in(tournament=tournament,
                               door_token=selectors.registration(other).door_token,
                               signup=signup)
    services.door_check_in(tournament=tournament,
                           door_token=selectors.registration(tournament).door_token,
                           signup=signup)
    assert Entry.objects.get(signup=signup).checked_in


def test_a_name_correction_keeps_the_place_and_renames_no_club_player(club, organiser):
    known = make_partnership(club, "Ana Sousa", "Bruno Lima")
    tournament = open_tournament(club, cap=1)
    signup = sign_up(tournament, 1, name_1="Ana Sousa", name_2="Bruno Lima")
    services.signup_players_confirm(signup=signup, names=["Ana Sousa", "Bruno Lima"],
                                    by=organiser)
    services.signup_rename(signup=signup, names=["Ana Sousa", "Bruna Lima"])
    signup.refresh_from_db()
    assert signup.status == "accepted" and signup.entry.partnership == signup.partnership
    assert signup.partnership.player_2.name == "Bruna Lima"
    assert Player.objects.get(pk=known.player_2_id).name == "Bruno Lima"


def test_a_correction_of_capitals_alone_says_it_changes_nothing(club):
    """The players are matched by name, case aside: "MARIA ALVES" is the club's Maria Alves,
    whose spelling a visitor never changes; saying "corrected" would be untrue."""
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1, name_1="Zé Povinho", name_2="Maria Alves")
    with pytest.raises(TournamentRefused, match="Nothing to correct"):
        services.signup_rename(signup=signup, names=["zé povinho", "MARIA ALVES"])
    signup.refresh_from_db()
    assert [p.name for p in signup.partnership.players] == ["Zé Povinho", "Maria Alves"]


def test_the_start_plays_those_here_after_moving_up_the_waiting_list(club, organiser):
    tournament = open_tournament(club, cap=4, check_in=True)
    signups = [sign_up(tournament, n) for n in range(6)]
    for signup in signups[:3] + signups[4:5]:  # three accepted here, one waiting here
        services.signup_check_in(signup=signup)
    waiting_here = SignUp.objects.get(pk=signups[4].pk)
    assert waiting_here.status == "waiting" and waiting_here.here
    services.signup_move_up(signup=waiting_here, by=organiser)
    tournament_services.tournament_start(tournament=tournament, by=organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    playing = set(tournament.entries.values_list("partnership_id", flat=True))
    assert playing == {s.partnership_id for s in signups[:3] + signups[4:5]}
    left_out = SignUp.objects.select_related("tournament", "entry").get(pk=signups[3].pk)
    assert selectors.status_of(left_out).code == "left_out"


def test_a_player_waiting_for_approval_cannot_also_be_registered_by_the_organiser(club,
                                                                                  organiser):
    """Approving the sign-up afterwards would have seated the player in two partnerships."""
    tournament = open_tournament(club, approval=True)
    pending = sign_up(tournament, 1, name_1="Bruno Silva", name_2="Novo Par")
    other = make_partnership(club, "Bruno Silva", "Gabriela Costa")
    with pytest.raises(TournamentRefused, match="Bruno Silva cannot play in two partnerships"):
        tournament_services.entries_register(tournament=tournament, partnerships=[other])
    assert not tournament.entries.exists()
    services.signup_approve(signup=pending, by=organiser)
    assert [e.partnership_id for e in tournament.entries.all()] == [pending.partnership_id]


def test_approving_a_sign_up_refuses_a_player_already_in_the_tournament(club, organiser):
    """As the public form does, should the two have met another way (an older tournament's
    data)."""
    tournament = open_tournament(club, approval=True)
    pending = sign_up(tournament, 1, name_1="Bruno Silva", name_2="Novo Par")
    other = make_partnership(club, "Bruno Silva", "Gabriela Costa")
    Entry.objects.create(tournament=tournament, partnership=other)
    with pytest.raises(TournamentRefused, match="Bruno Silva is already signed up"):
        services.signup_approve(signup=pending, by=organiser)
    pending.refresh_from_db()
    assert pending.status == SignUp.Status.PENDING


def test_a_partnership_the_organiser_withdrew_reads_so_on_its_private_link(club, organiser):
    tournament = open_tournament(club)
    signups = [sign_up(tournament, n) for n in range(4)]
    tournament_services.tournament_start(tournament=tournament, by=organiser)
    entry = Entry.objects.get(signup=signups[0])
    tournament_services.entry_withdraw(entry=entry, by=organiser, reason="Sentiu-se mal")
    withdrawn = SignUp.objects.select_related("tournament", "entry").get(pk=signups[0].pk)
    assert selectors.status_of(withdrawn).text == "Withdrawn from the tournament by the organiser."
    playing = SignUp.objects.select_related("tournament", "entry").get(pk=signups[1].pk)
    assert selectors.status_of(playing).code == "accepted"


def test_the_door_lists_names_as_people_read_them_accents_and_case_aside(club):
    tournament = open_tournament(club)
    for first in ("Zé", "Ângela", "bruno", "Álvaro", "Carla"):
        sign_up(tournament, 0, name_1=first, name_2=f"Par de {first}")
    assert [row.first for row in selectors.door_rows(tournament)] == [
        "Álvaro", "Ângela", "bruno", "Carla", "Zé"]


def test_the_organiser_registering_a_partnership_on_the_waiting_list_takes_its_sign_up_in(
        club, organiser):
    """It was both in the tournament and on the list: its private link said it waited, and
    moving it up said it was signed up already."""
    tournament = open_tournament(club, cap=1)
    sign_up(tournament, 1)
    waiting = sign_up(tournament, 2)
    assert waiting.status == SignUp.Status.WAITING
    tournament_services.entries_register(tournament=tournament,
                                         partnerships=[waiting.partnership])
    waiting = SignUp.objects.select_related("tournament", "entry").get(pk=waiting.pk)
    assert waiting.status == SignUp.Status.ACCEPTED
    assert waiting.entry.partnership_id == waiting.partnership_id
    assert selectors.status_of(waiting).code == "accepted"
    assert tournament.entries.count() == 2


def test_the_organiser_is_not_offered_to_register_a_sign_up_that_waits_its_turn(
        organiser_client, club):
    tournament = open_tournament(club, cap=1)
    entered, waiting = sign_up(tournament, 1), sign_up(tournament, 2)
    assert statuses(tournament) == ["accepted", "waiting"]
    of_the_club = make_partnership(club, "Rui Sá", "Tó Lima")
    url = f"/manage/{club.slug}/tournaments/{tournament.slug}/"
    html = organiser_client.get(url).content.decode()
    offered = unescape(html.split("Register partnerships of the club", 1)[1]
                       .split("</form>", 1)[0])
    assert str(of_the_club) in offered
    assert str(waiting.partnership) not in offered and str(entered.partnership) not in offered
    response = organiser_client.post(url + "entries/add/",
                                     {"partnerships": [waiting.partnership_id]})
    assert not tournament.entries.filter(partnership=waiting.partnership_id).exists()
    assert response.status_code in (200, 302)
