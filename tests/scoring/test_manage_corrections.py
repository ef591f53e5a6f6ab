"""Correct or void a recorded deal: a reason, a replay of the match, an audit entry."""

import re
import uuid

import pytest

from scoring import engine, services
from scoring.models import AuditEntry
from tests.conftest import make_match


def record(match, *deals):
    for deal in deals:
        services.deal_record(match_id=match.pk, deal=engine.deal_from(deal), key=str(uuid.uuid4()))
    match.refresh_from_db()
    return list(match.deals.order_by("number"))


def url(deal, action):
    return f"/manage/matches/{deal.match_id}/deals/{deal.pk}/{action}/"


@pytest.fixture
def deals(match):
    return record(match, {"points": [70, 50]}, {"points": [30, 90]})


@pytest.mark.parametrize("action", ["correct", "void"])
def test_it_sends_anonymous_visitors_to_log_in(client, deals, action):
    response = client.get(url(deals[0], action))
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


@pytest.mark.parametrize("action", ["correct", "void"])
def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, match, deals,
                                                        action):
    client.force_login(other_organiser)
    assert client.get(url(deals[0], action)).status_code == 404
    response = client.post(url(deals[0], action), {"points": [95, ""], "reason": "mine now"})
    assert response.status_code == 404
    assert not match.audit.exclude(action=AuditEntry.Action.RECORDED).exists()


@pytest.mark.parametrize("action", ["correct", "void"])
def test_it_answers_404_for_a_deal_of_another_match(organiser_client, club, pair_a, pair_b,
                                                    deals, action):
    other = make_match(club, pair_b, pair_a)
    path = url(deals[0], action).replace(f"/matches/{deals[0].match_id}/", f"/matches/{other.pk}/")
    assert organiser_client.get(path).status_code == 404


def test_the_correction_form_starts_from_the_recorded_deal(organiser_client, deals):
    response = organiser_client.get(url(deals[0], "correct"))
    assert response.status_code == 200
    form = response.context["form"]
    assert form["points"].value() == [70, 50]
    assert "trump" not in form.fields
    # Portugal's rules give no bonus: the form asks for no side that took one
    assert not {"last_trick", "queen_of_hearts"} & set(form.fields)


def test_a_bonus_game_is_corrected_with_the_side_that_took_it(organiser_client, club, pair_a,
                                                              pair_b):
    match = make_match(club, pair_a, pair_b, preset="brasil_last_trick")
    deal = record(match, {"points": [72, 48], "last_trick": "A"})[0]
    form = organiser_client.get(url(deal, "correct")).context["form"]
    assert "last_trick" in form.fields and "queen_of_hearts" not in form.fields


