"""Organiser pages of clubs (/manage/): login required, every object scoped to the user's
clubs. The project's URLconf puts them in the "manage" namespace with the match pages
(scoring/urls_manage.py)."""

from django.urls import path

from sueca_club.views import invitations
from sueca_club.views import manage as clubs

urlpatterns = [
    path("", clubs.home, name="home"),
    path("<slug:club_slug>/", clubs.club, name="club"),
    path("<slug:club_slug>/settings/", clubs.club_settings, name="club_settings"),
    path("<slug:club_slug>/organisers/invite/", clubs.organiser_invite, name="organiser_invite"),
    path("<slug:club_slug>/organisers/<int:membership_id>/remove/", clubs.organiser_remove,
         name="organiser_remove"),
    path("<slug:club_slug>/invitations/<int:invitation_id>/revoke/", clubs.invitation_revoke,
         name="invitation_revoke"),
    path("<slug:club_slug>/players/add/", clubs.player_add, name="player_add"),
    path("<slug:club_slug>/players/<int:player_id>/", clubs.player, name="player"),
    path("<slug:club_slug>/players/<int:player_id>/archive/", clubs.player_archive,
         {"archived": True}, name="player_archive"),
    path("<slug:club_slug>/players/<int:player_id>/unarchive/", clubs.player_archive,
         {"archived": False}, name="player_unarchive"),
    path("<slug:club_slug>/players/<int:player_id>/delete/", clubs.player_delete,
         name="player_delete"),
    path("<slug:club_slug>/partnerships/add/", clubs.partnership_add, name="partnership_add"),
    path("<slug:club_slug>/partnerships/bulk/", clubs.partnerships_bulk,
         name="partnerships_bulk"),
    path("<slug:club_slug>/partnerships/<int:partnership_id>/", clubs.partnership,
         name="partnership"),
    path("<slug:club_slug>/partnerships/<int:partnership_id>/archive/",
         clubs.partnership_archive, {"archived": True}, name="partnership_archive"),
    path("<slug:club_slug>/partnerships/<int:partnership_id>/unarchive/",
         clubs.partnership_archive, {"archived": False}, name="partnership_unarchive"),
    path("<slug:club_slug>/partnerships/<int:partnership_id>/delete/", clubs.partnership_delete,
         name="partnership_delete"),
    # An invitation's emailed link: for the invited address's account, before it organises.
    # Last, so that a club called "invitations" has its pages (/manage/invitations/settings/):
    # a token is never one of their words.
    path("invitations/<str:token>/", invitations.invitation, name="invitation"),
]
