"""/manage/matches/<id>/: score, referee link and QR code, deals and history of one match."""

import re
import uuid

import pytest

from scoring import engine, services
from scoring.models import AuditEntry, RefereeLink


def record(match, *deals):
    for deal in deals:
        services.deal_record(match_id=match.pk, deal=engine.deal_from(deal), key=str(uuid.uuid4()))


def urls(match):
    return {"get": [f"/manage/matches/{match.pk}/", f"/manage/matches/{match.pk}/qr.svg"],
            "post": [f"/manage/matches/{match.pk}/link/revoke/"]}


@pytest.mark.parametrize(("method", "index"), [("get", 0), ("get", 1), ("post", 0)])
def test_it_sends_anonymous_visitors_to_log_in(client, match, method, index):
    response = getattr(client, method)(urls(match)[method][index])
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


@pytest.mark.parametrize(("method", "index"), [("get", 0), ("get", 1), ("post", 0)])
def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, match,
                                                        referee_link, method, index):
    client.force_login(other_organiser)
    assert getattr(client, method)(urls(match)[method][index]).status_code == 404
    referee_link.refresh_from_db()
    assert not referee_link.revoked


def test_it_shows_the_score_the_referee_link_and_the_deals(organiser_client, match,
                                                           referee_link):
    record(match, {"points": [95, 25]}, {"points": [30, 90]})
    response = organiser_client.get(f"/manage/matches/{match.pk}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert f"http://testserver/r/{referee_link.token}/" in page
    assert f"/manage/matches/{match.pk}/qr.svg" in page
    rows = response.context["deals"]
    assert [(row.deal.number, row.dealer, row.games) for row in rows] == [
        (1, "Ana Silva", (2, 0)), (2, "Duarte Lima", (0, 1))]
    assert [entry.action for entry in response.context["audit"]] == ["recorded", "recorded"]


def test_it_lists_superseded_deals_with_what_became_of_them(organiser_client, organiser, match):
    record(match, {"points": [95, 25]}, {"points": [30, 90]}, {"points": [70, 50]})
    first, second, _ = match.deals.order_by("number")
    services.deal_correct(deal=first, replacement=engine.deal_from({"points": [70, 50]}),
                          reason="typo", user=organiser)
    services.deal_void(deal=second, reason="misdeal", user=organiser)
    response = organiser_client.get(f"/manage/matches/{match.pk}/")
    rows = response.context["deals"]
    assert [(row.deal.number, row.status, row.games) for row in rows] == [
        (1, "corrected", None), (1, "active", (1, 0)), (2, "withdrawn", None),
        (3, "active", (1, 0))]
    assert "misdeal" in response.content.decode()


def test_it_serves_the_referee_link_as_a_qr_code(organiser_client, match):
    response = organiser_client.get(f"/manage/matches/{match.pk}/qr.svg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert b"<svg" in response.content
    assert "no-cache" in response["Cache-Control"]


def test_revoking_the_link_makes_a_new_one(organiser_client, organiser, match, referee_link):
    response = organiser_client.post(f"/manage/matches/{match.pk}/link/revoke/")
    assert response.status_code == 302
    referee_link.refresh_from_db()
    assert referee_link.revoked
    new = RefereeLink.objects.get(match=match, revoked_at=None)
    assert new.token != referee_link.token
    assert AuditEntry.objects.get(match=match).user == organiser
    page = organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()
    assert new.token in page
    assert referee_link.token not in page


def test_opening_the_revoke_address_revokes_nothing(organiser_client, match, referee_link):
    assert organiser_client.get(f"/manage/matches/{match.pk}/link/revoke/").status_code == 200
    referee_link.refresh_from_db()
    assert not referee_link.revoked


def test_its_queries_do_not_grow_with_the_deals(organiser_client, match,
                                                django_assert_max_num_queries):
    record(match, {"points": [70, 50]})
    with django_assert_max_num_queries(9) as few:  # with the tournament it leads back to
        organiser_client.get(f"/manage/matches/{match.pk}/")
    record(match, *[{"points": [50, 70]}] * 2, *[{"points": [60, 60]}] * 6)
    with django_assert_max_num_queries(len(few.captured_queries)):
        organiser_client.get(f"/manage/matches/{match.pk}/")


def test_a_tournament_match_is_scored_from_its_table_card_not_a_link_of_its_own(
        organiser_client, club):
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments
    from tournaments.models import Pairing

    tournament = make_tournament(club, 2, tables_count=1)
    tournaments.tournament_start(tournament=tournament)
    match = Pairing.objects.get().match
    page = organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()
    assert "scored from its table's QR card" in page
    assert "Revoke this link" not in page
    assert organiser_client.post(f"/manage/matches/{match.pk}/link/revoke/").status_code == 404
    assert not tournament.tables.get().link.revoked


def test_each_deals_correct_and_void_name_the_deal_and_a_voided_one_says_voided(
        organiser_client, organiser, match):
    """A screen reader's list of links reads "correct deal 2", not "correct, void, correct…";
    a voided deal reads "voided", not a withdrawn partnership's word ("retirada")."""
    record(match, {"points": [95, 25]}, {"points": [30, 90]})
    services.deal_void(deal=match.deals.get(number=1), reason="misdeal", user=organiser)
    page = organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()
    links = [" ".join(re.sub(r"<[^>]+>", "", text).split()) for text in
             re.findall(r'<a class="button[^"]*" href="/manage/matches/[^"]+/deals/[^"]+">(.*?)</a>',
                        page)]
    assert links == ["correct deal 2", "void deal 2"]
    assert "voided" in page
    assert "withdrawn" not in page
