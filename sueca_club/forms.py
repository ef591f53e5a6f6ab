"""Organiser forms for the club registry. They validate; the services in services.py write."""

from django import forms
from django.contrib.auth import get_user_model
from django.forms.models import ModelChoiceIterator
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from sueca_club import services, zones
from sueca_club.models import Club, Partnership, Player

NO_NAME = _("Write a name that can be read: this one shows nothing.")
# Django's own words that its Portuguese catalogue says wrongly ("Esse valor não se encontra
# opções disponíveis", a word missing; "utilizador e password", an English word beside the
# form's "Palavra-passe"), for the project's catalogue, which comes first, to say right: marked
# here so that `make messages` keeps them.
DJANGO_WORDS = [gettext_noop("Select a valid choice. That choice is not one of the available "
                             "choices."),
                gettext_noop("Please enter a correct %(username)s and password. Note that both "
                             "fields may be case-sensitive.")]


class DateInput(forms.DateInput):
    """A browser's date picker. Its value is always ISO 8601 (2026-11-13): the language's own
    format (13/11/2026 in Brazil) is not a value the picker takes, so the field showed empty
    and a save cleared the date."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class DateTimeInput(forms.DateTimeInput):
    """A browser's date and time picker, its value in ISO 8601 like DateInput's."""

    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class ByNameIterator(ModelChoiceIterator):
    """A choice of players or partnerships in the order people read names (services.by_name):
    the database's order puts "José" before "João"."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for obj in services.by_name(self.queryset):
            yield self.choice(obj)


class ByNameChoiceField(forms.ModelChoiceField):
    iterator = ByNameIterator


class NameField(forms.CharField):
    """A name as services.person_name keeps it: single spaces, no line break (which no email
    subject naming it could carry), nothing invisible. Checked as typed (its length, a NUL),
    then kept so; one with nothing visible is no name."""

    def clean(self, value):
        name = services.person_name(super().clean(value))
        if self.required and not name:
            raise forms.ValidationError(self.error_messages["required"], code="required")
        return name


class ClubForm(forms.ModelForm):
    """A new club, or a club's settings."""

    class Meta:
        model = Club
        fields = ["name", "town", "default_preset", "time_zone"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].required = False  # a form from before there was a zone

    def clean_time_zone(self):
        return self.cleaned_data["time_zone"] or zones.site_zone()

    def clean_name(self):
        name = services.person_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(NO_NAME)
        return name


class InvitationForm(forms.Form):
    """The address to invite as an organiser. Checked only for being an email address: the
    answer is the same whether it has an account here or not (sueca_club/invitations.py)."""

    email = forms.EmailField(label=_("Their email"), max_length=254,
                             help_text=_("They get a link to accept. Nobody joins the club "
                                         "until they do."))

    def clean_email(self):
        return get_user_model().objects.normalize_email(self.cleaned_data["email"].strip())


class PlayerForm(forms.Form):
    """A new player's name, or a new name for `player`."""

    name = forms.CharField(label=_("Name"), max_length=services.NAME_LENGTH)

    def __init__(self, *args, club: Club, player: Player | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.club, self.player = club, player

    def clean_name(self):
        name = services.person_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(NO_NAME)
        same = services.player_called(self.club, name)
        # A name only a public sign-up's player has is free to add: player_add takes it in.
        signed_up = same is not None and same.provisional and self.player is None
        if same is not None and same != self.player and not signed_up:
            raise forms.ValidationError(
                _("This club already has a player called “%(name)s”."), params={"name": same.name})
        return name


class PlayerEditForm(PlayerForm):
    """A player's name, and where and whether they are emailed their tables and results."""

    email = forms.EmailField(label=_("Email"), required=False,
                             help_text=_("For their table when a round is drawn and their "
                                         "results. Leave empty for no emails."))
    notify = forms.BooleanField(label=_("Send them their table and results by email"),
                                required=False)

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, player=player, **kwargs)
        self.fields["email"].initial = player.email
        self.fields["notify"].initial = player.notify


class PartnershipForm(forms.Form):
    player_1 = ByNameChoiceField(label=_("First player"), queryset=Player.objects.none())
    player_2 = ByNameChoiceField(label=_("Second player"), queryset=Player.objects.none())
    player_3 = ByNameChoiceField(
        label=_("Third player"), queryset=Player.objects.none(), required=False,
        help_text=_("Only for the double pack (8 players): a partnership of four."))
    player_4 = ByNameChoiceField(label=_("Fourth player"), queryset=Player.objects.none(),
                                 required=False)
    name = Partnership._meta.get_field("name").formfield(form_class=NameField)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        players = club.players.active()
        for seat in services.PLAYERS:
            self.fields[seat].queryset = players

    def clean(self):
        data = super().clean()
        chosen = [data.get(seat) for seat in services.PLAYERS]
        if bool(chosen[2]) != bool(chosen[3]):
            raise forms.ValidationError(
                _("A partnership is two players, or four for the double pack: choose both the "
                  "third and the fourth player, or neither."))
        players = [player for player in chosen if player]
        if chosen[0] and chosen[1]:
            four = len(players) == 4
            if len(set(players)) != len(players):
                raise forms.ValidationError(
                    _("A partnership of four needs four different players.") if four
                    else _("A partnership needs two different players."))
            existing = services.partnership_existing(self.club, players)
            if existing is not None and not existing.provisional:  # a sign-up's: taken in
                raise forms.ValidationError(
                    _("These four already play together as “%(name)s”.") if four
                    else _("These two already play together as “%(name)s”."),
                    params={"name": existing.display_name})
        data["players"] = players
        return data


class PartnershipNameForm(forms.Form):
    name = Partnership._meta.get_field("name").formfield(form_class=NameField)


class BulkPartnershipsForm(forms.Form):
    text = forms.CharField(
        label=_("Partnerships, one a line"), widget=forms.Textarea(attrs={"rows": 10}),
        max_length=20_000,
        help_text=_("Like “Ana Silva & Bruno Costa”. Between the two names you may also use "
                    "+, /, “ - ” or “ e ”. Players are reused when the name matches "
                    "(capitals do not count)."),
    )
