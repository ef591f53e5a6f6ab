"""A referee's undo of the deal that ended a round's last match, let through before the next
round was drawn from it (its check passed; the draw came in between), takes that round back:
the tournament's action log names the table's referee who did it ("Table 2's referee"), not
"the site"."""

import json
import uuid

import pytest

from scoring import services as scoring
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Action, Round, Tournament

FLAG = {"points": [120, 0], "flag": "A"}


def post(client, token: str, path: str, body=None):
    return client.post(f"/api/v1/referee/{token}/{path}", data=json.dumps(body or {}),
                       content_type="application/json",
                       headers={"Idempotency-Key": str(uuid.uuid4())})


def page(tournament: Tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"


@pytest.fixture(autouse=True)
def undo_checked_before_the_draw(monkeypatch):
    """The undo's checks ran before the next round was drawn: they let it through."""
    monkeypatch.setattr(scoring, "REOPENING_CHECKS", [])
    monkeypatch.setattr(scoring, "RESULT_GUARDS", [])


def both_tables_ended(client, tournament: Tournament):
    services.tournament_start(tournament=tournament)
    one, two = tournament.tables.select_related("link").order_by("number")
    post(client, one.link.token, "deals", FLAG)
    post(client, two.link.token, "deals", FLAG)
    assert tournament.rounds.filter(number=2).exists()  # drawn from the last result
    return one, two


def test_an_undo_that_takes_back_a_swiss_round_is_logged_as_the_tables_referee(
        client, organiser_client, club):
    tournament = make_tournament(club, 4, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=2)
    _, two = both_tables_ended(client, tournament)

    assert post(client, two.link.token, "undo").status_code == 200
    assert not tournament.rounds.filter(number=2).exists()
    reset = Action.objects.get(tournament=tournament, kind=Action.Kind.RESET)
    assert reset.user is None and reset.via_link_id == two.link_id
    html = organiser_client.get(page(tournament)).content.decode()
    assert "Table 2&#x27;s referee: reset later matches" in html
    assert "the site: reset later matches" not in html


def test_an_undo_that_takes_back_a_knockout_final_is_logged_as_the_tables_referee(
        client, organiser_client, club):
    tournament = make_tournament(club, 4, tables_count=2)
    one, _ = both_tables_ended(client, tournament)

    assert post(client, one.link.token, "undo").status_code == 200
    assert not Round.objects.filter(tournament=tournament, code="final").exists()
    html = organiser_client.get(page(tournament)).content.decode()
    assert "Table 1&#x27;s referee: reset later matches" in html
    assert "the site: reset later matches" not in html


def test_the_log_still_names_the_table_once_its_card_is_renewed(client, organiser_client,
                                                                   club, organiser):
    tournament = make_tournament(club, 4, tables_count=2)
    _, two = both_tables_ended(client, tournament)
    post(client, two.link.token, "undo")
    services.table_link_renew(table=two, user=organiser)
    html = organiser_client.get(page(tournament)).content.decode()
    assert "Table 2&#x27;s referee: reset later matches" in html
