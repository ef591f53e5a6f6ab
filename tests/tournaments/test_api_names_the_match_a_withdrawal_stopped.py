"""A pairing whose match a withdrawal stopped after deals were played (its opponent has the
walkover; the match is kept, abandoned, with its deals) is listed by the tournament API with
that match's id, which /api/v1/matches/<id> shows; a walkover given before play started, a bye
and a pairing waiting for a table still have none."""

import pytest

from tests.conftest import migrated
from tests.tournaments.helpers import groups_in_play, in_play, record
from tournaments import services

pytestmark = pytest.mark.django_db




def listed(client, tournament) -> dict[tuple[str, str | None], dict]:
    rounds = client.get(f"/api/v1/tournaments/{tournament.slug}").json()["rounds"]
    return {(m["a"], m["b"]): m for r in rounds for m in r["matches"]}


def test_a_match_stopped_by_a_withdrawal_keeps_its_id(client, club, organiser):
    tournament = groups_in_play(club)
    pairing = in_play(tournament)[0]
    match_id = pairing.match_id
    record(pairing.match, {"points": [70, 50]})

    services.entry_withdraw(entry=pairing.b, by=organiser)

    line = listed(client, tournament)[(pairing.a_name, pairing.b_name)]
    assert (line["id"], line["walkover"], line["withdrawal"]) == (match_id, True, True)
    stopped = client.get(f"/api/v1/matches/{match_id}").json()
    assert (stopped["abandoned"], stopped["points"]) == (True, [70, 50])


def test_a_walkover_before_play_started_has_no_id(client, club, organiser):
    tournament = groups_in_play(club)
    pairing = in_play(tournament)[0]

    services.entry_withdraw(entry=pairing.b, by=organiser)

    assert listed(client, tournament)[(pairing.a_name, pairing.b_name)]["id"] is None


def test_a_walkover_taken_back_forgets_the_stopped_match(client, club, organiser):
    tournament = groups_in_play(club)
    pairing = in_play(tournament)[0]
    record(pairing.match, {"points": [70, 50]})
    services.entry_withdraw(entry=pairing.b, by=organiser)
    pairing.refresh_from_db()
    assert pairing.stopped_id is not None

    services.rows.restart(pairing)

    pairing.refresh_from_db()
    assert pairing.stopped_id is None


@pytest.mark.django_db(transaction=True)
def test_a_match_stopped_before_the_pairing_remembered_it_is_found_by_its_table(club,
                                                                                organiser):
    """The migration finds it through the table's link, which named it (RefereeLink.stopped)."""
    tournament = groups_in_play(club)
    pairing = in_play(tournament)[0]
    match_id = pairing.match_id
    record(pairing.match, {"points": [70, 50]})
    services.entry_withdraw(entry=pairing.b, by=organiser)
    with migrated("tournaments", "0021_signup_remembers_the_players_it_brought",
                  "0022_pairing_remembers_the_match_a_withdrawal_stopped") as apps:
        stopped = apps.get_model("tournaments", "Pairing").objects.get(pk=pairing.pk).stopped_id
    assert stopped == match_id
