"""The deal a referee enters, from the phone page or (as JSON) from the API."""

import json
import uuid

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy as _

from scoring import engine
from scoring.engine.basics import is_int
from scoring.engine.cards import DEAL_POINTS, TRICKS
from scoring.engine.deals import BONUSES
from scoring.models import Deal
from scoring.services import ScoringRefused, engine_message
from sueca_club.models import MAX_ID

SIDE_CHOICES = [("", "—"), ("A", "A"), ("B", "B")]
NOT_ONE_DEAL = _("The body must be one deal as JSON.")


def _shallow(thing):
    copied = object.__new__(type(thing))
    copied.__dict__.update(thing.__dict__)
    return copied


def _own_widget(widget: forms.Widget) -> forms.Widget:
    copied = _shallow(widget)
    copied.attrs = widget.attrs.copy()
    if isinstance(widget, forms.MultiWidget):
        copied.widgets = [_own_widget(part) for part in widget.widgets]
    return copied


class CopiedQuickly:
    """A deal form's field: each form gets its own copy as Django makes it (its own widget and
    widget attributes, error messages and validators), without deepcopy's generic walk, which
    cost a deal's post a tenth of its time. Choices are shared: the deal form's are the same
    for every form (a side, a trump), and a form may set its own, never change these in
    place."""

    def __deepcopy__(self, memo):
        copied = memo[id(self)] = _shallow(self)
        copied.widget = _own_widget(self.widget)
        copied.error_messages = self.error_messages.copy()
        copied.validators = self.validators[:]
        return copied


class PairInput(forms.MultiWidget):
    """Two number boxes, A's then B's, posted under one name (ids ``id_<name>_a`` and ``_b``)."""

    def __init__(self, attrs=None):
        super().__init__({"a": forms.NumberInput, "b": forms.NumberInput}, attrs)

    def decompress(self, value):
        return list(value) if value else [None, None]

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        for side, subwidget in zip(engine.SIDES, context["widget"]["subwidgets"], strict=True):
            subwidget["name"] = name
            if "id" in subwidget["attrs"]:
                subwidget["attrs"]["id"] = f"{attrs['id']}_{side.lower()}"
        return context

    def subwidgets(self, name, value, attrs=None):
        """A's box, then B's, each on its own (a template places them under their labels)."""
        yield from self.get_context(name, value, attrs)["widget"]["subwidgets"]

    # Both sides' values under one name: repeated in a form post, a list in JSON.
    value_from_datadict = forms.MultipleHiddenInput.value_from_datadict


class PairField(CopiedQuickly, forms.Field):
    """A's and B's whole numbers from 0 to `most`; either may be blank (None)."""

    widget = PairInput
    hidden_widget = forms.MultipleHiddenInput
    default_error_messages = {
        "pair": _("Give two values, A's and B's (one may be blank)."),
        "number": _("Enter a whole number from 0 to %(most)s."),
    }

    def __init__(self, *, most: int, **kwargs):
        self.most = most
        super().__init__(required=False, **kwargs)

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "min": 0, "max": self.most, "inputmode": "numeric"}

    def to_python(self, value) -> tuple[int | None, int | None]:
        if value is None or (isinstance(value, list | tuple) and not value):
            return (None, None)
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise ValidationError(self.error_messages["pair"], code="pair")
        return tuple(self._number(item) for item in value)

    def _number(self, item) -> int | None:
        if isinstance(item, str):
            item = item.strip()
            if item == "":
                return None
            if item.isascii() and item.isdigit():  # "0095" is 95; a long number is refused
                digits = item.lstrip("0") or "0"
                if len(digits) <= 3:
                    item = int(digits)
        if item is None:
            return None
        if not is_int(item) or not 0 <= item <= self.most:
            raise ValidationError(self.error_messages["number"], code="number",
                                  params={"most": self.most})
        return item


class SideField(CopiedQuickly, forms.ChoiceField):
    """A side (or a trump)."""


class YesField(CopiedQuickly, forms.BooleanField):
    """A tick box (true or false in JSON)."""


class MatchIdField(CopiedQuickly, forms.IntegerField):
    """The id of a match."""


REVOKE_IGNORES = ("points", "flag", "tie", "tricks", "trump", "last_trick", "queen_of_hearts")


