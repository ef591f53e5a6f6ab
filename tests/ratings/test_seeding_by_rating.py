"""A tournament seeded by club rating puts the best-rated partnerships first, unrated last."""

import pytest

from tests.conftest import make_partnership
from tests.ratings.helpers import play
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournament_services
from tournaments.models import Entry, Pairing, Tournament
from tournaments.services.draws import seeded_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(club, django_capture_on_commit_callbacks):
    """Four partnerships: best beat everyone, good beat the rest, weak lost twice; new is unrated."""
    best, good, weak, new = (make_partnership(club, f"{n} 1", f"{n} 2")
                             for n in ("Best", "Good", "Weak", "New"))
    capture = django_capture_on_commit_callbacks
    for _ in range(3):
        play(capture, club, best, good, "A")
        play(capture, club, best, weak, "A")
        play(capture, club, good, weak, "A")
    return best, good, weak, new


def tournament_of(club, partnerships, **options) -> Tournament:
    tournament = make_tournament(club, 0, draw=Tournament.Draw.RATING, **options)
    tournament_services.entries_register(tournament=tournament, partnerships=partnerships)
    return tournament


def test_by_rating_is_offered_on_the_new_tournament_form(organiser_client, club):
    page = organiser_client.get(f"/manage/{club.slug}/tournaments/").content.decode()
    assert 'value="rating"' in page
    assert "Seeded by club rating" in page


def test_the_entries_are_ordered_by_partnership_rating_unrated_last(club, rated):
    best, good, weak, new = rated
    tournament = tournament_of(club, [new, weak, good, best])
    field = seeded_field(tournament, list(tournament.entries.all()))
    assert [e.partnership for e in field] == [best, good, weak, new]


def test_a_knockout_by_rating_keeps_the_top_two_apart_until_the_final(club, rated):
    best, good, weak, new = rated
    tournament = tournament_of(club, [new, good, weak, best])
    tournament_services.tournament_start(tournament=tournament)
    pairs = {frozenset((p.a.partnership_id, p.b.partnership_id))
             for p in Pairing.objects.filter(round__tournament=tournament)
             .select_related("a", "b")}
    assert pairs == {frozenset((best.pk, new.pk)), frozenset((good.pk, weak.pk))}
    assert Entry.objects.filter(tournament=tournament).count() == 4
