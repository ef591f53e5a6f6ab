from django.urls import path

from scoring.views import ladder, public

urlpatterns = [
    path("m/<int:pk>/", public.scoreboard, name="scoreboard"),
    path("c/<slug:slug>/", public.club, name="club"),
    path("c/<slug:slug>/tv/", public.club_tv, name="club-tv"),
    path("c/<slug:slug>/ladder/", ladder.ladder, name="ladder"),
]
