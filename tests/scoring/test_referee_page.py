"""The referee's phone page: enter, confirm, save, undo; refusals say why."""

import re

import pytest

from scoring import engine, services
from scoring.models import AuditEntry, Deal
from scoring.services import referee_link_revoke
from tests.conftest import make_match


def confirm(client, link, **data):
    return client.post(f"/r/{link.token}/confirm/", data)


def hidden_fields(html: str) -> dict:
    """The hidden fields of a page: a name given twice (A's and B's points) has a list."""
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html):
        fields.setdefault(name, []).append(value)
    return {name: values if len(values) > 1 else values[0] for name, values in fields.items()}



def save(client, link, **data):
    page = confirm(client, link, **data)
    assert page.status_code == 200, page.content
    fields = hidden_fields(page.content.decode())
    fields.pop("csrfmiddlewaretoken", None)
    return client.post(f"/r/{link.token}/deals/", fields, follow=True), fields


def test_the_page_shows_both_teams_the_dealer_and_the_leader(client, referee_link):
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert "Ana Silva &amp; Bruno Costa" in page and "Carla Dias &amp; Duarte Lima" in page
    assert "Ana Silva deals; Duarte Lima leads." in page


def test_the_keypad_is_a_named_group_and_its_side_switch_a_toggle(client, referee_link):
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert re.search(r'<div class="pad"[^>]* role="group" aria-label="Keypad"', page)
    assert re.search(r'<button type="button" data-switch aria-pressed="false">', page)


def test_the_trick_boxes_are_named_by_their_labels(client, referee_link):
    """"Tricks A" names A's box, not an aria-label "A" over it."""
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    boxes = re.findall(r'<input type="number" name="tricks"[^>]*>', page)
    assert len(boxes) == 2 and not any("aria-label" in box for box in boxes)


def test_confirming_states_what_the_deal_awards_and_saves_nothing(client, referee_link):
    page = confirm(client, referee_link, points=["95", ""])
    assert "A wins 2 games" in page.content.decode()
    assert not Deal.objects.exists()


def test_the_other_sides_points_are_120_minus_the_typed_ones(client, referee_link):
    response, fields = save(client, referee_link, points=["", "30"])
    assert fields["points"] == ["90", "30"]
    assert Deal.objects.get().data == {"points": [90, 30]}
    assert "Deal saved." in response.content.decode()


def test_saving_twice_with_the_same_key_records_one_deal(client, referee_link):
    _, fields = save(client, referee_link, points=["70", ""])
    client.post(f"/r/{referee_link.token}/deals/", fields)
    assert Deal.objects.count() == 1


def test_flag_revoke_and_tie_buttons(client, referee_link):
    assert "Flag! A wins 4 games" in confirm(client, referee_link, flag="A").content.decode()
    assert "Revoke by B: A wins 2 games" in confirm(client, referee_link,
                                                      revoke="B").content.decode()
    assert "60-60: no games" in confirm(client, referee_link, tie="on").content.decode()


def test_impossible_points_are_refused_with_the_reason(client, referee_link):
    page = confirm(client, referee_link, points=["119", ""])
    assert page.status_code == 400
    assert "no card is worth 1" in page.content.decode()


@pytest.mark.parametrize("typed", ["0095", "095", " 95 "])
def test_points_typed_with_leading_zeros_read_as_the_number(client, referee_link, typed):
    page = confirm(client, referee_link, points=[typed, ""])
    assert page.status_code == 200, page.content
    assert hidden_fields(page.content.decode())["points"][0] == "95"


@pytest.mark.parametrize("typed", ["1000", "0" * 5000 + "1000", "9" * 5000])
def test_a_number_too_long_is_refused_not_read(client, referee_link, typed):
    page = confirm(client, referee_link, points=[typed, ""])
    assert page.status_code == 400
    assert "Enter a whole number from 0 to 120." in page.content.decode()


def test_the_refusal_is_an_alert_that_both_points_boxes_point_at(client, referee_link):
    page = confirm(client, referee_link, points=["130", ""]).content.decode()
    alert = re.search(r'<div id="points-error" role="alert">(.*?)</div>', page, re.S)
    assert alert and "Enter a whole number from 0 to 120." in alert.group(1)
    for side in "ab":
        box = re.search(rf'<input [^>]*id="id_points_{side}"[^>]*>', page).group()
        assert 'aria-invalid="true"' in box and 'aria-describedby="points-error"' in box


def test_the_points_boxes_are_not_invalid_before_a_refusal(client, referee_link):
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert "aria-invalid" not in page and 'id="points-error"' not in page


def test_points_impossible_for_the_tricks_are_refused(client, referee_link):
    page = confirm(client, referee_link, points=["50", ""], tricks=["1", ""])
    assert page.status_code == 400
    assert "50 card points are impossible with 1 of the ten tricks." in page.content.decode()


