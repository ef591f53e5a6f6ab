"""A tournament's organiser pages live under its club, /manage/<club>/tournaments/<slug>/: the
old addresses, /manage/tournaments/<slug>/..., send on to the same page, and a club may take
any name (no word is reserved for the site's own addresses)."""

import pytest

from sueca_club import services as club_services
from tests.security import urlmap
from tests.tournaments.helpers import make_tournament
from tournaments.models import Tournament


def test_an_old_address_sends_on_to_the_same_page_under_the_club(organiser_client, club):
    tournament = make_tournament(club, 4)
    old = f"/manage/tournaments/{tournament.slug}/tables/?x=1"
    response = organiser_client.get(old)
    assert response.status_code == 308
    assert response.url == f"/manage/{club.slug}/tournaments/{tournament.slug}/tables/?x=1"
    assert organiser_client.get(response.url).status_code == 200


def test_an_old_form_address_keeps_the_post(organiser_client, club):
    tournament = make_tournament(club, 4)
    response = organiser_client.post(f"/manage/tournaments/{tournament.slug}/start/")
    assert response.status_code == 308  # the browser posts again, to the new address
    assert response.url == f"/manage/{club.slug}/tournaments/{tournament.slug}/start/"


def test_an_old_address_of_another_clubs_tournament_is_a_404(client, other_organiser, club):
    tournament = make_tournament(club, 4)
    client.force_login(other_organiser)
    assert client.get(f"/manage/tournaments/{tournament.slug}/").status_code == 404


def test_a_club_called_tournaments_or_invitations_has_all_its_pages(organiser_client, organiser):
    for name in ("Tournaments", "Invitations", "Exports", "Matches"):
        club = club_services.club_create(name=name, by=organiser)
        assert club.slug == name.lower()
        tournament = make_tournament(club, 4)
        for page in ("", "settings/", "exports/", "tournaments/", f"tournaments/{tournament.slug}/",
                     f"tournaments/{tournament.slug}/tables/"):
            response = organiser_client.get(f"/manage/{club.slug}/{page}")
            assert response.status_code == 200, (club.slug, page, response.status_code)


CLUB_PAGES = [route for route in urlmap.routes()
              if route.route.startswith("manage/<slug:club_slug>/")]
# The fixed first words of the other organiser addresses (/manage/invitations/<token>/...).
WORDS = sorted({route.route.split("/")[1] for route in urlmap.routes()
                if route.route.startswith("manage/") and "<" not in route.route.split("/")[1]}
               - {""})


def test_the_walk_finds_the_fixed_words():
    assert {"invitations", "matches", "exports", "tournaments"} <= set(WORDS), WORDS


@pytest.mark.parametrize("word", WORDS)
def test_a_club_called_like_a_fixed_address_keeps_every_page(word):
    """Each page of a club whose slug is `word` resolves to that club's page, not to the fixed
    address (a route added before the club's pages that shadows one fails here)."""
    for route in CLUB_PAGES:
        values = {name: 1 if name.endswith("_id") or name == "number" else "x"
                  for name in route.kwargs}
        route.url({**values, "club_slug": word})  # raises if it resolves to another route


def test_a_tournament_is_found_only_under_its_own_club(organiser_client, club, organiser):
    other = club_services.club_create(name="Outro Café", by=organiser)
    tournament = make_tournament(club, 4)
    assert Tournament.objects.count() == 1
    wrong = f"/manage/{other.slug}/tournaments/{tournament.slug}/"
    assert organiser_client.get(wrong).status_code == 404
