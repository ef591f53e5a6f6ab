"""axe-core in a real Chromium, at a phone's size: no serious or critical violation on any
main page. Each page is also saved as a screenshot in test-artifacts/screenshots/.

axe is run with `page.evaluate`, which the devtools protocol runs outside the page's
Content-Security-Policy (a <script> tag added by the test would be blocked, rightly).
"""

from pathlib import Path

import pytest

from scoring import engine
from tests.browser.conftest import NO_PLAYWRIGHT, log_in
from tests.conftest import make_match
from tests.tournaments.helpers import make_tournament, record
from tournaments import services as tournament_services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect

AXE = (Path(__file__).resolve().parent / "vendor" / "axe.min.js").read_text()
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((node) => node.target.join(" ")),
  }));
}"""
SERIOUS = {"serious", "critical"}


def violations(page) -> list[dict]:
    page.wait_for_load_state("load")
    if page.evaluate("typeof window.axe") == "undefined":
        page.evaluate(AXE)
    return [v for v in page.evaluate(RUN) if v["impact"] in SERIOUS]


class Audit:
    """Visits pages, screenshots each and collects axe's serious findings by page name."""

    def __init__(self, page, screenshot):
        self.page, self.screenshot, self.found = page, screenshot, {}

    def check(self, name: str, url: str | None = None) -> None:
        if url is not None:
            response = self.page.goto(url)
            assert response.status == 200, f"{name}: {url} answered {response.status}"
        self.screenshot(self.page, name)
        serious = violations(self.page)
        if serious:
            self.found[name] = serious

    def assert_clean(self) -> None:
        lines = []
        for name, serious in self.found.items():
            for v in serious:
                nodes = ", ".join(v["targets"][:5])
                lines.append(f"[{name}] {v['impact']} {v['id']}: {v['help']} -> {nodes}")
        assert not lines, "axe found serious or critical violations:\n" + "\n".join(lines)


@pytest.fixture
def audit(phone, screenshot):
    return Audit(phone, screenshot)



def running_tournament(club, size=4, structure="knockout", **options):
    tournament = make_tournament(club, size, structure, tables_count=2, **options)
    tournament_services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def test_public_pages(audit, club, match):
    record(match, {"points": [70, 50]})
    audit.check("home", "/")
    audit.check("club", f"/c/{club.slug}/")
    audit.check("club-tv", f"/c/{club.slug}/tv/")
    audit.check("ladder", f"/c/{club.slug}/ladder/")
    audit.check("scoreboard", f"/m/{match.pk}/")
    audit.assert_clean()


def test_the_referee_page_and_its_confirmation(audit, referee_link):
    page = audit.page
    audit.check("referee", f"/r/{referee_link.token}/")
    expect(page.locator("[data-pad]")).to_be_visible()
    for digit in "95":
        page.get_by_role("button", name=digit, exact=True).tap()
    page.get_by_role("button", name="Next: check the deal").tap()
    expect(page.get_by_role("heading", name="Check the deal")).to_be_visible()
    audit.check("referee-confirm")
    audit.assert_clean()


def test_login_and_signup(audit):
    audit.check("login", "/accounts/login/")
    audit.check("signup", "/accounts/signup/")
    audit.assert_clean()


def test_the_public_tournament_pages(audit, club, other_club):
    knockout = running_tournament(club)
    base = f"/t/{knockout.slug}/"
    for name, part in [("overview", ""), ("bracket", "bracket/"), ("standings", "standings/"),
                       ("round", "rounds/1/"), ("results", "results/"), ("tv", "tv/")]:
        audit.check(f"tournament-{name}", base + part)
    groups = running_tournament(other_club, 8, "groups", groups_count=2)
    audit.check("tournament-groups", f"/t/{groups.slug}/groups/")
    audit.check("tournament-groups-overview", f"/t/{groups.slug}/")
    audit.check("tournament-groups-standings", f"/t/{groups.slug}/standings/")
    audit.check("tournament-groups-tv", f"/t/{groups.slug}/tv/")
    audit.assert_clean()


