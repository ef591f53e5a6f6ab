"""Matches, their deals (append-only), referee links, idempotent requests and the audit."""

import re
import secrets

from django.conf import settings
from django.db import models
from django.db.models.fields.json import KeyTransform
from django.urls import reverse
from django.utils.http import quote_etag
from django.utils.translation import gettext_lazy as _
from psycopg.types.json import Jsonb

from scoring import presenters
from sueca_club import fastjson
from sueca_club.models import Club, Partnership, Player


def new_token() -> str:
    return secrets.token_urlsafe(24)


# A match is in play until it ends or its tournament abandons it.
IN_PLAY = models.Q(finished=False, abandoned_at__isnull=True)


class MatchQuerySet(models.QuerySet):
    def in_play(self):
        return self.filter(IN_PLAY)


class QuickJSON(models.JSONField):
    """A JSON column made and read by orjson (sueca_club.fastjson), where Django's JSONField
    uses json.dumps and json.loads: the columns a referee's deal reads or writes (a match's
    rules, format and state, a deal's data, its audit entry's scores). The json module took a
    twentieth of a post's CPU in the worker; with orjson a post costs the worker about 3 %
    less. Queried into as Django's JSONField (a key's value is Django's to read)."""

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        if value is None or hasattr(value, "as_sql"):
            return super().get_db_prep_value(value, connection, prepared=True)
        if self.db_type(connection) == "jsonb":
            return Jsonb(value, dumps=fastjson.dumps)
        return fastjson.dumps(value)

    def from_db_value(self, value, expression, connection):
        if isinstance(value, str) and not isinstance(expression, KeyTransform):
            try:
                return fastjson.loads(value)
            except ValueError:  # as Django's: what is no JSON is given as it was stored
                return value
        return super().from_db_value(value, expression, connection)


class JSONText(QuickJSON):
    """JSON that is written and read whole and never queried into, kept as its text on
    PostgreSQL too: jsonb parses and re-encodes it on every write. A match's tally grows with
    each deal and is written again with each: at 20 deals (3.5 KB) an update of it costs the
    database 430 microseconds as jsonb and 160 as text."""

    def db_type(self, connection):
        return "text" if connection.vendor == "postgresql" else super().db_type(connection)


