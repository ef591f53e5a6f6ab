"""Every page sends a Content-Security-Policy that htmx works under, and nothing breaks it.

The policy allows scripts and styles from the site only: no inline script, no style block or
attribute, no eval. The header is checked on every page the URL configuration has (walked,
as in test_write_urls.py), full and as the htmx fragment; the templates and the rendered pages
are checked for anything inline that the policy would block.
"""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.security import urlmap
from tests.security.conftest import client_for
from tests.security.world import UNKNOWN_TOKEN, fill, referee_form

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))  # ours; static/vendor is htmx itself

DIRECTIVES = {
    "default-src": "'self'", "script-src": "'self'", "style-src": "'self'",
    "img-src": "'self' data:", "object-src": "'none'", "frame-ancestors": "'none'",
    "base-uri": "'self'", "form-action": "'self'",
}

INLINE = [
    # json_script's data block is never executed: type="application/json" is allowed.
    (re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*\btype=\"application/json\")[^>]*>", re.I),
     "an inline <script>"),
    (re.compile(r"<style\b", re.I), "a <style> block"),
    (re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I), "a style= attribute"),
    (re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I), "an on...= event handler"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
    (re.compile(r"\bhx-on\b|\bhx-on:", re.I), "hx-on (htmx evaluates it)"),
    (re.compile(r"""hx-(?:vals|headers|vars)=['"]\s*(?:js|javascript):""", re.I),
     "js: in hx-vals/hx-headers (htmx evaluates it)"),
    (re.compile(r"""hx-vars=""", re.I), "hx-vars (htmx evaluates it)"),
    (re.compile(r"""hx-trigger=['"][^'"]*\[""", re.I), "a trigger filter [...] (htmx evaluates it)"),
]


def inline_problems(html: str) -> list[str]:
    return [f"{what}: {found.group(0)[:80]!r}" for pattern, what in INLINE
            for found in pattern.finditer(html)]


def policy() -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in settings.CONTENT_SECURITY_POLICY.split(";"))


def test_the_policy_allows_only_the_sites_own_scripts_and_styles():
    assert policy() == DIRECTIVES
    assert "unsafe" not in settings.CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_has_inline_script_or_style(template):
    assert inline_problems(template.read_text()) == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_our_scripts_never_evaluate_strings(script):
    text = script.read_text()
    assert not re.search(r"\beval\s*\(|new\s+Function\s*\(|setTimeout\(\s*['\"`]", text)


def test_htmx_is_told_not_to_evaluate_code_or_inject_a_style():
    """Nor to copy a style attribute onto what it swaps in (its settle's attributesToSettle
    holds "style" by default: the TV's zoom, static/js/tv-fit.js, was refused at each swap)."""
    base = (ROOT / "templates" / "base.html").read_text()
    found = re.search(r"""<meta name="htmx-config" content='([^']*)'>""", base)
    assert found
    config = json.loads(found[1])
    assert config["includeIndicatorStyles"] is False
    assert config["allowEval"] is False
    assert "style" not in config["attributesToSettle"]


PAGES = [route for route in urlmap.routes() if route.accepts_get]


@pytest.mark.parametrize("route", PAGES, ids=lambda route: route.route or "/")
def test_every_page_sends_the_policy_and_has_nothing_inline(route, world):
    url = route.url(fill(route, world.a, world, **({"uidb64": "MQ"} if "uidb64" in route.kwargs
                                                     else {})))
    client = client_for(world.staff if route.route.startswith("admin/") else world.a.owner)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.get(url, **headers)
        assert response.status_code < 500, url
        assert response.get("Content-Security-Policy") == settings.CONTENT_SECURITY_POLICY, \
            f"{url} ({response.status_code}) {headers}"
        if response.get("Content-Type", "").startswith("text/html") and not response.streaming:
            assert inline_problems(response.content.decode()) == [], url


def test_refusals_and_answers_to_posts_send_it_too(world, client):
    a = world.a
    answers = [
        client.post(f"/r/{a.token}/confirm/", referee_form(a.table_match)),  # the confirmation
        client.post(f"/r/{a.token}/confirm/", {}),  # 400: the form again, with what is wrong
        client.get(f"/r/{a.revoked_token}/"),  # 403: the card was replaced
        client.get(f"/r/{UNKNOWN_TOKEN}/"),  # 404
        client.post(f"/api/v1/referee/{a.token}/deals", "{", content_type="application/json",
                    HTTP_IDEMPOTENCY_KEY="k"),  # JSON 400
    ]
    assert [r.status_code for r in answers] == [200, 400, 403, 404, 400]
    for response in answers:
        assert response["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY
        if response["Content-Type"].startswith("text/html"):
            assert inline_problems(response.content.decode()) == []
