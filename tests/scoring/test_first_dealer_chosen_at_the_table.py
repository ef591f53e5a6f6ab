"""Who deals first is drawn at the table: before the first deal, the table's referee (on the
phone, through the referee link) or the club's organiser (the match's page) says who, by name,
and every page names that dealer; the deals then pass on from that seat (RULES.md, "Dealing
order"). Later, should the site name the wrong dealer, they say who deals now: the match is
replayed from the first dealer that makes it so, its deals keeping their scores. Once the match
is over it is fixed."""

import json

import pytest

from scoring import engine, services
from scoring.models import AuditEntry, Match
from tests.conftest import make_match
from tests.scoring.test_referee_page import confirm, hidden_fields
from tests.scoring.variant_matches import double_pack_match
from tests.tournaments.helpers import in_play, record
from tests.tournaments.public_helpers import HTMX, swiss
from tournaments import selectors as tournament_selectors

# The seats in the order of play: Ana Silva 0 (A), Carla Dias 1 (B), Bruno Costa 2 (A),
# Duarte Lima 3 (B). In Portugal the deal and the lead pass to the right: (seat + 3) % 4.


def choose(client, link, seat, **data):
    return client.post(f"/r/{link.token}/first-dealer/",
                       {"seat": seat, "match": link.match_id, **data}, follow=True)


def organiser_chooses(client, match, seat):
    return client.post(f"/manage/matches/{match.pk}/first-dealer/", {"seat": seat}, follow=True)


def first_dealer(match) -> int:
    return Match.objects.get(pk=match.pk).first_dealer


def test_the_referees_page_asks_who_deals_first_with_a_button_per_player(client, referee_link):
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert "Who deals first?" in page
    for seat, name in enumerate(["Ana Silva", "Carla Dias", "Bruno Costa", "Duarte Lima"]):
        assert f'<button name="seat" value="{seat}"' in page and name in page


def test_the_referee_chooses_and_every_page_names_the_new_dealer(client, referee_link):
    match = referee_link.match
    scoreboard = client.get(f"/m/{match.pk}/", headers=HTMX)
    response = choose(client, referee_link, 1)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Carla Dias deals first; Ana Silva leads." in page
    assert "Carla Dias deals; Ana Silva leads." in page
    assert first_dealer(match) == 1
    entry = AuditEntry.objects.get(match=match)
    assert (entry.action, entry.via_link, entry.user) == (AuditEntry.Action.FIRST_DEALER,
                                                          referee_link, None)
    assert (entry.before["dealer"], entry.after["dealer"]) == ("Ana Silva", "Carla Dias")
    again = client.get(f"/m/{match.pk}/",
                       headers={**HTMX, "If-None-Match": scoreboard["ETag"]})
    assert again.status_code == 200 and "Carla Dias deals; Ana Silva leads." in again.content.decode()
    api = json.loads(client.get(f"/api/v1/matches/{match.pk}").content)
    assert (api["first_dealer"], api["next_dealer"]) == (1, 1)


def test_the_club_tv_names_the_chosen_dealer_at_its_next_poll(client, club, referee_link):
    tv = client.get(f"/c/{club.slug}/tv/", headers=HTMX)
    choose(client, referee_link, 1)
    again = client.get(f"/c/{club.slug}/tv/", headers={**HTMX, "If-None-Match": tv["ETag"]})
    assert again.status_code == 200
    assert ('<span class="tv-dealer side-b"><span class="gives-way">Carla Dias</span> deals'
            '</span>') in again.content.decode()


def test_the_organiser_chooses_on_the_match_page_and_its_history_says_so(organiser_client,
                                                                         organiser, match):
    page = organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()
    assert "Who deals first?" in page
    page = organiser_chooses(organiser_client, match, 3).content.decode()
    assert "Duarte Lima deals first; Bruno Costa leads." in page
    assert "Ana Silva deals first → After: Duarte Lima deals first" in page.replace("\n", " ")
    assert first_dealer(match) == 3
    assert AuditEntry.objects.get(match=match).user == organiser
    assert "Duarte Lima deals; Bruno Costa leads." in organiser_client.get(
        f"/m/{match.pk}/").content.decode()


def test_the_deals_then_pass_on_from_the_chosen_dealer(client, referee_link, organiser):
    match = referee_link.match
    choose(client, referee_link, 2)
    for points in ([70, 50], [60, 60], [30, 90]):
        record(match, {"points": points})
    match.refresh_from_db()
    assert [deal["dealer"] for deal in match.state["deals"]] == [2, 1, 0]
    assert match.state["next_dealer"] == 3
    # an organiser's correction replays from the chosen dealer too
    services.deal_correct(deal=match.deals.get(number=1),
                          replacement=engine.deal_from({"points": [80, 40]}),
                          reason="80, not 70", user=organiser)
    match.refresh_from_db()
    assert [deal["dealer"] for deal in match.state["deals"]] == [2, 1, 0]


