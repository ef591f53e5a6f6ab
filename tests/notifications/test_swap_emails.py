"""An organiser swaps partnerships between two pairings: everyone in them is told their new
opponent and table once; nobody else hears anything."""

import pytest

from tests.notifications.helpers import pairings, started, to
from tournaments import services, steps

pytestmark = pytest.mark.django_db


def test_a_swap_tells_the_players_of_both_pairings_their_new_opponent_once(
        club, mailoutbox, django_capture_on_commit_callbacks):
    tournament = started(club, django_capture_on_commit_callbacks, size=8, tables_count=4)
    first, second, *others = pairings(tournament)
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.pairings_swap(first=first, second=second, first_side="B", second_side="B")
    first, second, *_ = pairings(tournament)
    assert len(mailoutbox) == 8  # the four players of each of the two pairings
    for pairing, opponent in ((first, first.b), (second, second.b)):
        for player in (pairing.a.partnership.player_1, pairing.a.partnership.player_2):
            [email] = to(mailoutbox, player.email)
            assert f"table {pairing.table.number}, against {opponent.partnership}" \
                in email.subject
    told = {address for email in mailoutbox for address in email.to}
    for pairing in others:
        assert not {p.email for p in (pairing.a.partnership.player_1,
                                      pairing.b.partnership.player_1)} & told

    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # a retried task sends nothing
        steps.notify_pairing(pairing_id=first.pk)
    assert mailoutbox == []
