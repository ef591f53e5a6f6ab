"""Anyone can sign up on a tournament's public page, so a sign-up's players and partnership
join the club's roster only once it gets into the tournament: one awaiting approval, on the
waiting list, turned down or withdrawn is in none of the club's lists (the club page, another
tournament's "Partnerships of the club", a new match's choices), while the organiser's page
of the tournament's sign-ups still shows it. The same names signing up again are the same
newcomers, never a second player. A name corrected on an accepted sign-up leaves the misspelt
player it brought into the roster out of it again, unless they play elsewhere or the roster
had them before: so the correction can be undone."""

import importlib

import pytest
from django.apps import apps
from django.test import Client
from django.utils.html import escape

from scoring.forms.match import MatchForm
from sueca_club.models import Partnership, Player
from sueca_club.services import partnerships_bulk_add, player_add
from tests.conftest import make_partnership
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.forms import RegisterForm
from tournaments.registration import services
from tournaments.registration.models import SignUp
from tournaments.services import TournamentRefused

NAMES = {"name_1": "Rui Tavares", "name_2": "Zé Spam"}


@pytest.fixture
def regulars(club) -> Partnership:
    """A partnership the organiser added: always in the roster."""
    return make_partnership(club, "Ana Sousa", "Bruno Lima")


def club_page(client, club) -> str:
    return client.get(f"/manage/{club.slug}/").content.decode()


def register_list(club) -> list[str]:
    """Another tournament's "Partnerships of the club", as the organiser ticks them."""
    form = RegisterForm(tournament=open_tournament(club))
    return [p.display_name for p in form.fields["partnerships"].queryset]


def agreeing(*shown: bool) -> bool:
    assert len(set(shown)) == 1, shown
    return shown[0]


def partnership_listed(client, club, name: str) -> bool:
    """On the club page, in another tournament's list, among a new match's choices."""
    return agreeing(escape(name) in club_page(client, club), name in register_list(club),
                    name in [p.display_name for p in MatchForm(club=club).fields["a"].queryset])


def player_listed(client, club, name: str) -> bool:
    """On the club page, among a new match's first dealers."""
    return agreeing(escape(name) in club_page(client, club),
                    name in [p.name for p in MatchForm(club=club).fields["first_dealer"].queryset])


def in_the_roster(client, club, name: str) -> bool:
    """The partnership `name` and its players, all listed or none."""
    return agreeing(partnership_listed(client, club, name),
                    *(player_listed(client, club, player) for player in name.split(" & ")))


def pending(club) -> SignUp:
    return sign_up(open_tournament(club, approval=True), 1, **NAMES)


def refused(club) -> SignUp:
    return services.signup_refuse(signup=pending(club))


def waiting(club) -> SignUp:
    """On the waiting list: the one place is the regulars', registered by the organiser."""
    tournament = open_tournament(club, cap=1)
    tournament_services.entries_register(tournament=tournament,
                                         partnerships=list(club.partnerships.all()))
    return sign_up(tournament, 2, **NAMES)


def withdrawn(club) -> SignUp:
    return services.signup_withdraw(signup=waiting(club))


@pytest.mark.parametrize("made", [pending, refused, waiting, withdrawn])
def test_a_sign_up_not_in_its_tournament_is_in_none_of_the_clubs_lists(
        organiser_client, club, regulars, made):
    signup = made(club)
    assert signup.status == made.__name__
    assert not in_the_roster(organiser_client, club, "Rui Tavares & Zé Spam")
    assert in_the_roster(organiser_client, club, "Ana Sousa & Bruno Lima")
    page = club_page(organiser_client, club)
    assert 'Partnerships</h2> <span class="count">1</span>' in page
    assert 'Players</h2> <span class="count">2</span>' in page
    signups = organiser_client.get(f"/manage/{club.slug}/tournaments/"
                                   f"{signup.tournament.slug}/sign-ups/").content.decode()
    assert escape("Rui Tavares & Zé Spam") in signups


def test_a_sign_up_accepted_at_once_is_the_clubs(organiser_client, club):
    signup = sign_up(open_tournament(club), 1, **NAMES)
    assert signup.status == "accepted"
    assert in_the_roster(organiser_client, club, "Rui Tavares & Zé Spam")


