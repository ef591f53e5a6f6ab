"""Creating forms are idempotent (sueca_club/formtokens.py): the token a rendered form carries
makes a second post of it (a double click, a re-sent form) lead where the first did, and
never create a second club, tournament, player, partnership, account or invitation.

Each case fetches its page as a browser does, reads the form's token from it and posts the
form twice; test_double_submits_at_once.py posts it eight times at the same moment.
"""

import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from sueca_club.models import Club, FormSubmission, Invitation, Partnership, Player
from tests.tournaments.test_manage_tournament_new import chain
from tournaments import formats
from tournaments.models import Tournament

NEW_PASSWORD = "a-long-new-password-77"
TOURNAMENT = {"name": "Taça da Primavera", "place": "", "tables_count": "6",
              "preset": "portugal", "format_type": "first_to", "deals": "8",
              "structure": "knockout", "draw": "random", "groups_count": "2",
              "qualifiers_per_group": "2", "pairing": "swiss", "rounds_count": "4",
              "points_win": "3", "points_loss": "1", "points_draw": "2", "points_no_show": "0",
              "auto_advance": "on", **chain(*formats.default_chain("first_to"))}


@dataclass
class Form:
    page: str  # where the form is rendered
    action: str  # where it posts
    data: dict
    made: type  # the model of what it creates
    logged_in: bool = True
    preview: dict | None = None  # the bulk paste: the save form is on the preview's page


def forms_of(club: Club) -> dict[str, Form]:
    manage = f"/manage/{club.slug}/"
    eva, filipe = (Player.objects.get_or_create(club=club, name=n)[0] for n in ("Eva", "Filipe"))
    return {
        "club": Form("/manage/", "/manage/", {"name": "Tasca Nova", "town": "",
                                               "default_preset": "portugal"}, Club),
        "player": Form(manage, manage + "players/add/", {"name": "Gil Sousa"}, Player),
        "partnership": Form(manage, manage + "partnerships/add/",
                            {"player_1": eva.pk, "player_2": filipe.pk, "name": ""}, Partnership),
        "bulk partnerships": Form(manage + "partnerships/bulk/", manage + "partnerships/bulk/",
                                  {"text": "Hugo Alves & Inês Mota", "save": ""}, Partnership,
                                  preview={"text": "Hugo Alves & Inês Mota"}),
        "organiser invitation": Form(manage, manage + "organisers/invite/",
                                     {"email": "joao@example.com"}, Invitation),
        "tournament": Form(manage + "tournaments/", manage + "tournaments/", TOURNAMENT,
                           Tournament),
        "sign-up": Form("/accounts/signup/", "/accounts/signup/", {
            "username": "novo", "email": "novo@example.com", "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD}, User, logged_in=False),
    }


def token_in(html: str, action: str) -> str:
    """The form token of the page's form that posts to `action` (or has no action)."""
    for form in re.findall(r"<form\b.*?</form>", html, re.DOTALL):
        target = re.search(r'action="([^"]*)"', form.split(">", 1)[0])
        token = re.search(r'name="form_token" value="([^"]+)"', form)
        if token and (target is None or target[1] == action):
            return token[1]
    raise AssertionError(f"no form with a token posts to {action}")


def rendered_token(client: Client, form: Form) -> str:
    if form.preview is not None:
        page = client.post(form.page, form.preview)
        return token_in(page.content.decode().split("</h2>", 2)[1], form.action)  # the save form
    return token_in(client.get(form.page).content.decode(), form.action)


def client_for(form: Form, user) -> Client:
    client = Client()
    if form.logged_in:
        client.force_login(user)
    return client


NAMES = ["club", "player", "partnership", "bulk partnerships", "organiser invitation",
         "tournament", "sign-up"]


@pytest.mark.parametrize("name", NAMES)
def test_posting_a_form_twice_creates_once_and_both_lead_to_it(name, club, organiser):
    form = forms_of(club)[name]
    client = client_for(form, organiser)
    token = rendered_token(client, form)
    before = form.made.objects.count()
    first = client.post(form.action, {**form.data, "form_token": token})
    second = client.post(form.action, {**form.data, "form_token": token})
    assert first.status_code == 302, first.content.decode()[:2000]
    assert second.status_code == 302 and second.url == first.url
    assert form.made.objects.count() == before + 1
    assert FormSubmission.objects.get(token=token).url == first.url
    assert "already sent" in client.get(second.url).content.decode()


@pytest.mark.parametrize("name", ["club", "organiser invitation", "tournament"])
def test_a_form_rendered_again_creates_again(name, club, organiser):
    """A new rendering is a new token: the same data sent from a fresh form is a new request
    (the forms whose names must be unique refuse the second by themselves)."""
    form = forms_of(club)[name]
    client = client_for(form, organiser)
    before = form.made.objects.count()
    for _ in range(2):
        client.post(form.action, {**form.data, "form_token": rendered_token(client, form)})
    assert form.made.objects.count() == before + 2


def test_a_refused_form_records_no_token_and_its_page_gives_a_new_one(organiser_client, club):
    response = organiser_client.post(f"/manage/{club.slug}/players/add/",
                                     {"name": "", "form_token": "t" * 32})
    assert response.status_code == 200
    assert not FormSubmission.objects.exists()
    assert 'value="' + "t" * 32 not in response.content.decode()


def test_another_users_token_leads_nowhere(client, club, organiser, other_organiser):
    form = forms_of(club)["club"]
    owner = client_for(form, organiser)
    token = rendered_token(owner, form)
    first = owner.post(form.action, {**form.data, "form_token": token})
    client.force_login(other_organiser)
    response = client.post(form.action, {**form.data, "form_token": token})
    assert response.status_code == 409  # not told where ana's post led, and nothing made
    assert Club.objects.filter(memberships__user=other_organiser).count() == 0
    assert first.url not in response.content.decode()


def test_a_name_taken_meanwhile_is_a_form_error_not_a_crash(organiser_client, club, monkeypatch):
    """Another post saved the name after this one's form was checked: the unique clash rolls
    this one back, and its second try is refused by the form, which now sees the name."""
    from sueca_club import services

    Player.objects.create(club=club, name="GIL SOUSA")  # saved by the other post
    real, calls = services.players_by_name, []

    def checked_too_early(club):
        calls.append(club)
        return {} if len(calls) == 1 else real(club)

    monkeypatch.setattr(services, "players_by_name", checked_too_early)
    response = organiser_client.post(f"/manage/{club.slug}/players/add/",
                                     {"name": "Gil Sousa", "form_token": "r" * 32})
    assert response.status_code == 200
    assert "This club already has a player called “GIL SOUSA”." in response.content.decode()
    assert list(club.players.values_list("name", flat=True)) == ["GIL SOUSA"]
    assert not FormSubmission.objects.exists()
