"""The status board says which matches wait for a table, in the order they will be seated,
and lists the round's finished matches with their results and the table each was played at,
or decided at by a walkover (their tables have moved on)."""

import re

from django.utils.html import escape

from tests.conftest import make_club
from tests.tournaments.helpers import make_tournament, play
from tournaments import selectors, services
from tournaments.models import Pairing, Tournament
from tournaments.views import manage_tables


def board_url(t: Tournament) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/board/"


def first_round(t: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=t, round__number=1)
                .select_related("match", "a__partnership", "b__partnership").order_by("slot"))


def section(html: str, name: str) -> str:
    found = re.search(rf"<section class=\"card\" data-{name}>(.*?)</section>", html, re.S)
    return found[1] if found else ""


def names(p: Pairing) -> tuple[str, str]:
    return escape(p.a.partnership.display_name), escape(p.b.partnership.display_name)


def knockout_on_two_tables(club) -> Tournament:
    tournament = make_tournament(club, 8, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    return tournament


def test_the_matches_waiting_for_a_table_are_listed_in_seating_order(organiser_client, club):
    tournament = knockout_on_two_tables(club)
    *_on_tables, third, fourth = first_round(tournament)
    html = organiser_client.get(board_url(tournament)).content.decode()
    assert "2 matches waiting for a table" in html
    waiting = section(html, "waiting")
    assert re.findall(r'<span class="side-a">(.*?)</span> – <span class="side-b">(.*?)</span>',
                      waiting) == [names(third), names(fourth)]
    assert not section(html, "finished")


def test_a_finished_match_is_listed_with_its_table_and_result_once_its_table_moves_on(
        organiser_client, club):
    tournament = knockout_on_two_tables(club)
    first, second, third, fourth = first_round(tournament)
    play(first, "B")
    services.pairing_walkover(pairing=second, present="A")
    fragment = organiser_client.get(board_url(tournament),
                                    headers={"HX-Request": "true"}).content.decode()
    finished = section(fragment, "finished")
    (a1, b1), (a2, b2) = names(first), names(second)
    assert (f'<span class="muted">Table 1 ·</span> '
            f'<span class="side-a">{a1}</span> <span class="score">0–4</span> '
            f'<strong class="side-b">{b1}</strong>') in finished
    assert (f'<span class="muted">Table 2 ·</span> '
            f'<strong class="side-a">{a2}</strong> <span class="score">4–0</span> '
            f'<span class="side-b">{b2}</span> <span class="muted">· Walkover (no-show)</span>'
            ) in finished
    assert not section(fragment, "waiting")  # both went to the freed tables
    assert "2 of 4 matches finished" in fragment


def test_a_match_whose_partnership_still_plays_is_seated_after_the_others(club):
    tournament = knockout_on_two_tables(club)
    first, second, third, fourth = first_round(tournament)
    statuses = [manage_tables.table_status(t) for t in selectors.tables_live(tournament)]
    third.a_id = first.a_id  # as a league's postponed match finds a partnership still playing
    third.save(update_fields=["a"])
    lists = manage_tables.round_lists(tournament, selectors.current_round(tournament), statuses)
    assert [line.pairing.pk for line, _title in lists["waiting"]] == [fourth.pk, third.pk]


def test_the_lists_cost_no_more_queries_for_more_matches(organiser_client, organiser, club,
                                                          django_assert_max_num_queries):
    counts = []
    for size, where in ((8, club), (32, make_club("tasca-grande", organiser))):
        tournament = make_tournament(where, size, tables_count=2, auto_advance=False)
        services.tournament_start(tournament=tournament)
        play(first_round(tournament)[0], "A")
        with django_assert_max_num_queries(6) as captured:
            body = organiser_client.get(board_url(tournament)).content.decode()
        assert section(body, "waiting") and section(body, "finished")
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]