class Match(models.Model):
    """A match between partnerships A and B; `state` and `tally` cache the engine's replay of
    its deals."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    a = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="+")
    b = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="+")
    rules = QuickJSON()
    format = QuickJSON()
    first_dealer = models.PositiveSmallIntegerField()
    # Someone said who deals first: a friendly's organiser creating it, or the table's referee
    # or the organiser later (services.first_dealer_set). A tournament's match starts without:
    # its table draws who deals first, and until then `first_dealer` is only seat 0.
    first_dealer_chosen = models.BooleanField(default=True)
    confirm_by_opponent = models.BooleanField(
        _("a player of the other side confirms each deal"), default=False
    )
    # A tournament's option: the result stands (the tournament follows it) only once a player
    # of the losing side confirms it on the table's phone, or the organiser does.
    confirm_result = models.BooleanField(
        _("a player of the losing side confirms the result"), default=False
    )
    result_confirmed_at = models.DateTimeField(null=True, blank=True)
    state = QuickJSON()
    # The paper tally of the active deals, kept with `state` (engine.tally_row's rows).
    tally = JSONText(default=list)
    # Bumped by every write of the row (the ETag of its JSON): a deal worked out on one version
    # is written as it is while the row still has it (services.deal_record).
    version = models.PositiveIntegerField(default=1)
    finished = models.BooleanField(default=False)
    winner = models.CharField(max_length=4, blank=True)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # When its last deal was recorded (services.deal_record): the TV highlights that table and
    # tells a screen reader "new deal" (scoring/tv.py). Any other change (who deals first, an
    # undo, a correction, a confirmed result, a name) moves updated_at, not this.
    dealt_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A match its tournament no longer plays (its round taken back, or decided without play
    # once it had begun): kept for its deals, in play nowhere, closed to every write.
    abandoned_at = models.DateTimeField(null=True, blank=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["club", "finished", "-updated_at"]),
                   # every match in play, whatever the club (/live/): a small index
                   models.Index(fields=["-updated_at"], condition=IN_PLAY,
                                name="match_in_play")]
        constraints = [
            models.CheckConstraint(condition=~models.Q(a=models.F("b")),
                                   name="match_two_different_partnerships"),
            # Seats 0..3, or 0..7 with the double pack (the engine checks which).
            models.CheckConstraint(condition=models.Q(first_dealer__lte=7),
                                   name="match_first_dealer_is_a_seat"),
        ]

    def __str__(self):
        return f"{self.a} – {self.b}"

    def get_absolute_url(self):
        return reverse("scoreboard", args=[self.pk])

    @property
    def awaiting_confirmation(self) -> bool:
        """Finished on the scoring side, but its result waits for the losing side's word."""
        return self.finished and self.confirm_result and self.result_confirmed_at is None

    @property
    def dealer_known(self) -> bool:
        """May a page name who deals: the first dealer was chosen, or a deal was recorded
        (dealt by the seat the site named)?"""
        return self.first_dealer_chosen or self.dealt_at is not None

    @property
    def scoreline(self) -> tuple[int, int]:
        """The score as a list or a result shows it: the games; the partidas in game sets,
        which the side with fewer games may win; the card points in the points format, whose
        deals award no games."""
        kind = self.format.get("type")
        if kind in ("points", "partidas"):
            return tuple(self.state[kind])
        return self.games_a, self.games_b

    @property
    def games_note(self) -> str:
        """In game sets, what goes beside the scoreline where there is room: the games."""
        if self.format.get("type") != "partidas":
            return ""
        return presenters.sets_games_text((self.games_a, self.games_b))

    @property
    def how_won(self) -> str:
        """How it was won where its score does not say (presenters.how_won_text), else ""."""
        return presenters.how_won_text(self)

    @property
    def result_stands(self) -> bool:
        """Finished, and confirmed where the match asks for it: what a tournament follows."""
        return self.finished and not self.awaiting_confirmation

    @property
    def confirmer(self) -> str | None:
        """The side whose word confirms the result: the losing one (None after a draw: either)."""
        return {"A": "B", "B": "A"}.get(self.winner)

    # One version of a match is `m<id>-<version>`. Quoted, it is the ETag of the match's JSON
    # and what a referee's write sends back as If-Match (static/js/offline.js writes it too);
    # the scoreboard adds its page's language and audience to it (sueca_club/live.py).

    @staticmethod
    def version_tag(pk: int, version: int) -> str:
        return f"m{pk}-{version}"

    @property
    def players(self) -> list:
        """Everyone at the table in the order of play from seat 0: A at the even seats, B at
        the odd ones, each partnership in its seat order (four seats, or eight with the
        double pack)."""
        return [player for pair in zip(self.a.players, self.b.players, strict=True)
                for player in pair]

    @classmethod
    def etag_for(cls, pk: int, version: int) -> str:
        return quote_etag(cls.version_tag(pk, version))

    @property
    def etag(self) -> str:
        return self.etag_for(self.pk, self.version)

    @staticmethod
    def parse_etag(tag: str) -> tuple[int, int] | None:
        """The match and the version that the strong ETag `tag` names, or None for any other
        tag: a weak one, numbers of more than 20 digits or not in ASCII."""
        found = re.fullmatch(r'"m([0-9]{1,20})-([0-9]{1,20})"', tag.strip())
        return (int(found[1]), int(found[2])) if found else None


