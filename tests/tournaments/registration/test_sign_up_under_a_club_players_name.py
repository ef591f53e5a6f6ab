"""A public sign-up that gives a club player's name joins no player by itself: the organiser
says who is who (that player, or someone else under a name that tells them apart), and
nothing of the player (their email, their partnerships) reaches whoever typed the name."""

import pytest
from django.test import Client
from django.utils.html import escape

from sueca_club.models import Partnership, Player
from tests.conftest import make_partnership, migrated
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.registration import services
from tournaments.registration.models import SignUp, door_token
from tournaments.services import TournamentRefused

MEMBER_EMAIL = "ana.sousa@example.com"
STRANGER = {"name_1": "Ana Sousa", "name_2": "Zé Estranho", "contact": "ze@example.com"}


@pytest.fixture
def member(club) -> Player:
    """Ana Sousa of the club: an email on file, and a partnership named by the organiser."""
    partnership = make_partnership(club, "Ana Sousa", "Bruno Lima")
    Partnership.objects.filter(pk=partnership.pk).update(name="Os Ases")
    Player.objects.filter(pk=partnership.player_1_id).update(email=MEMBER_EMAIL)
    return Player.objects.get(pk=partnership.player_1_id)


def signups_page(tournament):
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/sign-ups/"


def confirm(client, signup, **fields):
    return client.post(f"{signups_page(signup.tournament)}{signup.pk}/players/",
                       {f"s{signup.pk}-{name}": value for name, value in fields.items()},
                       follow=True)


def test_a_stranger_typing_a_members_name_joins_no_player_and_sees_nothing_of_theirs(club,
                                                                                     member):
    tournament = open_tournament(club)
    response = Client().post(f"/t/{tournament.slug}/sign-up/", STRANGER, follow=True)
    signup = SignUp.objects.get()
    assert (signup.status, signup.partnership, signup.names) == (
        "confirm", None, ["Ana Sousa", "Zé Estranho"])
    assert not tournament.entries.exists() and not Player.objects.filter(
        name="Zé Estranho").exists()
    page = response.content.decode()
    assert "awaiting the organiser, who checks the players" in page
    assert escape("Ana Sousa & Zé Estranho") in page
    for of_the_member in (MEMBER_EMAIL, "Os Ases", "Bruno Lima"):
        assert of_the_member not in page
    assert "Ana Sousa" not in Client().get(f"/t/{tournament.slug}/").content.decode()


def test_the_organiser_says_it_is_someone_else_under_a_name_that_tells_them_apart(
        club, member, organiser_client):
    tournament = open_tournament(club)
    signup = services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé Estranho"],
                                    contact="ze@example.com")
    page = organiser_client.get(signups_page(tournament)).content.decode()
    assert "the club has a player of this name" in page and MEMBER_EMAIL in page
    board = organiser_client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/check-in/")
    assert "1 sign-up waits for you to confirm its players." in board.content.decode()

    refused = confirm(organiser_client, signup, who_1="other", name_1="ana  SOUSA")
    assert "Give a name that tells them apart" in refused.content.decode()
    assert SignUp.objects.get(pk=signup.pk).status == "confirm"

    confirm(organiser_client, signup, who_1="other", name_1="Ana Sousa (Porto)")
    signup.refresh_from_db()
    assert signup.status == "accepted" and signup.entry.partnership == signup.partnership
    newcomer, partner = signup.partnership.players
    assert (newcomer.name, newcomer.email, partner.name) == ("Ana Sousa (Porto)", "",
                                                            "Zé Estranho")
    member.refresh_from_db()
    assert (member.name, member.email) == ("Ana Sousa", MEMBER_EMAIL)


def test_the_member_signing_up_themself_is_confirmed_into_their_own_partnership(
        club, member, organiser_client):
    tournament = open_tournament(club)
    Client().post(f"/t/{tournament.slug}/sign-up/", {"name_1": "bruno  lima",
                                                     "name_2": "ANA SOUSA"})
    signup = SignUp.objects.get()
    assert signup.status == "confirm"
    confirm(organiser_client, signup, who_1="same", who_2="same")
    signup.refresh_from_db()
    assert signup.status == "accepted"
    assert signup.partnership == Partnership.objects.get(name="Os Ases")
    assert signup.entry.partnership == signup.partnership


