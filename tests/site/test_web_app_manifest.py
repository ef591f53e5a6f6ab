"""A phone can add the site to its home screen: the web-app manifest, its icons, the favicon,
and the links to them on every page (base.html). Chromium's reading of the same manifest is
tests/browser/test_web_app_manifest_in_chromium.py."""

import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from PIL import Image

from sueca_club.views import webapp

ROOT = Path(__file__).resolve().parents[2]


def manifest(client, **headers) -> dict:
    response = client.get("/manifest.webmanifest", **headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return response.json()


def css_colour(name: str) -> str:
    css = (ROOT / "static" / "css" / "site.css").read_text()
    return re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", css)[1]


def test_the_manifest_says_what_a_home_screen_needs(client):
    data = manifest(client)
    assert data["name"] == "Sueca Club" and data["short_name"] == "Sueca Club"
    assert len(data["short_name"]) <= 12  # what fits under an icon
    assert (data["start_url"], data["scope"], data["display"]) == ("/", "/", "standalone")
    assert data["theme_color"] == css_colour("green")
    assert data["background_color"] == css_colour("bg")
    assert {(i["sizes"], i["type"]) for i in data["icons"]} >= {
        ("192x192", "image/png"), ("512x512", "image/png"), ("any", "image/svg+xml")}
    assert any(i["purpose"] == "maskable" for i in data["icons"])


def test_it_speaks_the_phones_language(client):
    data = manifest(client, HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert data["lang"] == "pt-br" and data["description"] == "Sueca, marcada na mesa"
    assert manifest(client, HTTP_ACCEPT_LANGUAGE="en")["description"] == "Sueca, scored at the table"


@pytest.mark.parametrize("name, sizes, kind, purpose", webapp.ICONS, ids=lambda v: str(v))
def test_each_icon_is_served_at_its_stated_size(client, name, sizes, kind, purpose):
    url = next(i["src"] for i in manifest(client)["icons"] if i["src"].endswith(name))
    found = finders.find(name)
    assert found, f"static/{name} is missing"
    data = Path(found).read_bytes()
    if kind == "image/svg+xml":
        assert data.lstrip().startswith(b"<svg") and b'viewBox="0 0 512 512"' in data
    else:
        image = Image.open(io.BytesIO(data))
        assert (image.format, "x".join(map(str, image.size))) == ("PNG", sizes)
    assert url == f"/{settings.STATIC_URL.strip('/')}/{name}"  # fetched in Chromium too


def test_the_maskable_icon_fills_its_square():
    """A phone cuts its own shape out of it: no transparent corner may show."""
    image = Image.open(finders.find("icons/icon-maskable-512.png")).convert("RGBA")
    corners = [(0, 0), (511, 0), (0, 511), (511, 511)]
    assert all(image.getpixel(xy)[3] == 255 for xy in corners)
    assert image.getpixel((0, 0))[:3] == tuple(int(css_colour("green")[i:i + 2], 16)
                                                for i in (1, 3, 5))


def test_every_page_links_the_manifest_icons_and_theme_colour(db, client):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert f'<meta name="theme-color" content="{css_colour("green")}">' in html
    for pattern in (r'<link rel="icon" href="/static/favicon\.ico" sizes="32x32">',
                    r'<link rel="icon" href="/static/icons/icon\.svg" type="image/svg\+xml">',
                    r'<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon\.png">'):
        assert re.search(pattern, html), pattern
    apple = Image.open(finders.find("icons/apple-touch-icon.png"))
    assert apple.size == (180, 180) and apple.mode == "RGB"  # iOS puts black behind transparency


def test_favicon_ico_is_not_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/favicon.ico"
    icon = Image.open(finders.find("favicon.ico"))
    assert icon.format == "ICO" and {(16, 16), (32, 32)} <= icon.ico.sizes()


def test_the_content_security_policy_allows_them(client):
    """default-src 'self' is the manifest-src, img-src 'self' the icons' source."""
    policy = dict(part.strip().split(" ", 1)
                  for part in settings.CONTENT_SECURITY_POLICY.split(";"))
    assert "manifest-src" not in policy and policy["default-src"] == "'self'"
    assert "'self'" in policy["img-src"].split()
    response = client.get("/manifest.webmanifest")
    assert response["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY


def test_they_are_read_only(client):
    assert client.post("/manifest.webmanifest").status_code == 405
    assert client.post("/favicon.ico").status_code == 405
