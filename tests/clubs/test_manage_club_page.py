"""/manage/<club>/: players, partnerships, matches and organisers of one club."""

import re

from scoring.models import Match
from sueca_club import invitations
from tests.conftest import make_match, make_partnership


def test_it_sends_anonymous_visitors_to_log_in(client, club):
    response = client.get(f"/manage/{club.slug}/")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, club):
    client.force_login(other_organiser)
    assert client.get(f"/manage/{club.slug}/").status_code == 404


def test_it_shows_players_partnerships_matches_and_organisers(organiser_client, match):
    response = organiser_client.get(f"/manage/{match.club.slug}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Carla Dias" in page
    assert "Ana Silva &amp; Bruno Costa" in page
    assert f"/manage/matches/{match.pk}/" in page
    assert "ana" in [m.user.username for m in response.context["memberships"]]


def test_its_queries_do_not_grow_with_partnerships_matches_or_invitations(
        organiser_client, organiser, club, django_assert_max_num_queries):
    def add(first: int, count: int):
        for n in range(first, first + count):
            a = make_partnership(club, f"Player {n}a", f"Player {n}b")
            b = make_partnership(club, f"Player {n}c", f"Player {n}d")
            make_match(club, a, b)
            invitations.invitation_send(club=club, email=f"helper{n}@example.com", by=organiser)

    add(0, 2)
    # 14: the partnership form's four player boxes each list the players
    with django_assert_max_num_queries(14) as small:
        organiser_client.get(f"/manage/{club.slug}/")
    add(2, 10)
    with django_assert_max_num_queries(len(small.captured_queries)):
        organiser_client.get(f"/manage/{club.slug}/")
    assert Match.objects.count() == 12


def test_it_lists_every_match_in_play_so_each_can_be_corrected(organiser_client, club):
    """The public lists show the latest 20 and link to the rest; the organiser's list is the
    way to a friendly's page, so it has them all, and counts them all."""
    matches = [make_match(club, make_partnership(club, f"P{n}a", f"P{n}b"),
                          make_partnership(club, f"P{n}c", f"P{n}d")) for n in range(23)]
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    assert all(f"/manage/matches/{match.pk}/" in page for match in matches)
    assert '<span class="count">23</span>' in page


def test_each_label_names_its_own_field_where_two_forms_ask_for_a_name(organiser_client, club):
    page = organiser_client.get(f"/manage/{club.slug}/").content.decode()
    ids = re.findall(r' id="(id_[^"]+)"', page)
    assert len(ids) == len(set(ids))
    add_player = page[page.index('id="add-player"'):]
    assert '<label for="id_player_name">' in add_player
