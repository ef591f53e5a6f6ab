"""A tournament's match names no dealer until its table says who deals first (drawn at the
table: scoring.services.first_dealer_set) or its first deal is recorded: the round status
board, the public overview and round, the TV, the referee's phone and the scoreboard say it
is not chosen yet, where they all named seat 1's player as a fact. A friendly's organiser
names the first dealer creating it."""

import html as markup

import pytest

from scoring import engine
from scoring import services as scoring
from scoring.models import AuditEntry, Match
from tests.conftest import forget_kept_pages
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import swiss
from tests.tournaments.test_board_chooses_who_deals_first import board_url, choose
from tests.tournaments.test_live_pages_name_the_dealer import line_dealers, tile_dealers

pytestmark = pytest.mark.django_db
NOT_CHOSEN = "Who deals first is not chosen yet."


@pytest.fixture
def tournament(club):
    return swiss(club, size=4, rounds=2)


def page(client, url) -> str:
    forget_kept_pages()
    return markup.unescape(client.get(url).content.decode())


def test_the_board_says_who_deals_first_is_not_chosen_and_presses_no_button(organiser_client,
                                                                            tournament):
    html = page(organiser_client, board_url(tournament))
    assert html.count(f"<summary>{NOT_CHOSEN}</summary>") == 2
    assert " deals first</summary>" not in html and "aria-pressed" not in html


def test_choosing_seat_1_on_the_board_is_a_choice(organiser_client, tournament):
    pairing, _other = in_play(tournament)
    choose(organiser_client, tournament, pairing, 0)
    match = Match.objects.get(pk=pairing.match_id)
    assert match.first_dealer == 0 and match.first_dealer_chosen
    html = page(organiser_client, board_url(tournament))
    assert f"{match.players[0].name} deals first</summary>" in html
    assert html.count(f"<summary>{NOT_CHOSEN}</summary>") == 1  # the other table's
    entry = AuditEntry.objects.get(match=match)
    assert entry.action == AuditEntry.Action.FIRST_DEALER and entry.before == {}


def test_the_public_pages_name_no_dealer_until_one_is_chosen(client, tournament):
    first, second = in_play(tournament)
    assert line_dealers(client, tournament) == {} and tile_dealers(client, tournament) == {}
    assert " deals</span>" not in page(client, f"/t/{tournament.slug}/")
    scoring.first_dealer_set(match_id=first.match_id, seat=2)
    chosen = Match.objects.get(pk=first.match_id)
    assert line_dealers(client, tournament) == {first.match_id: chosen.players[2].name}
    assert f'<span class="dealer">{chosen.players[2].name} deals</span>' in page(
        client, f"/t/{tournament.slug}/")


def test_a_deal_recorded_without_a_choice_names_the_next_dealer(client, tournament):
    _first, second = in_play(tournament)
    record(second.match, {"points": [70, 50]})  # dealt by the seat the site named: seat 1
    match = Match.objects.get(pk=second.match_id)
    assert line_dealers(client, tournament) == {
        match.pk: match.players[match.state["next_dealer"]].name}


def test_the_referee_and_the_scoreboard_say_it_is_not_chosen_yet(client, tournament):
    pairing, _other = in_play(tournament)
    match = Match.objects.get(pk=pairing.match_id)
    referee = page(client, f"/r/{pairing.table.link.token}/")
    assert f'<span data-board-turn>{NOT_CHOSEN}</span> <span class="change">Choose</span>' in referee
    assert 'class="chosen"' not in referee and 'data-badge="deals"' not in referee
    scoreboard = page(client, f"/m/{match.pk}/")
    assert f"<span data-board-turn>{NOT_CHOSEN}</span>" in scoreboard
    assert " deals; " not in scoreboard and " deals next; " not in scoreboard
    scoring.first_dealer_set(match_id=match.pk, seat=1)
    referee = page(client, f"/r/{pairing.table.link.token}/")
    leader = match.players[engine.leader(1, engine.rules_from(overrides=match.rules))].name
    assert f"{match.players[1].name} deals; {leader} leads." in referee
    assert NOT_CHOSEN not in page(client, f"/m/{match.pk}/")


def test_a_friendlys_first_dealer_is_named_from_its_creation(client, match):
    assert match.first_dealer_chosen
    assert f"{match.players[0].name} deals; " in page(client, f"/m/{match.pk}/")
