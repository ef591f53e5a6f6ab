"""An odd field's sit-out is said on every matchday or round of a round robin (the league's
fixtures, the organiser's page, a round's page, the overview), read with what the page reads already; and
the standings say where the lot ordered partnerships, only there."""

import datetime
import html as markup
import re
from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import forget_kept_pages, make_club
from tests.tournaments.helpers import make_tournament, play
from tests.tournaments.public_helpers import HTMX
from tournaments import services, sit_outs
from tournaments.models import Entry, Pairing, Round

pytestmark = pytest.mark.django_db
FIRST_TO_2 = {"type": "first_to", "target": 2}
SITS_OUT = re.compile(r'<p class="sits-out">Sits out: ([^<]*)</p>')


def sits_out(page: str) -> list[str]:
    """What each "Sits out" line of a page names, as people read it."""
    return [markup.unescape(names) for names in SITS_OUT.findall(page)]


def play_the_first_round(tournament) -> None:
    """Each match of round 1 won by its side A: level winners, level losers, and before the
    first result the lot orders everyone but marks nobody."""
    for pairing in Pairing.objects.filter(round__tournament=tournament, round__number=1,
                                          match__isnull=False).select_related("match"):
        play(pairing, "A")


def league(club, size, legs=1, **options):
    tournament = make_tournament(club, size, "league", fmt=FIRST_TO_2, legs=legs,
                                 starts_on=datetime.date(2026, 10, 5), tables_count=3,
                                 **options)
    services.tournament_start(tournament=tournament)
    return tournament


def round_robin(club, size):
    tournament = make_tournament(club, size, "rounds", fmt=FIRST_TO_2, pairing="round_robin",
                                 tables_count=3)
    services.tournament_start(tournament=tournament)
    return tournament


def names(tournament) -> set[str]:
    return {e.partnership.display_name for e in Entry.objects.filter(tournament=tournament)
            .select_related("partnership__player_1", "partnership__player_2")}


def entry_names(tournament) -> list[tuple[int, str]]:
    return [(e.pk, e.partnership.display_name) for e in Entry.objects.filter(
        tournament=tournament).select_related("partnership__player_1", "partnership__player_2")]


def playing(tournament, number) -> set[str]:
    return {p.partnership.display_name for pairing in Pairing.objects.filter(
                round__tournament=tournament, round__number=number).select_related(
                "a__partnership__player_1", "a__partnership__player_2",
                "b__partnership__player_1", "b__partnership__player_2")
            for p in (pairing.a, pairing.b)}


def manage_url(tournament) -> str:
    return reverse("manage_tournaments:tournament", args=[tournament.club.slug, tournament.slug])


def test_the_fixtures_say_who_sits_out_each_matchday_each_partnership_once_a_leg(client, club):
    tournament = league(club, 5, legs=2)
    html = client.get(f"/t/{tournament.slug}/fixtures/").content.decode()
    out = sits_out(html)
    assert len(out) == 10  # every matchday of both legs, opened or to come
    assert Counter(out) == dict.fromkeys(names(tournament), 2)
    for number, name in enumerate(out, 1):
        assert name == (names(tournament) - playing(tournament, number)).pop()


@pytest.mark.parametrize(("language", "said"), [
    ("pt-PT", ["De folga:", "foi sorteado", "Ordem decidida por sorteio"]),
    ("pt-BR", ["De folga:", "foi sorteado", "Ordem decidida por sorteio"]),
])
def test_the_sit_out_and_the_lot_are_said_in_portuguese(client, club, language, said):
    tournament = league(club, 5)
    play_the_first_round(tournament)
    headers = {"Accept-Language": language}
    fixtures = client.get(f"/t/{tournament.slug}/fixtures/", headers=headers).content.decode()
    standings = client.get(f"/t/{tournament.slug}/standings/", headers=headers).content.decode()
    entry = tournament.entries.first()
    season = client.get(f"/t/{tournament.slug}/partnerships/{entry.pk}/",
                        headers=headers).content.decode()
    assert all(words in fixtures + standings for words in said)
    assert "De folga nest" in season
    assert "Sits out" not in fixtures + season


