"""Two clubs, each with everything a URL can point at, and the values that fill each URL.

Club A and club B are built the same way: an organiser, players and partnerships, a friendly
match with one deal, and a running tournament with three tables (tables 1 and 2 in play, one
deal on table 1; table 1's QR card renewed once, so its old token is revoked).
"""

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import Group, User
from django.contrib.contenttypes.models import ContentType
from django.core.files.base import ContentFile
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from scoring.models import Deal, Match
from sueca_club import invitations, outbox
from sueca_club.models import Club, Invitation, Partnership, Player
from tests.conftest import PASSWORD, make_club, make_match, make_partnership
from tests.security.urlmap import Route, Unclassified
from tests.tournaments.helpers import make_tournament, record
from tournaments import services as tournament_services
from tournaments.models import Entry, Export, Pairing, Table, Tournament
from tournaments.notifications import unsubscribe_token
from tournaments.registration.models import Registration, SignUp, door_token

UNKNOWN_TOKEN = "no-such-token-" + "x" * 18
DEAL = {"points": [70, 50]}


@dataclass
class Side:
    owner: User
    club: Club
    player: Player
    partnership: Partnership
    match: Match  # a friendly match with one deal
    deal: Deal
    tournament: Tournament  # running: tables 1 and 2 in play, table 3 waiting
    entry: Entry
    pairing: Pairing  # the pairing at table 1
    table_match: Match  # its match, with one deal
    token: str  # table 1's card
    revoked_token: str  # table 1's card before it was renewed
    other_table_token: str  # table 2's card: another match of the same round, no deal yet
    export: Export  # a file made from the tournament, ready to download
    invitation: Invitation | None = None  # the club's pending invitation of an outsider
    invited: str = ""  # the link inviting this side's owner into the *other* club
    signup: SignUp | None = None  # the sign-up that made `entry`, with its private link


@dataclass
class World:
    a: Side
    b: Side
    staff: User
    group: Group

    def sides(self):
        return (self.a, self.b)


def build_side(slug: str, username: str) -> Side:
    owner = User.objects.create_user(username, f"{username}@example.com", PASSWORD)
    club = make_club(slug, owner)
    first = make_partnership(club, f"{username} 1", f"{username} 2")
    second = make_partnership(club, f"{username} 3", f"{username} 4")
    match = make_match(club, first, second)
    record(match, DEAL)

    tournament = make_tournament(club, 4, tables_count=3)
    tournament_services.tournament_start(tournament=tournament)
    table_1 = Table.objects.select_related("link").get(tournament=tournament, number=1)
    table_2 = Table.objects.select_related("link").get(tournament=tournament, number=2)
    assert table_1.link.match_id and table_2.link.match_id, "both tables should be in play"
    table_match = Match.objects.get(pk=table_1.link.match_id)
    record(table_match, DEAL)
    revoked = table_1.link.token
    tournament_services.table_link_renew(table=table_1, user=owner)
    table_1.refresh_from_db()
    export = Export.objects.create(
        club=club, tournament=tournament, kind=Export.Kind.STANDINGS, format=Export.Format.CSV,
        data_version="security", key=f"security-{slug}", status=Export.Status.DONE)
    export.file.save("standings.csv", ContentFile(b"place,partnership\n"))
    entry = tournament.entries.order_by("pk").first()
    Registration.objects.create(tournament=tournament, open=True)
    signup = SignUp.objects.create(tournament=tournament, partnership=entry.partnership,
                                   entry=entry, status=SignUp.Status.ACCEPTED)
    return Side(
        owner=owner, club=club, player=first.player_1, partnership=first, signup=signup,
        match=Match.objects.get(pk=match.pk), deal=match.deals.get(),
        tournament=Tournament.objects.get(pk=tournament.pk),
        entry=entry,
        pairing=Pairing.objects.get(match=table_match), table_match=table_match,
        token=table_1.link.token, revoked_token=revoked, other_table_token=table_2.link.token,
        export=export,
    )


def build_world() -> World:
    staff = User.objects.create_superuser("root", "root@example.com", PASSWORD)
    a, b = build_side("club-a", "alice"), build_side("club-b", "bob")
    for side, other in ((a, b), (b, a)):
        with outbox.writing(durable=False):  # and their emails sent, as the site would
            side.invitation = invitations.invitation_send(
                club=side.club, email=f"helper@{side.club.slug}.example", by=side.owner)
            side.invited = invitations.invitation_token(invitations.invitation_send(
                club=other.club, email=side.owner.email, by=other.owner))
    return World(a=a, b=b, staff=staff, group=Group.objects.create(name="referees"))


