"""A tournament's public sign-up: the organiser's settings, and each partnership that signed up.

A sign-up that is accepted has an `Entry` (tournaments.models), so the rest of the site sees
it as any registered partnership; one waiting for the organiser's approval, or on the waiting
list, has none until it is accepted. The private link of a sign-up is its random `token`.

A sign-up keeps the names as they were typed. Names are the club's identity of its players
(unique in a club), and a public form proves nobody's identity: a name that is already a
club player's never joins that player by itself. The sign-up then has no partnership until
the organiser says who is who (`Status.CONFIRM`): the club's player, or someone else under a
name that tells them apart.
"""

import secrets

from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from sueca_club.models import Partnership, Player
from tournaments.models import Entry, Tournament


def new_token() -> str:
    return secrets.token_urlsafe(24)


def door_token(tournament: Tournament) -> str:
    """The token of the tournament's check-in poster: signed with the site's secret, so it
    needs no row, and nobody can make it who has not seen the poster."""
    return salted_hmac("tournaments.registration.door", f"{tournament.pk}:{tournament.seed}",
                       algorithm="sha256").hexdigest()[:32]


class Registration(models.Model):
    """How a tournament takes sign-ups and check-ins; made the first time it is set."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE,
                                      related_name="registration")
    open = models.BooleanField(_("take sign-ups on the public page"), default=False)
    cap = models.PositiveSmallIntegerField(
        _("most partnerships"), null=True, blank=True,
        help_text=_("Beyond this, sign-ups go on a waiting list. Empty: no limit."))
    closes_at = models.DateTimeField(_("sign-up closes at"), null=True, blank=True)
    approval = models.BooleanField(
        _("the organiser approves each sign-up"), default=False,
        help_text=_("Otherwise a sign-up is accepted at once while there is room."))
    check_in_from = models.DateTimeField(
        _("check-in opens at"), null=True, blank=True,
        help_text=_("From then, partnerships check in from their link or the door poster."))

    def __str__(self):
        return f"registration of {self.tournament_id}"

    def closed(self, now=None) -> bool:
        return self.closes_at is not None and (now or timezone.now()) >= self.closes_at

    @property
    def door_token(self) -> str:
        return door_token(self.tournament)

    def check_in_open(self, now=None) -> bool:
        return self.check_in_from is not None and (now or timezone.now()) >= self.check_in_from


class SignUp(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting approval")
        WAITING = "waiting", _("on the waiting list")
        ACCEPTED = "accepted", _("accepted")
        REFUSED = "refused", _("not accepted")
        WITHDRAWN = "withdrawn", _("withdrawn")
        REMOVED = "removed", _("removed by the organiser")
        CONFIRM = "confirm", _("players to confirm")

    # With a partnership, in the tournament or on its way in.
    LIVE = (Status.PENDING, Status.WAITING, Status.ACCEPTED)
    # Not withdrawn nor turned down: live, or waiting for the organiser to confirm its players.
    STANDING = (Status.CONFIRM, *LIVE)
    # Out for good, before the start: turned down, withdrawn, or taken out by the organiser.
    GONE = (Status.REFUSED, Status.WITHDRAWN, Status.REMOVED)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="signups")
    # None while the organiser confirms the players (CONFIRM).
    partnership = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="+",
                                    null=True, blank=True)
    names = models.JSONField(default=list)  # the players' names as typed, in seat order
    entry = models.OneToOneField(Entry, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="signup")
    status = models.CharField(max_length=10, choices=Status.choices)
    contact = models.CharField(_("phone or email"), max_length=120, blank=True)
    # A partnership not in the tournament yet (on the waiting list, or its players to confirm)
    # that came to the door: once in, it is checked in at once.
    here = models.BooleanField(default=False)
    # The players it brought into the club's roster when it got in (its newcomers until then):
    # one of them whose name it corrects leaves the roster again when nothing else has them
    # (services.players.misspelt_leave).
    brought = models.ManyToManyField(Player, blank=True, related_name="+")
    # When it moved from the waiting list into the tournament (a place freed, or the organiser
    # moved it up), and when it was emailed so (once: steps.signup_moved_up_email).
    moved_up_at = models.DateTimeField(null=True, blank=True)
    moved_up_emailed_at = models.DateTimeField(null=True, blank=True)
    # When the organiser turned it down: told to the organiser should the same names sign up
    # again (selectors.board).
    refused_at = models.DateTimeField(null=True, blank=True)
    # The language of the sign-up's page: its emails are written in it ("": the site's).
    language = models.CharField(max_length=10, blank=True)
    token = models.CharField(max_length=64, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)
    # The waiting list's order: when it joined the list (a sign-up approved later queues then).
    # Of a sign-up whose players the organiser confirms: its turn on the waiting list, when it
    # came with no place free and sign-ups accepted at once.
    queued_at = models.DateTimeField(null=True, blank=True)
    # Of a sign-up whose players the organiser confirms: it came (or moved up) while there was
    # room, sign-ups accepted at once, and keeps that place whatever the settings become; it
    # takes it once its players are confirmed. Neither this nor a turn: it awaits approval.
    holds_place = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "partnership"],
                                    condition=models.Q(status__in=["pending", "waiting",
                                                                   "accepted"]),
                                    name="signup_live_once_per_tournament"),
        ]
        indexes = [models.Index(fields=["tournament", "status", "queued_at"])]

    def __str__(self):
        return f"{self.display_name} ({self.status})"

    def get_absolute_url(self):
        return reverse("tournaments:signup_link", args=[self.tournament.slug, self.token])

    @property
    def in_line(self) -> bool:
        """In the tournament, on its waiting list, or holding a place or a turn there while the
        organiser confirms its players: it may check in."""
        if self.status == self.Status.ACCEPTED:
            return self.entry_id is not None
        if self.status == self.Status.CONFIRM:
            return self.holds_place or self.queued_at is not None
        return self.status == self.Status.WAITING

    @property
    def on_waiting_list(self) -> bool:
        return self.status in (self.Status.WAITING, self.Status.CONFIRM) and (
            self.queued_at is not None)

    @property
    def player_names(self) -> list[str]:
        """The club's names of its players once confirmed, else the names as typed."""
        if self.partnership_id is None:
            return list(self.names)
        return [player.name for player in self.partnership.players]

    @property
    def display_name(self) -> str:
        if self.partnership_id is None:
            return Partnership.name_of("", *self.names)
        return self.partnership.display_name

