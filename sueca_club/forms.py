"""Organiser forms for the club registry. They validate; the services in services.py write."""

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from sueca_club import services
from sueca_club.models import Club, Partnership, Player


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "town", "default_preset"]


class OrganiserForm(forms.Form):
    who = forms.CharField(label=_("Username or email"), max_length=254,
                          help_text=_("They need an account on this site already."))

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club

    def clean_who(self):
        who = self.cleaned_data["who"].strip()
        users = get_user_model().objects.filter(is_active=True)
        user = users.filter(username=who).first()
        if user is None:
            matches = list(users.filter(Q(username__iexact=who) | Q(email__iexact=who))[:2])
            if not matches:
                raise forms.ValidationError(
                    _("No account has the username or email “%(who)s”. Ask them to sign up "
                      "first, then add them here."), params={"who": who})
            if len(matches) > 1:
                raise forms.ValidationError(
                    _("More than one account matches “%(who)s”: type the exact username."),
                    params={"who": who})
            user = matches[0]
        if self.club.memberships.filter(user=user).exists():
            raise forms.ValidationError(_("%(user)s is already an organiser of this club."),
                                        params={"user": user.get_username()})
        self.user = user
        return who


class PlayerForm(forms.Form):
    """A new player's name, or a new name for `player`."""

    name = forms.CharField(label=_("Name"), max_length=services.NAME_LENGTH)

    def __init__(self, *args, club: Club, player: Player | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.club, self.player = club, player

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        same = services.players_by_name(self.club).get(services.name_key(name))
        if same is not None and same != self.player:
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
    player_1 = forms.ModelChoiceField(label=_("First player"), queryset=Player.objects.none())
    player_2 = forms.ModelChoiceField(label=_("Second player"), queryset=Player.objects.none())
    name = Partnership._meta.get_field("name").formfield()

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        players = club.players.filter(archived=False)
        self.fields["player_1"].queryset = players
        self.fields["player_2"].queryset = players

    def clean(self):
        data = super().clean()
        first, second = data.get("player_1"), data.get("player_2")
        if first and second:
            if first == second:
                raise forms.ValidationError(_("A partnership needs two different players."))
            if existing := services.partnership_existing(self.club, first, second):
                raise forms.ValidationError(
                    _("These two already play together as “%(name)s”."),
                    params={"name": existing.display_name})
        return data


class PartnershipNameForm(forms.Form):
    name = Partnership._meta.get_field("name").formfield()


class BulkPartnershipsForm(forms.Form):
    text = forms.CharField(
        label=_("Partnerships, one a line"), widget=forms.Textarea(attrs={"rows": 10}),
        max_length=20_000,
        help_text=_("Like “Ana Silva & Bruno Costa”. Between the two names you may also use "
                    "+, /, “ - ” or “ e ”. Players are reused when the name matches "
                    "(capitals do not count)."),
    )
