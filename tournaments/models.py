"""Tournaments: entries, tables with permanent referee links, rounds and their pairings."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.timezone import localdate
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import engine
from scoring.models import Match, RefereeLink
from sueca_club.models import Club, Partnership
from tournaments.formats import DEFAULT_CHAIN, FINAL, FullWin


def new_seed() -> str:
    return secrets.token_hex(8)


def default_chain() -> list[str]:
    return list(DEFAULT_CHAIN)


def default_deciding_format() -> dict:
    return {"type": "first_to", "target": 2}


class Tournament(models.Model):
    class Structure(models.TextChoices):
        KNOCKOUT = "knockout", _("Knockout")
        GROUPS = "groups", _("Groups, then knockout")
        ROUNDS = "rounds", _("Rounds: Swiss or round robin")
        DOUBLE = "double", _("Double elimination")
        LEAGUE = "league", _("League over weeks")

    class Draw(models.TextChoices):
        RANDOM = "random", _("Random draw")
        SEEDED = "seeded", _("Seeded")
        REDRAW = "redraw", _("A fresh random draw before each round")
        RATING = "rating", _("Seeded by club rating")

    class Pairing(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin (everyone meets once)")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Registration")
        RUNNING = "running", _("In play")
        FINISHED = "finished", pgettext_lazy("a tournament", "Finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("address"), max_length=70, unique=True)
    place = models.CharField(_("place"), max_length=120, blank=True)
    starts_on = models.DateField(_("starts on"), null=True, blank=True)
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    tables_count = models.PositiveSmallIntegerField(_("tables"), default=8)
    rules = models.JSONField()
    format = models.JSONField()
    structure = models.CharField(_("structure"), max_length=10, choices=Structure.choices)
    # "draw" names two things in English; this one is the sorteio, not a level match.
    draw = models.CharField(pgettext_lazy("how a knockout is drawn", "draw"), max_length=10,
                            choices=Draw.choices, default=Draw.RANDOM)
    third_place = models.BooleanField(_("third-place match"), default=False)
    groups_count = models.PositiveSmallIntegerField(_("groups"), default=2)
    qualifiers_per_group = models.PositiveSmallIntegerField(_("qualifiers per group"), default=2)
    pairing = models.CharField(_("pairing"), max_length=12, choices=Pairing.choices,
                               default=Pairing.SWISS)
    rounds_count = models.PositiveSmallIntegerField(_("rounds"), default=4)

    class Legs(models.IntegerChoices):
        ONCE = 1, _("once")
        TWICE = 2, _("twice, the second time with the sides swapped")

    legs = models.PositiveSmallIntegerField(
        _("each pair meets"), choices=Legs.choices, default=Legs.ONCE,
        help_text=_("Round robin, groups and leagues."))
    matchday_interval = models.PositiveSmallIntegerField(
        _("days between matchdays"), default=7,
        help_text=_("A league's matchdays are this many days apart, from its first day."))
    bracket_reset = models.BooleanField(
        _("bracket reset"), default=True,
        help_text=_("Double elimination: when the losers' bracket winner wins the grand "
                    "final, a second one is played, since each finalist has then lost once."))
    # A double elimination's field in seed order (entry ids), fixed when it starts: the
    # whole schedule is built from it again whenever a result changes.
    bracket_order = models.JSONField(default=list, blank=True, editable=False)

    class Deciding(models.TextChoices):
        QUALIFYING = "qualifying", _("a place that qualifies or decides the champion")
        PODIUM = "podium", _("a podium place (first three)")
        EVERY = "every", _("every place")

    deciding_scope = models.CharField(
        _("a deciding match settles a tie for"), max_length=10, choices=Deciding.choices,
        default=Deciding.QUALIFYING,
        help_text=_("Only when the tie-break chain ends with a deciding match."))
    deciding_format = models.JSONField(_("deciding match format"),
                                       default=default_deciding_format)
    points_win = models.PositiveSmallIntegerField(_("points for a win"), default=3)
    points_loss = models.PositiveSmallIntegerField(_("points for a loss"), default=1)
    points_draw = models.PositiveSmallIntegerField(_("points for a draw"), default=2)
    points_no_show = models.PositiveSmallIntegerField(_("points for a no-show"), default=0)
    tie_breaks = models.JSONField(_("tie-break chain"), default=default_chain)
    walkover_games = models.PositiveSmallIntegerField(
        _("games for a walkover win"), default=4,
        help_text=_("The winner of a walkover is scored this many games to none."))
    auto_advance = models.BooleanField(
        _("draw the next round when the last match finishes"), default=True)

    class Bye(models.TextChoices):
        WIN = "win", _("a win (its points and the games of a walkover)")
        DRAW = "draw", _("a draw")
        NOTHING = "nothing", _("nothing")

    bye_result = models.CharField(_("a bye counts as"), max_length=8, choices=Bye.choices,
                                  default=Bye.WIN)
    best_of_next = models.PositiveSmallIntegerField(
        _("best next-placed partnerships who also qualify"), default=0,
        help_text=_("For unequal groups: this many of the partnerships placed just below "
                    "the qualifying places, the best across all groups, also go through."))

    class Confirmation(models.TextChoices):
        NONE = "", _("no: the referee's entry stands")
        DEAL = "deal", _("each deal, on the table's phone")
        RESULT = "result", _("each match result, on the table's phone")

    confirmation = models.CharField(
        _("the other side confirms"), max_length=6, choices=Confirmation.choices, blank=True,
        default=Confirmation.NONE,
        help_text=_("Each deal: a player of the other side confirms every deal before it is "
                    "saved. Each match result: the tournament goes on only once a player of "
                    "the losing side (or you) confirms the result."))
    allow_rematches = models.BooleanField(
        _("allow the least-bad rematch when no round can be drawn without one"), default=False)
    # Why the next round is not drawn, for the organiser (empty when nothing is wrong).
    draw_problem = models.TextField(blank=True)
    seed = models.CharField(max_length=32, default=new_seed, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    version = models.PositiveIntegerField(default=1)
    champion = models.ForeignKey("Entry", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-created_at"]
        constraints = [
            models.CheckConstraint(condition=models.Q(tables_count__gte=1),
                                   name="tournament_has_a_table"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournaments:overview", args=[self.slug])

    @property
    def structure_name(self) -> str:
        """The structure as its pages name it: rounds by their pairing, since a round robin or
        a Swiss may be played to a number of games rather than a fixed number of deals."""
        if self.structure != self.Structure.ROUNDS:
            return self.get_structure_display()
        return _("Swiss") if self.pairing == self.Pairing.SWISS else _("Round robin")

    @property
    def starts_later(self) -> bool:
        """Not started, and set for a later day than today: its start buttons warn of it."""
        return (self.status == self.Status.DRAFT and self.starts_on is not None
                and self.starts_on > localdate())

    @property
    def withdrawn_count(self) -> int:
        """Of the partnerships entered, those who withdrew (selectors.tournament_page's
        counts)."""
        return self.ranked_count - self.entries_count

    @property
    def full_win(self) -> FullWin:
        """What a walkover gives its winner, and a bye worth a win (RULES.md): the games set
        for a walkover and the partidas of a win (`to_win` of a match of game sets, the one a
        first-to match is); in the points format, whose deals award no games, the target in
        card points and nothing else."""
        fmt = engine.format_from(self.format)
        if fmt.type == "points":
            return FullWin(card_points=fmt.target)
        return FullWin(games=self.walkover_games,
                       partidas={"partidas": fmt.to_win, "first_to": 1}.get(fmt.type, 0),
                       in_sets=fmt.type == "partidas")

    @property
    def bye_worth(self) -> FullWin:
        """The games, partidas and card points a bye brings: a walkover's when it counts as a
        win (`bye_result`), else none (its points are the scheme's: selectors.points_scheme)."""
        return self.full_win if self.bye_result == self.Bye.WIN else FullWin()


class LiveScores(models.Model):
    """How often the scores of a tournament's matches changed (a deal, an undo, a correction,
    a confirmation), and when last: with the tournament's own version, what the pages that
    show live scores are keyed by (`selectors.live_etag`), read from one row.

    A row of its own, bumped last in a scoring write's transaction (`tournaments.live`): the
    tournament's row stays out of a referee's write, which never waits on a draw holding it
    nor makes the standings, keyed by the tournament's version alone, stale."""

    tournament = models.OneToOneField(Tournament, primary_key=True, on_delete=models.CASCADE,
                                      related_name="+")
    version = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField()

    def __str__(self):
        return f"{self.tournament_id}: {self.version}"


# Entries by seed, 1 first, then the unseeded in the order they were entered, on every
# database: SQLite puts a NULL seed first, PostgreSQL last.
SEED_ORDER = (models.F("seed").asc(nulls_last=True), "id")


class Entry(models.Model):
    """A partnership registered in a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    partnership = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="+")
    seed = models.PositiveSmallIntegerField(_("seed"), null=True, blank=True)
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    group = models.CharField(_("group"), max_length=2, blank=True)

    class Meta:
        ordering = SEED_ORDER
        constraints = [
            models.UniqueConstraint(fields=["tournament", "partnership"],
                                    name="entry_once_per_tournament"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="entry_seed_unique"),
        ]

    def __str__(self):
        return str(self.partnership)

    @property
    def display_name(self) -> str:
        return self.partnership.display_name


class Table(models.Model):
    """A physical table; its QR card (referee link) stays on it for the whole event."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    link = models.OneToOneField(RefereeLink, on_delete=models.PROTECT, related_name="table")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="table_number_unique"),
        ]

    def __str__(self):
        return _("Table %(number)s") % {"number": self.number}