def test_a_correction_replays_the_match_and_is_audited(organiser_client, organiser, match, deals):
    response = organiser_client.post(url(deals[0], "correct"),
                                     {"points": [95, ""], "reason": "misread the sheet"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (2, 1)
    new = match.deals.get(number=1, active=True)
    assert new.data == {"points": [95, 25]}
    assert new.replaces == deals[0]
    entry = match.audit.get(action=AuditEntry.Action.CORRECTED)
    assert (entry.user, entry.deal, entry.reason) == (organiser, new, "misread the sheet")
    assert entry.before == {"deal": {"points": [70, 50]}, "games": [1, 1], "partidas": [0, 0]}
    assert entry.after == {"deal": {"points": [95, 25]}, "games": [2, 1], "partidas": [0, 0]}


def test_a_void_replays_the_match_and_is_audited(organiser_client, organiser, match, deals):
    response = organiser_client.post(url(deals[0], "void"), {"reason": "dealt by mistake"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (0, 1)
    assert list(match.deals.filter(active=True)) == [deals[1]]
    entry = match.audit.get(action=AuditEntry.Action.VOIDED)
    assert (entry.user, entry.deal, entry.reason) == (organiser, deals[0], "dealt by mistake")
    assert entry.before["deal"] == {"points": [70, 50]}
    assert entry.after == {"deal": None, "games": [0, 1], "partidas": [0, 0]}


@pytest.mark.parametrize("action", ["correct", "void"])
def test_a_reason_is_required(organiser_client, match, deals, action):
    response = organiser_client.post(url(deals[0], action), {"points": [95, ""], "reason": ""})
    assert response.status_code == 200
    assert response.context["form"].errors["reason"]
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (1, 1)


def test_an_impossible_deal_is_refused_in_the_domains_words(organiser_client, match, deals):
    response = organiser_client.post(url(deals[0], "correct"),
                                     {"points": [100, 30], "reason": "typo"})
    assert "Card points must add up to 120" in response.content.decode()
    assert match.deals.count() == 2


def test_a_correction_that_would_make_a_later_deal_wrong_changes_nothing(organiser_client, match):
    first, *_ = record(match, *[{"points": [70, 50]}] * 3)
    version = match.version
    response = organiser_client.post(url(first, "correct"),
                                     {"points": [120, ""], "flag": "A", "reason": "it was a flag"})
    assert response.status_code == 200
    assert "That would make deal 2 wrong. " in response.content.decode()
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (3, 0, version)
    assert match.deals.count() == 3
    assert not match.audit.filter(action=AuditEntry.Action.CORRECTED).exists()


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("action", ["correct", "void"])
def test_a_deal_already_replaced_sends_back_to_the_match_with_a_message(
        organiser_client, organiser, match, deals, action, method):
    """Opened (a link kept from before) or sent: no form for a deal no longer in the match."""
    services.deal_void(deal=deals[0], reason="first", user=organiser)
    response = getattr(organiser_client, method)(
        url(deals[0], action), {"points": [95, ""], "reason": "again"}, follow=True)
    assert response.redirect_chain[-1][0] == f"/manage/matches/{match.pk}/"
    assert "That deal was already corrected or undone." in response.content.decode()
    assert match.audit.filter(action=AuditEntry.Action.VOIDED).count() == 1


def test_a_correction_that_changes_who_won_says_so_naming_them(organiser_client, match):
    [flag] = record(match, {"points": [120, 0], "flag": "A"})
    assert match.finished and match.winner == "A"
    corrected = {"points": [0, 120], "flag": "B", "reason": "other side"}
    page = organiser_client.post(url(flag, "correct"), corrected, follow=True).content.decode()
    assert ("The result changed: the match is now won by Carla Dias &amp; Duarte Lima (B), and "
            "whatever was drawn from it follows.") in page


def test_a_void_that_reopens_the_match_says_so(organiser_client, match):
    [flag] = record(match, {"points": [120, 0], "flag": "A"})
    page = organiser_client.post(url(flag, "void"), {"reason": "never played"},
                                 follow=True).content.decode()
    assert "The match is in play again: its result no longer stands" in page


def test_a_correction_that_keeps_the_result_says_nothing_more(organiser_client, match, deals):
    page = organiser_client.post(url(deals[0], "correct"), {"points": [95, ""], "reason": "typo"},
                                 follow=True).content.decode()
    assert "Deal 1 corrected" in page and "result changed" not in page


def test_each_box_of_the_correction_says_whose_it_is(organiser_client, deals):
    """Two stacked boxes named only for screen readers left the organiser guessing."""
    page = organiser_client.get(url(deals[0], "correct")).content.decode()
    assert ('<label for="id_points_a"><span class="side-a">A</span> Ana Silva &amp; Bruno Costa'
            '</label>') in page
    assert ('<label for="id_points_b"><span class="side-b">B</span> Carla Dias &amp; '
            'Duarte Lima</label>') in page


def test_each_points_box_is_named_by_its_visible_label(organiser_client, deals):
    """"A Ana Silva & Bruno Costa" names A's box, not an aria-label "A" that hid the names."""
    page = organiser_client.get(url(deals[0], "correct")).content.decode()
    boxes = re.findall(r'<input type="number" name="points"[^>]*>', page)
    assert len(boxes) == 2 and not any("aria-label" in box for box in boxes)
    assert re.search(r'<label for="id_points_a"><span class="side-a">A</span> Ana Silva', page)
