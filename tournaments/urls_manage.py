"""Organiser pages of tournaments (/manage/<club>/tournaments/...): login required, every
object through its club."""

from django.urls import path

from tournaments.registration import urls as registration
from tournaments.views import (
    league,
    manage,
    manage_entries,
    manage_exports,
    manage_reversals,
    manage_tables,
)

app_name = "manage_tournaments"

T = "<slug:club_slug>/tournaments/<slug:slug>/"

urlpatterns = [
    # The form of a new tournament is the club's tournaments address itself: no word after it
    # can clash with a tournament's slug.
    path("<slug:club_slug>/tournaments/", manage.tournament_new, name="new"),
    path(T, manage.tournament, name="tournament"),
    path(T + "edit/", manage.tournament_edit, name="edit"),
    path(T + "edit/structure/", manage.tournament_structure_change, name="edit_structure"),
    path(T + "start/", manage.tournament_start, name="start"),
    path(T + "finish/", manage.tournament_finish, name="finish"),
    path(T + "rounds/next/", manage.round_draw_next, name="draw_next"),
    path(T + "rounds/redraw/", manage.round_redraw, name="redraw"),
    path(T + "rounds/swap/", manage.pairings_swap, name="swap"),
    path(T + "rounds/rematch/", manage.rematch_allow, name="rematch"),
    path(T + "pairings/<int:pairing_id>/walkover/", manage.pairing_walkover, name="walkover"),
    path(T + "pairings/<int:pairing_id>/walkover/undo/", manage_reversals.pairing_walkover_undo,
         name="walkover_undo"),
    path(T + "matchdays/<int:number>/open/", league.matchday_open, name="matchday_open"),
    path(T + "pairings/<int:pairing_id>/postpone/", league.pairing_postpone, name="postpone"),
    path(T + "pairings/<int:pairing_id>/play-now/", league.pairing_play_now, name="play_now"),
    path(T + "entries/add/", manage_entries.entries_register, name="register"),
    path(T + "entries/<int:entry_id>/seed/", manage_entries.entry_seed, name="seed"),
    path(T + "entries/<int:entry_id>/check-in/", manage_entries.entry_check_in,
         name="check_in"),
    path(T + "entries/<int:entry_id>/remove/", manage_entries.entry_remove, name="remove"),
    path(T + "entries/<int:entry_id>/withdraw/", manage_entries.entry_withdraw,
         name="withdraw"),
    path(T + "entries/<int:entry_id>/reinstate/", manage_reversals.entry_reinstate,
         name="reinstate"),
    path(T + "tables/", manage_tables.tables, name="tables"),
    path(T + "tables/cards/", manage_tables.table_cards, name="cards"),
    path(T + "tables/<int:number>/qr.svg", manage_tables.table_qr, name="table_qr"),
    path(T + "tables/<int:number>/renew/", manage_tables.table_link_renew, name="renew"),
    path(T + "tables/<int:number>/confirm/", manage_tables.result_confirm,
         name="result_confirm"),
    path(T + "tables/<int:number>/first-dealer/", manage_tables.first_dealer,
         name="first_dealer"),
    path(T + "board/", manage_tables.board, name="board"),
    # Files and paper (manage_exports): made by background tasks, downloaded after a check.
    path(T + "exports/", manage_exports.tournament_exports, name="exports"),
    path(T + "exports/new/", manage_exports.tournament_export_new, name="export_new"),
    path(T + "print/sheets/", manage_exports.print_sheets, name="print_sheets"),
    path(T + "print/bracket/", manage_exports.print_bracket, name="print_bracket"),
    path(T + "print/results/", manage_exports.print_results, name="print_results"),
    path("<slug:club_slug>/exports/", manage_exports.club_exports, name="club_exports"),
    path("<slug:club_slug>/exports/new/", manage_exports.club_export_new, name="club_export_new"),
    path("exports/<int:export_id>/download/", manage_exports.export_download,
         name="export_download"),
    *registration.manage,  # sign-ups and check-in
]

# Addresses of before the club was in them (bookmarks, open tabs): last, so that a club's own
# pages come first, they send on to the same page (308: a form post stays a post).
moved = [
    path("tournaments/<slug:slug>/", manage.moved, {"rest": ""}),
    path("tournaments/<slug:slug>/<path:rest>", manage.moved),
]
