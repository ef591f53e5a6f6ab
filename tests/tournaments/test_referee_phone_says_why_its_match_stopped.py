"""A table's referee phone whose match stops before its end says why while it waits for the
next match: a partnership withdrew (its opponent has the walkover), or the organiser took its
round back. Before, it said "Waiting for the next match" and nothing else. It says it in a
bounded number of queries, and no more once the table's next match has come."""

import re
import uuid
from html import unescape

import pytest

from scoring import engine
from scoring import services as scoring
from scoring.models import Match, RefereeLink
from tests.tournaments.helpers import in_play, make_tournament, play, post_deal
from tournaments import services
from tournaments.models import Entry, Pairing, Table

WAITING = "Waiting for the next match"


def text(client, token: str) -> str:
    html = client.get(f"/r/{token}/").content.decode()
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def name(entry_id: int) -> str:
    return Entry.objects.select_related("partnership").get(pk=entry_id).display_name


@pytest.fixture
def semi_final_under_way(club):
    """Four partnerships on two tables: both semi-finals at once, the first with a deal its
    table's phone recorded."""
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first, other = in_play(tournament)
    token = first.table.link.token
    assert post_deal(token, str(uuid.uuid4()), {"points": [80, 40]}).status_code == 201
    return tournament, first, other, token


def test_the_phone_says_who_withdrew_and_who_has_the_walkover(client, semi_final_under_way):
    tournament, first, other, token = semi_final_under_way
    services.entry_withdraw(entry=first.b)

    page = text(client, token)
    assert WAITING in page
    assert (f"The match {name(first.a_id)} – {name(first.b_id)} stopped: {name(first.b_id)} "
            f"withdrew from the tournament, and {name(first.a_id)} has the walkover. The deals "
            "played are kept.") in page


def test_it_says_so_when_the_organiser_entered_the_deals_not_the_phone(client, club,
                                                                       organiser):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    first = in_play(tournament)[0]
    scoring.deal_record(match_id=first.match_id, deal=engine.deal_from({"points": [80, 40]}),
                        key=str(uuid.uuid4()), user=organiser)
    services.entry_withdraw(entry=first.b)

    assert (f"{name(first.b_id)} withdrew from the tournament, and {name(first.a_id)} has the "
            "walkover.") in text(client, first.table.link.token)


def test_the_other_side_withdrawing_gives_the_walkover_the_other_way(client,
                                                                     semi_final_under_way):
    tournament, first, other, token = semi_final_under_way
    services.entry_withdraw(entry=first.a)

    assert (f"{name(first.a_id)} withdrew from the tournament, and {name(first.b_id)} has the "
            "walkover.") in text(client, token)


def test_the_word_goes_once_the_tables_next_match_has_come(client, semi_final_under_way):
    tournament, first, other, token = semi_final_under_way
    services.entry_withdraw(entry=first.b)
    play(Pairing.objects.select_related("match").get(pk=other.pk), "A")  # the final is drawn

    final = Pairing.objects.get(round__tournament=tournament, round__code="final")
    assert RefereeLink.objects.get(token=token).match_id == final.match_id  # on this table
    page = text(client, token)
    assert "withdrew" not in page and WAITING not in page


def test_a_table_whose_match_ended_in_play_says_nothing_of_a_stop(client,
                                                                 semi_final_under_way):
    tournament, first, other, token = semi_final_under_way
    services.entry_withdraw(entry=first.b)
    other_token = other.table.link.token
    play(Pairing.objects.select_related("match").get(pk=other.pk), "A")

    assert "stopped" not in text(client, other_token)


def test_a_table_that_waits_from_the_start_says_nothing_of_a_stop(client, club):
    tournament = make_tournament(club, 4, tables_count=3)
    services.tournament_start(tournament=tournament)
    spare = Table.objects.get(tournament=tournament, number=3)

    page = text(client, spare.link.token)
    assert WAITING in page and "stopped" not in page


def test_the_waiting_page_says_it_in_a_bounded_number_of_queries(
        client, club, django_assert_max_num_queries):
    tournament = make_tournament(club, 4, tables_count=2,
                                 fmt={"type": "fixed_deals", "deals": 40})
    services.tournament_start(tournament=tournament)
    token = in_play(tournament)[0].table.link.token
    for _ in range(12):  # many writes through the table's link: the same queries
        assert post_deal(token, str(uuid.uuid4()), {"points": [70, 50]}).status_code == 201
    pairing = Pairing.objects.get(match__referee_links__token=token)
    services.entry_withdraw(entry=pairing.a)

    with django_assert_max_num_queries(4):
        page = client.get(f"/r/{token}/").content.decode()
    assert "withdrew from the tournament" in page


def test_a_match_whose_round_was_taken_back_says_so(client, club, organiser):
    """Groups then knockout, drawn by its organiser: a knockout match begun on its table, a
    group match's deciding deal voided (the groups are not over, the knockout drawn from them
    is taken back)."""
    tournament = make_tournament(club, 8, structure="groups", tables_count=4,
                                 auto_advance=False)
    services.tournament_start(tournament=tournament)
    while True:
        for pairing in in_play(tournament):
            play(pairing, "A")
        services.round_draw_next(tournament=tournament)
        playing = in_play(tournament)
        if playing[0].round.stage == "knockout":
            break
    first = Pairing.objects.select_related("match").get(round__tournament=tournament,
                                                        round__number=1, slot=0)
    # at another table than the group match's, which goes back to its own table reopened
    second = next(p for p in playing if p.table_id != first.table_id)
    token = second.table.link.token
    assert post_deal(token, str(uuid.uuid4()), {"points": [70, 50]}).status_code == 201
    scoring.deal_void(deal=first.match.deals.filter(active=True).last(),
                      reason="never played", user=organiser, allow_reset=True)

    assert Match.objects.get(pk=second.match_id).abandoned_at is not None
    assert RefereeLink.objects.get(token=token).match_id is None
    page = text(client, token)
    assert WAITING in page
    assert (f"The match {name(second.a_id)} – {name(second.b_id)} was called off: the "
            "organiser drew its round again or took it back. Its deals do not count.") in page