class Round(models.Model):
    class Stage(models.TextChoices):
        GROUPS = "groups", _("Group stage")
        KNOCKOUT = "knockout", _("Knockout")
        ROUNDS = "rounds", _("Round")
        DOUBLE = "double", _("Double elimination")
        DECIDING = "deciding", _("Deciding match")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Stage.choices)
    # final, semi_final, ... for knockouts and a small knockout of deciding matches (none for
    # a deciding match of two tied alone); W1, L2, GF1 ... (a schedule round) for a double
    # elimination.
    code = models.CharField(max_length=20, blank=True)
    date = models.DateField(_("date"), null=True, blank=True)  # a league's matchday
    # A league's matchday puts its matches on the tables only once the organiser opens it.
    opened = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
        ]

    def __str__(self):
        return f"{self.tournament} · {self.number}"

    @property
    def ends_its_knockout(self) -> bool:
        """A knockout's final, or a deciding match of two tied alone: nothing comes after
        it in its knockout."""
        return self.code == FINAL or (self.stage == self.Stage.DECIDING and not self.code)


class Pairing(models.Model):
    """Two entries drawn to meet (b empty: a bye). Its result comes from its match or a walkover."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    slot = models.PositiveSmallIntegerField()
    third_place = models.BooleanField(default=False)
    group = models.CharField(max_length=2, blank=True)
    a = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    b = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="pairings")
    # The table its match was played at until a correction reopened it where that table was
    # taken, or one of its partnerships seated elsewhere: it waits for a table, and names this
    # one again if it ends before it is placed (services.results).
    earlier_table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="+")
    match = models.OneToOneField(Match, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="pairing")
    walkover = models.CharField(max_length=1, blank=True)  # the side that showed up: A or B
    # Why the walkover: the side that did not play had withdrawn from the tournament
    # (entry_withdraw, or a draw that met a withdrawn entry), not a no-show for this match.
    withdrawal = models.BooleanField(default=False)
    # The match begun for it that a withdrawal stopped (rows.off_table with table_kept): the
    # match let go of it, but it is kept, abandoned, with its deals, and the API names it.
    stopped = models.OneToOneField(Match, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    winner = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+")
    finished = models.BooleanField(default=False)
    # A league match the organiser moved to a later date: not put on a table until played.
    postponed_to = models.DateField(_("postponed to"), null=True, blank=True)
    # The date it was last postponed to, kept once the organiser has it played (postponed_to
    # is cleared then): its season's pages still say it was postponed, and to when.
    was_postponed_to = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["slot"]
        constraints = [
            models.UniqueConstraint(fields=["round", "slot"], name="pairing_slot_unique"),
            models.CheckConstraint(condition=models.Q(a__isnull=False), name="pairing_has_a"),
            models.CheckConstraint(condition=~models.Q(a=models.F("b")),
                                   name="pairing_two_different_entries"),
        ]

    def __str__(self):
        b = self.b or _("bye")
        return f"{self.a} – {b}"

    @property
    def is_bye(self) -> bool:
        return self.b_id is None

    # What a line shows (presenters.line_of), by the names selectors.PairingSummary has too.
    @property
    def a_name(self) -> str:
        return self.a.partnership.display_name

    @property
    def b_name(self) -> str | None:
        return self.b.partnership.display_name if self.b_id else None

    @property
    def table_number(self) -> int | None:
        return self.table.number if self.table_id else None

    @property
    def absent_name(self) -> str | None:
        """Who did not play a walkover the other side won (None otherwise)."""
        return {"A": self.b_name, "B": self.a_name}.get(self.walkover)


class Action(models.Model):
    """What an organiser did to a tournament, when and why: the tournament's action log."""

    class Kind(models.TextChoices):
        START = "start", _("started the tournament")
        DRAW = "draw", _("drew the next round")
        REDRAW = "redraw", _("drew the round again")
        SWAP = "swap", _("swapped two partnerships")
        WALKOVER = "walkover", _("gave a walkover")
        WITHDRAWAL = "withdrawal", _("withdrew a partnership")
        CORRECTION = "correction", _("corrected a result")
        RESET = "reset", _("reset later matches")
        FINISH = "finish", _("finished the tournament")
        REMATCH = "rematch", _("allowed a rematch")
        POSTPONE = "postpone", _("postponed a match")
        PLAY_NOW = "play_now", _("had a postponed match played now")
        MATCHDAY = "matchday", _("opened a matchday")
        DECIDING = "deciding", _("drew a deciding match")
        SETTINGS = "settings", _("changed the settings")
        TAKE_BACK = "take_back", _("took back a walkover")
        REINSTATE = "reinstate", _("reinstated a partnership")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="actions")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    # A referee's write that moved the tournament (an undo that took back a round drawn
    # from its result): the table's link; neither it nor `user`: the site did it by itself.
    via_link = models.ForeignKey(RefereeLink, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    what = models.TextField(blank=True)  # which partnerships or match, by their names
    # What the log says in words, put in the reader's language when shown
    # (presenters.action_what): {"count": 5}, {"round": 2}, {"matchdays": [3, 4]}, or
    # {"changes": [[field, old, new], ...]}. A no-show's walkover keeps the match it took off
    # its table before its first deal and its pairing, {"match": id, "pairing": id}, for what
    # the table's phone says of it (tournaments.stopped).
    args = models.JSONField(default=dict, blank=True)
    reason = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.tournament_id})"

    @property
    def actor(self) -> str:
        """Who did it, in words: the organiser, a table's referee, or the site by itself."""
        if self.user_id:
            return str(self.user)
        if self.via_link_id:
            number = self.via_link.table_number
            return (_("Table %(number)s's referee") % {"number": number} if number
                    else str(_("a referee link")))
        return str(_("the site"))


