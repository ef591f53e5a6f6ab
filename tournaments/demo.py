"""The demo club that `make run` loads: built through the services, idempotent by name.

`reset()` removes the demo club and everything in it (and nothing of any other club), so that
the next `seed()` builds it as new: `manage.py seed_demo --reset`.
"""

import datetime
import uuid

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from scoring import engine
from scoring import services as scoring
from scoring.models import Deal, Match
from sueca_club.models import Club, Membership, Partnership, Player
from tournaments import services
from tournaments.models import Export, Pairing, Tournament

ORGANISER = {"username": "demo", "password": "sueca-demo-2026"}
CLUB = {"slug": "cafe-demo", "name": "Café Central (demo)", "town": "Coimbra"}
FIRST_NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe", "Gabriela", "Hugo",
               "Inês", "João", "Leonor", "Miguel", "Nuno", "Olga", "Paulo", "Rita"]
SURNAMES = ["Silva", "Costa", "Santos", "Ferreira"]
OPENING_DEALS = [{"points": [73, 47]}, {"points": [30, 90]}, {"points": [60, 60]}]


def player_names() -> list[str]:
    return [f"{first} {last}" for last in SURNAMES[:2] for first in FIRST_NAMES]


@transaction.atomic
def seed_club() -> tuple[Club, list[Partnership]]:
    user, created = User.objects.get_or_create(username=ORGANISER["username"],
                                               defaults={"email": "demo@example.com"})
    if created or not user.check_password(ORGANISER["password"]):
        user.set_password(ORGANISER["password"])
        user.save()
    club, _ = Club.objects.get_or_create(slug=CLUB["slug"], defaults=CLUB)
    Membership.objects.get_or_create(club=club, user=user)
    names = player_names()
    players = [Player.objects.get_or_create(club=club, name=name)[0] for name in names]
    partnerships = [
        Partnership.objects.get_or_create(club=club, player_1=players[i],
                                          player_2=players[16 + (i + 5) % 16])[0]
        for i in range(16)
    ]
    return club, partnerships


def seed_friendly(club: Club, partnerships: list[Partnership]) -> Match:
    a, b = partnerships[0], partnerships[1]
    match = Match.objects.filter(club=club, a=a, b=b).order_by("pk").first()
    if match is None:
        match = scoring.match_create(club=club, a=a, b=b, rules=engine.rules_from("portugal"),
                                      fmt=engine.format_from(None), first_dealer=0,
                                      by=club.organisers.first(),
                                      allow_busy=True)  # the demo's tournaments seat them too
        for deal in OPENING_DEALS:
            scoring.deal_record(match_id=match.pk, deal=engine.deal_from(deal),
                                 key=str(uuid.uuid4()))
    return match


TOURNAMENTS = [
    {"slug": "demo-taca-do-cafe", "name": "Taça do Café (demo)", "size": 13,
     "structure": "knockout", "format": {"type": "first_to", "target": 4},
     "options": {"draw": "random", "third_place": True, "tables_count": 6}},
    {"slug": "demo-suico-de-inverno", "name": "Suíço de Inverno (demo)", "size": 16,
     "structure": "rounds", "format": {"type": "fixed_deals", "deals": 8},
     "options": {"pairing": "swiss", "rounds_count": 4, "tables_count": 8}},
    {"slug": "demo-liga-de-grupos", "name": "Liga de Grupos (demo)", "size": 12,
     "structure": "groups", "format": {"type": "first_to", "target": 4},
     "options": {"groups_count": 3, "qualifiers_per_group": 2, "tables_count": 6}},
    {"slug": "demo-dupla-eliminacao", "name": "Dupla Eliminação (demo)", "size": 12,
     "structure": "double", "format": {"type": "first_to", "target": 4},
     "options": {"draw": "random", "bracket_reset": True, "tables_count": 6}},
]


def seed_tournament(club: Club, partnerships: list[Partnership], spec: dict) -> Tournament:
    tournament = Tournament.objects.filter(club=club, slug=spec["slug"]).first()
    if tournament is None:
        tournament = services.tournament_create(
            club=club, name=spec["name"], rules=engine.rules_from("portugal"),
            fmt=engine.format_from(spec["format"]), structure=spec["structure"],
            by=club.organisers.first(), slug=spec["slug"], **spec["options"])
        services.entries_register(tournament=tournament, partnerships=partnerships[:spec["size"]])
        services.tournament_start(tournament=tournament)
    return tournament