def test_the_brazilian_rotation_passes_the_deal_to_the_left(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, preset="brasil")
    link = match.referee_links.get()
    assert "Carla Dias deals first; Bruno Costa leads." in choose(client, link, 1).content.decode()
    record(match, {"points": [70, 50]})
    record(match, {"points": [70, 50]})
    match.refresh_from_db()
    assert [deal["dealer"] for deal in match.state["deals"]] == [1, 2]


def test_the_double_pack_offers_its_eight_players(client, club):
    match = double_pack_match(club)
    link = match.referee_links.get()
    page = client.get(f"/r/{link.token}/").content.decode()
    assert page.count('<button name="seat"') == 8
    choose(client, link, 5)
    assert first_dealer(match) == 5
    assert "deals first" in choose(client, link, 7).content.decode()
    assert first_dealer(match) == 7


def test_sending_the_same_choice_again_changes_nothing(client, referee_link):
    choose(client, referee_link, 1)
    version = Match.objects.get(pk=referee_link.match_id).version
    page = choose(client, referee_link, 1).content.decode()
    assert "Carla Dias deals first; Ana Silva leads." in page
    assert Match.objects.get(pk=referee_link.match_id).version == version
    assert AuditEntry.objects.filter(action=AuditEntry.Action.FIRST_DEALER).count() == 1


def dealers(match) -> list[int]:
    match.refresh_from_db()
    return [deal["dealer"] for deal in match.state["deals"]]


def test_after_deals_the_referee_says_who_deals_now_and_the_deals_keep_their_scores(
        client, referee_link):
    match = referee_link.match
    for points in ([70, 50], [60, 60]):
        record(match, {"points": points})
    before = Match.objects.get(pk=match.pk).state
    page = client.get(f"/r/{referee_link.token}/").content.decode()
    assert "Who deals first?" not in page and "Wrong dealer? Change who deals now" in page
    assert 'name="played" value="2"' in page
    # Two deals passed to the right from Ana (0): Bruno (2) deals now. Carla (1) deals now
    # if Duarte (3) dealt first: her button posts 3.
    assert '<button name="seat" value="3" data-player="Carla Dias">' in page
    page = choose(client, referee_link, 3, played=2).content.decode()
    # the message says who deals now, as the board does, not who dealt the first deal
    assert "Carla Dias deals now; Ana Silva leads." in page
    assert "Carla Dias deals; Ana Silva leads." in page
    assert dealers(match) == [3, 2]
    after = Match.objects.get(pk=match.pk).state
    assert {k: after[k] for k in ("games", "points", "partidas", "carry")} == {
        k: before[k] for k in ("games", "points", "partidas", "carry")}
    entry = AuditEntry.objects.get(match=match, action=AuditEntry.Action.FIRST_DEALER)
    assert (entry.before["dealer"], entry.after["dealer"]) == ("Ana Silva", "Duarte Lima")
    assert (entry.before["now"], entry.after["now"]) == ("Bruno Costa", "Carla Dias")
    record(match, {"points": [80, 40]})
    assert dealers(match) == [3, 2, 1]


def test_a_screen_shown_before_a_deal_was_recorded_changes_nothing(client, referee_link):
    match = referee_link.match
    record(match, {"points": [70, 50]})
    page = choose(client, referee_link, 3, played=0).content.decode()
    assert ("A deal was recorded since this screen was shown: who deals was not changed. Look "
            "at who deals now and choose again.") in page
    assert first_dealer(match) == 0
    with pytest.raises(services.StaleScore):
        services.first_dealer_set(match_id=match.pk, seat=2, played=3)
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.FIRST_DEALER).exists()


def test_once_the_match_is_over_it_is_fixed_and_no_longer_offered(client, organiser_client,
                                                                  referee_link):
    match = referee_link.match
    record(match, {"points": [120, 0], "flag": "A"})  # a flag: 4 games, the match is won
    assert Match.objects.get(pk=match.pk).finished
    assert 'id="first-dealer"' not in client.get(f"/r/{referee_link.token}/").content.decode()
    page = choose(client, referee_link, 1, played=1).content.decode()
    assert "This match is over: who deals can no longer be changed." in page
    assert 'id="first-dealer"' not in organiser_client.get(
        f"/manage/matches/{match.pk}/").content.decode()
    assert "can no longer be changed" in organiser_chooses(organiser_client, match, 1).content.decode()
    assert first_dealer(match) == 0
    with pytest.raises(services.FirstDealerFixed):
        services.first_dealer_set(match_id=match.pk, seat=2)
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.FIRST_DEALER).exists()


