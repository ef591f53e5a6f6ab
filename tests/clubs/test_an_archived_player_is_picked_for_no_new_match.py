"""An archived player is picked for no new match: the partnerships they play in are offered
neither for a friendly match nor for a tournament's entries, whatever the partnership's own
archive says."""

import pytest

from scoring.models import Match
from tests.conftest import make_four, make_partnership
from tests.tournaments.helpers import make_tournament


@pytest.fixture
def archived_pair(club):
    pair = make_partnership(club, "Eva Matos", "Filipe Reis")
    pair.player_2.archived = True
    pair.player_2.save()
    return pair


def test_the_new_match_form_offers_no_partnership_of_an_archived_player(
        organiser_client, club, pair_a, pair_b, archived_pair):
    form = organiser_client.get(f"/manage/{club.slug}/matches/new/").context["form"]
    assert set(form.fields["a"].queryset) == {pair_a, pair_b}
    assert archived_pair.player_2 not in form.fields["first_dealer"].queryset


def test_a_new_match_with_an_archived_player_is_refused(organiser_client, club, pair_a,
                                                        archived_pair):
    response = organiser_client.post(f"/manage/{club.slug}/matches/new/", {
        "a": pair_a.pk, "b": archived_pair.pk, "first_dealer": pair_a.player_1.pk,
        "preset": "portugal", "format_type": "first_to"})
    assert response.status_code == 200
    assert not Match.objects.exists()


def test_a_partnership_of_four_with_an_archived_player_is_not_offered(organiser_client, club,
                                                                       pair_a):
    four = make_four(club, "Gil", "Hugo", "Inês", "João")
    four.player_4.archived = True
    four.player_4.save()
    form = organiser_client.get(f"/manage/{club.slug}/matches/new/").context["form"]
    assert list(form.fields["a"].queryset) == [pair_a]


def test_a_tournament_offers_no_partnership_of_an_archived_player_to_enter(
        organiser_client, club, archived_pair):
    tournament = make_tournament(club, 2)
    newcomer = make_partnership(club, "Rita Gomes", "Sara Nunes")
    response = organiser_client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/")
    assert list(response.context["register_form"].fields["partnerships"].queryset) == [newcomer]
    assert "Eva Matos" not in response.content.decode()
