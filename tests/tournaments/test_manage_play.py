"""Running a tournament from its page: start, redraw, swap, walkovers, next round, finish."""

import re

import pytest
from django.utils.html import escape

from scoring import engine
from scoring.models import Match, RefereeLink
from tests.tournaments.helpers import make_tournament, play, record
from tournaments import services
from tournaments.models import Pairing, Round, Table, Tournament


def page(t: Tournament) -> str:
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/"


def post(client, t: Tournament, action: str, data=None):
    return client.post(page(t) + action, data or {}, follow=True)


def first_round(t: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=t, round__number=1)
                .select_related("match", "table", "a", "b").order_by("slot"))


@pytest.fixture
def knockout(club):
    return make_tournament(club, 8, tables_count=4, auto_advance=False)


def test_starting_draws_round_1_and_sets_up_the_tables_with_their_links(organiser_client,
                                                                        knockout):
    response = post(organiser_client, knockout, "start/")
    assert "Round 1 is drawn and on the tables." in response.content.decode()
    knockout.refresh_from_db()
    assert knockout.status == Tournament.Status.RUNNING
    tables = list(Table.objects.filter(tournament=knockout).select_related("link"))
    assert [t.number for t in tables] == [1, 2, 3, 4]
    assert all(t.link.token and t.link.revoked_at is None for t in tables)
    pairings = first_round(knockout)
    assert len(pairings) == 4 and all(p.match and p.table for p in pairings)
    assert {p.table.link.match_id for p in pairings} == {p.match_id for p in pairings}


