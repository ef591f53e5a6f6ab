"""The organiser on a phone (360x740): the pages a club runs an evening from fit the screen.

The deal table's correct and void links, the correction form that fills in the other side,
a club page that is a short overview, a match form that shows only what the chosen format
and partnerships allow, and a running Swiss's overviews, none scrolling sideways.
"""

import pytest
from django.urls import reverse

from scoring import engine
from scoring.models import Deal
from tests.browser.conftest import NO_PLAYWRIGHT, log_in
from tests.conftest import make_match, make_partnership
from tests.tournaments.helpers import make_tournament, record
from tests.tournaments.public_helpers import play_rounds
from tournaments import services as tournament_services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

WIDTH = 360
CLUB_PAGE_MOST = 2_500  # px at 360 wide: an overview, not every list of the club in full



def scroll_width(page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth")


def page_height(page) -> int:
    return page.evaluate("document.scrollingElement.scrollHeight")


def test_the_deal_tables_correct_and_void_buttons_fit_the_screen(phone, organiser, club,
                                                                  screenshot):
    long_a = make_partnership(club, "Maria Albertina Fernandes", "José Carlos Vasconcelos")
    long_b = make_partnership(club, "Ana Margarida Figueiredo", "João Pedro Albuquerque")
    match = make_match(club, long_a, long_b, fmt={"type": "first_to", "target": 20})
    for deal in ({"points": [73, 47]}, {"points": [120, 0], "flag": "A", "tricks": [10, 0]},
                 {"points": [30, 90], "tricks": [3, 7]}, {"points": [61, 59]}):
        record(match, deal)
    page = phone
    log_in(page, organiser)
    page.goto(reverse("manage:match", args=[match.pk]))
    deals = page.locator("section[aria-labelledby='deals-heading']")
    links = deals.get_by_role("link")
    # correct and void for each of the four deals, then "Correct several deals"
    expect(links).to_have_count(9)
    for number in range(9):
        link = links.nth(number)
        link.scroll_into_view_if_needed()
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, link.inner_text()
        assert 44 <= box["height"] <= 60, link.inner_text()  # a thumb's target, on one line
        assert box["width"] >= 44, link.inner_text()
    assert scroll_width(page) <= WIDTH
    screenshot(page, "deals")


def test_the_correction_form_fills_the_other_side(phone, organiser, match, screenshot):
    record(match, {"points": [70, 50]})
    deal = Deal.objects.get(match=match)
    page = phone
    log_in(page, organiser)
    page.goto(reverse("manage:deal_correct", args=[match.pk, deal.pk]))
    page.locator("#id_points_a").fill("73")
    expect(page.locator("#id_points_b")).to_have_value("47")
    page.locator("#id_points_b").fill("")
    expect(page.locator("#id_points_a")).to_have_value("")
    page.locator("#id_points_b").fill("120")
    expect(page.locator("#id_points_a")).to_have_value("0")
    page.locator("#id_points_a").fill("73")
    page.get_by_label("Reason").fill("A was 73, not 70.")
    screenshot(page, "correction")
    page.get_by_role("button", name="Correct a deal").click()
    page.wait_for_url(f"**{reverse('manage:match', args=[match.pk])}")
    replacement = Deal.objects.get(match=match, active=True)
    assert replacement.data["points"] == [73, 47]


def a_busy_club(club):
    """About 60 players, 30 partnerships and 30 matches, some finished, some under way."""
    partnerships = [make_partnership(club, f"Jogadora Número {i} da Silva",
                                     f"Jogador Número {i} dos Santos") for i in range(30)]
    for number in range(30):
        a, b = partnerships[number], partnerships[(number + 1) % 30]
        match = make_match(club, a, b)
        if number % 2:
            while not match.finished:
                record(match, {"points": [120, 0], "flag": "A"})
                match.refresh_from_db()
        else:
            record(match, {"points": [80, 40]})
    return partnerships


def test_the_club_page_is_a_short_overview(phone, organiser, club, screenshot):
    a_busy_club(club)
    make_tournament(club, 4)
    page = phone
    log_in(page, organiser)
    page.goto(reverse("manage:club", args=[club.slug]))
    height = page_height(page)
    print(f"club page at {WIDTH} px: {height} px high")
    screenshot(page, "club")
    assert height < CLUB_PAGE_MOST
    assert scroll_width(page) <= WIDTH

    # Every list is one tap away, with its count on the way in.
    players = page.locator("details#players")
    expect(players.locator("summary")).to_contain_text(str(club.players.count()))  # 68
    expect(players.get_by_role("link", name="Jogadora Número 7 da Silva")).to_be_hidden()
    players.locator("summary").click()
    expect(players.get_by_role("link", name="Jogadora Número 7 da Silva")).to_be_visible()
    expect(players.get_by_role("button", name="Add")).to_be_visible()
    partnerships = page.locator("details#partnerships")
    expect(partnerships.locator("summary")).to_contain_text(str(club.partnerships.count()))
    screenshot(page, "club-players-open")


def test_the_match_form_shows_the_chosen_formats_fields_and_the_four_players(
        phone, organiser, club, pair_a, pair_b, screenshot):
    make_partnership(club, "Eva Rocha", "Filipe Sousa")
    page = phone
    log_in(page, organiser)
    page.goto(reverse("manage:match_new", args=[club.slug]))
    target, to_win = page.locator("#id_target"), page.locator("#id_to_win")
    deals, extra = page.locator("#id_deals"), page.locator("#id_extra_deals")

    page.locator("#id_format_type").select_option("first_to")
    expect(target).to_be_visible()
    for hidden in (to_win, deals, extra):
        expect(hidden).to_be_hidden()
    page.locator("#id_format_type").select_option("fixed_deals")
    expect(deals).to_be_visible()
    expect(extra).to_be_visible()
    expect(target).to_be_hidden()
    page.locator("#id_format_type").select_option("partidas")
    expect(to_win).to_be_visible()
    expect(target).to_be_visible()
    expect(deals).to_be_hidden()

    dealer = page.locator("#id_first_dealer")
    page.locator("#id_a").select_option(label=pair_a.display_name)
    page.locator("#id_b").select_option(label=pair_b.display_name)
    offered = dealer.locator("option:not([hidden]):not([disabled])")
    expect(offered).to_have_count(5)  # the four players and "choose"
    names = sorted(n.strip() for n in offered.all_inner_texts() if n.strip("- "))
    assert names == ["Ana Silva", "Bruno Costa", "Carla Dias", "Duarte Lima"]
    dealer.select_option(label="Carla Dias")
    screenshot(page, "match-form")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(pair_a.display_name)
    match = club.matches.get()
    assert match.format["type"] == "partidas" and match.first_dealer == 1


def test_the_match_form_without_script_shows_every_format_field(new_phone, organiser, club,
                                                                pair_a, pair_b):
    page = new_phone(java_script_enabled=False)
    log_in(page, organiser)
    page.goto(reverse("manage:match_new", args=[club.slug]))
    for field in ("#id_target", "#id_to_win", "#id_deals", "#id_extra_deals"):
        expect(page.locator(field)).to_be_visible()
    expect(page.get_by_text("Game sets only; 2 if blank (best of three).")).to_be_visible()


def a_running_swiss_of_long_names(club):
    tournament = tournament_services.tournament_create(
        club=club, name="Grande Torneio Suíço de Sueca da Associação Recreativa",
        rules=engine.rules_from("portugal"), fmt=engine.format_from(
            {"type": "fixed_deals", "deals": 8}),
        structure="rounds", pairing="swiss", rounds_count=4, tables_count=6)
    partnerships = [make_partnership(club, f"Maria Albertina Fernandes Rodrigues {i}",
                                     f"José Carlos Vasconcelos Pereira {i}")
                    for i in range(12)]
    tournament_services.entries_register(tournament=tournament, partnerships=partnerships)
    tournament_services.tournament_start(tournament=tournament)
    play_rounds(tournament, 1)  # round 1 played: standings, and round 2 drawn
    second = tournament.rounds.get(number=2).pairings.select_related("match").first()
    record(second.match, {"points": [80, 40]})
    return tournament


def test_a_running_swiss_overview_does_not_scroll_sideways(phone, new_phone, organiser, club,
                                                           screenshot):
    tournament = a_running_swiss_of_long_names(club)
    page = phone
    log_in(page, organiser)
    page.goto(reverse("manage_tournaments:tournament", args=[club.slug, tournament.slug]))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    screenshot(page, "organiser")
    assert scroll_width(page) <= WIDTH

    spectator = new_phone()
    spectator.goto(tournament.get_absolute_url())
    expect(spectator.get_by_role("heading", level=1)).to_be_visible()
    screenshot(spectator, "public")
    assert scroll_width(spectator) <= WIDTH
