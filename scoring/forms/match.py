"""Organiser forms for a match: start a friendly match, correct or void one of its deals.

`RulesFormatForm` (rules and match format) is shared with the tournament set-up form.
"""

from dataclasses import fields

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import engine, services
from scoring.engine.deals import BONUSES
from scoring.forms.deal import DealForm
from scoring.models import Match
from scoring.services import engine_message
from sueca_club.forms import ByNameChoiceField
from sueca_club.models import PRESET_CHOICES, Club, Partnership, Player
from sueca_club.services import PLAYERS

FORMAT_FIELDS = ("format_type", "target", "to_win", "deals", "extra_deals")
AS_PRESET = ("", _("As the preset"))


def _revoke(value: str) -> int | str:
    return int(value) if value.isdigit() else value


class RulesFormatForm(forms.Form):
    """The rules (a preset and any option changed) and the match format, for any form to extend.

    A rule option left blank keeps the preset's value; a format option left blank keeps the
    format's default, and options that do not belong to the chosen format are ignored. A valid
    form has `rules` (engine.Rules) and `fmt` (engine.Format); the preset starts at the club's.
    """

    preset = forms.ChoiceField(label=_("Rules"), choices=PRESET_CHOICES)
    flag = forms.ChoiceField(label=_("A flag is"), required=False, choices=[
        AS_PRESET, ("tricks", _("all ten tricks")), ("points", _("any 120 card points"))])
    # The upper bounds keep every score within what the database stores (games up to 32767).
    flag_value = forms.IntegerField(label=_("A flag is worth (games)"), required=False,
                                    max_value=99)
    flag_wins_partida = forms.TypedChoiceField(
        label=_("A flag also wins the game set"), required=False, empty_value=None,
        coerce=lambda value: value == "yes",
        choices=[AS_PRESET, ("yes", _("yes")), ("no", _("no"))])
    double_from = forms.IntegerField(label=_("Two games from (card points)"), required=False)
    tie = forms.ChoiceField(label=_("60-60"), required=False, choices=[
        AS_PRESET, ("none", _("scores nothing")), ("carry", _("carries a game to the next deal"))])
    revoke = forms.TypedChoiceField(
        label=_("A revoke gives the other side"), required=False, empty_value=None,
        coerce=_revoke, choices=[AS_PRESET, ("2", _("2 games")), ("4", _("4 games")),
                                 ("partida", _("the game set")), ("match", _("the match"))])
    rotation = forms.ChoiceField(label=_("The deal passes"), required=False, choices=[
        AS_PRESET, ("counterclockwise", _("to the right (Portugal)")),
        ("clockwise", _("to the left (Brazil)"))])
    play = forms.ChoiceField(
        label=_("The cards are played"), required=False, choices=[
            ("", _("the standard way")),
            ("forced_trumping", _("with forced trumping (Sueca Italiana, obrigação)")),
            ("open_hands", _("with open hands (à descoberta)"))],
        help_text=_("Only so that players know what was played: the score does not change."))

    format_type = forms.ChoiceField(label=_("Match format"), choices=[
        ("first_to", _("First to a number of games")),
        ("partidas", _("Game sets (best of several)")),
        ("fixed_deals", _("A fixed number of deals")),
        ("points", _("Card points (Sueca de pontos)")),
    ])
    target = forms.IntegerField(
        label=_("Target"), required=False, max_value=1000,
        help_text=_("Games (4 if blank), or card points in Sueca de pontos (500 if blank)."))
    to_win = forms.IntegerField(label=_("Game sets to win"), required=False, max_value=9,
                                help_text=_("Game sets only; 2 if blank (best of three)."))
    deals = forms.IntegerField(label=_("Number of deals"), required=False, max_value=99,
                               help_text=_("Fixed number of deals only; 8 if blank. A multiple "
                                           "of 4 (of 8 with the double pack) lets every "
                                           "player deal equally."))
    extra_deals = forms.BooleanField(
        label=_("On a draw, deal on until one side is ahead"), required=False)

    def __init__(self, *args, club: Club, **kwargs):
        kwargs.setdefault("initial", {"preset": club.default_preset})
        super().__init__(*args, **kwargs)

    def rule_fields(self) -> list[forms.BoundField]:
        """The rule options, for the page to show together."""
        return [self[name] for name in RULE_OPTIONS]

    def format_fields(self) -> list[forms.BoundField]:
        """The match format and its options, for the page to show together."""
        return [self[name] for name in FORMAT_FIELDS]

    def format_options(self) -> list[tuple[forms.BoundField, str]]:
        """The format's options, each with the format types it belongs to (space-separated),
        for the page's script to show only the chosen type's (static/js/match-form.js)."""
        kinds = [kind for kind, _label in self.fields["format_type"].choices]
        owners = {kind: engine.format_from({"type": kind}).as_dict().keys() for kind in kinds}
        return [(self[name], " ".join(kind for kind in kinds if name in owners[kind]))
                for name in FORMAT_FIELDS if name != "format_type"]

    def clean(self):
        data = super().clean()
        try:
            if "preset" in data:
                overrides = {key: data[key] for key in RULE_OPTIONS
                             if data.get(key) not in (None, "")}
                self.rules = engine.rules_from(data["preset"], overrides)
            if kind := data.get("format_type"):
                options = engine.format_from({"type": kind}).as_dict().keys() - {"type"}
                self.fmt = engine.format_from({"type": kind, **{
                    key: data[key] for key in options if data.get(key) is not None}})
        except engine.RulesError as error:
            raise forms.ValidationError(engine_message(error)) from error
        return data


