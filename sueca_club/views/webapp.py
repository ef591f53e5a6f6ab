"""What a phone needs to add the site to its home screen: the web-app manifest, and the icon at
/favicon.ico that browsers ask for on their own.

The manifest is a view, not a static JSON file: its name and description are translated
(the browser fetches it without cookies, so the language is the phone's, from
Accept-Language), and its icons are `static` URLs, hashed in production like every other
file, so a new icon reaches phones that already have the old one. The colours are
static/css/site.css's: the green of the header bar and the page's background.
"""

from django.http import HttpResponseRedirect, JsonResponse
from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

THEME_COLOUR = "#0b6e4f"  # site.css --green: the header bar, and base.html's theme-color
BACKGROUND_COLOUR = "#f7f5ef"  # site.css --bg: the splash screen while the site opens
# (file, sizes, type, purpose). The PNGs are icon.svg drawn by Chromium at their sizes, and
# favicon.ico (16 to 48 pixels) is made from it by Pillow. The maskable icon and
# apple-touch-icon fill their square without the rounded corners (the phone cuts its own
# shape out of it), the cards inside the safe circle.
ICONS = [
    ("icons/icon.svg", "any", "image/svg+xml", "any"),
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
]


def manifest_data() -> dict:
    return {
        "id": "/",
        # Translators: the site's name under its icon on a phone's home screen and in the
        # list of apps; short, at most 12 characters.
        "name": _("Sueca Club"),
        "short_name": _("Sueca Club"),
        "description": _("Sueca, scored at the table"),
        "lang": translation.get_language(),
        "dir": "rtl" if translation.get_language_bidi() else "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [{"src": static(name), "sizes": sizes, "type": kind, "purpose": purpose}
                  for name, sizes, kind, purpose in ICONS],
    }


@require_safe
@cache_control(public=True, max_age=3600)
def manifest(request):
    return JsonResponse(manifest_data(), content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False, "indent": 2})


@require_safe
@cache_control(public=True, max_age=86400)
def favicon(request):
    """The file's `static` URL: hashed in production, where it is cached for a year."""
    return HttpResponseRedirect(static("favicon.ico"))
