"""Before an organiser confirms a withdrawal, the page says which match under way it ends: the
table, the opponent (who gets the walkover) and the score so far. A partnership between
matches is told nothing more."""

import re
from html import unescape

from tests.tournaments.helpers import in_play, make_tournament, record
from tournaments import services
from tournaments.models import Entry

FLAG = {"flag": "A"}


def withdraw_form(organiser_client, tournament, entry: Entry) -> str:
    html = organiser_client.get(
        f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/").content.decode()
    action = f"/entries/{entry.pk}/withdraw/"
    start = html.index(action)
    return unescape(re.sub(r"\s+", " ", html[html.rindex("<details>", 0, start):
                                          html.index("</details>", start)]))


def name(entry_id: int) -> str:
    return Entry.objects.select_related("partnership").get(pk=entry_id).display_name


def test_the_withdrawal_of_a_partnership_in_play_names_its_match(organiser_client, club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    record(pairing.match, {"points": [80, 40]})

    for leaving, opponent, score in ((pairing.a, pairing.b_id, "1–0"),
                                     (pairing.b, pairing.a_id, "0–1")):
        form = withdraw_form(organiser_client, tournament, leaving)
        assert (f"It is playing now at table {pairing.table.number} against {name(opponent)} "
                f"({score}): that match stops here and {name(opponent)} has a walkover, a full "
                "win (4–0); the deals played are kept on record but do not count.") in form


def test_a_partnership_whose_match_has_no_deal_yet_is_told_nothing_more(organiser_client,
                                                                        club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = in_play(tournament)[0]
    assert "playing now" not in withdraw_form(organiser_client, tournament, pairing.a)
