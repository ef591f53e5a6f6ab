"""The error pages are the site's own, in the visitor's language, never Django's bare ones.

Their texts are marked for translation; whether a catalogue has them yet is tests/i18n's
business, so these check the page, its template and its language, and the English texts.
"""

import pytest
from django.conf import settings
from django.test import Client, override_settings

from tests.conftest import PASSWORD


@pytest.fixture(autouse=True)
def production(settings):
    """DEBUG off (the error pages are only shown then), Portuguese as the site's default."""
    with override_settings(DEBUG=False, ROOT_URLCONF="tests.site.error_urls",
                           LANGUAGE_CODE="pt-pt"):
        yield


def get(path, *, language=None, client=None, **headers):
    client = client or Client(raise_request_exception=False)
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(path, **headers)


def templates(response) -> set[str]:
    return {template.name for template in response.templates}


def assert_site_page(response, status, template, layout, title, language="pt-pt"):
    assert response.status_code == status
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert {template, layout} <= templates(response)
    assert 'href="/static/css/site.css"' in html and "Sueca Club</a>" in html
    if language == "en":
        assert f"<title>{title} · Sueca Club</title>" in html
        assert f"<h1>{title}</h1>" in html


PAGES = [  # path, status, template, layout, English title
    ("/no-such-page/", 404, "404.html", "base.html", "Page not found"),
    ("/test/forbidden/", 403, "403.html", "base.html", "Not allowed"),
    ("/test/bad/", 400, "400.html", "errors/layout.html", "Bad request"),
    ("/test/broken/", 500, "500.html", "errors/layout.html", "Something went wrong"),
    ("/test/database-gone/", 503, "503.html", "errors/layout.html", "Try again in a moment"),
]


@pytest.mark.parametrize(("path", "status", "template", "layout", "title"), PAGES,
                         ids=[page[1] for page in PAGES])
def test_each_error_page_is_the_sites_in_portuguese_by_default(db, path, status, template,
                                                                layout, title):
    response = get(path)
    assert_site_page(response, status, template, layout, title)
    assert b"<h1>Not Found</h1>" not in response.content  # Django's bare pages
    assert b"Server Error (500)" not in response.content


@pytest.mark.parametrize(("path", "status", "template", "layout", "title"), PAGES,
                         ids=[page[1] for page in PAGES])
def test_each_error_page_speaks_the_language_the_visitor_chose(db, path, status, template,
                                                               layout, title):
    assert_site_page(get(path, language="en"), status, template, layout, title, language="en")


@pytest.mark.parametrize(("path", "status", "template", "layout", "title"), PAGES,
                         ids=[page[1] for page in PAGES])
def test_each_error_page_follows_the_browsers_language(db, path, status, template, layout,
                                                       title):
    response = get(path, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")
    assert_site_page(response, status, template, layout, title, language="en")


def test_the_500_page_needs_neither_the_database_nor_the_session(
        organiser, django_assert_num_queries):
    client = Client(raise_request_exception=False)
    client.login(username=organiser.username, password=PASSWORD)
    with django_assert_num_queries(0):
        response = get("/test/broken/", client=client, language="en")
    assert_site_page(response, 500, "500.html", "errors/layout.html", "Something went wrong",
                     language="en")


def test_a_refused_form_gets_the_sites_page(db):
    client = Client(enforce_csrf_checks=True)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.post("/accounts/login/", {"username": "a", "password": "b"})
    assert_site_page(response, 403, "403_csrf.html", "errors/layout.html",
                     "This form has expired", language="en")
