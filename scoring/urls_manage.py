"""Organiser pages of matches (/manage/...): login required, every match scoped to the user's
clubs. The project's URLconf puts them in the "manage" namespace with the club pages."""

from django.urls import path

from scoring.views import manage as matches

urlpatterns = [
    path("matches/<int:match_id>/", matches.match, name="match"),
    path("matches/<int:match_id>/qr.svg", matches.referee_qr, name="referee_qr"),
    path("matches/<int:match_id>/link/revoke/", matches.referee_link_revoke,
         name="referee_link_revoke"),
    path("matches/<int:match_id>/first-dealer/", matches.first_dealer, name="first_dealer"),
    path("matches/<int:match_id>/confirm/", matches.result_confirm, name="result_confirm"),
    path("matches/<int:match_id>/deals/correct/", matches.deals_correct, name="deals_correct"),
    path("matches/<int:match_id>/deals/<int:deal_id>/correct/", matches.deal_correct,
         name="deal_correct"),
    path("matches/<int:match_id>/deals/<int:deal_id>/void/", matches.deal_void,
         name="deal_void"),
    path("<slug:club_slug>/matches/new/", matches.match_new, name="match_new"),
]
