"""`manage.py seed_demo`: the demo club, idempotent, with logins and referee links."""

import json
from io import StringIO

from django.contrib.auth import authenticate
from django.core.management import call_command

from scoring.models import Deal, Match
from sueca_club.models import Club, Partnership, Player


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


def test_running_it_again_duplicates_nothing(db):
    first = json.loads(seed("--json"))
    second = json.loads(seed("--json"))
    assert first == second
    assert (Club.objects.count(), Player.objects.count(), Partnership.objects.count(),
            Match.objects.count(), Deal.objects.count()) == (1, 32, 16, 1, 3)


def test_it_prints_the_logins_and_the_referee_links(db):
    text = seed()
    assert "sueca-demo-2026" in text and "/r/" in text and "/c/cafe-demo/" in text
