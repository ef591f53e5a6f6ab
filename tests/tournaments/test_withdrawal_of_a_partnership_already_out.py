"""A partnership already out (knocked out of a knockout, left out of the knockout after the
groups, eliminated from a double elimination) has nothing to withdraw from: the organiser's
page offers no "Withdraw" for it, and the service refuses it in words if it is posted anyway
(services.entry_withdraw). Those still playing keep the button."""

import pytest

from tests.tournaments.helpers import make_tournament, play
from tournaments import services
from tournaments.models import Action, Entry, Pairing, Tournament

OUT = "is already out of the tournament: it has no match left to withdraw from."


def page(tournament: Tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"


def withdraw_button(entry: Entry) -> str:
    return f"entries/{entry.pk}/withdraw/"


def refused(entry: Entry) -> None:
    with pytest.raises(services.TournamentRefused) as refusal:
        services.entry_withdraw(entry=entry)
    assert OUT in refusal.value.message
    assert not Entry.objects.get(pk=entry.pk).withdrawn
    assert not Action.objects.filter(kind=Action.Kind.WITHDRAWAL).exists()


def semi_finals_played(club, **options) -> tuple[Tournament, list[Pairing]]:
    tournament = make_tournament(club, 4, tables_count=2, **options)
    services.tournament_start(tournament=tournament)
    semis = list(Pairing.objects.filter(round__tournament=tournament, round__number=1)
                 .select_related("a", "b").order_by("slot"))
    for semi in semis:
        play(semi, "A")
    return tournament, semis


def test_a_knocked_out_partnership_is_offered_no_withdrawal_and_is_refused(
        organiser_client, club):
    tournament, semis = semi_finals_played(club)
    html = organiser_client.get(page(tournament)).content.decode()
    for semi in semis:
        assert withdraw_button(semi.b) not in html  # lost its semi-final: out
        assert withdraw_button(semi.a) in html  # in the final
    refused(semis[0].b)


def test_posted_anyway_the_organiser_reads_why(organiser_client, club):
    tournament, semis = semi_finals_played(club)
    response = organiser_client.post(page(tournament) + withdraw_button(semis[0].b),
                                     {"reason": "old tab"}, follow=True)
    assert response.status_code == 200
    assert OUT in response.content.decode()
    assert not Entry.objects.get(pk=semis[0].b_id).withdrawn


def test_a_semi_finals_loser_still_has_its_third_place_match_to_leave(organiser_client, club):
    tournament, semis = semi_finals_played(club, third_place=True)
    third = Pairing.objects.get(round__tournament=tournament, third_place=True)
    html = organiser_client.get(page(tournament)).content.decode()
    assert withdraw_button(semis[0].b) in html
    services.entry_withdraw(entry=semis[0].b)
    third.refresh_from_db()
    assert third.finished and third.withdrawal


def test_the_finals_loser_can_still_withdraw_while_the_third_place_match_is_played(
        organiser_client, club):
    """Not out yet: it is crowned if the final's winner withdraws before the end."""
    tournament, semis = semi_finals_played(club, third_place=True)
    final = Pairing.objects.get(round__tournament=tournament, round__code="final",
                                third_place=False)
    play(final, "A")
    html = organiser_client.get(page(tournament)).content.decode()
    assert withdraw_button(final.b) in html
    assert withdraw_button(semis[0].b) in html  # its third-place match is still to play


def test_a_third_place_match_played_leaves_its_loser_out(club):
    tournament, semis = semi_finals_played(club, third_place=True, auto_advance=False)
    services.round_draw_next(tournament=tournament)
    third = Pairing.objects.select_related("match").get(round__tournament=tournament,
                                                        third_place=True)
    play(third, "A")
    refused(third.b)


def test_a_partnership_left_out_of_the_knockout_after_the_groups_is_out(club):
    tournament = make_tournament(club, 6, "groups", groups_count=2, qualifiers_per_group=1,
                                 tables_count=3)
    services.tournament_start(tournament=tournament)
    for _ in range(10):
        waiting = list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                       .exclude(match=None).select_related("match"))
        if not waiting or Pairing.objects.filter(round__tournament=tournament,
                                                 round__stage="knockout").exists():
            break
        for pairing in waiting:
            play(pairing, "A")
    final = Pairing.objects.get(round__tournament=tournament, round__stage="knockout")
    left_out = Entry.objects.filter(tournament=tournament).exclude(pk__in=[final.a_id,
                                                                          final.b_id])
    assert left_out.count() == 4
    for entry in left_out:
        refused(entry)
    services.entry_withdraw(entry=final.a)  # still playing: the final is a walkover


def test_a_double_elimination_partnership_is_out_after_its_second_loss(
        organiser_client, club):
    tournament = make_tournament(club, 4, "double", tables_count=2)
    services.tournament_start(tournament=tournament)

    def waiting() -> list[Pairing]:
        return list(Pairing.objects.filter(round__tournament=tournament, finished=False)
                    .exclude(match=None).select_related("round", "match", "a", "b")
                    .order_by("round__number", "slot"))

    first, second = waiting()
    play(first, "A")
    play(second, "A")
    assert withdraw_button(first.b) in organiser_client.get(page(tournament)).content.decode()
    losers = next(p for p in waiting() if p.round.code.startswith("L"))
    play(losers, "A")
    html = organiser_client.get(page(tournament)).content.decode()
    assert withdraw_button(losers.b) not in html and withdraw_button(losers.a) in html
    refused(losers.b)