def test_a_partnerships_season_lists_its_matchdays_off(client, club):
    tournament = league(club, 5, legs=2)
    for pk, name in entry_names(tournament):
        html = client.get(f"/t/{tournament.slug}/partnerships/{pk}/").content.decode()
        assert html.count('<tr class="sits-out">') == 2  # once a leg
        assert html.count("<tr class=") == 10  # four fixtures a leg and the matchday off
        off = re.findall(r'<tr class="sits-out">\s*<td class="num">(\d+)</td>', html)
        assert all(name not in playing(tournament, int(number)) for number in off)


def test_an_even_league_sits_nobody_out(client, club):
    tournament = league(club, 4)
    assert "Sits out" not in client.get(f"/t/{tournament.slug}/fixtures/").content.decode()
    assert "Sits out" not in client.get(f"/t/{tournament.slug}/rounds/1/").content.decode()


def test_the_fixtures_cost_the_same_queries_with_a_sit_out(client, organiser):
    odd, even = league(make_club("impar", organiser), 7), league(make_club("par", organiser), 4)

    def cost(tournament, **headers):
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/t/{tournament.slug}/fixtures/", headers=headers).status_code == 200
        return len(queries)

    assert cost(odd) == cost(even) == 3 and cost(odd, **HTMX) == cost(even, **HTMX) == 3


def test_the_organisers_page_says_who_sits_out_each_matchday(organiser_client, club):
    tournament = league(club, 5)
    html = organiser_client.get(manage_url(tournament)).content.decode()
    out = sits_out(html)
    assert len(out) == 5 and set(out) == names(tournament)  # opened and to come
    first = (names(tournament) - playing(tournament, 1)).pop()
    assert sits_out(html)[0] == first  # the opened matchday first


def test_a_round_robins_round_says_who_sits_out(client, organiser_client, club):
    tournament = round_robin(club, 5)
    out = (names(tournament) - playing(tournament, 1)).pop()
    html = client.get(f"/t/{tournament.slug}/rounds/1/").content.decode()
    assert sits_out(html) == [out]
    assert sits_out(organiser_client.get(manage_url(tournament)).content.decode()) == [out]


def test_a_round_page_names_its_sit_out_in_the_queries_of_a_round_without_one(client,
                                                                              organiser):
    odd = round_robin(make_club("impar", organiser), 7)
    even = round_robin(make_club("par", organiser), 6)

    def cost(tournament):
        forget_kept_pages()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/t/{tournament.slug}/rounds/1/").status_code == 200
        return len(queries)

    assert cost(even) == 3  # the ETag, the tournament, the round's pairings
    assert cost(odd) == 3  # the sit-out read with the tournament


def groups_of_three(club) -> tuple:
    """Two groups of three, started: the tournament, and who sits out round 1 as the pages
    name them ("X (Group A)"), sorted."""
    tournament = make_tournament(club, 6, "groups", fmt=FIRST_TO_2, groups_count=2,
                                 qualifiers_per_group=1, tables_count=2)
    services.tournament_start(tournament=tournament)
    groups = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "group"))
    return tournament, sorted(f"{name} (Group {groups[pk]})"
                              for pk, name in entry_names(tournament)
                              if name not in playing(tournament, 1))


def test_a_group_stage_round_says_who_sits_out_in_each_group(client, organiser_client, club):
    tournament, expected = groups_of_three(club)
    assert len(expected) == 2  # one in each group of three
    html = client.get(f"/t/{tournament.slug}/rounds/1/").content.decode()
    assert sorted(sits_out(html)[0].split(", ")) == expected
    html = organiser_client.get(manage_url(tournament)).content.decode()
    assert sorted(sits_out(html)[0].split(", ")) == expected
    # the overview, where a player looks first, where it was not said (a tester)
    html = client.get(f"/t/{tournament.slug}/").content.decode()
    assert sorted(sits_out(html)[0].split(", ")) == expected


