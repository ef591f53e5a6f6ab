"""The new-tournament form names, on each fieldset and setting, the structures that read it
(data-structures, for static/js/tournament-form.js to show only the chosen structure's); a
fieldset with an error names none, so it shows whatever the structure. Without the script
every setting shows and is posted: each structure is still created from the whole form.

What each structure reads (services.draws, services.double, services.league, selectors):
  knockout  the draw, the third-place match
  groups    the draw, the third-place match (its knockout), the groups, the round robin's
            legs, the points, the tie-break chain and the deciding match
  rounds    the draw (a Swiss's first round), the pairing, rounds and rematches, the legs (a
            round robin), the points and the bye, the chain and the deciding match
  double    the draw, the bracket reset
  league    the draw (its fixtures), the days between matchdays, the legs, the points, the
            chain and the deciding match
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import formats
from tournaments import services as tournament_services
from tournaments.models import Pairing, Tournament

ROOT = Path(__file__).resolve().parents[2]
STRUCTURES = ("knockout", "groups", "rounds", "double", "league")
RANKED = {"groups", "rounds", "league"}

# Every fieldset of a structure's settings: the structures that read any of them.
FIELDSETS = {
    "Knockout and the draw": set(STRUCTURES),
    "Double elimination": {"double"},
    "Groups, then knockout": {"groups"},
    "Rounds: Swiss or round robin": {"rounds"},
    "League over weeks": {"league"},
    "Round robin, groups and leagues": RANKED,
    "Points and ranking (groups, rounds and leagues)": RANKED,
}
# Each setting: the structures that read it.
SETTINGS = {
    "draw": set(STRUCTURES),
    "third_place": {"knockout", "groups"},
    "bracket_reset": {"double"},
    "groups_count": {"groups"}, "qualifiers_per_group": {"groups"}, "best_of_next": {"groups"},
    "pairing": {"rounds"}, "rounds_count": {"rounds"}, "allow_rematches": {"rounds"},
    "matchday_interval": {"league"},
    "legs": RANKED,
    "points_win": RANKED, "points_loss": RANKED, "points_draw": RANKED, "points_no_show": RANKED,
    "bye_result": {"rounds"},
    **{f"tie_break_{n}": RANKED for n in range(1, len(formats.CRITERIA) + 1)},
    "deciding_scope": RANKED, "deciding_type": RANKED, "deciding_length": RANKED,
}
ALWAYS = {"name", "place", "starts_on", "ends_on", "tables_count", "structure", "walkover_games",
          "auto_advance", "confirmation", "preset", "format_type", "target", "to_win", "deals",
          "extra_deals"}


def url(club):
    return f"/manage/{club.slug}/tournaments/"


class Settings(HTMLParser):
    """Each form control's name with the structures of the elements around it that name some
    (None: no element around it does), and each fieldset's legend with its own."""

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, set[str] | None]] = []  # (tag, its structures)
        self.controls: dict[str, list[set[str] | None]] = {}
        self.fieldsets: dict[str, set[str] | None] = {}
        self.legend: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        named = attrs.get("data-structures")
        structures = set(named.split()) if named is not None else None
        if tag in ("input", "select", "textarea"):
            if attrs.get("type") not in ("hidden", "submit"):
                self.controls.setdefault(attrs["name"], []).append(self._around() if structures
                                                                   is None else structures)
            return
        self.open.append((tag, structures))
        if tag == "legend":
            self.legend = ""

    def handle_endtag(self, tag):
        if tag == "legend" and self.legend is not None:
            fieldset = next(s for t, s in reversed(self.open[:-1]) if t == "fieldset")
            self.fieldsets[self.legend.strip()] = fieldset
            self.legend = None
        if any(t == tag for t, _s in self.open):  # void elements (<br>) are never closed
            while self.open.pop()[0] != tag:
                pass

    def handle_data(self, data):
        if self.legend is not None:
            self.legend += data

    def _around(self) -> set[str] | None:
        """What the innermost element naming structures allows: the chosen structure must be
        in every enclosing one's, so the intersection of all of them."""
        named = [s for _tag, s in self.open if s is not None]
        return set.intersection(*named) if named else None


def read(html: str) -> Settings:
    parser = Settings()
    form = re.search(r"<form method=\"post\">.*?</form>", html, re.S).group(0)
    parser.feed(form)
    return parser


def test_each_fieldset_and_setting_names_the_structures_that_read_it(organiser_client, club):
    page = read(organiser_client.get(url(club)).content.decode())
    for legend, structures in FIELDSETS.items():
        assert page.fieldsets[legend] == structures, legend
    assert page.fieldsets["The event"] is None and page.fieldsets["Running it"] is None
    assert page.fieldsets["Structure"] is None
    for name, structures in SETTINGS.items():
        assert set(map(frozenset, page.controls[name])) == {frozenset(structures)}, name
    for name in page.controls.keys() - SETTINGS.keys():  # the event, rules, format, running it
        assert page.controls[name] == [None] * len(page.controls[name]), name
    assert page.controls.keys() >= ALWAYS
    assert {value for value, _label in Tournament.Structure.choices} == set(STRUCTURES)


def test_the_script_is_on_the_page_and_the_mapping_only_in_python(organiser_client, club):
    html = organiser_client.get(url(club)).content.decode()
    assert re.search(r'<script type="module" src="/static/js/tournament-form\.js[^"]*">', html)
    script = (ROOT / "static" / "js" / "tournament-form.js").read_text()
    for structure in STRUCTURES:  # the JS knows no structure by name: the page tells it
        assert f'"{structure}"' not in script and f"'{structure}'" not in script


