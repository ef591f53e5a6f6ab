"""A partnership that withdraws before any deal of its round is played: its opponent has a
walkover, and the organiser is told what drawing the round again would change instead (the
next of its group goes through to the knockout; a Swiss round is paired without it). Each
claim is checked against the new draw itself."""

from django.contrib.messages import get_messages

from tests.tournaments.helpers import in_play, make_tournament, play
from tests.tournaments.public_helpers import groups_of_12, play_rounds
from tournaments import selectors, services
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.services import draws


def withdraw(organiser_client, tournament: Tournament, entry: Entry) -> list[str]:
    response = organiser_client.post(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/entries/{entry.pk}"
        "/withdraw/", {"reason": "A player is ill"})
    assert response.status_code == 302
    return [str(m) for m in get_messages(response.wsgi_request)]


def round_entries(tournament: Tournament, number: int) -> set[int]:
    pairings = Pairing.objects.filter(round__tournament=tournament, round__number=number)
    return {pk for p in pairings for pk in (p.a_id, p.b_id) if pk}


def name(entry_id: int) -> str:
    return Entry.objects.select_related("partnership").get(pk=entry_id).display_name


def knockout_after_groups(club) -> tuple[Tournament, Round]:
    tournament = groups_of_12(club)
    play_rounds(tournament, 3)
    knockout = selectors.last_round(tournament)
    assert knockout.stage == Round.Stage.KNOCKOUT
    return tournament, knockout


def test_a_qualifier_withdrawing_before_the_knockout_begins_names_who_would_replace_it(
        organiser_client, club):
    tournament, knockout = knockout_after_groups(club)
    leaving = Entry.objects.get(pk=knockout.pairings.order_by("slot").first().a_id)
    group = next(g for g in draws.group_standings(tournament, list(selectors.pairings(tournament)))
                 if g and g[0].entry.group == leaving.group)
    third = group[2].entry
    expected = round_entries(tournament, knockout.number) - {leaving.pk} | {third.pk}

    said = withdraw(organiser_client, tournament, leaving)

    assert any(f"draw it again and {third.partnership.display_name} goes through in place of "
               f"{name(leaving.pk)}" in m for m in said), said
    services.round_redraw(tournament=tournament)
    assert round_entries(tournament, knockout.number) == expected


def test_a_swiss_round_not_begun_is_offered_without_the_partnership(organiser_client, club):
    tournament = make_tournament(club, 6, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=3)
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament):
        play(pairing)
    second = selectors.last_round(tournament)
    assert second.number == 2
    leaving = Entry.objects.get(pk=second.pairings.order_by("slot").first().b_id)

    said = withdraw(organiser_client, tournament, leaving)

    assert any(f"draw it again and it is drawn without {name(leaving.pk)}" in m for m in said)
    services.round_redraw(tournament=tournament)
    redrawn = list(Pairing.objects.filter(round__tournament=tournament, round__number=2))
    assert leaving.pk not in round_entries(tournament, 2)
    assert not any(p.walkover for p in redrawn)  # four left: two matches, nobody's walkover


def test_nothing_is_offered_once_a_deal_of_the_round_is_played(organiser_client, club):
    tournament, knockout = knockout_after_groups(club)
    first, other = knockout.pairings.order_by("slot")[:2]
    play(other)

    said = withdraw(organiser_client, tournament, first.a)

    assert not any("draw it again" in m for m in said)
    assert services.redraw_after_withdrawal(tournament=tournament, entry=first.a) is None


def test_nothing_is_offered_where_a_new_draw_would_hold_the_same_matches(organiser_client,
                                                                          club):
    """A knockout's later round is fixed by the bracket's slots: it has no new draw to offer."""
    tournament = make_tournament(club, 8, "knockout", tables_count=4)
    services.tournament_start(tournament=tournament)
    for pairing in in_play(tournament):
        play(pairing)
    semi = selectors.last_round(tournament).pairings.order_by("slot").first()

    said = withdraw(organiser_client, tournament, semi.a)

    assert any("is a walkover to its opponent" in m for m in said)
    assert not any("draw it again" in m for m in said)