# The rule options the form offers (the games with other totals have none yet: they keep the
# preset's values).
RULE_OPTIONS = tuple(field.name for field in fields(engine.Rules)
                     if field.name in RulesFormatForm.base_fields)


class MatchForm(RulesFormatForm):
    """Who plays, the rules, the format and the first dealer of a friendly match."""

    a = ByNameChoiceField(label=_("Partnership A"), queryset=Partnership.objects.none())
    b = ByNameChoiceField(label=_("Partnership B"), queryset=Partnership.objects.none())
    first_dealer = ByNameChoiceField(
        label=_("First dealer"), queryset=Player.objects.none(),
        help_text=_("One of the players of the match."))
    confirm_by_opponent = Match._meta.get_field("confirm_by_opponent").formfield()
    # Sent by the "Start anyway" button, offered once the page has said who is in another
    # match in play (services.PlayersBusy).
    start_anyway = forms.BooleanField(required=False)

    field_order = ["a", "b", "first_dealer", "confirm_by_opponent"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, club=club, **kwargs)
        partnerships = club.partnerships.active().select_related(*PLAYERS)
        self.fields["a"].queryset = partnerships
        self.fields["b"].queryset = partnerships
        self.fields["first_dealer"].queryset = club.players.active()

    def players_of(self) -> dict[int, list[int]]:
        """Each partnership's players, for the page's script to offer only those who play
        as first dealer (clean() refuses anyone else)."""
        return {p.pk: [player.pk for player in p.players] for p in self.fields["a"].queryset}

    def clean(self):
        data = self.cleaned_data
        a, b, dealer = data.get("a"), data.get("b"), data.get("first_dealer")
        if a and b and a == b:
            self.add_error("b", _("Pick two different partnerships."))
        elif a and b and set(a.players) & set(b.players):
            self.add_error("b", _("A player cannot play on both sides."))
        elif a and b and dealer:
            # Side A at the even seats, B at the odd ones, each in its own seat order.
            seats = [player for pair in zip(a.players, b.players, strict=False)
                     for player in pair]
            if dealer in seats:
                self.seat = seats.index(dealer)
            else:
                self.add_error("first_dealer", (
                    _("The first dealer must be one of the eight players.") if len(seats) == 8
                    else _("The first dealer must be one of the four players.")))
        data = super().clean()
        if a and b and hasattr(self, "rules") and not self.errors:
            try:
                services.require_partnerships_fit(self.rules, [a, b])
            except services.ScoringRefused as refused:
                self.add_error("b", refused.message)
        return data


def _reason() -> forms.CharField:
    return forms.CharField(label=_("Reason"), max_length=500, help_text=_(
        "Kept in the match's history."), widget=forms.Textarea(attrs={"rows": 3}))


def _reset_later() -> forms.BooleanField:
    return forms.BooleanField(label=_("Yes, make these changes"), required=False)


class ReasonForm(forms.Form):
    """Why deals are voided or corrected, and the word to reset later matches under way."""

    reason = _reason()
    reset_later = _reset_later()


class RecordedDealForm(DealForm):
    """A deal as it should have been recorded. The trump stays as recorded; the side that took
    a bonus is asked only where the match's rules give that bonus."""

    trump = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        given = {field.name for field, _value in self.bonuses}
        for bonus in BONUSES:
            if bonus.entry not in given:
                del self.fields[bonus.entry]


class CorrectionForm(RecordedDealForm):
    """One deal as it should have been recorded, and why."""

    reason = _reason()
    reset_later = _reset_later()
