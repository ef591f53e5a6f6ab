"""A creating form's token sent again with other entries (back, then another player typed over
the first) is refused naming what the token made, and the form comes back with what was typed
and a fresh token: one more tap saves it. It used to say "already sent" and drop the entries."""

import re

import pytest
from django.contrib.auth.models import User

from sueca_club.models import FormSubmission, Player
from tests.clubs.test_double_submits import NAMES, client_for, forms_of, rendered_token

USED = "That form was already used for “%s”, which was saved."
# What each form is sent with the second time: other entries than forms_of's.
OTHER = {"club": {"name": "Tasca Velha"}, "player": {"name": "Back Dois"},
         "bulk partnerships": {"text": "João Reis & Luís Pinto"},
         "organiser invitation": {"email": "rita@example.com"},
         "tournament": {"name": "Taça de Outono"},
         "sign-up": {"username": "outro", "email": "outro@example.com"}}


def fresh_token(html: str) -> set[str]:
    return set(re.findall(r'name="form_token" value="([^"]+)"', html))


def test_another_player_on_a_used_form_is_refused_and_one_tap_saves_it(organiser_client, club):
    add = f"/manage/{club.slug}/players/add/"
    token = rendered_token(organiser_client, forms_of(club)["player"])
    organiser_client.post(add, {"name": "Back Um", "form_token": token})

    again = organiser_client.post(add, {"name": "Back Dois", "form_token": token})

    page = again.content.decode()
    assert again.status_code == 200
    assert USED % "Back Um" in page
    assert 'value="Back Dois"' in page
    assert not Player.objects.filter(name="Back Dois").exists()
    new = fresh_token(page) - {token}
    assert new
    saved = organiser_client.post(add, {"name": "Back Dois", "form_token": new.pop()})
    assert saved.status_code == 302
    assert list(club.players.order_by("pk").values_list("name", flat=True)) == [
        "Eva", "Filipe", "Back Um", "Back Dois"]


@pytest.mark.parametrize("name", NAMES)
def test_every_creating_form_refuses_its_token_with_other_entries(name, club, organiser):
    form = forms_of(club)[name]
    client = client_for(form, organiser)
    token = rendered_token(client, form)
    client.post(form.action, {**form.data, "form_token": token})
    made = form.made.objects.count()
    other = OTHER.get(name)
    if other is None:  # the partnership: two other players
        other = {"player_1": Player.objects.create(club=club, name="Gil").pk,
                 "player_2": Player.objects.create(club=club, name="Hugo").pk}
    again = client.post(form.action, {**form.data, **other, "form_token": token})
    assert again.status_code == 200
    assert "That form was already used" in again.content.decode()
    assert form.made.objects.count() == made
    assert fresh_token(again.content.decode()) - {token}


def test_a_token_kept_before_its_entries_were_still_takes_any_post_as_sent(organiser_client,
                                                                          club):
    add = f"/manage/{club.slug}/players/add/"
    organiser_client.post(add, {"name": "Back Um", "form_token": "b" * 32})
    FormSubmission.objects.update(asked="", named="")
    again = organiser_client.post(add, {"name": "Back Dois", "form_token": "b" * 32})
    assert again.status_code == 302
    assert not Player.objects.filter(name="Back Dois").exists()


def test_a_sign_up_names_its_account_and_keeps_no_password_even_digested(client, club):
    form = forms_of(club)["sign-up"]
    client.post(form.action, {**form.data, "form_token": rendered_token(client, form)})
    same = {**form.data, "password1": "another-long-pass-99", "password2": "another-long-pass-99"}
    submission = FormSubmission.objects.get()
    assert submission.named == "novo"
    again = client.post(form.action, {**same, "form_token": submission.token})
    assert again.status_code == 302  # the same entries: a double submit
    assert User.objects.filter(username="novo").count() == 1
