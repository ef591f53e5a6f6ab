"""After the start, a partnership's private link says it has a bye in the current round (a
knockout's or a Swiss's, a stored pairing without an opponent) or sits out a round robin's
round (no stored pairing), where it said it waited for a match not drawn yet; read in the
same few queries whatever the size of the tournament."""

import pytest
from django.db.models import Q
from django.test import Client

from scoring import engine
from tests.tournaments.helpers import play
from tournaments import services as tournament_services
from tournaments.models import Entry, Pairing, Tournament
from tournaments.registration import services
from tournaments.registration.models import SignUp

BYE = "Bye this round: you go through without playing."
SWISS_BYE = "Bye this round: you have no opponent."
NOT_DRAWN = "Waiting for the next round"


def started(club, size: int, structure: str = "knockout", first: int = 1,
            **options) -> tuple[Tournament, list[SignUp]]:
    tournament = tournament_services.tournament_create(
        club=club, name=f"Torneio {structure} {size}", rules=engine.rules_from("portugal"),
        fmt=engine.format_from(None), structure=structure, tables_count=max(size // 2, 1),
        **options)
    services.registration_update(tournament=tournament, open=True, cap=None, closes_at=None,
                                 approval=False, check_in_from=None)
    signups = [services.signup_create(tournament=tournament,
                                      names=[f"Jogador {n}a", f"Jogador {n}b"])
               for n in range(first, first + size)]
    tournament_services.tournament_start(tournament=tournament)
    return tournament, [SignUp.objects.get(pk=s.pk) for s in signups]


def page(signup: SignUp) -> str:
    return Client().get(signup.get_absolute_url()).content.decode()


def of_entry(signups: list[SignUp], entry_id: int) -> SignUp:
    return next(s for s in signups if s.entry_id == entry_id)


def with_a_bye(tournament, signups) -> SignUp:
    bye = Pairing.objects.filter(round__tournament=tournament, b=None).first()
    assert bye is not None
    return of_entry(signups, bye.a_id)


def sitting_out(tournament, signups) -> SignUp:
    drawn = Pairing.objects.filter(round__tournament=tournament, round__number=1)
    playing = {pk for p in drawn for pk in (p.a_id, p.b_id)}
    [idle] = [s for s in signups if s.entry_id not in playing]
    return idle


def test_a_knockout_bye_says_it_goes_through_without_playing(club):
    tournament, signups = started(club, 3)
    text = page(with_a_bye(tournament, signups))
    assert BYE in text and NOT_DRAWN not in text and "Semi-finals" in text


def test_a_swiss_bye_says_it_has_no_opponent(club):
    tournament, signups = started(club, 5, "rounds", pairing="swiss", rounds_count=3)
    text = page(with_a_bye(tournament, signups))
    assert SWISS_BYE in text and "go through" not in text and NOT_DRAWN not in text


@pytest.mark.parametrize("structure, options", [
    ("rounds", {"pairing": "round_robin"}),
    ("league", {}),
    ("groups", {"groups_count": 1, "qualifiers_per_group": 2}),
])
def test_a_round_robins_sit_out_names_its_round(club, structure, options):
    tournament, signups = started(club, 3, structure, **options)
    text = page(sitting_out(tournament, signups))
    assert "You sit out this round (round 1)." in text and NOT_DRAWN not in text


def test_one_that_played_its_match_of_the_round_still_waits_for_the_next(club):
    tournament, signups = started(club, 5, "rounds", pairing="round_robin")
    pairing = Pairing.objects.filter(round__tournament=tournament, round__number=1).first()
    play(pairing, "A")
    assert not Pairing.objects.filter(round__tournament=tournament, round__number=2).exists()
    for entry in (pairing.a_id, pairing.b_id):
        text = page(of_entry(signups, entry))
        assert NOT_DRAWN in text and "sit out" not in text and BYE not in text


@pytest.mark.parametrize("state", ["bye", "sit-out"])
def test_the_page_costs_the_same_for_a_small_or_a_large_field(club, state,
                                                            django_assert_max_num_queries):
    def cost(size):
        if state == "bye":
            tournament, signups = started(club, size, first=size * 10)
            signup = with_a_bye(tournament, signups)
        else:
            tournament, signups = started(club, size, "rounds", first=size * 10,
                                          pairing="round_robin")
            signup = sitting_out(tournament, signups)
        assert not Pairing.objects.filter(Q(a=signup.entry_id) | Q(b=signup.entry_id),
                                          round__tournament=tournament,
                                          b__isnull=False).exists()
        assert Entry.objects.filter(tournament=tournament).count() == size
        with django_assert_max_num_queries(14) as captured:
            text = page(signup)
        assert (BYE if state == "bye" else "You sit out this round") in text
        return len(captured.captured_queries)

    assert cost(5) == cost(33)
