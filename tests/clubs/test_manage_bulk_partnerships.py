"""/manage/<club>/partnerships/bulk/: paste a list, preview each line, save the new ones."""

import pytest

from sueca_club.models import Partnership, Player
from sueca_club.services import BulkLine, parse_partnership


def url(club):
    return f"/manage/{club.slug}/partnerships/bulk/"


def statuses(response):
    return [(line.number, line.status) for line in response.context["lines"]]


@pytest.mark.parametrize("line", [
    "Ana Silva & Bruno Costa", "Ana Silva+Bruno Costa", "Ana Silva / Bruno Costa",
    "Ana Silva - Bruno Costa", "Ana Silva – Bruno Costa", "Ana Silva e Bruno Costa",
    "  Ana   Silva  E  Bruno Costa ",
])
def test_it_reads_every_separator(line):
    assert parse_partnership(line) == ("Ana Silva", "Bruno Costa")


def test_a_hyphenated_name_is_not_split():
    assert parse_partnership("Ana-Rita & Bruno") == ("Ana-Rita", "Bruno")


@pytest.mark.parametrize("line", ["Ana & Bruno & Carla & Dinis", "Ana / Bruno / Carla / Dinis",
                                  " Ana e Bruno e Carla e Dinis "])
def test_a_line_of_four_names_is_a_partnership_of_four(line):
    assert parse_partnership(line) == ("Ana", "Bruno", "Carla", "Dinis")


def test_the_first_separator_in_the_list_wins():
    assert parse_partnership("Ana e Sousa & Bruno") == ("Ana e Sousa", "Bruno")


@pytest.mark.parametrize("line", ["Ana Silva", "Ana & Bruno & Carla", "Ana & ", "Ana & ana",
                                  "Ana & " + "B" * 81, "A & B & C & D & E", "A & B & C & a",
                                  "A & B & & D"])
def test_it_does_not_read_a_line_that_is_not_two_or_four_different_names(line):
    assert parse_partnership(line) is None


def test_it_sends_anonymous_visitors_to_log_in(client, club):
    response = client.get(url(club))
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, club):
    client.force_login(other_organiser)
    assert client.get(url(club)).status_code == 404
    assert client.post(url(club), {"text": "A & B", "save": ""}).status_code == 404
    assert not Partnership.objects.exists()


def test_the_preview_says_what_each_line_would_do_and_saves_nothing(organiser_client, club,
                                                                     pair_a):
    text = "\n".join([
        "Carla Dias & ANA SILVA",       # new partnership, Ana reused
        "bruno costa / Ana Silva",      # pair_a, seats the other way round
        "",
        "Eva & Filipe",                 # new partnership, two new players
        "Filipe + eva",                 # same pair as line 4
        "Gil",                          # unreadable
    ])
    response = organiser_client.post(url(club), {"text": text, "preview": ""})
    assert response.status_code == 200
    assert statuses(response) == [(1, BulkLine.NEW), (2, BulkLine.EXISTING), (4, BulkLine.NEW),
                                  (5, BulkLine.REPEATED), (6, BulkLine.UNREADABLE)]
    first = response.context["lines"][0]
    assert [seat.player for seat in first.players] == [None, pair_a.player_1]
    assert response.context["lines"][1].existing == pair_a
    assert "Save 2 new partnerships" in response.content.decode()
    assert Partnership.objects.count() == 1
    assert Player.objects.count() == 2


def test_saving_adds_only_the_new_partnerships_and_reuses_players(organiser_client, club,
                                                                  pair_a):
    text = "Carla Dias & ANA SILVA\nbruno costa / Ana Silva\nEva & Filipe\nFilipe + eva\nGil"
    response = organiser_client.post(url(club), {"text": text, "save": ""})
    assert response.status_code == 302
    names = sorted(p.display_name for p in club.partnerships.exclude(pk=pair_a.pk))
    assert names == ["Carla Dias & Ana Silva", "Eva & Filipe"]
    assert sorted(club.players.values_list("name", flat=True)) == [
        "Ana Silva", "Bruno Costa", "Carla Dias", "Eva", "Filipe"]


def test_a_player_new_on_two_lines_is_created_once(organiser_client, club):
    organiser_client.post(url(club), {"text": "Eva & Filipe\neva & Gil", "save": ""})
    assert club.players.filter(name__iexact="eva").count() == 1
    assert club.partnerships.count() == 2


def test_the_preview_has_nothing_to_save_when_every_line_is_known(organiser_client, club,
                                                                   pair_a):
    response = organiser_client.post(url(club), {"text": "Ana Silva & Bruno Costa",
                                                 "preview": ""})
    assert "No new partnership to save." in response.content.decode()


def test_an_empty_paste_is_an_error(organiser_client, club):
    response = organiser_client.post(url(club), {"text": "", "preview": ""})
    assert response.context["form"].errors["text"]
