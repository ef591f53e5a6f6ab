"""Addresses of sign-up and check-in: `public` go under /t/ (tournaments:...), `manage`
under /manage/ (manage_tournaments:...)."""

from django.urls import path

from tournaments.registration import views, views_manage

public = [
    path("<slug:slug>/sign-up/", views.sign_up, name="tournament_sign_up"),
    path("<slug:slug>/sign-up/lost-link/", views.link_recovery,
         name="tournament_link_recovery"),
    path("<slug:slug>/entry/<str:token>/", views.signup_link, name="signup_link"),
    path("<slug:slug>/entry/<str:token>/check-in/", views.signup_check_in,
         name="signup_check_in"),
    path("<slug:slug>/entry/<str:token>/names/", views.signup_rename, name="signup_rename"),
    path("<slug:slug>/entry/<str:token>/withdraw/", views.signup_withdraw,
         name="signup_withdraw"),
    path("<slug:slug>/door/<str:door_token>/", views.door, name="door"),
    path("<slug:slug>/door/<str:door_token>/<int:signup_id>/", views.door_check_in,
         name="tournament_door_check_in"),
    path("<slug:slug>/door/<str:door_token>/entries/<int:entry_id>/", views.door_entry_check_in,
         name="tournament_door_entry_check_in"),
]

T = "<slug:club_slug>/tournaments/<slug:slug>/"

manage = [
    path(T + "sign-ups/", views_manage.signups, name="signups"),
    path(T + "sign-ups/settings/", views_manage.registration_update, name="signup_settings"),
    path(T + "sign-ups/poster/", views_manage.poster, {"kind": "sign-up"}, name="signup_poster"),
    path(T + "sign-ups/<int:signup_id>/players/", views_manage.signup_players,
         name="signup_players"),
    path(T + "sign-ups/<int:signup_id>/players/change/", views_manage.signup_players_change,
         name="signup_players_change"),
    path(T + "sign-ups/<int:signup_id>/approve/", views_manage.signup_approve,
         name="signup_approve"),
    path(T + "sign-ups/<int:signup_id>/refuse/", views_manage.signup_refuse,
         name="signup_refuse"),
    path(T + "sign-ups/<int:signup_id>/move-up/", views_manage.signup_move_up,
         name="signup_move_up"),
    path(T + "sign-ups/<int:signup_id>/link/", views_manage.signup_private_link,
         name="signup_private_link"),
    path(T + "sign-ups/<int:signup_id>/link/email/", views_manage.signup_private_link_email,
         name="signup_private_link_email"),
    path(T + "check-in/", views_manage.check_in_board, name="check_in_board"),
    path(T + "check-in/poster/", views_manage.poster, {"kind": "door"}, name="door_poster"),
]
