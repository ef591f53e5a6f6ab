"""A tournament's organiser forms with junk: setting one up (structure, points, tie-break
chain, rules and format), then entries, seeds, check-in, walkovers and swaps with bad values
and other tournaments' ids. The page says why, and nothing is written."""

import pytest
from django import forms
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import make_partnership
from tests.fuzz.checks import NothingWritten, assert_page_refusal, post_form
from tests.fuzz.strategies import (
    FUZZ,
    bad_choice,
    bad_int,
    bad_text,
    broken,
    foreign_ids,
    junk_text,
    required,
)
from tests.fuzz.test_match_forms import RULE_BREAKERS, bad_format_options
from tests.tournaments.helpers import make_tournament
from tournaments import formats, services
from tournaments.models import Pairing, Tournament

CHAIN = [f"tie_break_{position}" for position in range(1, len(formats.CRITERIA) + 1)]
VALID = {"name": "Taça da Primavera", "place": "", "starts_on": "2026-05-02",
         "ends_on": "2026-05-03", "tables_count": "6", "preset": "portugal",
         "format_type": "first_to", "deals": "8", "structure": "knockout", "draw": "random",
         "groups_count": "2", "qualifiers_per_group": "2", "pairing": "swiss",
         "rounds_count": "4", "points_win": "3", "points_loss": "1", "points_draw": "2",
         "points_no_show": "0", "auto_advance": "on",
         **dict(zip(CHAIN, formats.default_chain("first_to"), strict=False))}


def not_a_date(text: str) -> bool:
    try:
        forms.DateField(required=False).clean(text)
    except forms.ValidationError:
        return True
    return False


BREAKERS = {
    "name": required(bad_text(120)),
    "place": bad_text(120, required=False),
    "starts_on": junk_text.filter(not_a_date),
    "ends_on": junk_text.filter(not_a_date),
    "tables_count": required(bad_int(1, 200)),
    "deals": bad_choice(["", "8", "12"]),
    "structure": required(bad_choice(Tournament.Structure.values)),
    "draw": required(bad_choice(Tournament.Draw.values)),
    "groups_count": required(bad_int(1, 26)),
    "qualifiers_per_group": required(bad_int(1, 4)),
    "pairing": required(bad_choice(Tournament.Pairing.values)),
    "rounds_count": required(bad_int(1, 50)),
    **{name: required(bad_int(0, 999)) for name in
       ("points_win", "points_loss", "points_draw", "points_no_show")},
    "walkover_games": bad_int(1, 99, required=False),
    **{name: bad_choice(["", *formats.CRITERIA]) for name in CHAIN},
    **{name: breaker for name, breaker in RULE_BREAKERS.items() if name != "deals"},
}


@st.composite
def bad_chains(draw):
    """Real criteria in an order the chain refuses: one twice, lots before another, or none."""
    codes = list(formats.CRITERIA)
    kind = draw(st.sampled_from(["twice", "lots", "none"]))
    if kind == "twice":
        code = draw(st.sampled_from(codes))
        chain = [code, *draw(st.permutations([c for c in codes if c != code]))[:2], code]
    elif kind == "lots":
        chain = ["lots", draw(st.sampled_from([c for c in codes if c != "lots"]))]
    else:
        chain = []
    positions = sorted(draw(st.lists(st.sampled_from(CHAIN), min_size=len(chain),
                                     max_size=len(chain), unique=True)), key=CHAIN.index)
    return {**{name: "" for name in CHAIN}, **dict(zip(positions, chain, strict=True))}


tournament_junk = st.one_of(
    broken(VALID, BREAKERS),
    bad_chains().map(lambda chain: {**VALID, **chain}),
    bad_format_options().filter(lambda options: "deals" not in options).map(
        lambda options: {**VALID, **options}),
    st.just({**VALID, "ends_on": "2026-05-01"}),  # ends before it starts
    st.just({**VALID, "structure": "groups", "groups_count": "1",
             "qualifiers_per_group": "1"}),  # one partnership through to the knockout
    st.just({**VALID, "starts_on": "0000-01-01"}), st.just({**VALID, "ends_on": "10000-01-01"}),
    st.just({}),
)


