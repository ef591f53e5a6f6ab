"""Real-browser tests: Playwright drives the system's Chromium at a phone's size.

The pages come from pytest-django's `live_server` (static files included), so every test
here uses a transactional database. Without /usr/bin/chromium (Debian's `chromium`
package) or the `playwright` package, every test here is skipped with the reason.
Playwright never downloads a browser of its own: `playwright install` is not used.
"""

import contextlib
import os
import re
import threading
import time
from pathlib import Path

import pytest

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "locale": "en-GB"}
HERE = Path(__file__).resolve().parent
SETTLING = "body[data-settling]"  # a new referee screen, not taking taps yet
SCREENSHOTS = HERE.parents[1] / "test-artifacts" / "screenshots"


NO_PLAYWRIGHT = "the playwright package is not installed (pip install -e '.[dev]')"


def why_skip() -> str | None:
    if sync_playwright is None:
        return NO_PLAYWRIGHT
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def pytest_collection_modifyitems(config, items):
    reason = why_skip()
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)
            if reason:
                item.add_marker(pytest.mark.skip(reason=reason))


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember a failed test, so that `new_phone` saves what its pages showed."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


@pytest.fixture(scope="package")
def browser():
    """One Chromium for all the browser tests.

    Package-scoped rather than session-scoped: between calls, Playwright's sync API marks
    its event loop as running in the main thread, which would leak into the tests that run
    after this folder. Django refuses database calls while a loop runs, hence
    DJANGO_ALLOW_ASYNC_UNSAFE, set only while Playwright is alive.
    """
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()
    finally:
        playwright.stop()
        if before is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture
def new_phone(request, browser, live_server, transactional_db):
    """Open a page in a new phone-sized browser context (its own cookies) on the live server."""
    contexts = []

    def open_page(**options):  # e.g. service_workers="block": a phone without one
        context = browser.new_context(base_url=live_server.url, **{**PHONE, **options})
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        # A new referee screen ignores taps for a moment (static/js/referee.js): each action
        # waits until it takes them, as a person reads the screen before tapping.
        page.add_locator_handler(page.locator(SETTLING), lambda: None)
        return page

    yield open_page
    if request.node.stash.get(FAILED, False):
        for number, context in enumerate(contexts, 1):
            for page in context.pages:
                with contextlib.suppress(Exception):  # a crashed page must not hide the failure
                    screenshot_of(request, page, f"failure-{number}")
    for context in contexts:
        context.close()
    answered_all()


def answered_all(timeout: float = 15) -> None:
    """Wait until the live server is answering no request.

    A request a page sent just before it was closed is still being answered in the server's
    thread; the database's flush after the test must not meet it (on PostgreSQL the TRUNCATE
    waits for that request's locks, then fails at lock_timeout, and the request goes on into
    the next test's setup).
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(
            thread.name.endswith("(process_request_thread)") for thread in threading.enumerate()):
        time.sleep(0.02)


@pytest.fixture
def new_tv(new_phone, live_server):
    """new_tv(width, height, language) opens a TV's page (no touch) reading the site in
    `language` (its django_language cookie)."""
    def open_tv(width: int, height: int, language: str = "en"):
        tv = new_phone(viewport={"width": width, "height": height}, is_mobile=False,
                       has_touch=False)
        tv.context.add_cookies([{"name": "django_language", "value": language,
                                 "url": live_server.url}])
        return tv
    return open_tv


@pytest.fixture
def phone(new_phone):
    """A 360x740 touch phone, English (en-GB)."""
    return new_phone()


@pytest.fixture
def refusing_phone(new_phone):
    """A phone without the referee page's service worker, for the tests of a kept deal the
    server refuses: what the worker does is not what they are about
    (test_offline_referee_keeps_scoring.py, and with a refusal
    test_offline_referee_refusal_shows_the_server_s_screen.py)."""
    return new_phone(service_workers="block")


def screenshot_of(request, page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    test = re.sub(r"[^\w.-]+", "_", request.node.name)
    path = SCREENSHOTS / f"{test}-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def screenshot(request):
    """screenshot(page, "referee") saves test-artifacts/screenshots/<test>-referee.png."""
    return lambda page, name: screenshot_of(request, page, name)


def log_in(page, user) -> None:
    """Sign in through the login page, as an organiser does, landing on /manage/."""
    from tests.conftest import PASSWORD

    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").last.click()
    page.wait_for_url("**/manage/")


def settled(page) -> None:
    """Wait until the referee's screen takes taps again, as every locator action on a page from
    `new_phone` does by itself; a tap at a point (page.touchscreen) does not."""
    page.locator(SETTLING).wait_for(state="detached")