def test_the_organiser_changes_who_deals_now_on_the_match_page(organiser_client, match):
    record(match, {"points": [70, 50]})
    page = organiser_client.get(f"/manage/matches/{match.pk}/").content.decode()
    assert "Wrong dealer? Change who deals now" in page
    page = organiser_client.post(f"/manage/matches/{match.pk}/first-dealer/",
                                 {"seat": 2, "played": 1}, follow=True).content.decode()
    assert "Carla Dias deals now; Ana Silva leads." in page
    assert dealers(match) == [2]
    # the history says what the organiser said: who deals the next deal
    assert "Duarte Lima deals deal 2 → After: Carla Dias deals deal 2" in " ".join(page.split())


def test_a_revoked_link_changes_nothing(client, organiser, referee_link):
    services.referee_link_revoke(link=referee_link, user=organiser)
    response = client.post(f"/r/{referee_link.token}/first-dealer/", {"seat": 1})
    assert response.status_code == 403
    assert "This referee link was revoked." in response.content.decode()
    assert first_dealer(referee_link.match) == 0
    with pytest.raises(services.LinkRevoked):
        services.first_dealer_set(match_id=referee_link.match_id, seat=1, link=referee_link)


def test_another_clubs_organiser_cannot_choose(client, other_organiser, other_club, match):
    client.force_login(other_organiser)
    assert organiser_chooses(client, match, 1).status_code == 404
    assert first_dealer(match) == 0


def test_a_screen_for_another_match_or_a_forged_seat_changes_nothing(client, referee_link):
    page = choose(client, referee_link, 1, match=referee_link.match_id + 1).content.decode()
    assert "That screen was for another match: who deals first was not changed." in page
    assert "This page was out of date" in choose(client, referee_link, "two").content.decode()
    assert "a seat from 0 to 3, not 5" in choose(client, referee_link, 5).content.decode()
    assert first_dealer(referee_link.match) == 0
    assert not AuditEntry.objects.exists()


def test_a_deal_confirmed_before_the_dealer_changed_is_refused_with_why(client, organiser_client,
                                                                       referee_link):
    fields = hidden_fields(confirm(client, referee_link, points=["70", ""]).content.decode())
    organiser_chooses(organiser_client, referee_link.match, 2)
    page = client.post(f"/r/{referee_link.token}/deals/", fields, follow=True).content.decode()
    assert "Who deals was changed meanwhile." in page
    assert not referee_link.match.deals.exists()


def test_a_tournament_tables_referee_chooses_and_the_tournaments_pages_follow(client, club):
    tournament = swiss(club, size=4, fmt={"type": "fixed_deals", "deals": 2}, rounds=2)
    match = in_play(tournament)[0].match
    link = match.referee_links.get()  # the table's card
    assert match.first_dealer == 0 and link.table_number
    overview = client.get(f"/t/{tournament.slug}/", headers=HTMX)
    etag = tournament_selectors.live_etag(tournament.slug)
    dealer = Match.objects.select_related("a__player_1", "b__player_1").get(pk=match.pk).b.player_1
    assert f"{dealer.name} deals first" in choose(client, link, 1).content.decode()
    assert tournament_selectors.live_etag(tournament.slug) != etag
    again = client.get(f"/t/{tournament.slug}/", headers={**HTMX, "If-None-Match": overview["ETag"]})
    assert again.status_code == 200
    assert f"{dealer.name} deals;" in client.get(f"/m/{match.pk}/").content.decode()


def test_the_api_sets_it_too(client, referee_link):
    url = f"/api/v1/referee/{referee_link.token}/first-dealer"
    answer = client.post(url, {"seat": 3, "match": referee_link.match_id},
                         content_type="application/json")
    assert answer.status_code == 200
    assert (answer.json()["first_dealer"], answer.json()["next_dealer"]) == (3, 3)
    assert client.post(url, {"seat": 3}, content_type="application/json").status_code == 200
    for body in ('{"seat": "3"}', '{"seat": true}', '{"seat": 4}', '[3]', '{"seat": 3', '{}',
                 '{"seat": 1, "match": 0}'):
        refused = client.post(url, body, content_type="application/json")
        assert refused.status_code == 400 and refused.json()["error"], body
    assert client.post(url, {"seat": 1, "match": referee_link.match_id + 1},
                       content_type="application/json").status_code == 409
    record(referee_link.match, {"points": [70, 50]})
    changed = client.post(url, {"seat": 1}, content_type="application/json")  # who dealt first
    assert changed.status_code == 200 and changed.json()["next_dealer"] == 0
    record(referee_link.match, {"points": [120, 0], "flag": "A"})  # the match is over
    refused = client.post(url, {"seat": 2}, content_type="application/json")
    assert refused.status_code == 409 and "can no longer be changed" in refused.json()["error"]
    assert first_dealer(referee_link.match) == 1