def export_path(export: "Export", filename: str) -> str:
    return f"exports/{export.club_id}/{filename}"


class Export(models.Model):
    """A file made from a tournament's or a club season's data by a background task.

    Keyed by the version of the data it was made from (`key`): asking again for the same
    file of the same data reuses it. Served only through a permission-checked view.
    """

    class Kind(models.TextChoices):
        STANDINGS = "standings", _("Standings")
        RESULTS = "results", _("Results")
        DEALS = "deals", _("Every deal")
        TRANSFER = "transfer", _("Complete tournament (to import elsewhere)")
        CARDS = "cards", _("QR table cards")
        SHEETS = "sheets", _("Paper score sheets")
        BRACKET = "bracket", _("Bracket poster")
        FINAL = "final", _("Final results")

    class Format(models.TextChoices):
        CSV = "csv", "CSV"
        XLSX = "xlsx", "Excel (XLSX)"
        JSON = "json", "JSON"
        PDF = "pdf", "PDF"

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Being made")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="exports")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="exports")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    format = models.CharField(max_length=4, choices=Format.choices)
    params = models.JSONField(default=dict, blank=True)  # season dates, language, paper size...
    data_version = models.CharField(max_length=64)
    key = models.CharField(max_length=200)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    progress = models.PositiveSmallIntegerField(default=0)  # percent
    error = models.TextField(blank=True)
    file = models.FileField(upload_to=export_path, max_length=200, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # One live file per key (scope, kind, format, options, data version); a failed one
            # steps aside so that it can be asked for again.
            models.UniqueConstraint(fields=["key"], condition=~models.Q(status="failed"),
                                    name="export_once_per_data_version"),
        ]
        indexes = [models.Index(fields=["club", "tournament", "-created_at"])]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.format}) of {self.tournament or self.club}"

    @property
    def ready(self) -> bool:
        return self.status == self.Status.DONE and bool(self.file)

    @property
    def working(self) -> bool:
        return self.status in (self.Status.PENDING, self.Status.RUNNING)


class Notification(models.Model):
    """An email a player was sent about play: recorded so that a retried task never sends it twice.

    `object_id` is the pairing's id for PAIRING and TABLE, the match's for RESULT.
    """

    class Kind(models.TextChoices):
        PAIRING = "pairing", _("opponent drawn")
        TABLE = "table", _("table to play at")
        RESULT = "result", _("match result")

    player = models.ForeignKey("sueca_club.Player", on_delete=models.CASCADE,
                               related_name="notifications")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    object_id = models.PositiveBigIntegerField()
    email = models.EmailField()  # where it went
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-sent_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "kind", "object_id"],
                                    name="notification_once_per_player_and_object"),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} {self.object_id} to player {self.player_id}"


from tournaments.registration.models import Registration, SignUp  # noqa: E402,F401  (its models)