def test_the_page_shows_each_pairing_by_table_with_its_match_link(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    pairing = first_round(knockout)[0]
    record(pairing.match, {"points": [95, 25]})
    body = organiser_client.get(page(knockout)).content.decode()
    assert "Quarter-finals" in body
    assert f"Table {pairing.table.number}" in body
    assert f"/manage/matches/{pairing.match_id}/" in body
    assert "In play" in body and "No result yet" in body


def test_starting_with_fewer_than_two_partnerships_is_refused(organiser_client, club):
    tournament = make_tournament(club, 1)
    response = post(organiser_client, tournament, "start/")
    assert "A tournament needs at least two partnerships." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT
    assert not Table.objects.exists()


def test_the_round_can_be_drawn_again_before_any_deal(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    before = [(p.a_id, p.b_id) for p in first_round(knockout)]
    old_matches = {p.match_id for p in first_round(knockout)}
    response = post(organiser_client, knockout, "rounds/redraw/")
    assert "The round was drawn again." in response.content.decode()
    after = first_round(knockout)
    assert [(p.a_id, p.b_id) for p in after] != before
    assert len(after) == 4 and all(p.match for p in after)
    assert not Match.objects.filter(pk__in=old_matches).exists()


def test_the_redraw_is_refused_once_a_deal_is_played(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    record(first_round(knockout)[0].match, {"points": [70, 50]})
    before = [(p.a_id, p.b_id) for p in first_round(knockout)]
    response = post(organiser_client, knockout, "rounds/redraw/")
    assert "Matches of this round have started: it cannot change now." in (
        response.content.decode())
    assert [(p.a_id, p.b_id) for p in first_round(knockout)] == before


def test_two_partnerships_swap_places_and_their_matches_follow(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    first, second = first_round(knockout)[:2]
    response = post(organiser_client, knockout, "rounds/swap/",
                    {"first": f"{first.pk}-A", "second": f"{second.pk}-B"})
    assert "The two partnerships were swapped." in response.content.decode()
    new_first, new_second = first_round(knockout)[:2]
    assert (new_first.a_id, new_second.b_id) == (second.b_id, first.a_id)
    assert new_first.match.a_id == second.b.partnership_id
    assert new_second.match.b_id == first.a.partnership_id


def test_a_swap_is_refused_once_a_deal_is_played(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    first, second = first_round(knockout)[:2]
    record(second.match, {"points": [70, 50]})
    response = post(organiser_client, knockout, "rounds/swap/",
                    {"first": f"{first.pk}-A", "second": f"{second.pk}-B"})
    assert "Matches of this round have started: it cannot change now." in (
        response.content.decode())
    assert first_round(knockout)[0].a_id == first.a_id


def test_a_swap_needs_two_different_places(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    first = first_round(knockout)[0]
    response = post(organiser_client, knockout, "rounds/swap/",
                    {"first": f"{first.pk}-A", "second": f"{first.pk}-A"})
    assert "Pick two different places of the current round to swap." in (
        response.content.decode())


def test_the_swap_form_offers_two_different_places(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    page = organiser_client.get(
        f"/manage/{knockout.club.slug}/tournaments/{knockout.slug}/").content.decode()
    def chosen(name: str) -> str:
        options = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)[1]
        picked = re.search(r'<option value="([^"]+)" selected', options)
        return picked[1] if picked else re.search(r'<option value="([^"]+)"', options)[1]
    assert chosen("first") != chosen("second")


def test_a_bye_cannot_be_swapped_away_from_its_winner(club):
    tournament = make_tournament(club, 3, tables_count=1)
    services.tournament_start(tournament=tournament)
    bye, match = sorted(first_round(tournament), key=lambda p: p.b_id is not None)
    with pytest.raises(services.TournamentRefused):
        services.pairings_swap(first=bye, second=match, first_side="A", second_side="A")
    bye.refresh_from_db()
    assert bye.winner_id == bye.a_id


def test_the_swap_form_offers_no_bye(organiser_client, club):
    tournament = make_tournament(club, 3, tables_count=1)
    services.tournament_start(tournament=tournament)
    form = organiser_client.get(page(tournament)).context["swap_form"]
    bye = next(p for p in first_round(tournament) if p.b_id is None)
    assert not [value for value, _ in form.fields["first"].choices
                if value.startswith(f"{bye.pk}-")]


@pytest.fixture
def final_and_third_place(club) -> tuple[Tournament, Pairing, Pairing]:
    """Four partnerships, both semi-finals won by side A: the final and the third-place
    match drawn, not begun."""
    tournament = make_tournament(club, 4, tables_count=2, third_place=True, auto_advance=True)
    services.tournament_start(tournament=tournament)
    for semi in first_round(tournament):
        play(semi, "A")
    final, third = Pairing.objects.filter(round__number=2).order_by("third_place")
    return tournament, final, third


def test_a_semi_finals_loser_is_never_swapped_into_the_final(final_and_third_place):
    _tournament, final, third = final_and_third_place
    with pytest.raises(services.TournamentRefused) as refused:
        services.pairings_swap(first=final, second=third, first_side="B", second_side="B")
    assert refused.value.message.startswith("The semi-finals' winners play the final")
    assert Pairing.objects.get(pk=final.pk).b_id == final.b_id


def test_the_swap_form_offers_no_place_of_the_third_place_match(organiser_client,
                                                                final_and_third_place):
    tournament, final, third = final_and_third_place
    form = organiser_client.get(page(tournament)).context["swap_form"]
    assert [value for value, _ in form.fields["first"].choices] == [f"{final.pk}-A",
                                                                    f"{final.pk}-B"]


def test_a_walkover_goes_to_the_side_that_came_and_frees_the_table(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    pairing = first_round(knockout)[0]
    table, match_id = pairing.table, pairing.match_id
    response = post(organiser_client, knockout, f"pairings/{pairing.pk}/walkover/",
                    {"present": "B"})
    assert "Walkover to " in response.content.decode()
    pairing.refresh_from_db()
    assert (pairing.finished, pairing.walkover, pairing.winner_id) == (True, "B", pairing.b_id)
    assert not Match.objects.filter(pk=match_id).exists()
    assert RefereeLink.objects.get(pk=table.link_id).match_id is None
    assert "Walkover" in organiser_client.get(page(knockout)).content.decode()


def test_each_walkover_choice_asks_once_more_before_it_is_given(organiser_client, knockout):
    """A walkover cannot be taken back once its round is under way: a mis-tap on a phone
    opens the choice's confirmation, it does not give the walkover."""
    services.tournament_start(tournament=knockout)
    pairing = first_round(knockout)[0]
    html = organiser_client.get(page(knockout)).content.decode()
    form = re.search(rf'<form method="post" action="[^"]*/pairings/{pairing.pk}/walkover/">'
                     r'(.*?)</form>', html, re.S)[1]
    a, b = (escape(pairing.a.partnership.display_name),
            escape(pairing.b.partnership.display_name))
    choices = re.findall(r'<details><summary>(.*?)</summary>\s*<p class="actions">'
                         r'<button name="present" value="(.)" class="danger">(.*?)</button>',
                         form, re.S)
    assert choices == [
        (f"{a} came: walkover to them", "A", f"Yes: walkover to {a}, {b} did not come"),
        (f"{b} came: walkover to them", "B", f"Yes: walkover to {b}, {a} did not come"),
        ("Neither came: double forfeit", "-", "Yes: neither came, both lose")]


def test_a_walkover_is_refused_for_a_finished_match(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    pairing = first_round(knockout)[0]
    play(pairing, "A")
    response = post(organiser_client, knockout, f"pairings/{pairing.pk}/walkover/",
                    {"present": "B"})
    assert "This match already has a result" in response.content.decode()
    pairing.refresh_from_db()
    assert (pairing.walkover, pairing.winner_id) == ("", pairing.a_id)


def test_a_walkover_needs_the_side_that_came(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    pairing = first_round(knockout)[0]
    response = post(organiser_client, knockout, f"pairings/{pairing.pk}/walkover/",
                    {"present": "C"})
    assert "Say which partnership came to the table." in response.content.decode()
    pairing.refresh_from_db()
    assert not pairing.finished


def test_the_next_round_is_drawn_by_hand_when_the_round_is_over(organiser_client, knockout):
    services.tournament_start(tournament=knockout)
    refused = post(organiser_client, knockout, "rounds/next/")
    assert "The current round has matches still to finish." in refused.content.decode()
    for pairing in first_round(knockout):
        play(pairing, "A")
    assert not Round.objects.filter(tournament=knockout, number=2).exists()
    response = post(organiser_client, knockout, "rounds/next/")
    assert "The next round is drawn." in response.content.decode()
    semis = Round.objects.get(tournament=knockout, number=2)
    assert semis.code == "semi_final" and semis.pairings.count() == 2


def test_finishing_before_the_final_is_refused_and_after_it_crowns_the_champion(
        organiser_client, club):
    tournament = make_tournament(club, 2, tables_count=1, auto_advance=False)
    services.tournament_start(tournament=tournament)
    final = first_round(tournament)[0]
    early = post(organiser_client, tournament, "finish/")
    assert "The current round has matches still to finish." in early.content.decode()
    play(final, "B")
    response = post(organiser_client, tournament, "finish/")
    assert "The tournament is finished." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == final.b_id
    assert "Champion" in response.content.decode()


def test_drawing_after_the_last_round_finishes_the_tournament(organiser_client, club):
    tournament = make_tournament(club, 2, tables_count=1, auto_advance=False)
    services.tournament_start(tournament=tournament)
    play(first_round(tournament)[0], "A")
    response = post(organiser_client, tournament, "rounds/next/")
    assert "That was the last round: the tournament is finished." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_a_swiss_round_can_be_finished_early(organiser_client, club):
    tournament = make_tournament(club, 4, "rounds", fmt={"type": "fixed_deals", "deals": 8},
                                 pairing="swiss", rounds_count=3, tables_count=2,
                                 auto_advance=False)
    services.tournament_start(tournament=tournament)
    for pairing in first_round(tournament):
        play(pairing, "A")
    post(organiser_client, tournament, "finish/")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion_id


def test_a_finished_match_keeps_its_correction_page_after_its_table_moved_on(organiser_client,
                                                                              club):
    tournament = make_tournament(club, 4, tables_count=1)
    services.tournament_start(tournament=tournament)
    first = Pairing.objects.exclude(match=None).get()
    play(first, "A")
    assert Table.objects.get(tournament=tournament).link.match_id != first.match_id
    response = organiser_client.get(f"/manage/matches/{first.match_id}/")
    assert response.status_code == 200
    assert "correct" in response.content.decode()
    assert response.context["referee_url"] is None


@pytest.mark.parametrize(("size", "structure", "options", "title"), [
    (13, "knockout", {}, "Round of 16"),
    (8, "groups", {"groups_count": 2}, "Group stage, round 1"),
    (6, "rounds", {"pairing": "round_robin", "fmt": {"type": "fixed_deals", "deals": 8}},
     "Round 1"),
])
def test_the_page_names_each_round_for_its_structure(organiser_client, club, size, structure,
                                                     options, title):
    tournament = make_tournament(club, size, structure, tables_count=4, **options)
    services.tournament_start(tournament=tournament)
    body = organiser_client.get(page(tournament)).content.decode()
    assert f"Current round: {title}" in body
    if structure == "groups":
        assert "Group A" in body and "Group B" in body


def test_drawing_a_round_again_asks_first_and_is_not_offered_for_a_single_match(
        organiser_client, club):
    def page(tournament):
        return organiser_client.get(
            f"/manage/{club.slug}/tournaments/{tournament.slug}/").content.decode()

    four = make_tournament(club, 4)
    services.tournament_start(tournament=four)
    assert re.search(r"<summary>Draw this round again</summary>\s*<form[^>]*redraw",
                     page(four))
    assert "Yes, draw it again" in page(four)
    two = services.tournament_create(club=club, name="Final", rules=engine.rules_from("portugal"),
                                     fmt=engine.format_from(None), structure="knockout")
    services.entries_register(tournament=two, partnerships=[e.partnership for e in
                                                            four.entries.all()[:2]])
    services.tournament_start(tournament=two)
    assert "Draw this round again" not in page(two)
