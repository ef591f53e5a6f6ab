"""A table's phone left on its keypad is told, within one of its checks (10 s), that its match
stopped because a partnership withdrew, where it kept the keypad and the old score until the
referee's next deal was refused as "for an earlier match at this table"."""

import pytest

from scoring import engine
from scoring import services as scoring_services
from tests.browser.conftest import NO_PLAYWRIGHT
from tests.tournaments.helpers import in_play, make_tournament
from tournaments import services

expect = pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT).expect


def test_a_withdrawal_reaches_the_tables_phone(phone, club):
    tournament = make_tournament(club, 4, "rounds", pairing="swiss", rounds_count=2,
                                 tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    link = pairing.table.link
    scoring_services.deal_record(match_id=pairing.match_id, key="1",
                                 deal=engine.deal_from({"points": [70, 50]}), link=link)
    phone.goto(f"/r/{link.token}/")
    expect(phone.locator("[data-pad]")).to_be_visible()
    # The page done asking (its copy kept for offline): SQLite's in-memory test database
    # refuses a write while the server reads (CI: "database table is locked").
    phone.wait_for_load_state("networkidle")
    services.entry_withdraw(entry=pairing.a)
    expect(phone.locator("[data-stopped]")).to_contain_text("withdrew", timeout=15_000)
    expect(phone.locator("[data-pad]")).to_have_count(0)
