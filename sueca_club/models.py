"""The club registry: clubs, their organisers, players and partnerships (duplas)."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Greatest, Least, Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from sueca_club import zones

MAX_ID = 2**63 - 1  # the largest id a database holds (SQLite cannot even look up a bigger one)

PRESET_CHOICES = [
    ("portugal", _("Portugal (standard)")),
    ("vila_flor", _("Vila Flor")),
    ("brasil", _("Brazil (deal goes clockwise)")),
    ("carry_ties", _("60-60 carries over")),
    ("points_flag", _("120 points is a flag")),
    ("strict_revoke", _("A revoke loses the match")),
    ("double_pack", _("Double pack: 8 players, 240 points")),
    ("brasil_last_trick", _("Brazil, 10 for the last trick")),
]


class OutboxStep(models.Model):
    """What must follow a committed write (DESIGN.md): written in the write's own transaction,
    run after it commits, each step in its own transaction (sueca_club/outbox.py)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("to do")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    name = models.CharField(max_length=60)  # a step registered in sueca_club/outbox.py
    args = models.JSONField(default=dict)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    run_after = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)  # handed to a worker
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["status", "run_after"], name="outbox_due",
                                condition=models.Q(status="pending"))]

    def __str__(self):
        return f"{self.name} {self.args} ({self.status})"


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("address"), max_length=60, unique=True)
    town = models.CharField(_("town"), max_length=120, blank=True)
    default_preset = models.CharField(
        _("default rules"), max_length=20, choices=PRESET_CHOICES, default="portugal"
    )
    time_zone = models.CharField(
        _("time zone"), max_length=40, choices=zones.zone_choices, default=zones.site_zone,
        help_text=_("Every time on the club's pages, and every time you type, is in this zone."),
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", through_fields=("club", "user"),
        related_name="clubs",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("club", args=[self.slug])


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_once_per_club"),
        ]

    def __str__(self):
        return f"{self.user} in {self.club}"


class RosterQuerySet(models.QuerySet):
    """Players or partnerships, and which of them are the club's roster."""

    def in_roster(self):
        """The club's own: not those a public sign-up made that never got into a tournament
        (provisional)."""
        return self.filter(provisional=False)

    def active(self):
        """In the roster and not archived: what the organiser chooses from."""
        return self.in_roster().filter(archived=False)


class PartnershipQuerySet(RosterQuerySet):
    def active(self):
        """In the roster, not archived, and none of its players archived: an archived player
        is picked for no new match or tournament."""
        return super().active().exclude(
            models.Q(player_1__archived=True) | models.Q(player_2__archived=True)
            | models.Q(player_3__archived=True) | models.Q(player_4__archived=True))


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)
    email = models.EmailField(_("email"), blank=True)
    notify = models.BooleanField(_("send me my table and results"), default=True)
    archived = models.BooleanField(_("archived"), default=False)
    # Made by a tournament's public sign-up and in no tournament yet: out of the club's
    # roster (in_roster) until the sign-up is accepted (services.roster_join). Anyone can
    # sign up, so a sign-up turned down, withdrawn or never answered leaves nobody behind;
    # nor does a name it corrects once accepted, when nothing else has that player
    # (tournaments.registration.services.players.misspelt_leave).
    provisional = models.BooleanField(default=False)

    objects = RosterQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "club", name="player_name_unique_in_club"),
        ]

    def __str__(self):
        return self.name


class Partnership(models.Model):
    """Two players who sit opposite each other (a dupla), or four for the double pack.

    In a partnership of four the players sit at every other seat, in the order 1, 2, 3, 4.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="partnerships")
    player_1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_2 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_3 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                 null=True, blank=True)
    player_4 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                 null=True, blank=True)
    name = models.CharField(_("name"), max_length=120, blank=True,
                            help_text=_("Leave empty to use the players' names."))
    archived = models.BooleanField(_("archived"), default=False)
    # As Player.provisional; a partnership in the roster has its players in it too.
    provisional = models.BooleanField(default=False)

    objects = PartnershipQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(player_1=models.F("player_2")),
                name="partnership_two_different_players",
            ),
            models.CheckConstraint(
                condition=models.Q(player_3__isnull=True, player_4__isnull=True)
                | models.Q(player_3__isnull=False, player_4__isnull=False),
                name="partnership_of_two_or_four",
            ),
            models.CheckConstraint(
                condition=models.Q(player_3__isnull=True)
                | ~models.Q(player_3=models.F("player_1")) & ~models.Q(player_3=models.F("player_2"))
                & ~models.Q(player_3=models.F("player_4")) & ~models.Q(player_4=models.F("player_1"))
                & ~models.Q(player_4=models.F("player_2")),
                name="partnership_four_different_players",
            ),
            models.UniqueConstraint(
                "club", Least("player_1", "player_2"), Greatest("player_1", "player_2"),
                condition=models.Q(player_3__isnull=True),
                name="partnership_unique_pair_in_club",
            ),
            # Four different ids are one set when their least, greatest, sum and sum of
            # squares agree: the least and greatest fix two, the sum and the sum of squares
            # the other two.
            models.UniqueConstraint(
                "club",
                Least("player_1", "player_2", "player_3", "player_4"),
                Greatest("player_1", "player_2", "player_3", "player_4"),
                models.F("player_1") + models.F("player_2") + models.F("player_3")
                + models.F("player_4"),
                models.F("player_1") * models.F("player_1")
                + models.F("player_2") * models.F("player_2")
                + models.F("player_3") * models.F("player_3")
                + models.F("player_4") * models.F("player_4"),
                condition=models.Q(player_3__isnull=False),
                name="partnership_unique_four_in_club",
            ),
        ]

    def __str__(self):
        return self.display_name

    @property
    def display_name(self) -> str:
        return self.name_of(self.name, *(player.name for player in self.players))

    @staticmethod
    def name_of(name: str, *players: str | None) -> str:
        """The display name from the columns alone (what a page read as plain values has):
        a pair's two names, or a four's (the last two are None for a pair)."""
        return name or " & ".join(player for player in players if player is not None)

    @property
    def players(self) -> list[Player]:
        """In seat order: 1 and 2 for a pair, 1 to 4 for a partnership of four."""
        if self.player_3_id is None:
            return [self.player_1, self.player_2]
        return [self.player_1, self.player_2, self.player_3, self.player_4]

    @property
    def player_ids(self) -> list[int]:
        """The players' ids in seat order, without reading the players."""
        ids = [self.player_1_id, self.player_2_id, self.player_3_id, self.player_4_id]
        return ids[:2] if self.player_3_id is None else ids

    @property
    def is_four(self) -> bool:
        return self.player_3_id is not None


class FormSubmission(models.Model):
    """A creating form's one-time token and where its first post led (sueca_club/formtokens.py).

    The unique token is what stops a double-clicked form from creating twice: a second post
    with the same token gets `url` back, and two at the same moment are serialised here.
    """

    token = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.CASCADE, related_name="+")
    url = models.CharField(max_length=500)
    # What the first post sent, digested, and what it named ("Back Um"): the token sent again
    # with other entries is refused, naming it. Blank in rows from before they were kept.
    asked = models.CharField(max_length=64, blank=True, default="")
    named = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self):
        return f"{self.token} -> {self.url}"


class Invitation(models.Model):
    """An emailed invitation to help run a club: nobody is an organiser until they accept it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField(_("email"))
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    emailed_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    accepted_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.email} to {self.club}"

    @property
    def pending(self) -> bool:
        return (self.accepted_at is None and self.revoked_at is None
                and self.expires_at > timezone.now())
