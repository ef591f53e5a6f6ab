"""Partnerships of four for the double pack: the club registers them (form and paste), and
every match and tournament takes pairs for the single pack, fours for the double, never both."""

import json

import pytest

from scoring import engine
from scoring import services as scoring
from sueca_club import services
from sueca_club.models import Partnership, Player
from tests.conftest import make_four, make_match, make_partnership
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments
from tournaments import transfer
from tournaments.registration import services as registration
from tournaments.registration.models import Registration
from tournaments.services import TournamentRefused

DOUBLE = engine.rules_from("double_pack")


@pytest.fixture
def players(club):
    return [Player.objects.create(club=club, name=name)
            for name in ("Ana", "Bruno", "Carla", "Dinis", "Eva")]


def add(client, club, *players, name=""):
    seats = {f"player_{seat}": p.pk for seat, p in enumerate(players, start=1)}
    return client.post(f"/manage/{club.slug}/partnerships/add/", {**seats, "name": name})


def test_an_organiser_adds_a_partnership_of_four_and_the_club_page_shows_its_four_names(
        organiser_client, club, players):
    response = add(organiser_client, club, *players[:4])
    assert response.status_code == 302
    four = Partnership.objects.get()
    assert four.is_four and four.players == players[:4]
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert "Ana &amp; Bruno &amp; Carla &amp; Dinis" in page


def test_the_same_four_in_another_order_are_refused(organiser_client, club, players):
    add(organiser_client, club, *players[:4])
    response = add(organiser_client, club, players[3], players[1], players[0], players[2])
    assert "These four already play together as" in response.content.decode()
    assert Partnership.objects.count() == 1


def test_a_pair_of_two_of_a_four_is_its_own_partnership(organiser_client, club, players):
    add(organiser_client, club, *players[:4])
    assert add(organiser_client, club, *players[:2]).status_code == 302
    assert Partnership.objects.count() == 2


@pytest.mark.parametrize("chosen", [(0, 1, 2), (0, 1, 2, 2), (0, 1, 0, 3)])
def test_three_players_or_one_twice_are_refused(organiser_client, club, players, chosen):
    response = add(organiser_client, club, *[players[i] for i in chosen])
    text = response.content.decode()
    assert ("choose both the third and the fourth player" in text
            or "four different players" in text)
    assert not Partnership.objects.exists()


def test_a_pasted_line_of_four_names_saves_a_partnership_of_four(club):
    services.partnerships_bulk_add(club=club, text="Ana & Bruno & Carla & Dinis\nEva & Filipa")
    four, pair = Partnership.objects.order_by("id")
    assert [p.name for p in four.players] == ["Ana", "Bruno", "Carla", "Dinis"]
    assert len(pair.players) == 2
    again = services.partnerships_bulk_preview(club=club, text="Dinis & Carla & Bruno & Ana")
    assert again[0].status == again[0].EXISTING


def test_a_double_pack_match_needs_two_fours(club):
    four = make_four(club, "A1", "A2", "A3", "A4")
    other = make_four(club, "B1", "B2", "B3", "B4")
    pair = make_partnership(club, "C1", "C2")
    match = make_match(club, four, other, preset="double_pack")
    assert match.rules["deck"] == "double"
    with pytest.raises(scoring.ScoringRefused, match="is two players"):
        make_match(club, four, pair, preset="double_pack")
    with pytest.raises(scoring.ScoringRefused, match="is four players"):
        make_match(club, pair, four)


def test_the_match_form_refuses_a_four_with_the_single_pack(organiser_client, club):
    four = make_four(club, "A1", "A2", "A3", "A4")
    other = make_four(club, "B1", "B2", "B3", "B4")
    response = organiser_client.post(f"/manage/{club.slug}/matches/new/", {
        "a": four.pk, "b": other.pk, "first_dealer": four.player_1_id, "preset": "portugal",
        "format_type": "first_to", "target": 4})
    assert "is four players" in response.content.decode()


def test_a_tournament_takes_only_the_partnerships_its_pack_is_played_by(club):
    pair = make_partnership(club, "C1", "C2")
    four = make_four(club, "A1", "A2", "A3", "A4")
    single = make_tournament(club, 2)
    double = tournaments.tournament_create(club=club, name="Dupla", rules=DOUBLE,
                                           fmt=engine.format_from(None), structure="knockout")
    with pytest.raises(TournamentRefused, match="is four players"):
        tournaments.entries_register(tournament=single, partnerships=[four])
    with pytest.raises(TournamentRefused, match="is two players"):
        tournaments.entries_register(tournament=double, partnerships=[four, pair])
    assert not double.entries.exists()
    tournaments.entries_register(tournament=double, partnerships=[four])
    assert double.entries.count() == 1


def test_a_double_pack_tournament_signs_up_four_players(club):
    double = tournaments.tournament_create(club=club, name="Dupla", rules=DOUBLE,
                                           fmt=engine.format_from(None), structure="knockout")
    registration.registration_for(double)
    Registration.objects.filter(tournament=double).update(open=True)
    signup = registration.signup_create(tournament=double, names=["Ana", "Bruno", "Carla",
                                                                   "Dinis"])
    assert [p.name for p in signup.partnership.players] == ["Ana", "Bruno", "Carla", "Dinis"]
    with pytest.raises(TournamentRefused, match="all four players"):
        registration.signup_create(tournament=double, names=["Eva", "Filipa"])


def test_an_import_refuses_a_four_in_a_single_pack_tournament(club):
    tournament = make_tournament(club, 2)
    data = transfer.tournament_dump(tournament)
    data["entries"][0]["players"] = ["A1", "A2", "A3", "A4"]
    with pytest.raises(transfer.TransferError, match="is four players"):
        transfer.tournament_load(club=club, data=json.loads(json.dumps(data)))