def test_a_sign_up_awaiting_its_players_keeps_the_place_it_came_for(club, member, organiser):
    tournament = open_tournament(club, cap=1)
    first = sign_up(tournament, 1, name_1="Ana Sousa", name_2="Zé Estranho")
    later = sign_up(tournament, 2)
    assert SignUp.objects.get(pk=later.pk).status == "waiting"
    services.signup_players_confirm(signup=first, names=["Ana Sousa", "Zé Estranho"],
                                    by=organiser)
    assert SignUp.objects.get(pk=first.pk).status == "accepted"
    assert SignUp.objects.get(pk=later.pk).status == "waiting"


def test_turning_down_a_sign_up_awaiting_its_players_frees_its_place(club, member, organiser):
    tournament = open_tournament(club, cap=1)
    first = sign_up(tournament, 1, name_1="Ana Sousa", name_2="Zé Estranho")
    later = sign_up(tournament, 2)
    services.signup_refuse(signup=first, by=organiser)
    assert SignUp.objects.get(pk=later.pk).status == "accepted"


def test_one_that_came_when_full_waits_its_turn_and_with_approval_awaits_it(club, member,
                                                                            organiser):
    full = open_tournament(club, cap=1)
    sign_up(full, 1)
    late = sign_up(full, 2, name_1="Ana Sousa", name_2="Zé Estranho")
    services.signup_players_confirm(signup=late, names=["Ana Sousa", "Zé Estranho"],
                                    by=organiser)
    assert SignUp.objects.get(pk=late.pk).status == "waiting"
    approved = open_tournament(club, approval=True)
    held = sign_up(approved, 3, name_1="Ana Sousa", name_2="Zé Estranho")
    services.signup_players_confirm(signup=held, names=["Ana Sousa (Porto)", "Zé Estranho"],
                                    by=organiser)
    assert SignUp.objects.get(pk=held.pk).status == "pending"


def approval_from_now(tournament, *, cap):
    services.registration_update(tournament=tournament, open=True, cap=cap, closes_at=None,
                                 approval=True, check_in_from=None)


def test_a_place_held_while_its_players_are_confirmed_survives_a_switch_to_approval(
        club, member, organiser):
    tournament = open_tournament(club, cap=3)
    sign_up(tournament, 1)
    held = sign_up(tournament, 2, name_1="Ana Sousa", name_2="Zé Estranho")
    approval_from_now(tournament, cap=3)
    later = [sign_up(tournament, n) for n in (3, 4)]
    for signup in later:
        services.signup_approve(signup=signup, by=organiser)
    assert [SignUp.objects.get(pk=s.pk).status for s in later] == ["accepted", "waiting"]
    services.signup_players_confirm(signup=held, names=["Ana Sousa", "Zé Estranho"],
                                    by=organiser)
    assert SignUp.objects.get(pk=held.pk).status == "accepted"
    assert tournament.entries.count() == 3


def test_a_turn_on_the_waiting_list_survives_a_switch_to_approval(club, member, organiser):
    tournament = open_tournament(club, cap=1)
    sign_up(tournament, 1)
    late = sign_up(tournament, 2, name_1="Ana Sousa", name_2="Zé Estranho")
    approval_from_now(tournament, cap=1)
    services.signup_players_confirm(signup=late, names=["Ana Sousa", "Zé Estranho"],
                                    by=organiser)
    assert SignUp.objects.get(pk=late.pk).status == "waiting"


@pytest.mark.django_db(transaction=True)
def test_a_place_held_before_it_was_recorded_as_held_is_kept(club, member):
    """The migration finds the places held then: no turn on the waiting list, no approval."""
    held = sign_up(open_tournament(club, cap=1), 1, name_1="Ana Sousa", name_2="Zé Estranho")
    awaiting = sign_up(open_tournament(club, approval=True), 2, name_1="Ana Sousa",
                       name_2="Zé Estranho")
    with migrated("tournaments", "0023_a_lone_deciding_match_has_no_round_code",
                  "0024_a_sign_up_keeps_the_place_it_holds_while_its_players_are_confirmed"
                  ) as apps:
        signups = apps.get_model("tournaments", "SignUp").objects
        assert signups.get(pk=held.pk).holds_place
        assert not signups.get(pk=awaiting.pk).holds_place