def test_a_won_match_says_so_and_takes_nothing_more(client, referee_link):
    save(client, referee_link, flag="A")
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert "Finished: A wins the match." in page
    assert 'action="/r/' not in page
    assert confirm(client, referee_link, points=["70", ""]).status_code == 409


def test_a_stale_confirmation_is_refused_after_another_phone_saved(client, referee_link):
    first = hidden_fields(confirm(client, referee_link, points=["70", ""]).content.decode())
    second = hidden_fields(confirm(client, referee_link, points=["80", ""]).content.decode())
    client.post(f"/r/{referee_link.token}/deals/", first)
    page = client.post(f"/r/{referee_link.token}/deals/", second, follow=True)
    assert "Another deal was recorded" in page.content.decode()
    assert Deal.objects.count() == 1


def test_the_opponent_confirms_when_the_match_asks_for_it(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, confirm_by_opponent=True)
    link = match.referee_links.get()
    page = confirm(client, link, points=["95", ""]).content.decode()
    assert "Hand the phone to a player of B to confirm." in page
    save(client, link, points=["95", ""])
    assert Deal.objects.get().opponent_confirmed is True


def test_undo_takes_back_the_last_deal_and_is_audited(client, referee_link):
    save(client, referee_link, points=["70", ""])
    page = client.get(f"/r/{referee_link.token}/undo/").content.decode()
    fields = hidden_fields(page)
    client.post(f"/r/{referee_link.token}/undo/", fields)
    client.post(f"/r/{referee_link.token}/undo/", fields)
    assert not Deal.objects.filter(active=True).exists()
    assert AuditEntry.objects.filter(action="undone", via_link=referee_link).count() == 1


def test_a_revoked_link_is_closed(client, referee_link, organiser):
    referee_link_revoke(link=referee_link, user=organiser)
    assert client.get(f"/r/{referee_link.token}/").status_code == 403
    assert confirm(client, referee_link, points=["70", ""]).status_code == 403


def test_an_unknown_link_is_a_404(client, db):
    assert client.get("/r/nope/").status_code == 404


def test_the_link_not_a_cookie_authorises_a_write_so_no_csrf_token_is_asked(client, referee_link):
    """An organiser who logs in on the referee's phone rotates its CSRF cookie: the open
    referee page must still save (it once went blank with the 403 page swapped in)."""
    client.handler.enforce_csrf_checks = True
    page = confirm(client, referee_link, points=["70", ""])
    assert page.status_code == 200
    assert "csrfmiddlewaretoken" not in page.content.decode()
    saved = client.post(f"/r/{referee_link.token}/deals/", hidden_fields(page.content.decode()))
    assert saved.status_code == 302
    assert referee_link.match.deals.count() == 1


def test_the_saved_message_offers_to_undo_that_deal_at_the_top(client, referee_link):
    page = confirm(client, referee_link, points=["70", ""])
    fields = hidden_fields(page.content.decode())
    fields.pop("csrfmiddlewaretoken", None)
    saved = client.post(f"/r/{referee_link.token}/deals/", fields, follow=True,
                        headers={"HX-Request": "true"}).content.decode()
    referee = saved[saved.index('id="referee"'):]  # what htmx swaps in
    message = referee[referee.index("Deal saved."):]
    assert message.index('class="button undo-now"') < message.index("</p>")
    undone = client.post(f"/r/{referee_link.token}/undo/", hidden_fields(
        client.get(f"/r/{referee_link.token}/undo/").content.decode()), follow=True,
        headers={"HX-Request": "true"}).content.decode()
    assert "The last deal was undone." in undone and "undo-now" not in undone


def test_a_finished_friendly_offers_to_undo_the_deal_that_ended_it(client, referee_link):
    match = referee_link.match
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [120, 0],
                                                                     "flag": "A"}), key="k1")
    match.refresh_from_db()
    assert match.finished
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert "The match is over" in page and f'href="/r/{referee_link.token}/undo/"' in page


def test_each_sides_tricks_box_is_under_its_own_label(client, referee_link):
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    for side in "ab":
        paragraph = re.search(rf'<p><label for="id_tricks_{side}">.*?</p>', page, re.S)[0]
        assert re.findall(r'<input [^>]*id="([^"]+)"', paragraph) == [f"id_tricks_{side}"]


def test_an_undo_screen_left_open_while_another_phone_saved_undoes_nothing(client,
                                                                         referee_link):
    """Two phones at one table: the first shows "Undo deal 1?", the second saves deal 2; the
    first's tap must not take back deal 2 (the screen named deal 1), nor deal 1 (no longer
    the last): nothing is undone, and it says why."""
    save(client, referee_link, points=["70", ""])
    fields = hidden_fields(client.get(f"/r/{referee_link.token}/undo/").content.decode())
    save(client, referee_link, points=["30", ""])
    page = client.post(f"/r/{referee_link.token}/undo/", fields, follow=True).content.decode()
    assert "Another deal was recorded on this match meanwhile. Nothing was undone" in page
    assert Deal.objects.filter(active=True).count() == 2
