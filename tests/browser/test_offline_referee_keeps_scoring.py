"""Offline, the referee page keeps scoring: the browser scorer moves the match on provisionally,
a service worker serves the page again without network, and the server's answer replaces it."""

import pytest

from scoring import services
from scoring.models import Deal, RefereeRequest
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_offline_referee import RETRY, keep_offline, pending, queue
from tests.browser.test_referee_phone import games, tap, type_points

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def provisional(page):
    return page.locator("#pending [data-provisional]")


def controlled(page) -> None:
    """Wait until the service worker serves this page's origin and has kept the page."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.ready"
                           ".then(() => true)")
    page.wait_for_function("caches.open('sueca-referee-pages')"
                           ".then((c) => c.keys()).then((k) => k.length > 0)")


def test_the_service_worker_is_served_for_the_referee_pages(client):
    response = client.get("/r/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/r/"
    assert "no-cache" in response["Cache-Control"]
    assert b"self.SUECA_SW = " in response.content
    assert client.post("/r/sw.js").status_code == 405


def offline(page, on: bool, monkeypatch) -> None:
    """Offline as a phone is: navigator.onLine false, and no deal reaches the server. Chromium's
    offline emulation can reach a reloaded page a moment after its script starts, and requests
    that pass through a service worker escape the browser's routes (seen in full runs: a kept
    deal was recorded during the reload). A phone without network records nothing, so the
    server, in this process, answers no deal while the phone is offline.
    """
    page.context.set_offline(on)
    if on:
        monkeypatch.setattr(services, "deal_record", _unreachable)
    else:
        monkeypatch.undo()


def _unreachable(**_):
    raise ConnectionAbortedError("the phone is offline")


def test_offline_the_score_moves_on_provisionally_survives_a_reload_and_the_server_replaces_it(
        phone, match, referee_link, screenshot, monkeypatch):
    page = phone
    url = f"/r/{referee_link.token}/"
    page.goto(url)
    expect(page.locator("[data-pad]")).to_be_visible()
    controlled(page)
    offline(page, True, monkeypatch)

    # Deal 1: 95–25, A wins 2 games (the award comes from the browser scorer).
    type_points(page, "95")
    tap(page, "Next: check the deal")
    expect(page.locator("#referee [data-award]")).to_have_text("This deal gives: A wins 2 games")
    tap(page, "Save the deal")
    expect(provisional(page)).to_be_visible()
    expect(provisional(page)).to_contain_text("Games: A 2 – 0 B")
    first_next = provisional(page).locator("[data-provisional-next]").inner_text()
    assert "deals next" in first_next
    expect(games(page, "A")).to_have_text("2")  # on the board too, marked not saved yet
    expect(page.locator("#referee [data-board-provisional]")).to_be_visible()

    # Deal 2: B 70, wins 1 game; the dealer moves on.
    tap(page, "A/B")
    type_points(page, "70")
    keep_offline(page)
    expect(provisional(page)).to_contain_text("Games: A 2 – 1 B")
    assert provisional(page).locator("[data-provisional-next]").inner_text() != first_next
    rows = provisional(page).locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_text("195–25A wins 2 gameswaiting")
    expect(rows.nth(1)).to_have_text("250–70B wins 1 gamewaiting")

    # Deal 3: A 100, 2 games: A reaches 4 and the match is over, on this phone's count.
    type_points(page, "100")
    keep_offline(page)
    expect(provisional(page)).to_contain_text("Games: A 4 – 1 B")
    expect(provisional(page)).to_contain_text("Match over (waiting to be sent): A wins.")
    expect(page.locator("#referee form[data-offline=entry]")).to_be_hidden()
    expect(pending(page)).to_contain_text("3 deals waiting to be sent")
    screenshot(page, "provisional-offline")
    kept = queue(page, referee_link)
    assert len(kept) == 3
    assert not Deal.objects.exists()

    # A reload with no network: the service worker's copy, and the waiting deals on top.
    page.reload()
    expect(page.locator("#referee .board")).to_be_visible()
    expect(provisional(page)).to_contain_text("Match over (waiting to be sent): A wins.")
    expect(pending(page)).to_contain_text("3 deals waiting to be sent")
    screenshot(page, "reloaded-offline")
    assert not Deal.objects.exists()

    # Back online: the deals go once, in order, and the server's score replaces the provisional.
    offline(page, False, monkeypatch)
    # The kept deal ended the match: its result screen, as a save online shows it (the board
    # said "Finished: A wins the match. Not saved yet." until then).
    expect(page.get_by_role("heading", name="Match result")).to_be_visible(timeout=RETRY)
    expect(page.get_by_text("Finished: A wins the match.")).to_be_visible()
    assert page.url.endswith(f"?after={match.pk}")
    expect(provisional(page)).to_be_hidden()
    expect(games(page, "A")).to_have_text("4")
    expect(games(page, "B")).to_have_text("1")
    assert queue(page, referee_link) == []
    assert [d.data for d in Deal.objects.filter(match=match).order_by("number")] == [
        {"points": [95, 25]}, {"points": [50, 70]}, {"points": [100, 20]}]
    assert sorted(RefereeRequest.objects.values_list("key", flat=True)) == sorted(
        item["key"] for item in kept)
    match.refresh_from_db()
    assert (match.finished, match.winner, match.games_a, match.games_b) == (True, "A", 4, 1)


def test_who_deals_first_kept_offline_survives_a_reload_then_goes(phone, match, referee_link,
                                                                  monkeypatch):
    page = phone
    page.goto(f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    controlled(page)
    offline(page, True, monkeypatch)
    monkeypatch.setattr(services, "first_dealer_record", _unreachable)
    page.locator("#first-dealer").get_by_role("button", name="Carla Dias").tap()
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")

    page.reload()  # the service worker's copy: the choice is still shown, from the queue
    card = page.locator("#first-dealer")
    expect(card.locator("[data-dealer-offline]")).to_contain_text(
        "Kept on this phone: Carla Dias deals first.")
    expect(card.locator("button.chosen")).to_contain_text("Carla Dias")
    expect(page.locator("[data-board-turn]")).to_have_text("Carla Dias deals; Ana Silva leads.")
    assert RefereeRequest.objects.count() == 0

    offline(page, False, monkeypatch)
    expect(pending(page)).to_contain_text("Who deals first was sent.", timeout=RETRY)
    match.refresh_from_db()
    assert match.first_dealer == 1 and RefereeRequest.objects.get().action == "dealer"