def test_one_holding_its_place_checks_in_and_takes_it_checked_in(club, member, organiser):
    tournament = open_tournament(club, cap=2, check_in=True)
    signup = services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé Estranho"])
    link = Client().get(signup.get_absolute_url()).content.decode()
    assert "We are here" in link
    door = f"/t/{tournament.slug}/door/{door_token(tournament)}/"
    assert escape("Ana Sousa & Zé Estranho") in Client().get(door).content.decode()
    Client().post(f"{door}{signup.pk}/")
    assert "✓ You are checked in." in Client().get(signup.get_absolute_url()).content.decode()
    client = Client()
    client.force_login(organiser)
    board = client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/check-in/")
    assert escape("✓ Ana Sousa & Zé Estranho are here.") in board.content.decode()  # to confirm
    services.signup_players_confirm(signup=signup, names=["Ana Sousa", "Zé Estranho"],
                                    by=organiser)
    assert SignUp.objects.get(pk=signup.pk).entry.checked_in


def test_the_check_in_pages_start_says_the_start_leaves_it_out(club, member, organiser_client):
    tournament = open_tournament(club, check_in=True)
    sign_up(tournament, 1, name_1="Ana Sousa", name_2="Zé Estranho")
    html = organiser_client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/check-in/")
    start = html.content.decode().index('/start/"')
    assert "1 public sign-up still waits for your decision: the start leaves it out." in (
        html.content.decode()[start:])


def test_no_email_of_the_strangers_play_goes_to_the_member_nor_of_the_members_to_the_stranger(
        club, member, organiser, mailoutbox):
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1, name_1="Ana Sousa", name_2="Zé Estranho")
    services.signup_players_confirm(signup=signup, names=["Ana Sousa (Porto)", "Zé Estranho"],
                                    by=organiser)
    tournament_services.entries_register(
        tournament=tournament, partnerships=[Partnership.objects.get(name="Os Ases")])
    tournament_services.tournament_start(tournament=tournament, by=organiser)
    assert [message.to for message in mailoutbox] == [[MEMBER_EMAIL]]  # her own match
    assert "Ana Sousa (Porto)" in mailoutbox[0].body


def test_a_correction_from_the_private_link_cannot_take_a_club_players_name(club, member):
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1, name_1="Ana Nova", name_2="Zé Novo")
    with pytest.raises(TournamentRefused, match="ask the organiser"):
        services.signup_rename(signup=signup, names=["Ana Sousa", "Zé Novo"])
    response = Client().post(f"{signup.get_absolute_url()}names/",
                             {"name_1": "ana sousa", "name_2": "Zé Novo"}, follow=True)
    assert "ask the organiser" in response.content.decode()
    signup.refresh_from_db()
    assert [p.name for p in signup.partnership.players] == ["Ana Nova", "Zé Novo"]
    assert MEMBER_EMAIL not in response.content.decode()


def test_a_name_already_playing_in_the_tournament_is_refused_as_before(club, member):
    tournament = open_tournament(club)
    tournament_services.entries_register(
        tournament=tournament, partnerships=[Partnership.objects.get(name="Os Ases")])
    with pytest.raises(TournamentRefused, match="Ana Sousa is already entered in this tournament"):
        sign_up(tournament, 1, name_1="Ana Sousa", name_2="Zé Estranho")


@pytest.mark.parametrize("typed", ["ÁNA SÓUSA", "ANA SOUSA", "Ána Sôusa", "ana sousa"])
def test_a_name_in_other_capitals_or_accents_is_the_organisers_to_tell_apart(club, member,
                                                                             typed):
    """SQLite compares capitals in ASCII letters only: "ÁNA" was a new player beside "Ána"."""
    Player.objects.filter(pk=member.pk).update(name="Ána Sóusa")
    tournament = open_tournament(club)
    signup = sign_up(tournament, 1, name_1=typed, name_2="Zé Estranho")
    assert (signup.status, signup.partnership) == ("confirm", None)
    assert not Player.objects.filter(name=typed).exists()


def test_a_name_in_other_capitals_or_accents_already_playing_is_refused(club, member):
    tournament = open_tournament(club)
    sign_up(tournament, 1, name_1="Lena Sá", name_2="Guida Ré")
    for typed in ("LENA SÁ", "Lena Sa"):
        with pytest.raises(TournamentRefused, match="Lena Sá is already entered in this tournament"):
            sign_up(tournament, 2, name_1=typed, name_2="Outra Pessoa")
    assert tournament.signups.count() == 1


def test_someone_else_needs_more_than_other_accents_to_be_told_apart(club, member,
                                                                     organiser_client):
    tournament = open_tournament(club)
    signup = services.signup_create(tournament=tournament, names=["Ana Sousa", "Zé Estranho"])
    refused = confirm(organiser_client, signup, who_1="other", name_1="Âna Souså")
    assert "Give a name that tells them apart" in refused.content.decode()
    assert SignUp.objects.get(pk=signup.pk).status == "confirm"