class DealForm(forms.Form):
    """One deal, as the referee page posts it and as the API takes it in JSON (the same
    fields): one side's card points, the other side left blank, or a flag, 60-60 or a revoke;
    and, when the match's rules give a bonus, the side that took it.

    `rules` are the match's (the classic game's when not given): they set the pack's card
    points (120, or 240 with the double pack) and which bonus sides are asked for.
    """

    points = PairField(label=_("Card points (A, B)"), most=DEAL_POINTS)
    flag = SideField(label=_("Flag (all ten tricks)"), choices=SIDE_CHOICES, required=False)
    revoke = SideField(label=_("Revoke by"), choices=SIDE_CHOICES, required=False)
    tricks = PairField(label=_("Tricks (A, B)"), most=TRICKS)
    trump = SideField(label=_("Trump"), choices=[("", "—"), *Deal.TRUMPS], required=False)
    tie = YesField(label=_("60-60"), required=False)
    last_trick = SideField(label=_("Last trick"), choices=SIDE_CHOICES, required=False)
    queen_of_hearts = SideField(label=_("Queen of Hearts"), choices=SIDE_CHOICES,
                                required=False)

    def __init__(self, data=None, *args, rules: engine.Rules | None = None, **kwargs):
        if data is not None and data.get("revoke"):
            data = data.copy()  # a revoke's deal ignores the rest of what was sent (docs/api.md)
            for name in REVOKE_IGNORES:
                data.pop(name, None)
        super().__init__(data, *args, **kwargs)
        self.rules = rules or engine.rules_from()
        points = self.fields["points"]
        points.most = points.widget.attrs["max"] = self.rules.pack.points
        # The bonuses these rules give: (field, its card points), each asked with one tap.
        self.bonuses = [(self[bonus.entry], value) for bonus in BONUSES
                        if (value := getattr(self.rules, bonus.rule))]

    @property
    def tie_text(self) -> str:
        """The tie's button: "60-60", "120-120" with the double pack."""
        half = self.rules.pack.points // 2
        return f"{half}-{half}"

    @classmethod
    def for_match(cls, match, *args, **kwargs) -> "DealForm":
        return cls(*args, rules=engine.rules_from(overrides=match.rules), **kwargs)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        sides = self._bonus_sides(data)
        if self.errors:
            return data
        try:
            self.deal = engine.deal_entered(
                data["points"], flag=data.get("flag") or None, revoke=data.get("revoke") or None,
                tricks=data["tricks"], tie=data.get("tie", False), deck=self.rules.deck, **sides)
        except engine.SuecaError as error:
            raise ValidationError(engine_message(error)) from error
        self.trump = data.get("trump") or ""
        return data

    def _bonus_sides(self, data) -> dict:
        """The side named for each bonus (or told by a flag: engine.bonus_sides); an error at a
        bonus left out while these rules give it, or named while they do not. A revoke names
        none."""
        if data.get("revoke"):
            return {}
        sides = engine.bonus_sides(self.rules, flag=data.get("flag") or None,
                                   last_trick=data.get("last_trick") or None,
                                   queen_of_hearts=data.get("queen_of_hearts") or None)
        for bonus in BONUSES:
            value, side = getattr(self.rules, bonus.rule), sides[bonus.entry]
            if value and side is None:
                self.add_error(bonus.entry, _(bonus.missing) % {"bonus": value})
            elif not value and side is not None:
                self.add_error(bonus.entry, _(bonus.unwanted))
        return sides

    @classmethod
    def from_deal(cls, deal: dict, trump: str = "") -> dict:
        """Initial data for re-showing a recorded deal (conformance shape) in this form."""
        return {"trump": trump, "points": deal.get("points"), "tricks": deal.get("tricks"),
                **{name: deal.get(name, "") for name in ("flag", "revoke", "last_trick",
                                                         "queen_of_hearts")}}


class ApiDealForm(DealForm):
    """A deal posted to the API: the page's fields in a JSON object, and two of the API's own."""

    match = MatchIdField(required=False, min_value=1, max_value=MAX_ID)
    confirmed = YesField(required=False)  # the other side confirmed it on the phone
    API_ONLY = ("match", "confirmed")  # no page shows them: a refusal names them as JSON does

    @classmethod
    def from_body(cls, body: bytes, rules: engine.Rules | None = None) -> "ApiDealForm":
        """The form bound to a JSON body (for a match with these `rules`); ``ScoringRefused``
        when the body is not one object of the form's fields (a misspelt field must not be
        ignored)."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError) as exc:  # bad bytes, deep nesting
            raise ScoringRefused(NOT_ONE_DEAL) from exc
        if not isinstance(data, dict):
            raise ScoringRefused(NOT_ONE_DEAL)
        for key in data:
            if key not in cls.base_fields:
                raise ScoringRefused(_("Unknown entry %(key)s in a deal.") % {"key": key})
        if data.get("revoke"):  # the rest of the deal is ignored, whatever it holds
            data = {key: value for key, value in data.items() if key not in REVOKE_IGNORES}
        # JSON has types where a form post has text: "no" must not read as true, nor 1.0 as 1.
        for name in ("tie", "confirmed"):
            if type(data.get(name, False)) is not bool:
                raise ScoringRefused(_("%(field)s must be true or false.") % {"field": name})
        if data.get("match") is not None and type(data["match"]) is not int:
            raise ScoringRefused(_("match must be the id of a match."))
        for name, field in cls.base_fields.items():  # a refusal quotes `true` as JSON has it
            value = data.get(name)
            if isinstance(field, forms.ChoiceField) and not isinstance(value, str | None):
                data[name] = json.dumps(value)
        return cls(data, rules=rules)

    def refusal(self) -> str:
        """Every error, each named by its field, in one line."""
        return " ".join(" ".join(errors) if name == NON_FIELD_ERRORS else
                        f"{name if name in self.API_ONLY else self[name].label}: "
                        f"{' '.join(errors)}" for name, errors in self.errors.items())


class KeyForm(forms.Form):
    """The idempotency key a referee write carries, made once per confirmation screen."""

    key = forms.UUIDField(widget=forms.HiddenInput)
    # The match the screen was made for: a table's link moves on to its next match (or a
    # redrawn round's), and a screen left open must never write to that one.
    match = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1,
                               max_value=MAX_ID)

    @staticmethod
    def new_key() -> str:
        return str(uuid.uuid4())


class UndoForm(KeyForm):
    """The undo a referee's screen offers: the version of the match it showed, so that a deal
    saved meanwhile (on another phone) is never the one taken back."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)


class RefereeWriteForm(KeyForm, DealForm):
    """A deal as the referee page saves it: with its idempotency key and the version seen."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)


class ResultConfirmForm(forms.Form):
    """The result a referee's screen asks the losing side to confirm: its match and version."""

    match = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_ID)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_ID)


class FirstDealerForm(forms.Form):
    """Who dealt first, by seat (0-3, or 0-7 with the double pack: the service checks which),
    the match the screen was made for (a table's link moves on to its next match) and the
    deals it showed (its buttons name who deals after them)."""

    seat = forms.IntegerField(min_value=0, max_value=7)
    match = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1,
                               max_value=MAX_ID)
    played = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0,
                                max_value=MAX_ID)
