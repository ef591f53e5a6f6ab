"""Chromium reads the web-app manifest as we mean it: no parse errors, the fields, every icon
loading at its size, nothing blocked by the Content-Security-Policy, and nothing but the test
browser's incognito profile between the site and "Add to home screen"."""

import io
import json

import pytest
from PIL import Image

from tests.browser.conftest import NO_PLAYWRIGHT
from tests.browser.test_content_security_policy import WATCH

pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)


def test_chromium_parses_the_manifest_and_loads_every_icon(new_phone, live_server):
    page = new_phone()
    page.add_init_script(WATCH)
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.goto("/")
    href = page.evaluate("document.querySelector('link[rel=manifest]').href")
    assert href == f"{live_server.url}/manifest.webmanifest"

    cdp = page.context.new_cdp_session(page)
    read = cdp.send("Page.getAppManifest")
    assert read["url"] == href and read["errors"] == []
    parsed = read["manifest"]
    assert (parsed["name"], parsed["display"]) == ("Sueca Club", "kStandalone")
    assert parsed["startUrl"] == parsed["scope"] == parsed["id"] == f"{live_server.url}/"
    assert parsed["themeColor"] == "rgba(11,110,79,1)"  # site.css --green, #0b6e4f
    assert parsed["backgroundColor"] == "rgba(247,245,239,1)"  # --bg, #f7f5ef
    assert json.loads(read["data"])["short_name"] == "Sueca Club"

    icons = parsed["icons"]
    assert {icon["sizes"] for icon in icons} >= {"192x192", "512x512"}
    for icon in icons:
        response = page.request.get(icon["url"])
        assert response.status == 200, icon["url"]
        assert response.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            size = Image.open(io.BytesIO(response.body())).size
            assert "x".join(map(str, size)) == icon["sizes"], icon["url"]
        else:  # the SVG, drawn by the browser itself
            drawn = page.evaluate("""url => new Promise(done => {
                const image = new Image();
                image.onload = () => done([image.naturalWidth, image.naturalHeight]);
                image.onerror = () => done(null);
                image.src = url;
            })""", icon["url"])
            assert drawn and drawn[0] > 0 and drawn[1] > 0, icon["url"]

    favicon = page.request.get("/favicon.ico")  # follows the redirect
    assert favicon.status == 200
    assert favicon.headers["content-type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    apple = page.evaluate("document.querySelector('link[rel=apple-touch-icon]').href")
    assert page.request.get(apple).status == 200

    # Installable but for the test browser's profile (Chromium installs nothing in incognito).
    blocking = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {error["errorId"] for error in blocking} <= {"in-incognito"}, blocking
    assert page.evaluate("window.__violations") == []
    assert not [text for text in console if "Content Security Policy" in text or "anifest" in text]