@pytest.mark.parametrize("answer", ["approved", "moved up"])
def test_the_organisers_yes_brings_a_sign_up_into_the_roster(organiser_client, club, regulars,
                                                            answer):
    signup = pending(club) if answer == "approved" else waiting(club)
    if answer == "approved":
        services.signup_approve(signup=signup)
    else:
        services.signup_move_up(signup=signup)
    assert SignUp.objects.get(pk=signup.pk).status == "accepted"
    assert in_the_roster(organiser_client, club, "Rui Tavares & Zé Spam")


def test_a_place_freed_for_the_waiting_list_brings_it_into_the_roster(organiser_client, club,
                                                                      regulars):
    signup = waiting(club)
    tournament_services.entry_remove(entry=signup.tournament.entries.get())
    assert SignUp.objects.get(pk=signup.pk).status == "accepted"
    assert in_the_roster(organiser_client, club, "Rui Tavares & Zé Spam")


def test_a_withdrawal_after_the_tournament_took_it_leaves_it_the_clubs(organiser_client, club):
    signup = sign_up(open_tournament(club), 1, **NAMES)
    services.signup_withdraw(signup=signup)
    assert in_the_roster(organiser_client, club, "Rui Tavares & Zé Spam")


def test_the_same_names_again_are_the_same_newcomers_not_a_club_players(organiser_client, club):
    """Turned down once, they sign up again: no question for the organiser (nobody of the
    roster has these names), the same rows, and one partnership once accepted."""
    first = refused(club)
    again = sign_up(open_tournament(club), 2, name_1="rui tavares", name_2="Zé Spam")
    assert again.status == "accepted"
    assert again.partnership == first.partnership
    assert Player.objects.filter(club=club).count() == 2
    assert in_the_roster(organiser_client, club, "Rui Tavares & Zé Spam")


def test_a_newcomer_of_a_live_sign_up_is_not_signed_up_twice_in_one_tournament(club):
    tournament = open_tournament(club, approval=True)
    sign_up(tournament, 1, **NAMES)
    with pytest.raises(TournamentRefused, match="Rui Tavares is already in a sign-up for this "
                                                "tournament that the organiser has not accepted"):
        sign_up(tournament, 2, name_1="Rui Tavares", name_2="Carla Dias")


def test_the_organiser_adds_a_name_only_a_sign_up_had(organiser_client, club):
    """The club's name is free to add: it is that player, now in the roster; so is the pair
    pasted in a list."""
    refused(club)
    page = organiser_client.post(f"/manage/{club.slug}/players/add/",
                                 {"name": "Rui Tavares", "form_token": "t" * 32}, follow=True)
    assert "Added to the players: Rui Tavares." in page.content.decode()
    assert list(club.players.in_roster().values_list("name", flat=True)) == ["Rui Tavares"]
    partnerships_bulk_add(club=club, text="Rui Tavares & Zé Spam")
    assert Player.objects.filter(club=club).count() == 2
    assert in_the_roster(organiser_client, club, "Rui Tavares & Zé Spam")


def test_a_club_player_signed_up_with_a_newcomer_stays_the_newcomer_waits(organiser_client,
                                                                         club, regulars):
    """The organiser confirms Ana Sousa is the club's: she stays in the roster, her new
    partner and their partnership wait for the approval."""
    signup = sign_up(open_tournament(club, approval=True), 1, name_1="Ana Sousa",
                     name_2="Zé Spam")
    signup = services.signup_players_confirm(signup=signup, names=["Ana Sousa", "Zé Spam"])
    assert signup.status == "pending"
    assert not partnership_listed(organiser_client, club, "Ana Sousa & Zé Spam")
    assert not player_listed(organiser_client, club, "Zé Spam")
    assert player_listed(organiser_client, club, "Ana Sousa")
    services.signup_approve(signup=signup)
    assert in_the_roster(organiser_client, club, "Ana Sousa & Zé Spam")


def test_a_name_corrected_from_the_private_link_of_a_partnership_in_is_the_clubs(
        organiser_client, club):
    signup = sign_up(open_tournament(club), 1, **NAMES)
    services.signup_rename(signup=signup, names=["Rui Tavares", "José Spam"])
    assert in_the_roster(organiser_client, club, "Rui Tavares & José Spam")