@pytest.fixture
def whole_form(organiser_client, club):
    """What a browser without the script posts: every setting of every structure, as the
    form shows them, a few changed (a seeded draw, a third-place match, 3 Swiss rounds,
    matchdays a fortnight apart, two legs, a bye counted as a draw)."""
    form = organiser_client.get(url(club)).context["form"]
    data = {}
    for field in form:
        value = field.value()
        if value is None and hasattr(field.field, "choices"):  # a select sends its first
            value = next(iter(field.field.choices))[0]
        if value is True:
            data[field.name] = "on"
        elif value is not False and value is not None:
            data[field.name] = str(value)
    assert SETTINGS.keys() - {"third_place", "allow_rematches"} <= data.keys()  # unticked: unsent
    return {**data, "name": "Taça de Outono", "draw": "seeded", "third_place": "on",
            "rounds_count": "3", "matchday_interval": "14", "legs": "2", "bye_result": "draw"}


READS = {  # what each structure keeps of the whole form
    "knockout": {"draw": "seeded", "third_place": True},
    "groups": {"draw": "seeded", "third_place": True, "groups_count": 2,
               "qualifiers_per_group": 2, "legs": 2, "points_win": 3},
    "rounds": {"draw": "seeded", "pairing": "swiss", "rounds_count": 3, "bye_result": "draw",
               "points_win": 3},
    "double": {"draw": "seeded", "bracket_reset": True},
    "league": {"draw": "seeded", "matchday_interval": 14, "legs": 2, "points_win": 3},
}


@pytest.mark.parametrize("structure", STRUCTURES)
def test_without_the_script_the_whole_form_creates_each_structure(organiser_client, club,
                                                                  whole_form, structure):
    response = organiser_client.post(url(club), {**whole_form, "structure": structure})
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    assert tournament.structure == structure
    assert {name: getattr(tournament, name) for name in READS[structure]} == READS[structure]
    assert tournament.tie_breaks == list(formats.default_chain("first_to"))


def test_a_fieldset_with_an_error_names_no_structure_so_it_shows(organiser_client, club,
                                                                   whole_form):
    """A knockout posted with the groups' count emptied and a bad bye: their fieldsets (and
    the bye's own box) show, whatever the structure; the others still name theirs."""
    response = organiser_client.post(url(club), {**whole_form, "structure": "knockout",
                                                 "groups_count": "", "bye_result": "never"})
    assert response.status_code == 200 and not Tournament.objects.exists()
    page = read(response.content.decode())
    assert page.fieldsets["Groups, then knockout"] is None
    assert page.controls["groups_count"] == [None]
    assert page.controls["qualifiers_per_group"] == [None]  # the whole fieldset shows
    assert page.fieldsets["Points and ranking (groups, rounds and leagues)"] is None
    assert page.controls["bye_result"] == [None]
    assert page.fieldsets["Rounds: Swiss or round robin"] == {"rounds"}
    assert page.fieldsets["Knockout and the draw"] == set(STRUCTURES)
    assert page.controls["third_place"] == [{"knockout", "groups"}]


def test_a_chain_error_keeps_the_points_fieldset_shown(organiser_client, club, whole_form):
    response = organiser_client.post(url(club), {**whole_form, "structure": "knockout",
                                                 "tie_break_1": "lots", "tie_break_2": "points"})
    assert response.status_code == 200
    assert read(response.content.decode()).fieldsets[
        "Points and ranking (groups, rounds and leagues)"] is None


# What the mapping says that is not obvious from the fieldsets' names, played out.

def seeded(club, structure: str, size: int, **options) -> Tournament:
    tournament = make_tournament(club, size, structure, draw="seeded", **options)
    for number, entry in enumerate(tournament.entries.order_by("id"), start=1):
        tournament_services.entry_update(entry=entry, seed=number)
    tournament_services.tournament_start(tournament=tournament)
    return tournament


def first_round(tournament: Tournament) -> set[frozenset]:
    seed = dict(tournament.entries.values_list("pk", "seed"))
    return {frozenset((seed[p.a_id], seed.get(p.b_id)))
            for p in Pairing.objects.filter(round__tournament=tournament, round__number=1)}


def test_a_swiss_reads_the_draw_for_its_first_round(club):
    swiss = seeded(club, "rounds", 8, pairing="swiss", rounds_count=3)
    assert first_round(swiss) == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}


def test_a_league_reads_the_draw_for_its_fixtures(club):
    league = seeded(club, "league", 6)
    assert first_round(league) == {frozenset(p) for p in formats.matchdays(6)[0]
                                   if p[1] is not None}


@pytest.mark.parametrize(("structure", "options", "kept"), [
    ("rounds", {"pairing": "swiss", "rounds_count": 2}, True),
    ("rounds", {"pairing": "round_robin"}, False),
    ("league", {}, False),
    ("groups", {"groups_count": 1, "qualifiers_per_group": 2}, False),
])
def test_only_a_swiss_keeps_a_bye_for_its_result_to_count(club, structure, options, kept):
    tournament = make_tournament(club, 5, structure, **options)
    tournament_services.tournament_start(tournament=tournament)
    byes = Pairing.objects.filter(round__tournament=tournament, b=None)
    assert byes.exists() is kept



def test_the_bye_setting_says_a_round_robin_reads_it_not(organiser_client, club):
    """The setting shows for every structure of rounds, round robin too, which has no byes:
    it says so, as the Swiss's number of rounds does."""
    page = organiser_client.get(f"/manage/{club.slug}/tournaments/").content.decode()
    assert ("Swiss only: in a round robin with an odd number of partnerships one sits out each "
            "round, which counts for nothing.") in page
