"""The referee page's service worker, at /r/sw.js so that its scope covers every /r/<token>/.

The script is static/js/sw.js with one line in front: the files to keep for offline use (their
URLs as `static` makes them, hashed in production) and a version made from their contents, so
a new deploy gets a new cache and the old one is dropped.
"""

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse
from django.templatetags.static import static
from django.views.decorators.http import require_safe

# What the referee page loads (base.html, referee.html, _referee_offline.html and the scorer's
# modules). Anything else under STATIC_URL is kept the first time the page fetches it.
ASSETS = [
    "css/site.css", "css/offline.css", "vendor/htmx-2.0.11.min.js", "js/site.js",
    "js/referee.js", "js/points-pair.js", "js/offline.js", "js/offline-score.js", "js/scorer.js",
    "js/scorer/cards.js", "js/scorer/deals.js", "js/scorer/errors.js", "js/scorer/options.js",
]


def _read(name: str) -> bytes:
    found = finders.find(name)
    if found:
        return Path(found).read_bytes()
    with staticfiles_storage.open(name) as file:  # after collectstatic, without the sources
        return file.read()


@require_safe
def service_worker(request):
    script = _read("js/sw.js")
    digest = hashlib.sha256(script)
    for name in ASSETS:
        digest.update(name.encode() + b"\0" + _read(name))
    # STATIC_URL, not static(""): a manifest has no entry for "" (a 500 in production).
    config = {"version": digest.hexdigest()[:16], "assets": [static(name) for name in ASSETS],
              "static": settings.STATIC_URL}
    body = f"self.SUECA_SW = {json.dumps(config)};\n".encode() + script
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/r/"
    return response
