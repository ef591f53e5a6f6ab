"""The deal a referee enters, from the phone page or (as JSON) from the API."""

import uuid

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring import engine
from scoring.models import Deal
from scoring.services import engine_message

SIDE_CHOICES = [("", "—"), ("A", "A"), ("B", "B")]


class DealForm(forms.Form):
    """One deal. Either side's points may be left blank: the other side has 120 minus them."""

    points_a = forms.IntegerField(label=_("Card points A"), required=False, min_value=0,
                                  max_value=120)
    points_b = forms.IntegerField(label=_("Card points B"), required=False, min_value=0,
                                  max_value=120)
    flag = forms.ChoiceField(label=_("Flag (all ten tricks)"), choices=SIDE_CHOICES,
                             required=False)
    revoke = forms.ChoiceField(label=_("Revoke by"), choices=SIDE_CHOICES, required=False)
    tricks_a = forms.IntegerField(label=_("Tricks A"), required=False, min_value=0, max_value=10)
    tricks_b = forms.IntegerField(label=_("Tricks B"), required=False, min_value=0, max_value=10)
    trump = forms.ChoiceField(label=_("Trump"), choices=[("", "—"), *Deal.TRUMPS], required=False)
    tie = forms.BooleanField(label=_("60-60"), required=False)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            self.deal = engine.deal_from(self.conformance_shape(data))
        except engine.SuecaError as error:
            raise ValidationError(engine_message(error)) from error
        self.trump = data.get("trump") or ""
        return data

    @staticmethod
    def conformance_shape(data: dict) -> dict:
        if data.get("revoke"):
            return {"revoke": data["revoke"]}
        a, b, flag = data.get("points_a"), data.get("points_b"), data.get("flag")
        if data.get("tie"):
            a, b = 60, 60
        if a is None and b is None:
            if not flag:
                raise ValidationError(_("Enter the card points of one side."))
            a = 120 if flag == "A" else 0
        deal = {"points": [120 - b if a is None else a, 120 - a if b is None else b]}
        if flag:
            deal["flag"] = flag
        ta, tb = data.get("tricks_a"), data.get("tricks_b")
        if ta is not None or tb is not None:
            deal["tricks"] = [10 - tb if ta is None else ta, 10 - ta if tb is None else tb]
        return deal

    @classmethod
    def from_deal(cls, deal: dict, trump: str = "") -> dict:
        """Initial data for re-showing a recorded deal (conformance shape) in this form."""
        initial = {"trump": trump, "flag": deal.get("flag", ""), "revoke": deal.get("revoke", "")}
        if "points" in deal:
            initial["points_a"], initial["points_b"] = deal["points"]
        if "tricks" in deal:
            initial["tricks_a"], initial["tricks_b"] = deal["tricks"]
        return initial


class KeyForm(forms.Form):
    """The idempotency key a referee write carries, made once per confirmation screen."""

    key = forms.UUIDField(widget=forms.HiddenInput)
    # The match the screen was made for: a table's link moves on to its next match (or a
    # redrawn round's), and a screen left open must never write to that one.
    # (At most the largest id a database holds: SQLite cannot even look up a bigger one.)
    match = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1,
                               max_value=2**63 - 1)

    @staticmethod
    def new_key() -> str:
        return str(uuid.uuid4())


class RefereeWriteForm(KeyForm, DealForm):
    """A deal as the referee page saves it: with its idempotency key and the version seen."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
