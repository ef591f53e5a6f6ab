"""Organiser forms of a tournament: set-up, registration, seeds and swaps."""

import datetime
from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import engine
from scoring.forms.match import RulesFormatForm
from scoring.services import engine_message
from sueca_club.forms import ByNameIterator, DateInput, NameField
from sueca_club.models import MAX_ID, Partnership
from tournaments import formats, services
from tournaments.models import Pairing, Tournament
from tournaments.presenters import criterion_name
from tournaments.registration.models import SignUp

CHAIN_LENGTH = len(formats.CRITERIA)
STRUCTURE_FIELDS = {
    "knockout": ("draw", "third_place"),
    "groups": ("groups_count", "qualifiers_per_group", "best_of_next"),
    "rounds": ("pairing", "rounds_count", "allow_rematches"),
    "double": ("draw", "bracket_reset"),
    "league": ("matchday_interval",),
    "meetings": ("legs",),  # round robin rounds, groups and leagues
    "points": ("points_win", "points_loss", "points_draw", "points_no_show", "bye_result"),
}
# The tie-break chain and the deciding match: the points part's fieldset shows them too.
RANKING_FIELDS = ("tie_breaks", "deciding_scope", "deciding_type", "deciding_length")

_S = Tournament.Structure
RANKED = (_S.GROUPS, _S.ROUNDS, _S.LEAGUE)  # their standings decide who goes through or wins
# The structures that read each setting of STRUCTURE_FIELDS and RANKING_FIELDS: the
# new-tournament page shows a setting, and a part's fieldset, only while one of them is chosen
# (data-structures, static/js/tournament-form.js); the others keep what the form shows.
SETTING_STRUCTURES: dict[str, tuple[str, ...]] = {
    # The draw orders the field: a knockout's bracket, the groups (and their knockout's
    # redraw), a double's bracket, a Swiss's first round, a league's fixtures (services.draws
    # seeded_field). Not a round robin's rounds.
    "draw": (_S.KNOCKOUT, _S.GROUPS, _S.DOUBLE, _S.ROUNDS, _S.LEAGUE),
    "third_place": (_S.KNOCKOUT, _S.GROUPS),  # a double's places come from its bracket
    "groups_count": (_S.GROUPS,), "qualifiers_per_group": (_S.GROUPS,),
    "best_of_next": (_S.GROUPS,),
    "pairing": (_S.ROUNDS,), "rounds_count": (_S.ROUNDS,), "allow_rematches": (_S.ROUNDS,),
    "bracket_reset": (_S.DOUBLE,),
    "matchday_interval": (_S.LEAGUE,),
    "legs": RANKED,  # the round robins: of the groups, of rounds, of a league
    # A knockout's and a double's standings decide nothing: the bracket does.
    **dict.fromkeys(("points_win", "points_loss", "points_draw", "points_no_show"), RANKED),
    # Only a Swiss keeps its byes: in a round robin (groups, a league) one sits out a round.
    "bye_result": (_S.ROUNDS,),
    # A deciding match settles groups, rounds and a league (selectors.settled_by_deciding).
    **dict.fromkeys(RANKING_FIELDS, RANKED),
}


def structures_reading(*names: str) -> str:
    """The structures that read any of these settings, space-separated, in the form's order."""
    return " ".join(structure for structure, _label in _S.choices
                    if any(structure in SETTING_STRUCTURES[name] for name in names))


@dataclass(frozen=True)
class Part:
    """A fieldset of the new-tournament form. `structures`: those that read any of its
    settings; `fields`: its settings, each with the structures that read it when fewer
    (else ""); both space-separated for data-structures. `errors`: has any of them an error
    (the page then shows the fieldset whatever the structure)."""

    structures: str
    fields: list[tuple[forms.BoundField, str]]
    errors: bool


def criterion_label(code: str) -> str:
    """A criterion's name where it starts a label or a sentence ("Points", "Lots")."""
    return capfirst(criterion_name(code))


def _label(name: str):
    return capfirst(Tournament._meta.get_field(name).verbose_name)