class RefereeLink(models.Model):
    """The unguessable token behind a QR code; points at the match it may score."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.CASCADE, related_name="referee_links"
    )
    # A tournament table's link stays on the table and moves on from match to match.
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # The match its tournament took off this table before its end (matches_abandon), whoever
    # entered its deals: what the table's phone explains while it waits for the next one.
    stopped = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    label = models.CharField(max_length=120, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        match = self.match or _("no match")
        return f"referee link {self.token[:6]}… ({match})"

    def get_absolute_url(self):
        return reverse("referee:page", args=[self.token])

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


class Deal(models.Model):
    """One recorded deal. Never edited: a correction or an undo deactivates it and says why."""

    TRUMPS = [("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    data = QuickJSON()
    trump = models.CharField(_("trump"), max_length=1, choices=TRUMPS, blank=True)
    active = models.BooleanField(default=True)
    replaces = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="replaced_by"
    )
    opponent_confirmed = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    via_link = models.ForeignKey(
        RefereeLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], condition=models.Q(active=True),
                name="deal_one_active_per_position",
            ),
        ]

    def __str__(self):
        return f"deal {self.number} of match {self.match_id}{'' if self.active else ' (superseded)'}"


class RefereeRequest(models.Model):
    """The first answer to a referee write, kept so a retry with the same key gets it back.

    A key sent through a referee link is the link's for the link's whole life: a table's link
    moves on from match to match, and a retry must get its first answer, never be recorded on
    the table's next match (as Stripe's keys belong to the request, not to the resource).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    link = models.ForeignKey(RefereeLink, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+")
    key = models.CharField(max_length=64)
    action = models.CharField(max_length=10)
    # What the write asked (services.ASKED), digested: the key sent again with another deal is
    # refused. Blank in rows from before it was kept: their key gets the first answer back.
    asked = models.CharField(max_length=64, blank=True, default="")
    status = models.PositiveSmallIntegerField()
    body = models.TextField()  # the JSON text exactly as first sent
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["link", "key"], name="idempotency_key_once_per_link",
                                    condition=models.Q(link__isnull=False)),
            models.UniqueConstraint(fields=["match", "key"], name="idempotency_key_once_per_match",
                                    condition=models.Q(link__isnull=True)),
        ]

    def __str__(self):
        return f"{self.action} {self.key} on match {self.match_id}"


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        RECORDED = "recorded", _("deal recorded")
        UNDONE = "undone", _("last deal undone")
        CORRECTED = "corrected", _("deal corrected")
        VOIDED = "voided", _("deal voided")
        RESET = "reset", _("match reset")
        CONFIRMED = "confirmed", _("result confirmed")
        LINK_REVOKED = "link_revoked", _("referee link revoked")
        FIRST_DEALER = "first_dealer", _("first dealer chosen")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="audit")
    action = models.CharField(max_length=20, choices=Action.choices)
    deal = models.ForeignKey(Deal, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    via_link = models.ForeignKey(
        RefereeLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    before = QuickJSON(null=True)
    after = QuickJSON(null=True)
    reason = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.get_action_display()} on match {self.match_id}"


# Club ratings (scoring/ratings/: arithmetic.py computes them, services.py stores them) ---------

class Rating(models.Model):
    """A current rating: OpenSkill's mu and sigma, and the conservative value the ladder ranks by."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField()  # mu - 3 sigma
    matches = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True


class PlayerRating(Rating):
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")

    class Meta:
        indexes = [models.Index(fields=["club", "-conservative"])]
        constraints = [models.CheckConstraint(condition=models.Q(sigma__gt=0),
                                              name="player_rating_sigma_positive")]

    def __str__(self):
        return f"{self.player_id}: {self.conservative:.2f}"


class PartnershipRating(Rating):
    partnership = models.OneToOneField(Partnership, on_delete=models.CASCADE,
                                       related_name="rating")

    class Meta:
        indexes = [models.Index(fields=["club", "-conservative"])]
        constraints = [models.CheckConstraint(condition=models.Q(sigma__gt=0),
                                              name="partnership_rating_sigma_positive")]

    def __str__(self):
        return f"{self.partnership_id}: {self.conservative:.2f}"


class RatingChange(models.Model):
    """What one finished match did to one player's or one partnership's rating (the history).

    A rated match has six: its four players and its two partnerships. `match_version` is the
    version of the match they were computed from; `at` and the match id order the history.
    """

    class Result(models.TextChoices):
        WIN = "W", _("won")
        LOSS = "L", _("lost")
        DRAW = "D", _("drew")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    match_version = models.PositiveIntegerField()
    at = models.DateTimeField()  # the match's finished_at
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE,
                               related_name="+")
    partnership = models.ForeignKey(Partnership, null=True, blank=True, on_delete=models.CASCADE,
                                    related_name="+")
    result = models.CharField(max_length=1, choices=Result.choices)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField()

    class Meta:
        ordering = ["at", "match_id", "id"]
        indexes = [models.Index(fields=["club", "at", "match"])]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(player__isnull=False, partnership__isnull=True)
                           | models.Q(player__isnull=True, partnership__isnull=False)),
                name="rating_change_one_entity"),
            models.UniqueConstraint(fields=["match", "player"], name="rating_change_player_once",
                                    condition=models.Q(player__isnull=False)),
            models.UniqueConstraint(fields=["match", "partnership"],
                                    name="rating_change_partnership_once",
                                    condition=models.Q(partnership__isnull=False)),
        ]

    def __str__(self):
        who = f"player {self.player_id}" if self.player_id else f"partnership {self.partnership_id}"
        return f"{who} after match {self.match_id}: {self.conservative:.2f}"
