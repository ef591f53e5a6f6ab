"""Once the tournament has started, a partnership's private link says where it plays: its
table and opponent with a link to the match, or that it waits for a table or the next round,
or is out; read in the same few queries whatever the size of the tournament."""

import pytest
from django.db.models import Q
from django.test import Client
from django.utils.html import escape

from tests.tournaments.helpers import play
from tests.tournaments.registration.helpers import open_tournament, sign_up
from tournaments import services as tournament_services
from tournaments.models import Pairing
from tournaments.registration.models import SignUp


def started(club, size: int, first: int = 1, **options):
    tournament = open_tournament(club)
    signups = [sign_up(tournament, n) for n in range(first, first + size)]
    tournament.tables_count = options.get("tables", 8)
    tournament.save(update_fields=["tables_count"])
    tournament_services.tournament_start(tournament=tournament)
    return tournament, [SignUp.objects.get(pk=s.pk) for s in signups]


def page(signup) -> str:
    return Client().get(signup.get_absolute_url()).content.decode()


def pairing_of(signup) -> Pairing:
    return Pairing.objects.get(Q(a=signup.entry) | Q(b=signup.entry),
                               round__tournament=signup.tournament, finished=False)


def test_it_names_the_table_and_the_opponent_with_a_link_to_the_match(club):
    tournament, signups = started(club, 4)
    for signup in signups:
        pairing = pairing_of(signup)
        other = pairing.b if pairing.a_id == signup.entry_id else pairing.a
        text = page(signup)
        assert "Where you play" in text and "Semi-finals" in text
        assert f"Table {pairing.table.number}" in text
        assert f"Against {escape(other.partnership.display_name)}" in text
        assert f'href="/m/{pairing.match_id}/"' in text


def test_without_a_free_table_it_waits_for_one(club):
    tournament, signups = started(club, 4, tables=1)
    waiting = [s for s in signups if pairing_of(s).table_id is None]
    assert len(waiting) == 2
    text = page(waiting[0])
    assert "waiting for a free table" in text and "Table " not in text.split("Where you")[1]


def test_a_winner_waits_for_the_next_round_and_a_loser_is_out(club):
    tournament, signups = started(club, 4)
    semi = Pairing.objects.filter(round__tournament=tournament).order_by("slot").first()
    play(semi, "A")
    winner, loser = (next(s for s in signups if s.entry_id == entry)
                     for entry in (semi.a_id, semi.b_id))
    assert "Waiting for the next round" in page(winner)
    assert "Out of the tournament" in page(loser)
    other = Pairing.objects.filter(round__tournament=tournament).order_by("slot").last()
    play(other, "B")
    final = Pairing.objects.get(round__tournament=tournament, round__code="final")
    assert f'href="/m/{final.match_id}/"' in page(winner) and "Final" in page(winner)
    play(final, "A")
    assert "The tournament is over" in page(winner)


def test_before_the_start_and_for_one_left_out_it_names_no_table(club):
    tournament = open_tournament(club, cap=2)
    signups = [sign_up(tournament, n) for n in range(1, 4)]
    assert "Where you play" not in page(signups[0])
    tournament_services.tournament_start(tournament=tournament)
    left = page(signups[2])
    assert "Where you play" not in left and "without a place" in left


def test_another_tournaments_address_or_a_wrong_token_shows_nothing(club):
    tournament, signups = started(club, 2)
    other = open_tournament(club)
    assert Client().get(f"/t/{other.slug}/entry/{signups[0].token}/").status_code == 404
    assert Client().get(f"/t/{tournament.slug}/entry/{signups[0].token[:-1]}x/"
                        ).status_code == 404


@pytest.mark.parametrize("state", ["playing", "waiting for the next round"])
def test_the_page_costs_the_same_for_4_or_32_partnerships(club, state,
                                                          django_assert_max_num_queries):
    def cost(size):
        tournament, signups = started(club, size, first=size * 10, tables=size // 2)
        signup = signups[0]
        if state != "playing":
            pairing = pairing_of(signup)
            play(pairing, "A" if pairing.a_id == signup.entry_id else "B")
        with django_assert_max_num_queries(12) as captured:
            text = page(signup)
        assert ("Table " in text) == (state == "playing")
        return len(captured.captured_queries)

    assert cost(4) == cost(32)
