"""A partnership withdrawn mid-match hands its opponent a walkover, a full win (RULES.md): the
deals played are kept on record, on the match that stopped, and count for nothing. The results
say at which table a walkover was drawn, as they do for a match played."""

import pytest

from scoring.models import Match
from tests.tournaments.helpers import groups_in_play, in_play, record, semi_finals_played
from tests.tournaments.test_result_corrections import flip
from tournaments import selectors, services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db




def row_of(tournament, entry_id: int):
    ranked = selectors.standings(tournament, list(selectors.pairings(tournament)),
                                 selectors.entries(tournament))
    return next(s.row for s in ranked if s.entry.pk == entry_id)


def test_a_withdrawal_after_a_deal_gives_a_full_win_and_keeps_the_deals_uncounted(club,
                                                                                 organiser):
    tournament = groups_in_play(club)
    pairing = in_play(tournament)[0]
    match_id, table = pairing.match_id, pairing.table.number
    record(pairing.match, {"points": [70, 50]})

    services.entry_withdraw(entry=pairing.b, by=organiser)

    pairing = Pairing.objects.select_related("table").get(pk=pairing.pk)
    assert (pairing.walkover, pairing.winner_id, pairing.table.number) == ("A", pairing.a_id,
                                                                          table)
    row = row_of(tournament, pairing.a_id)
    assert (row.won, row.games_won, row.games_lost, row.card_points) == (1, 4, 0, 0)
    stopped = Match.objects.get(pk=match_id)  # kept on record, with its deal
    assert stopped.abandoned_at and stopped.state["points"] == [70, 50]


def test_the_results_name_the_table_a_walkover_was_drawn_at(client, club, organiser):
    tournament = groups_in_play(club)
    withdrawn, no_show = in_play(tournament)[:2]
    record(withdrawn.match, {"points": [70, 50]})
    services.entry_withdraw(entry=withdrawn.b, by=organiser)
    services.pairing_walkover(pairing=no_show, present="A", by=organiser)

    html = client.get(f"/t/{tournament.slug}/results/").content.decode()
    for pairing in (withdrawn, no_show):
        assert f'<span class="where">Table {pairing.table.number} · Group' in html
    assert "No table" not in html


def test_a_walkover_taken_back_is_played_at_a_table_again(club, organiser):
    tournament, semi, final = semi_finals_played(club)
    services.pairing_walkover(pairing=final, present="A", by=organiser)
    flip(Pairing.objects.get(pk=semi.pk), organiser, allow_reset=True)  # the final is replayed

    final = Pairing.objects.select_related("match", "b").get(pk=final.pk)
    assert not final.finished and final.walkover == ""
    assert final.a_id == semi.b_id and final.table_id is not None
    assert (final.match.a_id, final.match.b_id) == (semi.b.partnership_id,
                                                     final.b.partnership_id)


def test_the_organiser_is_not_told_no_deal_was_played_after_a_withdrawal_stopped_a_match(
        organiser_client, club, organiser):
    from tests.tournaments.helpers import make_tournament

    tournament = make_tournament(club, 8, tables_count=4)
    services.tournament_start(tournament=tournament)
    quarter_final = in_play(tournament)[0]
    for _ in range(2):
        record(quarter_final.match, {"points": [70, 50]})
    services.entry_withdraw(entry=quarter_final.b, by=organiser)

    page = organiser_client.get(f"/manage/{club.slug}/tournaments/{tournament.slug}/")
    text = page.content.decode()
    assert "No deal has been played in this round yet" not in text
    assert "only deals were played on a match a withdrawal stopped" in text