def value(name: str, route: Route, side: Side, world: World):
    """The value of URL argument `name` pointing at `side`'s object; unknown names fail."""
    path = route.route
    by_name = {
        "club_slug": lambda: side.club.slug,
        "match_id": lambda: side.match.pk,
        "deal_id": lambda: side.deal.pk,
        "player_id": lambda: side.player.pk,
        "partnership_id": lambda: side.partnership.pk,
        "pairing_id": lambda: side.pairing.pk,
        "entry_id": lambda: side.entry.pk,
        "export_id": lambda: side.export.pk,
        "invitation_id": lambda: side.invitation.pk,
        "membership_id": lambda: side.club.memberships.get(user=side.owner).pk,
        "token": lambda: side.token,
        "signup_id": lambda: side.signup.pk,
        "door_token": lambda: door_token(side.tournament),
    }
    if name == "entry_id" and "/door/" in path:  # one the organiser registered: no sign-up
        return side.tournament.entries.filter(signup=None).order_by("pk").first().pk
    if name == "token" and "/entry/" in path:  # a sign-up's private link
        return side.signup.token
    if name == "token" and path.startswith("t/unsubscribe/"):
        return unsubscribe_token(side.player)
    if name == "token" and path.startswith("manage/invitations/"):
        # The link that invites the side's owner (alice) into the other club: hers alone to
        # open and accept; the other club's organiser, who sent it, gets the 404 of a link
        # meant for someone else.
        return side.invited
    if name == "rest":  # an old organiser address (/manage/tournaments/<slug>/<rest>)
        return "tables/"
    if name == "uidb64":  # the password reset link's user, as Django encodes it
        return urlsafe_base64_encode(force_bytes(side.owner.pk))
    if name in by_name:
        return by_name[name]()
    if name == "slug":  # a club's address under /c/, a tournament's everywhere else
        return side.club.slug if path.startswith("c/") else side.tournament.slug
    if name == "pk" and path.startswith(("m/", "api/v1/matches/")):
        return side.match.pk
    if name == "number" and "tables/" in path:
        return 1
    if name == "number" and ("rounds/" in path or "matchdays/" in path):
        return 1
    admin = _admin_value(name, route, side, world)
    if admin is not None:
        return admin
    raise Unclassified(f"{path}: tests/security/world.py has no value for <{name}>; "
                       "add one that points at an object of the side's club")


def _admin_value(name: str, route: Route, side: Side, world: World):
    if not route.route.startswith("admin/"):
        return None
    if name == "app_label":
        return "auth"
    if name == "url":  # the admin's catch-all: a path it answers with a redirect
        return "auth"
    if name == "content_type_id":
        return ContentType.objects.get_for_model(Club).pk
    if name == "id" and "auth/user/" in route.route:
        return side.owner.pk
    if name == "object_id":
        if "auth/user/" in route.route:
            return side.owner.pk
        if "auth/group/" in route.route:
            return world.group.pk
        if route.route.startswith("admin/r/"):
            return side.club.pk
    return None


def fill(route: Route, side: Side, world: World, **override) -> dict:
    return {name: override[name] if name in override else value(name, route, side, world)
            for name in route.kwargs}


def object_kwargs(route: Route) -> list[str]:
    """The arguments that name an object by an identity of its own (not a table's number)."""
    return [name for name in route.kwargs if name in ("club_slug", "slug") or name.endswith("_id")]


def referee_form(target: Match) -> dict:
    """What the referee page posts for `target`, for any of its forms (each takes its fields)."""
    return {"points": [DEAL["points"][0], DEAL["points"][1]],
            "key": str(uuid.uuid4()), "version": target.version, "match": target.pk}


def referee_json(target: Match) -> tuple[dict, dict]:
    """The JSON body and headers the phone sends the API for a deal on `target`."""
    return ({**DEAL, "match": target.pk},
            {"HTTP_IDEMPOTENCY_KEY": str(uuid.uuid4()), "HTTP_IF_MATCH": target.etag})