FIRST_DAY, LAST_DAY = datetime.date(2000, 1, 1), datetime.date(2199, 12, 31)


class EventDateField(forms.DateField):
    """A day a tournament or a match is played: this century or the next two (a league's
    season counted from the year 9999 would run off the calendar)."""

    widget = DateInput(attrs={"min": FIRST_DAY.isoformat(), "max": LAST_DAY.isoformat()})

    def validate(self, value):
        super().validate(value)
        if value and not FIRST_DAY <= value <= LAST_DAY:
            raise ValidationError(_("Give a date from %(first)s to %(last)s.")
                                  % {"first": FIRST_DAY.year, "last": LAST_DAY.year})


def _number(name: str, *, minimum: int = 0, maximum: int = 999, initial=None, **kwargs):
    return forms.IntegerField(label=_label(name), min_value=minimum, max_value=maximum,
                              initial=initial, **kwargs)


class TournamentDetailsForm(forms.Form):
    """A tournament's name, place and dates: what an organiser may change at any time."""

    name = NameField(label=_label("name"), max_length=120)
    place = NameField(label=_label("place"), max_length=120, required=False)
    starts_on = EventDateField(label=_label("starts_on"), required=False)
    ends_on = EventDateField(label=_label("ends_on"), required=False)

    def clean(self):
        starts, ends = self.cleaned_data.get("starts_on"), self.cleaned_data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The tournament cannot end before it starts."))
        return super().clean()


