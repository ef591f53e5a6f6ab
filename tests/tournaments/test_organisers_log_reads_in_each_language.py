"""The organisers' log is written in the reader's language: what an entry was about ("6
partnerships", "Round 2", "rounds: 7 → 5") is kept as data and put in words when the page is
read, where it was kept in the words of the organiser who acted (a Brazilian organiser read
"6 equipas" of a colleague in Portugal, or English)."""

import pytest

from tests.tournaments.helpers import make_tournament
from tests.tournaments.test_fewer_came_than_planned import address, change
from tournaments.models import Action


@pytest.mark.parametrize(("language", "said"), [
    ("en", ["rounds: 7 → 5", "6 partnerships"]),
    ("pt-pt", ["rondas: 7 → 5", "6 equipas"]),
    ("pt-br", ["rodadas: 7 → 5", "6 duplas"]),
])
def test_each_reader_reads_the_log_in_their_language(organiser_client, club, language, said):
    swiss = make_tournament(club, 6, structure="rounds", pairing="swiss", rounds_count=7)
    change(organiser_client, swiss, rounds_count="5")
    organiser_client.post(address(swiss, "start/"))
    assert list(swiss.actions.order_by("pk").values_list("kind", "args", "what")) == [
        (Action.Kind.SETTINGS, {"changes": [["rounds_count", 7, 5]]}, ""),
        (Action.Kind.START, {"count": 6}, "")]
    page = organiser_client.get(address(swiss), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    log = page.split('<details id="actions">', 1)[1]
    assert all(words in log for words in said), said


def test_a_double_forfeit_is_logged_as_both_absent_not_as_a_walkover(organiser_client, club):
    from tests.tournaments.helpers import final_neither_came

    tournament, final, _third = final_neither_came(club)
    page = organiser_client.get(address(tournament)).content.decode()
    log = page.split('<details id="actions">', 1)[1].split("</details>", 1)[0]
    assert f"recorded a double forfeit: neither partnership came ({final})" in log.replace(
        "&amp;", "&")
    assert "gave a walkover" not in log
