"""The footer's language select: the choice changes the page language and is remembered. It
takes effect with the Change button, never on the select's own change: an arrow key on it
would reload the page in another language at once (WCAG 3.2.2)."""

import pytest

from tests.browser.conftest import NO_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def choose(page, language: str) -> None:
    # By value: on Portuguese pages the English option reads "Inglês" (Django translates it).
    page.get_by_label("Language").select_option(language)
    page.locator("form.lang button").click()  # "Change", or "Mudar" in Portuguese


def test_the_chosen_language_is_remembered_across_pages(phone, referee_link, screenshot):
    page = phone
    html = page.locator("html")
    page.goto("/")
    expect(html).to_have_attribute("lang", "en")  # from the phone's en-GB
    page.get_by_label("Language").select_option(label="Português (Brasil)")
    page.get_by_role("button", name="Change").click()
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


def test_an_arrow_key_on_the_select_changes_nothing_until_change_is_pressed(new_phone):
    page = new_phone(is_mobile=False, has_touch=False)  # a keyboard: arrows move a closed select
    page.goto("/")
    select = page.get_by_label("Language")
    select.focus()
    page.keyboard.press("ArrowUp")  # English is last: up to Português (Brasil)
    page.wait_for_timeout(500)  # a submit on change would be reloading by now
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(select).to_be_focused()
    assert select.input_value() != "en"
    page.get_by_role("button", name="Change").click()
    expect(page.locator("html")).not_to_have_attribute("lang", "en")
