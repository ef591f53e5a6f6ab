from django.urls import path

from scoring import api

urlpatterns = [
    path("matches/<int:pk>", api.match_detail, name="api-match"),
    path("referee/<str:token>", api.referee_detail, name="api-referee"),
    path("referee/<str:token>/deals", api.referee_deal, name="api-referee-deal"),
    path("referee/<str:token>/undo", api.referee_undo, name="api-referee-undo"),
    path("referee/<str:token>/first-dealer", api.referee_first_dealer,
         name="api-referee-first-dealer"),
]