def test_the_organisers_pages(audit, club, organiser, match):
    tournament = running_tournament(club)
    draft = tournament_services.tournament_create(
        club=club, name="Draft", rules=engine.rules_from("portugal"), fmt=engine.format_from(None),
        structure="knockout", tables_count=1)
    tournament_services.entries_register(tournament=draft, partnerships=[match.a, match.b])
    log_in(audit.page, organiser)
    audit.check("manage-home")
    audit.check("manage-club", f"/manage/{club.slug}/")
    audit.check("manage-match", f"/manage/matches/{match.pk}/")
    audit.check("manage-match-new", f"/manage/{club.slug}/matches/new/")
    audit.check("manage-tournament-new", f"/manage/{club.slug}/tournaments/")
    base = f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"
    audit.check("manage-tournament", base)
    audit.check("manage-tables", f"{base}tables/")
    audit.check("manage-board", f"{base}board/")
    audit.check("manage-tournament-draft", f"/manage/{draft.club.slug}/tournaments/{draft.slug}/")
    audit.assert_clean()


def test_the_main_pages_in_the_dark_colour_scheme(audit, club, organiser, match, referee_link):
    """Phones set to dark mode get the site's dark palette: it must keep its contrast too."""
    audit.page.emulate_media(color_scheme="dark")
    tournament = running_tournament(club)
    audit.check("dark-home", "/")
    audit.check("dark-club", f"/c/{club.slug}/")
    audit.check("dark-scoreboard", f"/m/{match.pk}/")
    audit.check("dark-referee", f"/r/{referee_link.token}/")
    audit.check("dark-tournament-overview", f"/t/{tournament.slug}/")
    audit.check("dark-tournament-standings", f"/t/{tournament.slug}/standings/")
    log_in(audit.page, organiser)
    audit.check("dark-manage-club", f"/manage/{club.slug}/")
    audit.check("dark-manage-tournament", f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/")
    audit.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_badge_of_the_tally_keeps_its_contrast_in_both_colour_schemes(
        audit, club, pair_a, pair_b, scheme):
    """The scoreboard's tally marks a deal with a badge (60-60, flag, revoke): each must read at
    4.5:1 on its card in either scheme (in the dark one the light scheme's gold was 2.8:1)."""
    match = make_match(club, pair_a, pair_b, fmt={"type": "fixed_deals", "deals": 8})
    for deal in ({"points": [60, 60]}, {"points": [120, 0], "flag": "A"}, {"revoke": "B"}):
        record(match, deal)
    audit.page.emulate_media(color_scheme=scheme)
    audit.page.goto(f"/m/{match.pk}/")
    expect(audit.page.locator(".deal-tally .mark")).to_have_text(["60-60", "flag", "revoke by B"])
    audit.check(f"{scheme}-scoreboard-badges")
    audit.assert_clean()


# The contrast of each visible text field's and select's border with what lies around it: the
# first background up its ancestors that is not transparent.
BORDER_CONTRASTS = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const around = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const c = rgb(getComputedStyle(up).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll("input:not([type=hidden], [type=checkbox], [type=radio]), select")]
    .filter((el) => el.getClientRects().length)
    .map((el) => {
      const [a, b] = [lum(rgb(getComputedStyle(el).borderTopColor)), lum(around(el))];
      return {field: el.name, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)};
    });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_fields_border_stands_out_from_its_card_and_the_page(audit, club, organiser, scheme):
    """A form control's edge is how a phone shows there is a field to type in: 3:1 at least
    on the white card and on the page (WCAG 1.4.11), where it was 1.4:1."""
    audit.page.emulate_media(color_scheme=scheme)
    log_in(audit.page, organiser)
    found = []
    for url in (f"/manage/{club.slug}/", f"/manage/{club.slug}/settings/"):
        audit.page.goto(url)
        found += audit.page.evaluate(BORDER_CONTRASTS)
    assert len(found) >= 4
    assert [f for f in found if f["ratio"] < 3] == []