class StructureForm(forms.Form):
    """The settings that the number of partnerships must fit: the groups and how many go
    through, a Swiss's rounds. Chosen with the tournament (TournamentForm); until the start,
    the edit page of `tournament` changes those of its structure, for who came."""

    groups_count = _number("groups_count", minimum=1, maximum=26, initial=2)
    qualifiers_per_group = _number("qualifiers_per_group", minimum=1, maximum=4, initial=2,
                                   help_text=_("From 1 to 4; they meet crossed (1A v 2B, "
                                               "1B v 2A, ...)."))
    best_of_next = _number("best_of_next", maximum=25, initial=0, required=False,
                           help_text=_("For groups of unequal sizes, e.g. the two best "
                                       "third-placed teams: compared by points per match."))
    rounds_count = _number("rounds_count", minimum=1, maximum=50, initial=4,
                           help_text=_("Swiss only: a round robin plays until everyone has "
                                       "met."))
    allow_rematches = forms.BooleanField(
        label=_label("allow_rematches"), required=False,
        help_text=_("Swiss only. Without it a Swiss may have at most one round fewer than "
                    "its partnerships (as many rounds as partnerships when they are odd)."))

    def __init__(self, *args, tournament: Tournament | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        if tournament is not None:
            names = services.structure_settings(tournament)
            self.fields = {name: self.fields[name] for name in names}
            self.initial = {name: getattr(tournament, name) for name in names}

    def clean_best_of_next(self) -> int:
        return self.cleaned_data["best_of_next"] or 0  # optional: blank is none

    def clean(self):
        data = self.cleaned_data
        structure = self.tournament.structure if self.tournament else data.get("structure")
        groups, qualifiers = data.get("groups_count"), data.get("qualifiers_per_group")
        if (structure == Tournament.Structure.GROUPS and groups and qualifiers
                and groups * qualifiers < 2):
            self.add_error("qualifiers_per_group", _(
                "At least two partnerships must go through to the knockout."))
        return super().clean()


class TournamentForm(TournamentDetailsForm, StructureForm, RulesFormatForm):
    """A new tournament: its details, tables, rules, match format and structure.

    The settings of the structures not chosen are kept at what the form shows but play no
    part. The tie-break chain is one select per position, best first; blanks are skipped.
    """

    tables_count = _number("tables_count", minimum=1, maximum=200, initial=8,
                           help_text=_("Each table gets a QR card for the whole event."))
    # A fixed number of deals in a tournament is 8 or 12, so every player deals equally.
    deals = forms.TypedChoiceField(
        label=_("Number of deals"), required=False, coerce=int, empty_value=None,
        choices=[("8", _("8 deals")), ("12", _("12 deals"))],
        help_text=_("Fixed number of deals only."))

    structure = forms.ChoiceField(label=_label("structure"), choices=Tournament.Structure.choices,
                                  initial=Tournament.Structure.KNOCKOUT, widget=forms.RadioSelect)
    draw = forms.ChoiceField(
        label=_label("draw"), choices=Tournament.Draw.choices, initial=Tournament.Draw.RANDOM,
        help_text=_("Seeded: you number the partnerships on the tournament page, 1 the "
                    "strongest. By club rating: the club ladder's partnership ratings do it, "
                    "partnerships with no rating last. Either also forms the groups and the "
                    "first Swiss round."))
    third_place = forms.BooleanField(label=_label("third_place"), required=False)
    bracket_reset = forms.BooleanField(
        label=_label("bracket_reset"), required=False, initial=True,
        help_text=Tournament._meta.get_field("bracket_reset").help_text)
    pairing = forms.ChoiceField(label=_label("pairing"), choices=Tournament.Pairing.choices,
                                initial=Tournament.Pairing.SWISS)
    bye_result = forms.ChoiceField(
        label=_label("bye_result"), choices=Tournament.Bye.choices, initial=Tournament.Bye.WIN,
        required=False, help_text=_("Swiss only: in a round robin with an odd number of "
                                    "partnerships one sits out each round, which counts for "
                                    "nothing."))
    legs = forms.TypedChoiceField(label=_label("legs"), choices=Tournament.Legs.choices,
                                  coerce=int, initial=Tournament.Legs.ONCE, required=False,
                                  empty_value=None,
                                  help_text=_("Round robin, groups and leagues."))
    matchday_interval = _number("matchday_interval", minimum=1, maximum=60, initial=7,
                                required=False,
                                help_text=Tournament._meta.get_field("matchday_interval")
                                .help_text)
    points_win = _number("points_win", initial=3)
    points_loss = _number("points_loss", initial=1)
    points_draw = _number("points_draw", initial=2)
    points_no_show = _number("points_no_show", initial=0)
    walkover_games = forms.IntegerField(
        label=_label("walkover_games"), min_value=1, max_value=99, required=False,
        help_text=_("Leave blank for a full win in the match format (4-0 in a first to 4)."))
    auto_advance = forms.BooleanField(
        label=_label("auto_advance"), required=False, initial=True,
        help_text=_("Off: you draw each round from the tournament's page. A league ends its "
                    "season by itself after its last match; a double elimination sets each "
                    "match as soon as both its partnerships are known, whatever this says."))
    deciding_scope = forms.ChoiceField(
        label=_label("deciding_scope"), choices=Tournament.Deciding.choices,
        initial=Tournament.Deciding.QUALIFYING, required=False,
        help_text=Tournament._meta.get_field("deciding_scope").help_text)
    deciding_type = forms.ChoiceField(
        label=_label("deciding_format"), initial="first_to", required=False,
        choices=[("first_to", _("First to a number of games")),
                 ("fixed_deals", _("A number of deals, dealing on while level"))])
    deciding_length = forms.IntegerField(
        label=_("Games or deals of a deciding match"), min_value=1, max_value=99, initial=2,
        required=False, help_text=_("A deciding match needs a winner: 2 if blank."))
    confirmation = forms.ChoiceField(
        label=_label("confirmation"), choices=Tournament.Confirmation.choices, required=False,
        initial=Tournament.Confirmation.NONE,
        help_text=Tournament._meta.get_field("confirmation").help_text)

    field_order = ["name", "place", "starts_on", "ends_on", "tables_count"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", _("—"))] + [(code, criterion_label(code)) for code in formats.CRITERIA]
        defaults = list(formats.default_chain(self["format_type"].initial or "first_to"))
        for position in range(1, CHAIN_LENGTH + 1):
            self.fields[self.chain_name(position)] = forms.ChoiceField(
                label=(gettext("Rank by") if position == 1
                       else gettext("Then by (%(position)s)") % {"position": position}),
                choices=choices, required=False,
                initial=defaults[position - 1] if position <= len(defaults) else "")

    @staticmethod
    def chain_name(position: int) -> str:
        return f"tie_break_{position}"

    def chain_fields(self) -> list[forms.BoundField]:
        return [self[self.chain_name(position)] for position in range(1, CHAIN_LENGTH + 1)]

    @property
    def parts(self) -> dict[str, Part]:
        """The settings of each structure (and the points, with the tie-break chain and the
        deciding match), for the page to show together; a setting two structures share (the
        draw) shows with the first only. Each says which structures read it
        (SETTING_STRUCTURES), for the page's script to show only the chosen structure's."""
        shown: set[str] = set()
        parts = {}
        for part, names in STRUCTURE_FIELDS.items():
            names = [name for name in names if name not in shown]
            shown.update(names)
            every = names + list(RANKING_FIELDS if part == "points" else ())
            structures = structures_reading(*every)
            errors = (any(self[name].errors for name in every if name in self.fields)
                      or (part == "points" and any(f.errors for f in self.chain_fields())))
            parts[part] = Part(structures, [
                (self[name], "" if (own := structures_reading(name)) == structures else own)
                for name in names], errors)
        return parts

    def clean(self):
        data = self.cleaned_data
        data["tie_breaks"] = self._chain()
        data["deciding_format"] = self._deciding_format()
        if data.get("format_type") == "points" and data.get("walkover_games") is not None:
            self.add_error("walkover_games", _(
                "In Sueca de pontos a walkover is won by the target in card points, not by "
                "games: leave this blank."))
        return super().clean()

    def _deciding_format(self) -> dict | None:
        """The deciding match's format from its type and length (first to 2 by default)."""
        kind = self.cleaned_data.get("deciding_type") or "first_to"
        length = self.cleaned_data.get("deciding_length") or 2
        fmt = ({"type": kind, "target": length} if kind == "first_to"
               else {"type": kind, "deals": length, "extra_deals": True})
        try:
            return engine.format_from(fmt).as_dict()
        except engine.RulesError as error:
            self.add_error("deciding_length", engine_message(error))
            return None

    def _chain(self) -> list[str]:
        """The chosen criteria in order; each mistake is shown at the select that made it."""
        chain: list[str] = []
        for position in range(1, CHAIN_LENGTH + 1):
            name = self.chain_name(position)
            code = self.cleaned_data.get(name)
            if not code:
                continue
            if code in chain:
                self.add_error(name, _("%(criterion)s is already earlier in the chain.")
                               % {"criterion": criterion_label(code)})
            elif code not in formats.criteria_for(self.cleaned_data.get("format_type", "")):
                self.add_error(name, (_("%(criterion)s cannot separate anyone: a match of "
                                        "points has no games.") if code == "games_won" else
                                      _("%(criterion)s cannot separate anyone: a match of fixed "
                                        "deals or of points has no game sets."))
                               % {"criterion": criterion_label(code)})
            elif chain and chain[-1] == "lots":
                self.add_error(name, _("Drawing lots decides every tie, so it can only come last."))
            elif chain and chain[-1] == "deciding":
                self.add_error(name, _("A deciding match settles what is left of a tie, so it "
                                       "can only come last (and never with drawing lots)."))
            else:
                chain.append(code)
        if not chain and not any(self.has_error(f.name) for f in self.chain_fields()):
            self.add_error(self.chain_name(1), _("Choose at least one way to rank."))
        return chain

    def options(self) -> dict:
        """The keyword arguments of services.tournament_create besides the rules and format."""
        data = self.cleaned_data
        names = ["place", "starts_on", "ends_on", "tables_count", "auto_advance", "confirmation",
                 "tie_breaks", "deciding_format",
                 *dict.fromkeys(name for part in STRUCTURE_FIELDS.values() for name in part)]
        options = {name: data[name] for name in names}
        options["bye_result"] = options["bye_result"] or Tournament.Bye.WIN
        options["legs"] = options["legs"] or Tournament.Legs.ONCE
        options["matchday_interval"] = options["matchday_interval"] or 7
        options["deciding_scope"] = data["deciding_scope"] or Tournament.Deciding.QUALIFYING
        if data.get("walkover_games") is not None:
            options["walkover_games"] = data["walkover_games"]
        return options


class PartnershipChoices(forms.ModelMultipleChoiceField):
    iterator = ByNameIterator  # as the club page lists them

    def label_from_instance(self, obj: Partnership) -> str:
        return obj.display_name

    def clean(self, value):
        """Refuse ids past any column's range as invalid: SQLite cannot even look them up."""
        for pk in value if isinstance(value, list | tuple) else ():
            try:
                too_big = abs(int(pk)) > MAX_ID
            except (TypeError, ValueError):
                continue  # Django refuses it below
            if too_big:
                raise ValidationError(self.error_messages["invalid_pk_value"],
                                      code="invalid_pk_value", params={"pk": pk})
        return super().clean(value)


class RegisterForm(forms.Form):
    """The club's active partnerships (in its roster, not archived) not yet entered, to tick;
    not those whose sign-up awaits the organiser's approval or a place on the waiting list
    (the sign-ups page answers them, in their turn)."""

    partnerships = PartnershipChoices(label=_("Partnerships of the club"),
                                      queryset=Partnership.objects.none(),
                                      widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["partnerships"].queryset = (
            tournament.club.partnerships.active()
            .exclude(pk__in=tournament.entries.values("partnership_id"))
            .exclude(pk__in=tournament.signups.filter(
                status__in=(SignUp.Status.PENDING, SignUp.Status.WAITING),
                partnership__isnull=False).values("partnership_id"))
            .select_related("player_1", "player_2").order_by("id"))


class SeedForm(forms.Form):
    seed = forms.IntegerField(label=_("Seed"), min_value=1, max_value=999, required=False,
                              help_text=_("1 is the strongest; blank for no seed."))


class PostponeForm(forms.Form):
    """A league match moved to a later date (services.pairing_postpone says how much later)."""

    to = EventDateField(label=_("Postpone to"))
    reason = forms.CharField(label=_("Why (optional)"), max_length=200, required=False)


class WithdrawForm(forms.Form):
    """A partnership leaving mid-event, and why (kept in the tournament's log)."""

    reason = forms.CharField(label=_("Why (optional)"), max_length=200, required=False)


class CheckInForm(forms.Form):
    checked_in = forms.TypedChoiceField(choices=[("yes", "yes"), ("no", "no")],
                                        coerce=lambda value: value == "yes")


class SwapForm(forms.Form):
    """Two places of the current round, as "<pairing id>-<side>", to exchange. Not a bye's,
    a walkover's, nor the third-place match's, whose losers swap with no other match's
    (services.pairings_swap refuses them)."""

    first = forms.ChoiceField(label=_("Move"))
    second = forms.ChoiceField(label=_("with"))

    def __init__(self, *args, pairings: list[Pairing], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(f"{p.pk}-{side}", self._place(p, side, entry))
                   for p in pairings if not (p.is_bye or p.walkover or p.third_place)
                   for side, entry in (("A", p.a), ("B", p.b))]
        self.fields["first"].choices = self.fields["second"].choices = choices
        if len(choices) > 2:  # offered with a place of another match, not the same one twice
            self.fields["second"].initial = choices[2][0]
        self.pairings = {p.pk: p for p in pairings}

    @staticmethod
    def _place(pairing: Pairing, side: str, entry) -> str:
        where = (gettext("table %(number)s") % {"number": pairing.table.number}
                 if pairing.table else gettext("match %(number)s") % {"number": pairing.slot + 1})
        return f"{entry.partnership.display_name} ({where}, {side})"

    def clean(self):
        data = super().clean()
        first, second = data.get("first"), data.get("second")
        if first and second and first == second:
            raise forms.ValidationError(_("Pick two different places to swap."))
        if first and second:
            self.places = [(self.pairings[int(value.split("-")[0])], value.split("-")[1])
                           for value in (first, second)]
        return data
