"""`manage.py seed_demo`: the demo club, idempotent, with logins and referee links."""

import json
from io import StringIO

from django.contrib.auth import authenticate
from django.core.management import call_command

from scoring.models import Deal, Match
from sueca_club.models import Club, Partnership, Player
from tournaments.models import Entry, Pairing, Tournament


def seed(*args) -> str:
    out = StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


def test_it_makes_a_club_an_organiser_16_partnerships_and_a_match_in_progress(db):
    data = json.loads(seed("--json"))
    club = Club.objects.get(slug=data["club"])
    assert club.partnerships.count() == 16
    assert authenticate(**data["organiser"]) is not None
    [match] = data["matches"]
    live = Match.objects.get(pk=match["id"])
    assert not live.finished and live.deals.exists()
    assert live.referee_links.get().token == match["referee_token"]


def counts() -> tuple:
    return tuple(model.objects.count()
                 for model in (Club, Player, Partnership, Match, Deal, Tournament, Entry, Pairing))


def test_running_it_again_duplicates_nothing(db):
    first = json.loads(seed("--json"))
    before = counts()
    second = json.loads(seed("--json"))
    assert first == second
    assert counts() == before
    assert before[:3] == (1, 32, 16)


def test_it_adds_five_tournaments_ready_to_play(db):
    data = json.loads(seed("--json"))
    by_structure = {t["structure"]: t for t in data["tournaments"]}
    assert set(by_structure) == {"knockout", "rounds", "groups", "double", "league"}
    double = Tournament.objects.get(slug=by_structure["double"]["slug"])
    assert (double.slug, double.name, double.entries.count(), double.status) == (
        "demo-dupla-eliminacao", "Dupla Eliminação (demo)", 12, "running")
    assert len(by_structure["double"]["tables"]) == 6
    knockout = Tournament.objects.get(slug=by_structure["knockout"]["slug"])
    assert knockout.entries.count() == 13 and knockout.status == "running"
    assert Pairing.objects.filter(round__tournament=knockout, b=None).count() == 3
    swiss = Tournament.objects.get(slug=by_structure["rounds"]["slug"])
    assert (swiss.entries.count(), swiss.rounds_count, swiss.format) == (
        16, 4, {"type": "fixed_deals", "deals": 8, "extra_deals": False})
    for tournament in data["tournaments"]:
        assert tournament["tables"] and all(t["referee_token"] for t in tournament["tables"])


def test_it_prints_the_logins_and_the_referee_links(db):
    text = seed()
    assert "sueca-demo-2026" in text and "/r/" in text and "/c/cafe-demo/" in text


def test_its_league_is_in_its_fourth_week(db):
    import datetime

    from django.utils import timezone

    data = json.loads(seed("--json"))
    slug = next(t["slug"] for t in data["tournaments"] if t["structure"] == "league")
    league = Tournament.objects.get(slug=slug)
    assert (league.name, league.legs, league.entries.count()) == (
        "Liga das Quartas (demo)", 2, 8)
    today = timezone.localdate()
    assert league.rounds.get(number=4).date == today and league.rounds.get(number=4).opened
    assert not league.rounds.filter(number__gt=4, opened=True).exists()
    played = Pairing.objects.filter(round__tournament=league, round__number__lte=3)
    assert played.filter(finished=True).count() == 11
    postponed = played.get(finished=False)
    assert postponed.postponed_to == today + datetime.timedelta(days=5)
    assert played.filter(finished=True, walkover="").count() == 11  # real matches
    assert Pairing.objects.filter(round__tournament=league, round__number=4).exclude(
        match=None).exists()
