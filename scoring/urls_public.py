from django.urls import path

from scoring.views import ladder, public

urlpatterns = [
    path("m/<int:pk>/", public.scoreboard, name="scoreboard"),
    path("live/", public.in_play, name="in-play"),
    path("c/<slug:slug>/", public.club, name="club"),
    path("c/<slug:slug>/live/", public.in_play, name="club-in-play"),
    path("c/<slug:slug>/tv/", public.club_tv, name="club-tv"),
    path("c/<slug:slug>/ladder/", ladder.ladder, name="ladder"),
]
