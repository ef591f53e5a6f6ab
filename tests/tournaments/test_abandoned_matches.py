"""A match its tournament no longer plays once it had begun (its round taken back by a
correction, or a partnership withdrew during it) is abandoned: kept with its deals, live
nowhere, closed to every write. Before, it stayed "live" at 0-0 on the club's lists and TV."""

import pytest

from scoring import engine
from scoring import selectors as scoring_selectors
from scoring import services as scoring
from scoring.models import Match, RefereeLink
from tests.tournaments.events import assert_nothing_left_in_play
from tests.tournaments.helpers import in_play, make_tournament, play, play_to_the_end, record
from tournaments import services
from tournaments.models import Pairing


def flip(pairing: Pairing, user, **kwargs):
    deal = pairing.match.deals.get(active=True)
    return scoring.deal_correct(deal=deal, replacement=engine.deal_from(
        {"points": [0, 120], "flag": "B"}), reason="flag was B's", user=user, **kwargs)


def live_ids(club) -> set[int]:
    return {m.pk for m in scoring_selectors.live_matches(club=club)}


@pytest.fixture
def final_taken_back(club, organiser):
    """Eight partnerships, played to the end; a quarter-final corrected, its reset confirmed:
    the final, drawn from the semi-finals' old results, is taken back with its round."""
    tournament = make_tournament(club, 8, tables_count=4)
    services.tournament_start(tournament=tournament)
    for _ in range(3):
        for pairing in in_play(tournament):
            play(pairing, "A")
    final = Pairing.objects.get(round__tournament=tournament, round__number=3, third_place=False)
    quarter = Pairing.objects.select_related("match").get(round__tournament=tournament,
                                                          round__number=1, slot=0)
    flip(quarter, organiser, allow_reset=True)
    return tournament, Match.objects.get(pk=final.match_id)


def test_a_played_match_taken_back_with_its_round_is_abandoned_not_live(club, final_taken_back):
    tournament, final = final_taken_back
    assert final.abandoned_at is not None
    assert final.pk not in live_ids(club)
    assert final.pk not in {m.pk for m in scoring_selectors.in_play(club=club, page=slice(0, 99))}
    assert not RefereeLink.objects.filter(match=final).exists()
    assert final.deals.exists()  # kept for the record


def test_the_club_tv_and_the_live_lists_count_only_matches_in_play(club, final_taken_back):
    tournament, final = final_taken_back
    playing = {p.match_id for p in in_play(tournament)}
    assert live_ids(club) == playing
    assert scoring_selectors.live_stamp(club_slug=club.slug).live == len(playing)


def test_an_abandoned_match_takes_no_deal_and_no_correction(final_taken_back, organiser):
    _, final = final_taken_back
    with pytest.raises(scoring.MatchFinished, match="abandoned"):
        scoring.deal_record(match_id=final.pk, deal=engine.deal_from({"points": [70, 50]}),
                            key="late-phone")
    with pytest.raises(scoring.MatchFinished, match="abandoned"):
        scoring.deal_void(deal=final.deals.first(), reason="tidy", user=organiser)


def test_its_scoreboard_and_json_say_it_was_abandoned(client, final_taken_back):
    _, final = final_taken_back
    page = client.get(f"/m/{final.pk}/")
    assert "Abandoned: its tournament no longer plays this match." in page.content.decode()
    assert client.get(f"/api/v1/matches/{final.pk}").json()["abandoned"] is True


def test_the_organisers_match_page_offers_no_correction_on_it(organiser_client,
                                                               final_taken_back):
    _, final = final_taken_back
    html = organiser_client.get(f"/manage/matches/{final.pk}/").content.decode()
    assert "Abandoned" in html
    assert f"/manage/matches/{final.pk}/deals/" not in html


def test_a_partnership_withdrawing_mid_match_frees_its_table_and_abandons_the_match(club):
    tournament = make_tournament(club, 4, "rounds", fmt={"type": "fixed_deals", "deals": 8},
                                 pairing="round_robin", tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    record(pairing.match, {"points": [70, 50]})
    match_id, leaving = pairing.match_id, pairing.a
    services.entry_withdraw(entry=leaving)
    pairing.refresh_from_db()
    match = Match.objects.get(pk=match_id)
    assert pairing.finished and pairing.walkover == "B" and pairing.match_id is None
    assert match.abandoned_at is not None and match.deals.filter(active=True).count() == 1
    assert match_id not in live_ids(club)
    assert not RefereeLink.objects.filter(match_id=match_id).exists()


def test_a_match_never_dealt_is_still_deleted_not_abandoned(club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    match_id = pairing.match_id
    services.pairing_walkover(pairing=pairing, present="B")
    assert not Match.objects.filter(pk=match_id).exists()


def test_a_next_match_whose_deals_were_all_undone_is_abandoned_when_its_table_is_taken_back(
        club):
    """One table, two semi-finals: the first ends and the table takes the second, whose
    referee records a deal and undoes it; then the first's last deal is undone, and it goes
    back on its table. The second's match, every deal undone, was left in play with no
    pairing (0-0 on the club's TV for ever): it is abandoned, and the second semi-final waits
    for the table again."""
    tournament = make_tournament(club, 4, tables_count=1)
    services.tournament_start(tournament=tournament)
    first, second = Pairing.objects.filter(round__tournament=tournament).order_by("slot")
    play(first, "A")
    second.refresh_from_db()
    record(second.match, {"points": [70, 50]})
    scoring.deal_undo(match_id=second.match_id, key="undo-second")
    scoring.deal_undo(match_id=first.match_id, key="undo-first")

    assert Match.objects.get(pk=second.match_id).abandoned_at is not None
    assert live_ids(club) == {first.match_id}
    assert Pairing.objects.get(pk=second.pk).match_id is None
    play_to_the_end(tournament)
    assert_nothing_left_in_play(tournament)
