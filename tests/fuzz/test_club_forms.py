"""The club registry's forms (/manage/...): clubs, organiser invitations, players,
partnerships and the bulk paste, with junk: the page shows its errors, and nothing is written."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sueca_club import invitations as club_invitations
from sueca_club import services
from tests.conftest import make_partnership
from tests.fuzz.checks import NothingWritten, assert_page_refusal, post_form
from tests.fuzz.strategies import (
    FUZZ,
    bad_choice,
    bad_text,
    broken,
    foreign_ids,
    junk_text,
    required,
)
from tests.fuzz.test_account_forms import not_an_email

PRESETS = ["portugal", "vila_flor", "brasil", "carry_ties", "points_flag", "strict_revoke"]
# Player names the club already has, as an organiser might type them again.
TAKEN_NAMES = st.sampled_from(["Ana Silva", "ana silva", "  ANA   SILVA ", "Ana\tSilva",
                               "CARLA DIAS"])


@given(data=broken({"name": "Clube Novo", "town": "", "default_preset": "portugal"}, {
    "name": required(bad_text(120)),
    "town": bad_text(120, required=False),
    "default_preset": required(bad_choice(PRESETS)),
}))
@FUZZ
def test_a_bad_new_club_is_refused_with_its_errors(organiser_client, data):
    with NothingWritten():
        response = post_form(organiser_client, "/manage/", data)
    assert_page_refusal(response)


@given(email=st.one_of(bad_text(254), junk_text.filter(not_an_email)))
@FUZZ
def test_an_invitation_to_what_is_not_an_email_address_is_refused(organiser_client, club,
                                                                   other_organiser, settings,
                                                                   email):
    settings.POST_RATE_LIMITS = {}  # the form's own answers (tests/security: the limit's)
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/organisers/invite/",
                             {"email": email})
    assert_page_refusal(response)


@given(email=st.sampled_from(["ana@example.com", "rui@example.com", "nobody@example.com",
                              " Rui@Example.COM "]))
@FUZZ
def test_an_invitation_to_any_address_gets_the_same_answer(organiser_client, club,
                                                           other_organiser, settings, email):
    """Nobody learns who has an account (tests/clubs/test_manage_organisers.py says more)."""
    settings.POST_RATE_LIMITS = {}
    response = post_form(organiser_client, f"/manage/{club.slug}/organisers/invite/",
                         {"email": email})
    assert response.status_code == 302 and response.url == f"/manage/{club.slug}/#organisers"
    assert club.memberships.count() == 1


@given(token=st.one_of(junk_text, st.text(st.sampled_from("aZ09_-"), min_size=32, max_size=32)))
@FUZZ
def test_a_refused_form_writes_nothing_whatever_its_token(organiser_client, club, token):
    """A token is recorded only with what its form created: a refused form writes no row."""
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/players/add/",
                             {"name": "", "form_token": token})
    assert_page_refusal(response)


@given(name=st.one_of(bad_text(services.NAME_LENGTH), TAKEN_NAMES))
@FUZZ
def test_a_bad_or_taken_player_name_is_refused(organiser_client, club, pair_a, pair_b, name):
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/players/add/",
                             {"name": name})
    assert_page_refusal(response)


@given(name=st.one_of(bad_text(services.NAME_LENGTH), TAKEN_NAMES.filter(
    lambda n: "ana" not in n.casefold())))
@FUZZ
def test_a_bad_or_taken_new_name_for_a_player_is_refused(organiser_client, club, pair_a, pair_b,
                                                         name):
    player = pair_a.player_1  # Ana Silva: changing only her capitals is allowed
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/players/{player.pk}/",
                             {"name": name})
    assert_page_refusal(response)


@pytest.fixture
def outsiders(other_club):
    """Another club's partnership (and so its players)."""
    return make_partnership(other_club, "Rui Alves", "Sara Lopes")


@given(data=st.data())
@FUZZ
def test_a_partnership_of_players_not_in_the_club_or_already_paired_is_refused(
        organiser_client, club, pair_a, pair_b, outsiders, data):
    ana, bruno, carla = pair_a.player_1, pair_a.player_2, pair_b.player_1
    players = foreign_ids(outsiders.player_1_id, outsiders.player_2_id)
    fields = data.draw(st.one_of(
        broken({"player_1": str(ana.pk), "player_2": str(carla.pk), "name": ""}, {
            "player_1": required(players), "player_2": required(players),
            "name": bad_text(120, required=False)}),
        st.just({"player_1": str(ana.pk), "player_2": str(ana.pk)}),    # one player twice
        st.just({"player_1": str(bruno.pk), "player_2": str(ana.pk)}),  # already a partnership
    ))
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/partnerships/add/", fields)
    assert_page_refusal(response)


