from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from scoring import urls_manage as match_pages
from sueca_club import urls_manage as club_pages
from sueca_club.views import accounts, public, webapp
from tournaments import urls_manage as tournament_pages

# The organiser's pages of each app, in one namespace ("manage:match", "manage:club").
manage_pages = (match_pages.urlpatterns + club_pages.urlpatterns, "manage")

urlpatterns = [
    # The pages that spectators poll come first: each poll resolves its URL.
    path("t/", include("tournaments.urls_public")),
    path("", include("scoring.urls_public")),
    path("", public.home, name="home"),
    # Adding the site to a phone's home screen; /favicon.ico is what browsers ask for unasked.
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("favicon.ico", webapp.favicon, name="favicon"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    # Without a CSRF check: it only sets the poster's own language cookie (the most another
    # site can do is switch a visitor's language), and so the language form needs no token.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("manage/", include((tournament_pages.urlpatterns, "manage_tournaments"))),
    path("manage/", include(manage_pages)),
    path("manage/", include(tournament_pages.moved)),
    path("api/v1/", include("scoring.urls_api")),
    path("api/v1/", include("tournaments.urls_api")),
    path("r/", include("scoring.urls_referee")),
    path("admin/", admin.site.urls),
]

if settings.BENCH:  # `make bench` only: a view that does no database work, the baseline
    urlpatterns.insert(0, path("bench/", include("bench.urls")))