@given(data=tournament_junk)
@FUZZ
def test_a_bad_new_tournament_is_refused_with_its_errors(organiser_client, club, data):
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/tournaments/", data)
    assert_page_refusal(response)


DETAILS = ("name", "place", "starts_on", "ends_on")


@given(data=st.one_of(
    broken({name: VALID[name] for name in DETAILS}, {name: BREAKERS[name] for name in DETAILS}),
    st.just({"name": "Taça", "starts_on": "2026-05-02", "ends_on": "2026-05-01"}),
    st.just({"name": "Taça", "starts_on": "0000-01-01"}), st.just({})))
@FUZZ
def test_bad_details_of_a_tournament_are_refused_with_their_errors(organiser_client, draft,
                                                                 data):
    with NothingWritten():
        response = post_form(organiser_client,
                             f"/manage/{draft.club.slug}/tournaments/{draft.slug}/edit/", data)
    assert_page_refusal(response)


# Entries, seeds, check-in, walkovers and swaps. `draft` takes entries; `running` has its first
# round drawn; `elsewhere` are tournaments whose ids must not work here.

@pytest.fixture
def draft(club):
    tournament = make_tournament(club, 4, draw="seeded", tables_count=2)
    services.entry_update(entry=tournament.entries.order_by("id").first(), seed=1)
    return tournament


@pytest.fixture
def running(club):
    tournament = make_tournament(club, 8, tables_count=4, auto_advance=False)
    services.tournament_start(tournament=tournament)
    return tournament


@pytest.fixture
def elsewhere(club, other_club):
    """Another draft of the same club, and a running tournament of another club."""
    mine = make_tournament(club, 0, tables_count=1)
    services.entries_register(tournament=mine, partnerships=[
        make_partnership(club, f"Other {i}a", f"Other {i}b") for i in range(2)])
    theirs = make_tournament(other_club, 4, tables_count=2)
    services.tournament_start(tournament=theirs)
    return mine, theirs


@pytest.fixture
def theirs(other_club):
    return make_partnership(other_club, "Rui Alves", "Sara Lopes")


