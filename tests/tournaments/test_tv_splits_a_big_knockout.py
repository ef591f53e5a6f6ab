"""/t/<slug>/tv/: a knockout of more than 8 places, zoomed to one screen, was unreadable from
across the café (16 places at 1280x720: names 12px, their status 8px). Its bracket is cut by
its draw into parts of at most 4 first-round matches, each down to the round where it has one match, then a
screen from that round to the final with the third-place match; each match as the bracket
page shows it (byes, walkovers, who is through to a round not drawn yet)."""

import html
import re

import pytest

from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import HTMX, play_rounds
from tests.tournaments.test_public_tv_kept import long_ago
from tests.tournaments.test_tv_splits_what_cannot_fit import cycle, kinds
from tournaments import services
from tournaments.models import Pairing


def knockout(club, entrants: int, **options):
    tournament = make_tournament(club, entrants, "knockout",
                                 **{"tables_count": entrants // 2, "third_place": True, **options})
    services.tournament_start(tournament=tournament)
    return tournament


def rounds(html: str) -> dict[str, list[str]]:
    """Each round of the bracket shown, its title and its matches' HTML, and the third-place
    match as the round "Third-place match"."""
    shown = {}
    for title, body in re.findall(r'<section class="bracket-(?:round[^"]*|third)">\s*<h3>([^<]+)'
                                  r"</h3>(.*?)</section>", html, re.DOTALL):
        shown[title] = [match.strip() for match in (re.findall(r"<li>(.*?)</li>", body, re.DOTALL)
                                                    or [body])]
    return shown


def heading(html: str) -> str:
    return re.search(r"<h2>([^<]+)</h2>", html).group(1)


def bracket_screens(client, tournament) -> list[str]:
    pages = cycle(client, tournament)
    return [page for page, kind in zip(pages, kinds(pages), strict=True) if kind == "bracket"]


def test_thirty_two_partnerships_take_four_parts_and_the_last_rounds(client, club):
    tournament = knockout(club, 32)
    pages = cycle(client, tournament)
    assert kinds(pages) == ["overview", "round"] + ["bracket"] * 5
    parts, last = pages[2:6], pages[6]
    assert [heading(page) for page in pages[2:]] == [
        "Bracket · part 1 of 4", "Bracket · part 2 of 4", "Bracket · part 3 of 4",
        "Bracket · part 4 of 4", "Bracket · Quarter-finals to the final"]
    first_round = list(Pairing.objects.filter(round__tournament=tournament)
                       .select_related("a__partnership", "b__partnership").order_by("slot"))
    for number, page in enumerate(parts):
        shown = rounds(page)
        assert [(title, len(matches)) for title, matches in shown.items()] == [
            ("Round of 32", 4), ("Round of 16", 2), ("Quarter-finals", 1)]
        names = [html.unescape(name) for name in re.findall(
            r'<span class="name" title="([^"]+)">', "".join(shown["Round of 32"]))]
        assert names == [p.partnership.display_name for pairing in first_round[4 * number:][:4]
                         for p in (pairing.a, pairing.b)]
    assert [(title, len(matches)) for title, matches in rounds(last).items()] == [
        ("Quarter-finals", 4), ("Semi-finals", 2), ("Final", 1), ("Third-place match", 1)]


def test_sixty_four_partnerships_show_the_bracket_from_the_round_of_thirty_two(client, club):
    pages = cycle(client, knockout(club, 64))  # the round of 64: its tables in play
    assert kinds(pages) == ["overview", "round", "round"] + ["bracket"] * 5
    assert [list(rounds(page))[0] for page in pages[3:]] == ["Round of 32"] * 4 + [
        "Quarter-finals"]


def test_each_match_shows_as_on_the_bracket_page_byes_walkovers_and_rounds_ahead(client, club):
    tournament = knockout(club, 30)  # two byes
    first_round = in_play(tournament)
    services.pairing_walkover(pairing=first_round[9], present="B")
    play(first_round[0], "A")
    play(first_round[11], "B")
    whole = rounds(client.get(f"/t/{tournament.slug}/bracket/").content.decode())
    *parts, last = bracket_screens(client, tournament)
    assert len(parts) == 4

    for title in ("Round of 32", "Round of 16", "Quarter-finals"):
        assert [match for part in parts for match in rounds(part)[title]] == whole[title], title
    for title, matches in rounds(last).items():
        assert matches == whole[title], title
    walkover = "".join(rounds(parts[first_round[9].slot // 4])["Round of 32"])
    assert "Walkover (no-show)" in walkover
    assert sum("Walkover" in "".join(rounds(part)["Round of 32"]) for part in parts) == 1
    assert ">Finished<" in "".join(rounds(parts[first_round[11].slot // 4])["Round of 32"])
    assert sum(page.count(">Bye<") for page in parts) == 2
    ahead = "".join(rounds(parts[0])["Round of 16"])
    assert "Not drawn yet" in ahead or "Plays when the round before ends" in ahead
    assert "Third-place match" in rounds(last) and all(
        "Third-place match" not in rounds(part) for part in parts)


def test_sixteen_places_are_two_halves_then_the_semi_finals_to_the_final(client, club):
    pages = cycle(client, knockout(club, 13))
    assert kinds(pages) == ["overview", "round", "bracket", "bracket", "bracket"]
    assert [heading(page) for page in pages[2:]] == [
        "Bracket · part 1 of 2", "Bracket · part 2 of 2", "Bracket · Semi-finals to the final"]
    assert list(rounds(pages[2])) == ["Round of 16", "Quarter-finals", "Semi-finals"]
    assert list(rounds(pages[4])) == ["Semi-finals", "Final", "Third-place match"]


def test_eight_places_stay_one_screen(client, club):
    pages = cycle(client, knockout(club, 7))
    assert kinds(pages) == ["overview", "round", "bracket"]
    assert heading(pages[2]) == "Bracket"
    assert list(rounds(pages[2])) == ["Quarter-finals", "Semi-finals", "Final",
                                      "Third-place match"]


def test_a_groups_knockout_of_sixteen_places_is_split_once_drawn(client, club):
    tournament = make_tournament(club, 18, "groups", groups_count=9, qualifiers_per_group=1,
                                 tables_count=9)
    services.tournament_start(tournament=tournament)
    assert bracket_screens(client, tournament) == []  # the groups' screens until it is drawn
    play_rounds(tournament, 1)
    *parts, last = bracket_screens(client, tournament)
    assert [heading(page) for page in parts] == ["Bracket · part 1 of 2", "Bracket · part 2 of 2"]
    assert [len(rounds(page)["Round of 16"]) for page in parts] == [4, 4]
    assert heading(last) == "Bracket · Semi-finals to the final"


def test_a_bracket_screen_costs_what_any_screen_does(client, club, django_assert_num_queries):
    tournament = knockout(club, 64)
    long_ago(tournament)
    for i in (3, 7):  # a part, the last rounds
        client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=HTMX)
        with django_assert_num_queries(1):  # the ETag: every other TV gets the kept copy
            again = client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=HTMX)
        assert again.status_code == 200 and b"<h2>Bracket \xc2\xb7 " in again.content
        with django_assert_num_queries(3):  # the ETag, the tournament, the pairings
            client.get(f"/t/{tournament.slug}/tv/?i={i}&x=1", headers=HTMX)


@pytest.mark.parametrize(("language", "part", "last"), [
    ("pt-PT", "Quadro · parte 2 de 4", "Quadro · Quartos de final até à final"),
    ("pt-BR", "Chaveamento · parte 2 de 4", "Chaveamento · Quartas de final até a final")])
def test_the_parts_are_named_in_portuguese(client, club, language, part, last):
    tournament = knockout(club, 64)
    assert [heading(client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=HTMX,
                               HTTP_ACCEPT_LANGUAGE=language).content.decode())
            for i in (4, 7)] == [part, last]


def test_a_very_big_knockout_starts_its_bracket_at_sixteen_matches(client, club):
    tournament = knockout(club, 256)
    page = client.get(f"/t/{tournament.slug}/tv/?i=0").content.decode()
    count = int(re.search(r"· 1/(\d+)", page).group(1))
    screens = [client.get(f"/t/{tournament.slug}/tv/?i={i}", headers=HTMX).content.decode()
               for i in range(count - 5, count)]
    assert kinds(screens) == ["bracket"] * 5
    assert heading(screens[0]) == "Bracket · part 1 of 4"
    assert list(rounds(screens[0])) == ["Round of 32", "Round of 16", "Quarter-finals"]
    assert heading(screens[-1]) == "Bracket · Quarter-finals to the final"