def test_a_knockouts_and_a_swiss_byes_are_not_called_sit_outs(client, club, organiser):
    knockout = make_tournament(club, 5, "knockout", tables_count=2)
    services.tournament_start(tournament=knockout)
    swiss = make_tournament(make_club("suico", organiser), 5, "rounds", pairing="swiss",
                            rounds_count=3, tables_count=2)
    services.tournament_start(tournament=swiss)
    for tournament in (knockout, swiss):
        html = client.get(f"/t/{tournament.slug}/rounds/1/").content.decode()
        assert "Sits out" not in html and "Bye" in html  # its stored bye, shown as one


def test_a_deciding_round_after_a_round_robin_has_no_sit_out(club):
    tournament = round_robin(club, 3)
    members = [sit_outs.Member(e.pk, "", str(e.pk)) for e in tournament.entries.all()]
    deciding = Round(tournament=tournament, number=4, stage=Round.Stage.DECIDING)
    pairing = Pairing(round=deciding, a_id=members[0].pk, b_id=members[1].pk)
    tournament.ranked_count = 3
    assert sit_outs.sitting_out(tournament, deciding, [pairing], members) == []
    assert not sit_outs.someone_sits_out(tournament, deciding, [pairing])


# The lot -----------------------------------------------------------------------------------

def test_a_league_drawn_at_random_says_its_fixtures_were_drawn_by_lot(client, organiser):
    drawn = league(make_club("sorteio", organiser), 5, draw="random")
    seeded = league(make_club("cabecas", organiser), 5, draw="seeded")
    said = "Who meets whom on which matchday, and who sits out when, was drawn by lot."
    assert said in client.get(f"/t/{drawn.slug}/fixtures/").content.decode()
    assert said not in client.get(f"/t/{seeded.slug}/fixtures/").content.decode()


def test_the_standings_say_the_order_was_decided_by_lot_where_it_was(client, club):
    tournament = round_robin(club, 4)
    tournament.tie_breaks = ["points", "lots"]
    tournament.save(update_fields=["tie_breaks"])
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "by-lot" not in html  # before any result: the lot orders, and decides nothing yet
    play_the_first_round(tournament)  # two level winners, two level losers
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert html.count('<sup class="by-lot"') == 4 and 'id="by-lot-note"' in html
    assert "Order decided by lot" in html
    data = client.get(f"/api/v1/tournaments/{tournament.slug}").json()
    assert all(row["by_lot"] for row in data["standings"])


def test_the_standings_say_nothing_of_a_lot_that_decided_nothing(client, club):
    tournament = round_robin(club, 3)
    tournament.tie_breaks = ["points", "lots"]
    tournament.save(update_fields=["tie_breaks"])
    for _ in range(3):  # the lowest entry wins each of its matches
        pairing = Pairing.objects.filter(round__tournament=tournament, finished=False).exclude(
            match=None).select_related("match").first()
        play(pairing, "A" if pairing.a_id < pairing.b_id else "B")
    tournament.refresh_from_db()
    ranked = client.get(f"/api/v1/tournaments/{tournament.slug}").json()["standings"]
    assert [row["points"] for row in ranked] == [6, 4, 2]
    assert not any(row["by_lot"] for row in ranked)
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "by-lot" not in html and "Order decided by lot" not in html


def test_the_groups_say_the_order_was_decided_by_lot(client, club):
    tournament = make_tournament(club, 6, "groups", fmt=FIRST_TO_2, groups_count=2,
                                 qualifiers_per_group=1, tables_count=2,
                                 tie_breaks=["points", "lots"])
    services.tournament_start(tournament=tournament)
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    assert "by-lot" not in html  # before any result
    for number in (1, 2, 3):  # side A wins each match: each group goes round, all level
        for pairing in Pairing.objects.filter(round__tournament=tournament, round__number=number,
                                              match__isnull=False).select_related("match"):
            play(pairing, "A")
    html = client.get(f"/t/{tournament.slug}/groups/").content.decode()
    assert html.count('<sup class="by-lot"') == 6 and "Order decided by lot" in html


def test_a_chain_without_lots_says_nothing_of_a_lot(client, club):
    tournament = round_robin(club, 4)
    tournament.tie_breaks = ["points"]
    tournament.save(update_fields=["tie_breaks"])
    html = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "by-lot" not in html and "Order decided by lot" not in html
