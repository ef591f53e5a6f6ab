from django.urls import path

from tournaments.registration import urls as registration
from tournaments.views import league, notifications, public

app_name = "tournaments"

urlpatterns = [
    # First, the pages that phones and TVs poll: a request tries the patterns in turn.
    path("<slug:slug>/", public.overview, name="overview"),
    path("<slug:slug>/standings/", public.standings, name="standings"),
    path("<slug:slug>/rounds/<int:number>/", public.round_detail, name="round"),
    path("<slug:slug>/tv/", public.tv, name="tv"),
    path("<slug:slug>/bracket/", public.bracket_page, name="bracket"),
    path("<slug:slug>/groups/", public.groups, name="groups"),
    path("<slug:slug>/fixtures/", league.fixtures, name="fixtures"),
    path("<slug:slug>/partnerships/<int:entry_id>/", league.partnership_season,
         name="partnership"),
    path("<slug:slug>/results/", public.results, name="results"),
    *registration.public,
    # Last: a tournament may be called "Unsubscribe", and its pages' words (tv, sign-up...)
    # are never a token, which is signed.
    path("unsubscribe/<str:token>/", notifications.unsubscribe, name="unsubscribe"),
]