LEAGUE = {"slug": "demo-liga-das-quartas", "name": "Liga das Quartas (demo)", "size": 8,
          "structure": "league", "format": {"type": "first_to", "target": 4},
          "options": {"legs": 2, "matchday_interval": 7, "tables_count": 4}}
# The deals of the league's matches, in turn: a mix of one-, two- and four-game deals.
LEAGUE_DEALS = [{"points": [80, 40]}, {"points": [30, 90]}, {"points": [100, 20]},
                {"points": [120, 0], "flag": "A"}, {"points": [45, 75]}, {"points": [95, 25]},
                {"points": [0, 120], "flag": "B"}]


def seed_league(club: Club, partnerships: list[Partnership]) -> Tournament:
    """A double round robin in its fourth week: matchdays 1 to 3 played, one match of
    matchday 3 postponed to next week, matchday 4 opened today."""
    tournament = Tournament.objects.filter(club=club, slug=LEAGUE["slug"]).first()
    if tournament is not None:
        return tournament
    today = timezone.localdate()
    tournament = seed_tournament(club, partnerships, LEAGUE | {"options": LEAGUE["options"] | {
        "starts_on": today - datetime.timedelta(days=21)}})
    for number in (1, 2, 3, 4):
        matchday = tournament.rounds.get(number=number)
        if number > 1:
            services.matchday_open(round_=matchday)
        if number == 3:
            services.pairing_postpone(pairing=matchday.pairings.order_by("slot").first(),
                                      to=today + datetime.timedelta(days=5),
                                      reason="A player is away.")
        if number < 4:
            _play_placed(tournament)
    return tournament


def _play_placed(tournament: Tournament) -> None:
    """Play every match on the tables to its end, deal after deal, through the referees'
    service (the tables take the next matches as they free)."""
    turn = 0
    while pairing := (Pairing.objects.filter(round__tournament=tournament, finished=False)
                      .exclude(match=None).order_by("round__number", "slot").first()):
        while not Match.objects.get(pk=pairing.match_id).finished:
            deal = LEAGUE_DEALS[turn % len(LEAGUE_DEALS)]
            turn += 1
            scoring.deal_record(match_id=pairing.match_id, deal=engine.deal_from(deal),
                                key=str(uuid.uuid4()))


def tournament_links(tournament: Tournament) -> dict:
    tables = [{"number": t.number, "referee_token": t.link.token}
              for t in tournament.tables.select_related("link").order_by("number")]
    return {"slug": tournament.slug, "structure": tournament.structure, "tables": tables}


def seed() -> dict:
    club, partnerships = seed_club()
    friendly = seed_friendly(club, partnerships)
    links = [{"id": friendly.pk, "referee_token": friendly.referee_links.get(revoked_at=None).token}]
    tournaments = [seed_tournament(club, partnerships, spec) for spec in TOURNAMENTS]
    tournaments.append(seed_league(club, partnerships))
    return {"club": club.slug, "organiser": dict(ORGANISER), "matches": links,
            "tournaments": [tournament_links(t) for t in tournaments]}


@transaction.atomic
def reset() -> bool:
    """Delete the demo club with its players, matches, tournaments and files; False if none.

    In the order the PROTECTed references need: pairings before their entries, tournaments
    (entries, tables, rounds, exports) before the matches and referee links, a corrected
    deal's link to the deal it replaced before the deals, the partnerships before the
    players. The organiser's account stays (it may run clubs of its own); `seed()` gives it
    back the demo password.
    """
    club = Club.objects.filter(slug=CLUB["slug"]).first()
    if club is None:
        return False
    tournaments = Tournament.objects.filter(club=club)
    files = [export.file for export in Export.objects.filter(club=club) if export.file]
    Pairing.objects.filter(round__tournament__in=tournaments).delete()
    tournaments.delete()
    Deal.objects.filter(match__club=club).exclude(replaces=None).update(replaces=None)
    Match.objects.filter(club=club).delete()
    Partnership.objects.filter(club=club).delete()
    club.delete()
    for file in files:
        transaction.on_commit(lambda file=file: file.delete(save=False))
    return True
