"""A choice that is no longer there (a partnership archived meanwhile) is refused in correct
European Portuguese, where Django's own catalogue says "Esse valor não se encontra opções
disponíveis" (a word missing), and so is a wrong password, where it says "utilizador e
password": the project's catalogue, which comes first, says them right."""

from django import forms
from django.utils import translation

from sueca_club.models import Club


class Choose(forms.Form):
    pick = forms.ModelChoiceField(queryset=Club.objects.all())


def test_an_invalid_choice_reads_right_in_pt_pt(db):
    with translation.override("pt-pt"):
        form = Choose({"pick": "12345"})
        assert form.errors["pick"] == [
            "Selecione uma opção válida. Esse valor não se encontra nas opções disponíveis."]


def test_a_wrong_password_is_refused_in_portuguese_words_in_pt_pt(client, organiser):
    page = client.post("/accounts/login/", {"username": organiser.username, "password": "nope"},
                       HTTP_ACCEPT_LANGUAGE="pt-pt").content.decode()
    assert ("Introduza o utilizador e a palavra-passe corretos. Atenção: ambos os campos "
            "distinguem maiúsculas de minúsculas." in page)
    assert "utilizador e password" not in page  # Django's own catalogue's words


def test_a_fixture_still_to_play_reads_as_brazilians_say_it():
    with translation.override("pt-br"):
        assert translation.gettext("To play") == "A realizar"
