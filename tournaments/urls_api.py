from django.urls import path

from tournaments import api

urlpatterns = [
    path("tournaments/<slug:slug>", api.tournament_detail, name="api-tournament"),
]
