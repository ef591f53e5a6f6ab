"""Tournament inputs that the fuzz tests do not reach: a name whose slug the URLconf gives to
another page, a date at the end of the calendar, a bye on a league-only page, refusals whose
message names the wrong field, a NUL in a field no form reads."""

from scoring import engine
from tests.conftest import make_partnership
from tests.fuzz.checks import error_messages, post_form
from tests.tournaments.registration.helpers import open_tournament
from tournaments import services


def tournament_named(club, name, size=4, structure="knockout", **options):
    options.setdefault("tables_count", 2)
    t = services.tournament_create(club=club, name=name, rules=engine.rules_from("portugal"),
                                   fmt=engine.format_from(None), structure=structure, **options)
    services.entries_register(tournament=t, partnerships=[
        make_partnership(club, f"{name} {i}a", f"{name} {i}b") for i in range(size)])
    return t


def test_a_tournament_named_unsubscribe_has_its_public_pages(client, club):
    t = tournament_named(club, "Unsubscribe")
    assert t.slug == "unsubscribe"
    assert client.get(f"/t/{t.slug}/sign-up/").status_code == 200  # the poster's QR code
    services.tournament_start(tournament=t)
    assert client.get(f"/t/{t.slug}/").status_code == 200
    for page in ("bracket", "results", "tv", "standings"):
        response = client.get(f"/t/{t.slug}/{page}/")
        assert response.status_code == 200, (page, response.status_code)
        assert t.name in response.content.decode(), page


def test_a_date_off_the_calendar_of_a_league_is_refused_with_the_reason(organiser_client, club):
    """A season counted in weeks from the year 9999 would run off the calendar at its start."""
    t = tournament_named(club, "Liga do Fim", structure="league")
    base = f"/manage/{club.slug}/tournaments/{t.slug}/"
    edited = post_form(organiser_client, base + "edit/", {"name": t.name, "place": "",
                                                          "starts_on": "9999-12-25", "ends_on": ""})
    assert edited.status_code == 200
    assert edited.context["form"].errors["starts_on"] == ["Give a date from 2000 to 2199."]
    t.refresh_from_db()
    assert t.starts_on is None
    assert post_form(organiser_client, base + "start/", {}).status_code == 302


def test_the_fixtures_address_of_a_knockout_with_a_bye_is_a_404_not_a_crash(client, club):
    t = tournament_named(club, "Taca Impar", size=3)
    services.tournament_start(tournament=t)
    response = client.get(f"/t/{t.slug}/fixtures/")
    assert response.status_code == 404


def test_a_postponement_with_a_too_long_reason_says_what_is_wrong(organiser_client, club):
    from tournaments.models import Pairing

    t = tournament_named(club, "Liga Longa", size=4, structure="league")
    services.tournament_start(tournament=t)
    pairing = Pairing.objects.filter(round__tournament=t, round__number=1).first()
    response = post_form(organiser_client,
                         f"/manage/{club.slug}/tournaments/{t.slug}/pairings/{pairing.pk}/postpone/",
                         {"to": "2099-01-01", "reason": "x" * 201})
    errors = error_messages(response)
    assert errors
    assert not any("Give the date" in e for e in errors), errors  # the date was given
    pairing.refresh_from_db()
    assert pairing.postponed_to is None


def test_a_name_correction_too_long_says_the_name_is_too_long(client, club):
    from tests.tournaments.registration.helpers import open_tournament, sign_up

    signup = sign_up(open_tournament(club), 1)
    response = client.post(f"{signup.get_absolute_url()}names/",
                           {"name_1": "x" * 81, "name_2": "Jogador 1b"})
    page = response.content.decode()  # said in the open correction panel, as a refusal
    assert response.status_code == 400 and "at most 80 characters" in page
    assert "Give the names of both players" not in page


def test_a_withdrawal_reason_with_a_nul_is_refused_not_a_crash(organiser_client, club):
    from tournaments.models import Entry

    t = tournament_named(club, "Taca Nul", size=4)
    services.tournament_start(tournament=t)
    entry = t.entries.order_by("id").first()
    response = post_form(organiser_client,
                         f"/manage/{club.slug}/tournaments/{t.slug}/entries/{entry.pk}/withdraw/",
                         {"reason": "doente\x00"})
    assert response.status_code == 302, response.status_code
    assert error_messages(response)
    assert not Entry.objects.get(pk=entry.pk).withdrawn



def settings_url(t):
    return f"/manage/{t.club.slug}/tournaments/{t.slug}/sign-ups/settings/"


def test_a_bad_cap_names_the_field_it_is_about(organiser_client, club):
    t = open_tournament(club)
    r = post_form(organiser_client, settings_url(t), {"open": "on", "cap": "0", "approval": "no"})
    errors = error_messages(r)
    assert errors and any("most partnerships" in e.lower()
                          for e in errors), errors
