"""`manage.py seed_demo --reset`: the demo club as new, and no other club touched."""

import json
from io import StringIO

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import call_command

from scoring import engine
from scoring import services as scoring
from scoring.models import Deal, Match, RefereeLink
from sueca_club.models import Club, Membership, Partnership, Player
from tests.conftest import make_club, make_match, make_partnership
from tests.site.test_seed_demo import counts
from tournaments.models import Entry, Pairing, Round, Table, Tournament


def seed(*args) -> dict:
    out = StringIO()
    call_command("seed_demo", "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def other_club() -> tuple[Club, Match]:
    owner = User.objects.create_user("neighbour", password="x" * 20)
    club = make_club("cafe-vizinho", owner)
    match = make_match(club, make_partnership(club, "Rui Alves", "Sara Lopes"),
                       make_partnership(club, "Tiago Reis", "Vera Dias"))
    scoring.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [80, 40]}), key="k1")
    return club, match


def play_and_correct(data: dict) -> None:
    """What a newcomer does to the demo: a deal scored, one corrected, a password changed."""
    match = Match.objects.get(pk=data["matches"][0]["id"])
    scoring.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [100, 20]}), key="k2")
    user = User.objects.get(username="demo")
    scoring.deal_correct(deal=scoring.active_deals(match)[-1], reason="wrong side", user=user,
                         replacement=engine.deal_from({"points": [20, 100]}))
    user.set_password("changed-by-a-visitor")
    user.save()


def test_reset_puts_the_demo_back_as_new(db):
    fresh = seed()
    before = counts()
    play_and_correct(fresh)
    assert counts() != before
    again = seed("--reset")
    assert counts() == before
    [match] = again["matches"]
    assert match["id"] != fresh["matches"][0]["id"]  # a new match, not the played one
    assert Match.objects.get(pk=match["id"]).deals.count() == 3
    assert authenticate(**again["organiser"]) is not None
    assert Club.objects.filter(slug="cafe-demo").count() == 1


def test_reset_touches_no_other_club(db):
    club, match = other_club()
    seed()
    mine = lambda: (Player.objects.filter(club=club).count(),  # noqa: E731
                    Partnership.objects.filter(club=club).count(),
                    Match.objects.filter(club=club).count(),
                    Deal.objects.filter(match__club=club).count(),
                    RefereeLink.objects.filter(club=club).count(),
                    Membership.objects.filter(club=club).count())
    before = mine()
    seed("--reset")
    assert mine() == before == (4, 2, 1, 1, 1, 1)
    assert Match.objects.get(pk=match.pk).deals.count() == 1


def test_reset_leaves_nothing_of_the_old_demo_behind(db):
    first = seed()
    old_tournaments = set(Tournament.objects.values_list("pk", flat=True))
    seed("--reset")
    assert not Tournament.objects.filter(pk__in=old_tournaments).exists()
    assert not Match.objects.filter(pk=first["matches"][0]["id"]).exists()
    for model in (Entry, Table, Round):
        assert not model.objects.filter(tournament__in=old_tournaments).exists()
    assert not Pairing.objects.filter(round__tournament__in=old_tournaments).exists()


def test_reset_with_no_demo_yet_just_seeds(db):
    data = seed("--reset")
    assert Club.objects.get(slug=data["club"]).partnerships.count() == 16


def test_seeding_twice_without_reset_duplicates_nothing(db):
    first = seed()
    before = counts()
    assert seed() == first and counts() == before
