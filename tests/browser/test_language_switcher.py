"""The footer's language select: the choice changes the page language and is remembered."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def choose(page, language: str) -> None:
    # By value: on Portuguese pages the English option reads "Inglês" (Django translates it).
    page.get_by_label("Language").select_option(language)


def test_the_chosen_language_is_remembered_across_pages(phone, referee_link, screenshot):
    page = phone
    html = page.locator("html")
    page.goto("/")
    expect(html).to_have_attribute("lang", "en")  # from the phone's en-GB
    page.get_by_label("Language").select_option(label="Português (Brasil)")
    expect(html).to_have_attribute("lang", "pt-br")
    screenshot(page, "home")

    page.goto("/accounts/login/")
    expect(html).to_have_attribute("lang", "pt-br")
    page.goto(f"/r/{referee_link.token}/")
    expect(html).to_have_attribute("lang", "pt-br")
    expect(page.get_by_label("Language")).to_have_value("pt-br")
    screenshot(page, "referee")

    choose(page, "en")
    expect(html).to_have_attribute("lang", "en")
    assert page.url.endswith(f"/r/{referee_link.token}/")  # back where it was chosen
    page.goto("/accounts/login/")
    expect(html).to_have_attribute("lang", "en")
    expect(page.get_by_label("Language")).to_have_value("en")


def test_the_scoreboard_changes_language_when_another_is_chosen_on_it(phone, match):
    page = phone
    page.goto(f"/m/{match.pk}/")
    choose(page, "pt-br")
    expect(page.locator("html")).to_have_attribute("lang", "pt-br", timeout=3_000)
