"""The JSON of a tournament: exported, imported into a fresh club, exported again: the same."""

import copy

import pytest

from scoring.models import Deal, Match
from sueca_club.models import Partnership, Player
from tests.conftest import make_club, make_partnership
from tests.tournaments.helpers import in_play, play
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.transfer import TransferError, tournament_dump, tournament_load


def without_slug(data: dict) -> dict:
    data = copy.deepcopy(data)
    data["tournament"].pop("slug")
    return data


@pytest.fixture
def fresh_club(other_organiser):
    return make_club("clube-novo", other_organiser)


def test_a_finished_knockout_comes_back_the_same(finished_knockout, fresh_club):
    first = tournament_dump(finished_knockout)
    copy_ = tournament_load(data=first, club=fresh_club)
    assert without_slug(tournament_dump(copy_)) == without_slug(first)
    assert copy_.club == fresh_club and copy_.slug != finished_knockout.slug
    assert copy_.champion.partnership.display_name == finished_knockout.champion.partnership.display_name


def test_a_tournament_in_play_comes_back_with_its_tables_and_can_go_on(swiss, fresh_club):
    first_two = in_play(swiss)[:2]
    for pairing in first_two:
        play(pairing)
    data = tournament_dump(swiss)
    copy_ = tournament_load(data=data, club=fresh_club)
    assert without_slug(tournament_dump(copy_)) == without_slug(data)
    # the standings are the same, tie-break lots included
    def ranked(t):
        return [(s.entry.partnership.display_name, s.row.points) for s in selectors.standings(
            t, list(selectors.pairings(t)), selectors.entries(t))]
    assert ranked(copy_) == ranked(swiss)
    # the match still on table 3 is on the imported table 3, ready for its referee
    waiting = in_play(copy_)
    assert len(waiting) == 1 and waiting[0].table.link.match_id == waiting[0].match_id
    play(waiting[0])
    copy_.refresh_from_db()
    assert copy_.rounds.count() == 2  # the next round was drawn as in the original


def test_the_json_holds_the_settings_entries_rounds_and_every_deal(finished_knockout):
    data = tournament_dump(finished_knockout)
    assert data["format"] == "sueca-club/tournament" and data["version"] == 1
    assert data["tournament"]["structure"] == "knockout" and data["tournament"]["third_place"]
    assert len(data["entries"]) == 8
    assert all(len(e["players"]) == 2 for e in data["entries"])
    assert [len(r["pairings"]) for r in data["rounds"]] == [4, 2, 2]
    deals = sum(len(p["match"]["deals"]) for r in data["rounds"] for p in r["pairings"])
    assert deals == Deal.objects.filter(match__pairing__round__tournament=finished_knockout,
                                        active=True).count()


def test_players_and_partnerships_of_the_club_are_reused_by_name(finished_knockout, fresh_club):
    existing = make_partnership(fresh_club, "PLAYER 0b", "Player 0a")  # other order, other case
    tournament_load(data=tournament_dump(finished_knockout), club=fresh_club)
    assert Partnership.objects.filter(club=fresh_club).count() == 8
    assert Player.objects.filter(club=fresh_club).count() == 16
    assert existing.pk in set(Tournament.objects.get(club=fresh_club).entries
                              .values_list("partnership", flat=True))


def test_a_file_whose_results_do_not_follow_from_its_deals_is_refused_whole(finished_knockout,
                                                                            fresh_club):
    data = tournament_dump(finished_knockout)
    data["rounds"][0]["pairings"][0]["match"]["games"] = [2, 1]
    matches = Match.objects.count()
    with pytest.raises(TransferError, match="Round 1, match 1: its deals give 2–0"):
        tournament_load(data=data, club=fresh_club)
    assert Match.objects.count() == matches
    assert not Tournament.objects.filter(club=fresh_club).exists()


def test_a_file_that_is_not_a_tournament_is_refused(fresh_club):
    with pytest.raises(TransferError, match="not a tournament exported by Sueca Club"):
        tournament_load(data={"hello": 1}, club=fresh_club)
