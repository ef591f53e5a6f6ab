"""A choice that is no longer there (a partnership archived meanwhile) is refused in correct
European Portuguese, where Django's own catalogue says "Esse valor não se encontra opções
disponíveis" (a word missing): the project's catalogue, which comes first, says it right."""

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
