"""Organiser pages (/manage/): login required, every object scoped to the user's clubs."""

from django.urls import path

from scoring.views import manage as matches
from sueca_club.views import invitations
from sueca_club.views import manage as clubs

app_name = "manage"
urlpatterns = [
    path("", clubs.home, name="home"),
    path("matches/<int:match_id>/", matches.match, name="match"),
    path("matches/<int:match_id>/qr.svg", matches.referee_qr, name="referee_qr"),
    path("matches/<int:match_id>/link/revoke/", matches.referee_link_revoke,
         name="referee_link_revoke"),
    path("matches/<int:match_id>/deals/<int:deal_id>/correct/", matches.deal_correct,
         name="deal_correct"),
    path("matches/<int:match_id>/deals/<int:deal_id>/void/", matches.deal_void,
         name="deal_void"),
    # An invitation's emailed link: for the invited address's account, before it organises.
    path("invitations/<str:token>/", invitations.invitation, name="invitation"),
    path("<slug:club_slug>/", clubs.club, name="club"),
    path("<slug:club_slug>/organisers/invite/", clubs.organiser_invite, name="organiser_invite"),
    path("<slug:club_slug>/invitations/<int:invitation_id>/revoke/", clubs.invitation_revoke,
         name="invitation_revoke"),
    path("<slug:club_slug>/players/add/", clubs.player_add, name="player_add"),
    path("<slug:club_slug>/players/<int:player_id>/", clubs.player, name="player"),
    path("<slug:club_slug>/players/<int:player_id>/archive/", clubs.player_archive,
         {"archived": True}, name="player_archive"),
    path("<slug:club_slug>/players/<int:player_id>/unarchive/", clubs.player_archive,
         {"archived": False}, name="player_unarchive"),
    path("<slug:club_slug>/partnerships/add/", clubs.partnership_add, name="partnership_add"),
    path("<slug:club_slug>/partnerships/bulk/", clubs.partnerships_bulk,
         name="partnerships_bulk"),
    path("<slug:club_slug>/partnerships/<int:partnership_id>/", clubs.partnership,
         name="partnership"),
    path("<slug:club_slug>/partnerships/<int:partnership_id>/archive/",
         clubs.partnership_archive, {"archived": True}, name="partnership_archive"),
    path("<slug:club_slug>/partnerships/<int:partnership_id>/unarchive/",
         clubs.partnership_archive, {"archived": False}, name="partnership_unarchive"),
    path("<slug:club_slug>/matches/new/", matches.match_new, name="match_new"),
]
