"""The forms of sign-up and check-in: the public sign-up, a name correction, a lost private
link, the organiser's settings and confirmation of who signed up."""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from sueca_club.forms import DateTimeInput
from sueca_club.models import Player
from sueca_club.services import lookalike_key, name_key
from tournaments.registration.models import Registration

NAME_LENGTH = Player._meta.get_field("name").max_length
PHONE = re.compile(r"\+?[0-9][0-9 ().-]{5,24}")
HONEYPOT = "website"


class NamesForm(forms.Form):
    """The players' names: two, or four for a double-pack tournament (`players`)."""

    name_1 = forms.CharField(label=_("First player"), max_length=NAME_LENGTH,
                             widget=forms.TextInput(attrs={"autocomplete": "name"}))
    name_2 = forms.CharField(label=_("Second player"), max_length=NAME_LENGTH,
                             widget=forms.TextInput(attrs={"autocomplete": "off"}))
    name_3 = forms.CharField(label=_("Third player"), max_length=NAME_LENGTH,
                             widget=forms.TextInput(attrs={"autocomplete": "off"}))
    name_4 = forms.CharField(label=_("Fourth player"), max_length=NAME_LENGTH,
                             widget=forms.TextInput(attrs={"autocomplete": "off"}))

    def __init__(self, *args, players: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        for number in range(players + 1, 5):
            del self.fields[f"name_{number}"]

    @property
    def names(self) -> list[str]:
        return [self.cleaned_data[name] for name in self.fields if name.startswith("name_")]


class SignUpForm(NamesForm):
    contact = forms.CharField(
        label=_("Phone or email (optional)"), max_length=120, required=False,
        help_text=_("Only the organiser sees it, to reach you about this tournament."),
        widget=forms.TextInput(attrs={"autocomplete": "email", "inputmode": "email"}))
    # Left empty by people (it is hidden from them); filled by the robots that fill everything.
    website = forms.CharField(required=False, label=_("Leave this empty"), widget=forms.TextInput(
        attrs={"autocomplete": "off", "tabindex": "-1"}))

    def clean_contact(self):
        contact = self.cleaned_data["contact"].strip()
        if not contact:
            return ""
        if "@" in contact:
            try:
                validate_email(contact)
            except ValidationError as bad:
                if not contact.rpartition("@")[0].isascii():
                    raise ValidationError(_("An email address has no accents before the @: "
                                            "write joao@…, not joão@….")) from bad
                raise ValidationError(_("This email address does not look right.")) from bad
        elif not PHONE.fullmatch(contact):
            raise ValidationError(_("Give a phone number (digits, spaces and +) or an email "
                                    "address."))
        return contact

    @property
    def is_robot(self) -> bool:
        return bool(self.data.get(HONEYPOT, ""))


class LinkRecoveryForm(forms.Form):
    email = forms.EmailField(label=_("Email address you signed up with"), max_length=120,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))


class PlayersForm(forms.Form):
    """The organiser says who signed up: for each name that is already a club player's, that
    player or someone else, with a name that tells them apart."""

    SAME, OTHER = "same", "other"

    def __init__(self, data=None, *, names: list[str], namesakes: dict[str, Player], **kwargs):
        super().__init__(data, **kwargs)
        self.typed = names
        self.namesakes = {seat: namesakes[name_key(name)]
                          for seat, name in enumerate(names, start=1)
                          if name_key(name) in namesakes}
        for seat, player in self.namesakes.items():
            self.fields[f"who_{seat}"] = forms.ChoiceField(
                label=names[seat - 1], widget=forms.RadioSelect,
                choices=[(self.SAME, _("The club's player %(name)s") % {"name": player.name}),
                         (self.OTHER, _("Someone else, called:"))])
            self.fields[f"name_{seat}"] = forms.CharField(
                label=_("Name of someone else"), max_length=NAME_LENGTH, required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off",
                                              "aria-label": _("Name of someone else")}))

    def clean(self):
        data = super().clean()
        for seat, player in self.namesakes.items():
            if data.get(f"who_{seat}") != self.OTHER:
                continue
            if lookalike_key(data.get(f"name_{seat}", "")) in ("", lookalike_key(player.name)):
                self.add_error(f"name_{seat}", _("Give a name that tells them apart from the "
                                                 "club's %(name)s.") % {"name": player.name})
        return data

    @property
    def clashes(self) -> list[tuple[Player, forms.BoundField, forms.BoundField]]:
        """For the page: each club player named on the sign-up, with its two fields."""
        return [(player, self[f"who_{seat}"], self[f"name_{seat}"])
                for seat, player in self.namesakes.items()]

    @property
    def names(self) -> list[str]:
        """The names the club will know the players by."""
        return [self._name(seat, typed) for seat, typed in enumerate(self.typed, start=1)]

    def _name(self, seat: int, typed: str) -> str:
        if seat not in self.namesakes:
            return typed
        if self.cleaned_data[f"who_{seat}"] == self.SAME:
            return self.namesakes[seat].name
        return self.cleaned_data[f"name_{seat}"]


def _label(name: str):
    return capfirst(Registration._meta.get_field(name).verbose_name)


class RegistrationForm(forms.Form):
    """The organiser's settings of the public sign-up and the check-in."""

    open = forms.BooleanField(label=_label("open"), required=False)
    cap = forms.IntegerField(label=_label("cap"), required=False, min_value=1, max_value=999,
                             help_text=Registration._meta.get_field("cap").help_text,
                             widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    approval = forms.TypedChoiceField(
        label=_("New sign-ups"), widget=forms.RadioSelect, initial="no",
        choices=[("no", _("Accept at once while there is room")),
                 ("yes", _("I approve each sign-up"))],
        coerce=lambda value: value == "yes")
    closes_at = forms.DateTimeField(label=_label("closes_at"), required=False,
                                    widget=DateTimeInput())
    check_in_from = forms.DateTimeField(
        label=_label("check_in_from"), required=False, widget=DateTimeInput(),
        help_text=Registration._meta.get_field("check_in_from").help_text)

    @classmethod
    def of(cls, registration: Registration, data=None) -> "RegistrationForm":
        return cls(data, initial={
            "open": registration.open, "cap": registration.cap,
            "approval": "yes" if registration.approval else "no",
            "closes_at": registration.closes_at, "check_in_from": registration.check_in_from})
