"""A choice that is no longer there (a partnership archived meanwhile) is refused in correct
European Portuguese, where Django's own catalogue says "Esse valor não se encontra opções
disponíveis" (a word missing), and so is a wrong password, where it says "utilizador e
password": the project's catalogue, which comes first, says them right. The password reset
email is the project's own, where Django's left a line in English in pt-PT ("In case you’ve
forgotten, you are:") and said "palavra-chave" beside "palavra-passe"."""

import pytest
from django import forms
from django.core import mail
from django.test import Client
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


def _reset_email(email: str, language: str) -> list[str]:
    mail.outbox.clear()
    Client().post("/accounts/password_reset/", {"email": email}, HTTP_ACCEPT_LANGUAGE=language)
    [sent] = mail.outbox
    return [sent.subject, *sent.body.splitlines()]


@pytest.mark.parametrize(("language", "password"), [("pt-pt", "palavra-passe"),
                                                    ("pt-br", "senha")])
def test_the_password_reset_email_has_no_english_line(organiser, language, password):
    english = {line for line in _reset_email(organiser.email, "en") if "://" not in line}
    lines = _reset_email(organiser.email, language)
    assert [line for line in lines if line.strip() and line in english] == []
    text = "\n".join(lines)
    assert password in text and "palavra-chave" not in text and organiser.username in text
