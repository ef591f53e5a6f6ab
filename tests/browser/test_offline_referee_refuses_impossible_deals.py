"""Offline, the referee's phone refuses a deal the server would refuse (119, a flag without 120
card points, impossible tricks, a bonus side the cards rule out, a match already over on the
phone's count), at once and in the server's own words, before it is kept: a kept deal the
server refuses holds every deal behind it."""

import json

import pytest
from django.utils import translation

from scoring import engine, services
from scoring.models import Deal
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import keep_offline, offline_at, pending, queue
from tests.browser.test_referee_phone import tap, type_points
from tests.conftest import make_match

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

IMPOSSIBLE = "No side can score 1 or 119 card points: no card is worth 1."


def refused_offline(page, label: str = "Next: check the deal"):
    """Tap `label` offline: the deal is refused on the entry screen, nothing is kept."""
    tap(page, label)
    error = page.locator("#referee form[data-offline=entry] [data-offline-error]")
    expect(error).to_be_visible()
    expect(page.get_by_role("heading", name="Check the deal")).to_have_count(0)
    # said as the server's refusal is: one alert, both points boxes invalid and tied to it
    expect(page.locator("#points-error")).to_have_count(1)
    expect(error).to_have_attribute("id", "points-error")
    for box in ("#id_points_a", "#id_points_b"):
        expect(page.locator(box)).to_have_attribute("aria-invalid", "true")
        expect(page.locator(box)).to_have_attribute("aria-describedby", "points-error")
    return error


def online_refusal(page) -> str:
    """The words the server's entry screen shows for the deal typed (the online path)."""
    tap(page, "Next: check the deal")
    errors = page.locator("#referee form[data-offline=entry] .errorlist")
    expect(errors.first).to_be_visible()
    return errors.first.inner_text().strip()


def test_the_referee_page_carries_the_engines_messages_in_its_language(client, match,
                                                                       referee_link):
    with translation.override("pt-pt"):
        response = client.get(f"/r/{referee_link.token}/", HTTP_ACCEPT_LANGUAGE="pt-pt")
        words = services.engine_message(engine.DealError(IMPOSSIBLE))
    html = response.content.decode()
    start = html.index('<script id="referee-messages" type="application/json">')
    carried = json.loads(html[start:html.index("</script>", start)].split(">", 1)[1])
    assert carried[IMPOSSIBLE] == words != IMPOSSIBLE
    assert "This match is finished: no more deals." in carried


@pytest.mark.parametrize("locale", ["en-GB", "pt-PT"])
def test_offline_119_is_refused_at_once_in_the_words_the_server_uses_online(
        new_phone, match, referee_link, locale, screenshot, monkeypatch):
    page = new_phone(locale=locale, service_workers="block")
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    pad = {"en-GB": "Next: check the deal", "pt-PT": "Seguinte: confirmar a mão"}[locale]
    save = {"en-GB": "Save the deal", "pt-PT": "Guardar a mão"}[locale]
    clear = {"en-GB": "Clear", "pt-PT": "Apagar"}[locale]

    type_points(page, "119")
    tap(page, pad)
    online = page.locator("#referee form[data-offline=entry] .errorlist").first
    expect(online).to_be_visible()
    words = online.inner_text().strip()
    assert ("119" in words) and (locale != "en-GB" or words == IMPOSSIBLE)

    page.context.set_offline(True)
    monkeypatch.setattr(services, "deal_record", lambda **_: pytest.fail("offline"))
    expect(page.locator("#id_points_a")).to_have_value("119")  # the online refusal kept it
    error = refused_offline(page, pad)
    expect(error).to_have_text(words)
    expect(page.locator("#referee .errorlist")).to_have_count(1)  # said once, not twice
    screenshot(page, f"refused-offline-{locale}")
    assert queue(page, referee_link) == []
    expect(pending(page)).to_be_hidden()

    # The referee corrects it: 100, kept as usual.
    for _ in "119":
        tap(page, clear)
    type_points(page, "100")
    tap(page, pad)
    expect(page.locator("#referee [data-offline-screen]")).to_be_visible()
    tap(page, save)
    expect(page.locator("#referee [data-offline-screen]")).to_have_count(0)
    assert [item["deal"] for item in queue(page, referee_link)] == [{"points": [100, 20]}]
    expect(page.locator("#referee [data-offline-error]")).to_have_count(0)


def test_offline_the_other_impossible_deals_are_refused_too(phone, match, referee_link):
    page = phone
    offline_at(page, referee_link)

    type_points(page, "1")
    expect(refused_offline(page)).to_have_text(IMPOSSIBLE)

    tap(page, "Clear")
    type_points(page, "110")
    expect(refused_offline(page, "Flag A")).to_have_text(
        "A flag needs 120 card points on the flag's side: A has 110.")

    tap(page, "Clear")
    tap(page, "Clear")
    tap(page, "Clear")
    type_points(page, "50")
    page.get_by_text("Tricks and trump (optional)").tap()
    page.locator("#id_tricks_a").fill("1")
    expect(refused_offline(page)).to_have_text(
        "50 card points are impossible with 1 of the ten tricks.")
    assert queue(page, referee_link) == []


def test_offline_a_deal_after_the_match_is_over_on_the_phones_count_is_refused(
        phone, match, referee_link):
    page = phone
    offline_at(page, referee_link)
    keep_offline(page, award_button="Flag A", entered="120–0 · flag A")
    # The entry screen is hidden once the phone counts the match over; a screen left open
    # (or a stale form) is still refused in the server's words.
    expect(page.locator("#referee form[data-offline=entry]")).to_be_hidden()
    check = page.evaluate("window.SuecaProvisional.check({points: [70, null]})")
    assert check == {"error": "This match is finished: no more deals."}
    assert len(queue(page, referee_link)) == 1


def test_offline_a_flag_in_a_bonus_game_needs_no_tap_for_the_bonuses(
        new_phone, club, pair_a, pair_b, monkeypatch):
    # The server's form takes the last trick and the Queen of Hearts from the flag: the phone
    # checks the deal as the server does, and keeps it.
    match = make_match(club, pair_a, pair_b, preset="brasil_last_trick",
                       fmt={"type": "first_to", "target": 10})  # the flag does not end it
    link = match.referee_links.get()
    page = new_phone(service_workers="block")
    offline_at(page, link)
    monkeypatch.setattr(services, "deal_record", lambda **_: pytest.fail("offline"))
    keep_offline(page, award_button="Flag B")
    expect(pending(page).locator("[data-provisional-score]")).to_contain_text("Games: A 0 – 4 B")

    monkeypatch.undo()
    page.context.set_offline(False)
    expect(pending(page)).to_contain_text("The waiting deals were sent.", timeout=30_000)
    assert [d.data["flag"] for d in Deal.objects.filter(match=match)] == ["B"]
