"""Revoking a friendly match's referee link stops the phone scoring it: the match page's
button leads to a page that asks first (no JS), whose button revokes."""

import re

from scoring.models import RefereeLink


def revoke_url(match) -> str:
    return f"/manage/matches/{match.pk}/link/revoke/"


def test_the_match_page_posts_no_revoke_in_one_tap(organiser_client, match, referee_link):
    page = organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()
    assert f'<a class="button danger" href="{revoke_url(match)}">' in page
    assert not re.search(rf'<form[^>]*action="{revoke_url(match)}"', page)


def test_the_revoke_page_asks_naming_the_match_and_what_stops(organiser_client, match,
                                                               referee_link):
    response = organiser_client.get(revoke_url(match))
    page = response.content.decode()
    assert response.status_code == 200
    assert ("Revoke the referee link of Ana Silva &amp; Bruno Costa – Carla Dias &amp; Duarte "
            "Lima? The phone scoring it now stops working; a new link and QR code replace it."
            in page)
    assert re.search(r'<form method="post"[^>]*>', page)
    referee_link.refresh_from_db()
    assert not referee_link.revoked


def test_its_button_revokes_the_link(organiser_client, match, referee_link):
    response = organiser_client.post(revoke_url(match), follow=True)
    referee_link.refresh_from_db()
    assert referee_link.revoked
    assert RefereeLink.objects.filter(match=match, revoked_at=None).exists()
    assert "The old referee link no longer works" in response.content.decode()


def test_the_question_is_for_the_clubs_organisers_only(client, other_organiser, match,
                                                       referee_link):
    client.force_login(other_organiser)
    assert client.get(revoke_url(match)).status_code == 404


def test_a_tournament_match_has_no_link_of_its_own_to_revoke(organiser_client, club):
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments
    from tournaments.models import Pairing

    tournament = make_tournament(club, 2, tables_count=1)
    tournaments.tournament_start(tournament=tournament)
    match = Pairing.objects.get().match
    assert organiser_client.get(revoke_url(match)).status_code == 404