@given(name=bad_text(120, required=False))
@FUZZ
def test_a_bad_partnership_name_is_refused(organiser_client, club, pair_a, name):
    with NothingWritten():
        response = post_form(organiser_client,
                             f"/manage/{club.slug}/partnerships/{pair_a.pk}/", {"name": name})
    assert_page_refusal(response)


SEPARATORS = st.sampled_from(["&", "+", "/", " - ", " – ", " e ", " E ", "\n", "\r\n", "\r",
                              "\u2028", "\x0b", "\x85", "  "])
pastes = st.lists(st.one_of(junk_text, SEPARATORS, TAKEN_NAMES), max_size=12).map("".join)


@given(text=pastes)
@FUZZ
def test_the_preview_of_any_paste_reads_it_and_writes_nothing(organiser_client, club, pair_a,
                                                              text):
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/partnerships/bulk/",
                             {"text": text})
    assert response.status_code == 200


@given(text=st.one_of(bad_text(20_000), st.just("Ana & Bruno\n" * 1700)),
       save=st.booleans())
@FUZZ
def test_a_paste_too_long_blank_or_with_nul_is_refused(organiser_client, club, text, save):
    data = {"text": text, **({"save": ""} if save else {})}
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/partnerships/bulk/", data)
    assert_page_refusal(response)


@given(lines=st.lists(st.one_of(
    st.text(st.characters(blacklist_characters="&+/\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"),
            max_size=30).filter(lambda line: services.parse_partnership(line) is None),
    st.sampled_from(["Ana & Bruno & Carla", "& Bruno", "Ana &", "ana & ANA",
                     "Bruno Costa / ana silva", "Ana Silva+Bruno Costa",
                     "A" * 81 + " & Bruno"])), max_size=8))
@FUZZ
def test_saving_a_paste_with_nothing_new_in_it_writes_nothing(organiser_client, club, pair_a,
                                                              lines):
    with NothingWritten():
        response = post_form(organiser_client, f"/manage/{club.slug}/partnerships/bulk/",
                             {"text": "\n".join(lines), "save": ""})
    if response.status_code != 302:  # a blank paste: the form says to paste something
        assert_page_refusal(response)


@given(data=st.data())
@FUZZ
def test_ids_of_another_clubs_players_and_partnerships_are_404s(organiser_client, club, pair_a,
                                                                outsiders, data):
    outsiders_invitation = club_invitations.invitation_send(
        club=outsiders.club, email="eva@example.com", by=outsiders.club.organisers.get())
    slug, theirs = club.slug, outsiders.club.slug
    nowhere = st.one_of(st.integers(10**6, 10**9), st.just(2**63 - 1), st.just(10**30))
    players = st.one_of(st.sampled_from([outsiders.player_1_id, outsiders.player_2_id]), nowhere)
    partnerships = st.one_of(st.just(outsiders.pk), nowhere)
    invitations = st.one_of(st.just(outsiders_invitation.pk), nowhere)
    path = data.draw(st.one_of(
        players.map(lambda pk: f"/manage/{slug}/players/{pk}/"),
        players.map(lambda pk: f"/manage/{slug}/players/{pk}/archive/"),
        players.map(lambda pk: f"/manage/{slug}/players/{pk}/unarchive/"),
        partnerships.map(lambda pk: f"/manage/{slug}/partnerships/{pk}/"),
        partnerships.map(lambda pk: f"/manage/{slug}/partnerships/{pk}/archive/"),
        partnerships.map(lambda pk: f"/manage/{slug}/partnerships/{pk}/unarchive/"),
        st.sampled_from([f"/manage/{theirs}/players/add/", f"/manage/{theirs}/partnerships/add/",
                         f"/manage/{theirs}/partnerships/bulk/",
                         f"/manage/{theirs}/organisers/invite/"]),
        invitations.map(lambda pk: f"/manage/{slug}/invitations/{pk}/revoke/"),
    ))
    with NothingWritten():
        response = post_form(organiser_client, path, {"name": "Eva", "text": "Eva & Filipe",
                                                      "save": "", "email": "eva@example.com"})
    assert response.status_code == 404