def test_sign_ups_made_before_leave_the_roster_unless_they_got_in(organiser_client, club,
                                                                  regulars):
    """The data migration: what earlier sign-ups made and never got into a tournament leaves
    the roster; the organiser's own partnerships and an accepted sign-up's stay."""
    spam, kept = refused(club), sign_up(open_tournament(club), 2)
    Player.objects.update(provisional=False)
    Partnership.objects.update(provisional=False)
    migration = importlib.import_module("sueca_club.migrations.0006_sign_ups_out_of_the_roster")
    migration.only_signed_up(apps, None)
    assert not in_the_roster(organiser_client, club, spam.display_name)
    assert in_the_roster(organiser_client, club, kept.display_name)
    assert in_the_roster(organiser_client, club, "Ana Sousa & Bruno Lima")


def correct(signup, second: str) -> str:
    """The second player's name corrected from the private link: the page's answer."""
    return Client().post(f"{signup.get_absolute_url()}names/",
                         {"name_1": "Xavier Lemos", "name_2": second}, follow=True
                         ).content.decode()


def test_a_name_corrected_on_an_accepted_sign_up_can_be_corrected_back(organiser_client,
                                                                       club):
    signup = sign_up(open_tournament(club), 1, name_1="Xavier Lemos", name_2="Yuri Prado")
    first = signup.partnership
    assert "The names are corrected." in correct(signup, "Yuri Pardo")
    assert in_the_roster(organiser_client, club, "Xavier Lemos & Yuri Pardo")
    assert not player_listed(organiser_client, club, "Yuri Prado")
    assert not partnership_listed(organiser_client, club, "Xavier Lemos & Yuri Prado")

    page = correct(signup, "Yuri Prado")
    assert "The names are corrected." in page and "another player of the club" not in page
    assert in_the_roster(organiser_client, club, "Xavier Lemos & Yuri Prado")
    assert not player_listed(organiser_client, club, "Yuri Pardo")
    assert not partnership_listed(organiser_client, club, "Xavier Lemos & Yuri Pardo")
    signup.refresh_from_db()
    assert signup.partnership == signup.entry.partnership == first
    assert Player.objects.filter(club=club).count() == 3  # "Yuri Pardo" out of the roster


def test_a_sign_up_awaiting_approval_corrects_a_name_back_and_forth(organiser_client, club):
    signup = sign_up(open_tournament(club, approval=True), 1, name_1="Xavier Lemos",
                     name_2="Yuri Prado")
    for second in ("Yuri Pardo", "Yuri Prado", "Yuri Pardo"):
        assert "The names are corrected." in correct(signup, second)
    signup.refresh_from_db()
    assert signup.display_name == "Xavier Lemos & Yuri Pardo"
    assert not player_listed(organiser_client, club, "Yuri Prado")
    assert not player_listed(organiser_client, club, "Yuri Pardo")


def test_a_corrected_name_that_plays_elsewhere_stays_in_the_roster(organiser_client, club):
    signup = sign_up(open_tournament(club), 1, name_1="Xavier Lemos", name_2="Yuri Prado")
    elsewhere = sign_up(open_tournament(club), 2, name_1="Xavier Lemos", name_2="Yuri Prado")
    services.signup_players_confirm(signup=elsewhere, names=["Xavier Lemos", "Yuri Prado"])
    services.signup_rename(signup=signup, names=["Xavier Lemos", "Yuri Pardo"])
    assert in_the_roster(organiser_client, club, "Xavier Lemos & Yuri Prado")
    assert in_the_roster(organiser_client, club, "Xavier Lemos & Yuri Pardo")


def test_a_corrected_name_the_roster_had_before_stays_in_it(organiser_client, club):
    """The organiser added Yuri Prado (in no partnership yet) and confirmed he signed up:
    the sign-up did not bring him, so a correction does not take him out."""
    player_add(club=club, name="Yuri Prado")
    signup = sign_up(open_tournament(club), 1, name_1="Xavier Lemos", name_2="Yuri Prado")
    services.signup_players_confirm(signup=signup, names=["Xavier Lemos", "Yuri Prado"])
    services.signup_rename(signup=signup, names=["Xavier Lemos", "Yuri Pardo"])
    assert player_listed(organiser_client, club, "Yuri Prado")
    assert in_the_roster(organiser_client, club, "Xavier Lemos & Yuri Pardo")