def page(tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"


def entry_ids(*tournaments) -> list[int]:
    return [e.pk for t in tournaments for e in t.entries.all()]


def pairing_ids(*tournaments) -> list[int]:
    return list(Pairing.objects.filter(round__tournament__in=tournaments)
                .values_list("pk", flat=True))


@given(data=st.data())
@FUZZ
def test_registering_what_is_not_a_partnership_of_the_club_left_to_enter_is_refused(
        organiser_client, draft, theirs, data):
    entered = [e.partnership_id for e in draft.entries.all()]
    ids = st.lists(foreign_ids(theirs.pk, *entered), min_size=0, max_size=4)
    with NothingWritten():
        response = post_form(organiser_client, page(draft) + "entries/add/",
                             {"partnerships": data.draw(ids)})
    assert_page_refusal(response)


def test_registering_an_id_no_database_holds_is_refused_not_a_crash(organiser_client, draft):
    """SQLite cannot look up 10**30: the register form let it through to a 500."""
    with NothingWritten():
        response = post_form(organiser_client, page(draft) + "entries/add/",
                             {"partnerships": [str(10**30)]}, follow=True)
    assert "Tick the partnerships of the club to register." in response.content.decode()


@given(seed=st.one_of(bad_int(1, 999, required=False), st.just("1")))  # 1 is taken
@FUZZ
def test_a_bad_or_taken_seed_is_refused(organiser_client, draft, seed):
    entry = draft.entries.order_by("id").last()
    with NothingWritten():
        response = post_form(organiser_client, page(draft) + f"entries/{entry.pk}/seed/",
                             {"seed": seed})
    assert_page_refusal(response)


@given(value=st.one_of(bad_choice(["yes", "no"]), st.just(None)))
@FUZZ
def test_a_check_in_that_is_neither_yes_nor_no_is_refused(organiser_client, draft, value):
    entry = draft.entries.order_by("id").last()
    with NothingWritten():
        response = post_form(organiser_client, page(draft) + f"entries/{entry.pk}/check-in/",
                             {} if value is None else {"checked_in": value})
    assert_page_refusal(response)


@given(data=st.data())
@FUZZ
def test_entries_of_other_tournaments_are_404s(organiser_client, draft, elsewhere, data):
    entry = data.draw(st.one_of(st.sampled_from(entry_ids(*elsewhere)),
                                st.sampled_from([10**6, 2**63 - 1, 10**30])))
    action = data.draw(st.sampled_from(["seed", "check-in", "remove", "withdraw"]))
    with NothingWritten():
        response = post_form(organiser_client, page(draft) + f"entries/{entry}/{action}/",
                             {"seed": "2", "checked_in": "yes"})
    assert response.status_code == 404


@given(present=st.one_of(bad_choice(["A", "B"]), st.just(None)))
@FUZZ
def test_a_walkover_that_does_not_say_who_came_is_refused(organiser_client, running, present):
    pairing = Pairing.objects.filter(round__tournament=running).order_by("slot").first()
    with NothingWritten():
        response = post_form(organiser_client, page(running) + f"pairings/{pairing.pk}/walkover/",
                             {} if present is None else {"present": present})
    assert_page_refusal(response)


@given(data=st.data())
@FUZZ
def test_pairings_and_tables_of_other_tournaments_are_404s(organiser_client, running, elsewhere,
                                                            data):
    pairing = data.draw(st.one_of(st.sampled_from(pairing_ids(*elsewhere)),
                                  st.sampled_from([10**6, 2**63 - 1, 10**30])))
    path = data.draw(st.sampled_from([f"pairings/{pairing}/walkover/",
                                      f"tables/{data.draw(st.sampled_from([5, 99, 10**30]))}"
                                      "/renew/"]))
    with NothingWritten():
        response = post_form(organiser_client, page(running) + path, {"present": "A"})
    assert response.status_code == 404


@st.composite
def bad_swaps(draw, running, elsewhere):
    places = [f"{p.pk}-{side}" for p in Pairing.objects.filter(round__tournament=running)
              for side in "AB"]
    theirs = [f"{pk}-{side}" for pk in pairing_ids(*elsewhere) for side in "AB"]
    place = st.one_of(junk_text.filter(lambda s: s not in places), st.sampled_from(theirs),
                      st.sampled_from([f"{places[0][:-2]}-C", f"{10**30}-A", "-A", "1-",
                                       f"{places[0]}-A"]))
    same = draw(st.sampled_from(places))
    return draw(st.one_of(
        st.fixed_dictionaries({"first": st.sampled_from(places), "second": place}),
        st.fixed_dictionaries({"first": place, "second": st.sampled_from(places)}),
        st.just({"first": same, "second": same}),
        st.fixed_dictionaries({}, optional={"first": st.sampled_from(places)}),
    ))


@given(data=st.data())
@FUZZ
def test_a_swap_of_places_not_in_the_current_round_is_refused(organiser_client, running,
                                                              elsewhere, data):
    fields = data.draw(bad_swaps(running, elsewhere))
    with NothingWritten():
        response = post_form(organiser_client, page(running) + "rounds/swap/", fields)
    assert_page_refusal(response)


def test_a_check_in_without_a_value_says_so(organiser_client, draft):
    """It used to go back to the tournament page without a word (and change nothing)."""
    entry = draft.entries.order_by("id").last()
    response = post_form(organiser_client, page(draft) + f"entries/{entry.pk}/check-in/",
                         {"checked_in": "maybe"}, follow=True)
    assert "Say whether the partnership is here." in response.content.decode()

