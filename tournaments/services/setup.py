"""Organisers set up and steer a tournament: entries, check-in, start, walkovers, tables."""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import engine
from scoring import services as scoring
from scoring.models import RefereeLink
from sueca_club import outbox
from sueca_club.services import PLAYERS, roster_join
from tournaments import formats, notifications, selectors
from tournaments.formats import double_elimination
from tournaments.models import Action, Entry, Pairing, Round, Table, Tournament
from tournaments.services import double, draws, league, results, rows
from tournaments.services.errors import StructureDoesNotFit, TournamentRefused


def unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "torneio"
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic  # not durable: the form's one-time token is stored in the same transaction
def tournament_create(*, club, name: str, rules: engine.Rules, fmt: engine.Format,
                      structure: str, by=None, slug: str = "", **options) -> Tournament:
    """A tournament in registration; `options` are the structure's settings (see the model)."""
    tournament = Tournament(club=club, name=name, slug=slug or unique_slug(name),
                            rules=rules.as_dict(),
                            format=fmt.as_dict(), structure=structure, created_by=by, **options)
    if fmt.type != "fixed_deals" and "walkover_games" not in options:
        tournament.walkover_games = _full_win(fmt)
    if "tie_breaks" not in options:  # the model's default names game sets, which not all have
        tournament.tie_breaks = list(formats.default_chain(fmt.type))
    _require_valid(tournament)
    tournament.save()
    return tournament


def structure_settings(tournament: Tournament) -> tuple[str, ...]:
    """The settings of the tournament's structure that its partnerships must fit (see
    _require_playable): when fewer come than planned, the organiser changes them before the
    start (tournament_structure_change)."""
    if tournament.structure == Tournament.Structure.GROUPS:
        return ("groups_count", "qualifiers_per_group", "best_of_next")
    if (tournament.structure == Tournament.Structure.ROUNDS
            and tournament.pairing == Tournament.Pairing.SWISS):
        return ("rounds_count", "allow_rematches")
    return ()


@outbox.service
def tournament_structure_change(*, tournament: Tournament, by=None, **settings) -> Tournament:
    """Change `structure_settings` (fewer rounds, fewer groups) before the start, checked as
    at creation; the start checks them against the partnerships who play. The action log
    says what changed, from what to what."""
    tournament = _editable(tournament, _("The tournament has started: its rounds and groups "
                                         "can no longer change."))
    unknown = set(settings) - set(structure_settings(tournament))
    if unknown:
        raise TypeError(f"Not a setting of this structure: {', '.join(sorted(unknown))}")
    changed = {name: (getattr(tournament, name), value) for name, value in settings.items()
               if getattr(tournament, name) != value}
    if not changed:
        return tournament
    for name, (_old, new) in changed.items():
        setattr(tournament, name, new)
    _require_valid(tournament)
    tournament.save(update_fields=list(changed))
    log(tournament, Action.Kind.SETTINGS, by,
        changes=[[name, old, new] for name, (old, new) in changed.items()])
    rows.bump(tournament)
    return tournament


def _require_valid(tournament: Tournament) -> None:
    """The settings alone, as at creation: the partnerships who play are not known yet."""
    tournament.full_clean(exclude=["slug", "seed"])
    _require_playable(tournament, None)


GROUP_PROBLEMS = {
    "no_groups": gettext_lazy("A group stage needs at least one group."),
    "group_too_small": gettext_lazy("Every group needs at least %(minimum)s partnerships; "
                                    "the smallest would have %(smallest)s."),
    "qualifiers_out_of_range": gettext_lazy("From %(minimum)s to %(maximum)s partnerships of "
                                            "each group can go through, not %(qualifiers)s."),
    "qualifiers_exceed_group": gettext_lazy("%(qualifiers)s go through from each group, but "
                                            "the smallest group has only %(smallest)s."),
    "best_of_next_out_of_range": gettext_lazy("At most %(maximum)s of the next-placed "
                                              "partnerships can also go through, not "
                                              "%(best_of_next)s."),
    "best_of_next_short": gettext_lazy("Only %(groups)s groups have a next-placed partnership "
                                       "to pick %(best_of_next)s from."),
    "too_few_qualifiers": gettext_lazy("The knockout needs at least %(minimum)s partnerships; "
                                       "only %(qualifiers)s would go through."),
    "too_many_qualifiers": gettext_lazy("A knockout holds at most %(maximum)s partnerships; "
                                        "%(qualifiers)s would go through."),
}

# The setting each problem is about; the others are about the groups and qualifiers together.
GROUP_PROBLEM_SETTINGS = {
    "no_groups": "groups_count", "group_too_small": "groups_count",
    "qualifiers_out_of_range": "qualifiers_per_group",
    "qualifiers_exceed_group": "qualifiers_per_group",
    "best_of_next_out_of_range": "best_of_next", "best_of_next_short": "best_of_next",
}


def _require_playable(tournament: Tournament, entrants: int | None) -> None:
    """Refuse a structure that cannot be played: groups that cannot be formed or qualify
    nobody sensible, a Swiss longer than its field allows without rematches. Without a field
    yet (`entrants` None, at creation), only what the settings alone decide."""
    if tournament.structure == Tournament.Structure.GROUPS:
        problems = formats.check_groups(entrants or 2 * tournament.groups_count * 4,
                                        tournament.groups_count,
                                        tournament.qualifiers_per_group,
                                        tournament.best_of_next)
        if problems:
            code, params = problems[0]
            raise StructureDoesNotFit(str(GROUP_PROBLEMS[code]) % params,
                                      setting=GROUP_PROBLEM_SETTINGS.get(code))
    if (entrants and tournament.structure == Tournament.Structure.DOUBLE
            and entrants > double_elimination.MAX_DOUBLE_ELIMINATION):
        raise TournamentRefused(double.too_many())
    if (entrants and tournament.structure == Tournament.Structure.ROUNDS
            and tournament.pairing == Tournament.Pairing.SWISS and not tournament.allow_rematches
            and tournament.rounds_count > formats.swiss_rounds_possible(entrants)):
        raise StructureDoesNotFit(
            _("With %(entrants)s partnerships a Swiss has at most %(rounds)s rounds without a "
              "rematch: play fewer rounds, or allow rematches.")
            % {"entrants": entrants, "rounds": formats.swiss_rounds_possible(entrants)},
            setting="rounds_count")


def _full_win(fmt: engine.Format) -> int:
    """The games of a walkover: a full win in the match's format (RULES.md); none in the points
    format, whose deals award no games (its walkover wins the target in card points:
    Tournament.full_win)."""
    if fmt.type == "points":
        return 0
    if fmt.type == "partidas":
        return fmt.to_win * fmt.target
    return fmt.target


def _editable(tournament: Tournament, refusal: str = "") -> Tournament:
    """The tournament, locked, while it is open for registration; else `refusal`."""
    tournament = rows.locked(tournament.pk)
    if tournament.status != Tournament.Status.DRAFT:
        raise TournamentRefused(refusal or _("Registration is closed: the tournament has started."))
    return tournament


@outbox.service
def entries_register(*, tournament: Tournament, partnerships) -> list[Entry]:
    tournament = _editable(tournament)
    taken = set(tournament.entries.values_list("partnership_id", flat=True))
    new = [Entry(tournament=tournament, partnership=p) for p in partnerships
           if p.pk not in taken and p.club_id == tournament.club_id]
    _require_one_entry_per_player(tournament, [e.partnership for e in new])
    _require_no_live_sign_up(tournament, [e.partnership for e in new])
    require_partnerships_fit(tournament, [e.partnership for e in new])
    Entry.objects.bulk_create(new)
    roster_join([e.partnership for e in new])
    _take_in_sign_ups(tournament, new)
    rows.bump(tournament)
    return new


def require_partnerships_fit(tournament: Tournament, partnerships) -> None:
    """Pairs for the single pack, partnerships of four for the double (no mixing)."""
    try:
        scoring.require_partnerships_fit(engine.rules_from(overrides=tournament.rules),
                                         partnerships)
    except scoring.ScoringRefused as refused:
        raise TournamentRefused(refused.message) from None


def _require_one_entry_per_player(tournament: Tournament, joining) -> None:
    """A player plays in one partnership of a tournament only (RULES.md): refuse a second,
    naming the player."""
    seen = {}
    entered = tournament.entries.select_related(*(f"partnership__{seat}" for seat in PLAYERS))
    for partnership in [e.partnership for e in entered] + list(joining):
        for player in partnership.players:
            other = seen.setdefault(player.pk, partnership)
            if other.pk != partnership.pk:
                raise TournamentRefused(
                    _("%(player)s cannot play in two partnerships of one tournament "
                      "(%(first)s and %(second)s).")
                    % {"player": player.name, "first": other.display_name,
                       "second": partnership.display_name})


def _require_no_live_sign_up(tournament: Tournament, joining) -> None:
    """Nor may the organiser register a player who has signed up on the public page (awaiting
    approval or on the waiting list): approving that sign-up later would seat them twice."""
    from tournaments.registration.models import SignUp  # registration builds on this module

    players = {player.pk: partnership for partnership in joining for player in partnership.players}
    for signup in (SignUp.objects.filter(tournament=tournament, entry=None,
                                         status__in=SignUp.LIVE)
                   .select_related(*(f"partnership__{seat}" for seat in PLAYERS))):
        for player in signup.partnership.players:
            if player.pk in players and players[player.pk].pk != signup.partnership_id:
                raise TournamentRefused(
                    _("%(player)s cannot play in two partnerships of one tournament "
                      "(%(first)s and %(second)s).")
                    % {"player": player.name, "first": signup.partnership.display_name,
                       "second": players[player.pk].display_name})


def _take_in_sign_ups(tournament: Tournament, entries: list[Entry]) -> None:
    """A partnership the organiser registers while its public sign-up waits (for approval,
    or on the waiting list) is that sign-up, accepted: it leaves the list."""
    from tournaments.registration.models import SignUp  # as in _require_no_live_sign_up
    from tournaments.registration.services import places as registration  # imports this

    by_partnership = {entry.partnership_id: entry for entry in entries}
    for signup in SignUp.objects.filter(tournament=tournament, entry=None, status__in=SignUp.LIVE,
                                        partnership_id__in=by_partnership):
        waiting = signup.status == SignUp.Status.WAITING
        signup.entry, signup.status = by_partnership[signup.partnership_id], SignUp.Status.ACCEPTED
        signup.save(update_fields=["entry", "status"])
        if waiting:  # it is told, as when a place frees
            registration.moved_up(signup)


def log(tournament: Tournament, kind: str, by=None, what: str = "", reason: str = "",
        **args) -> None:
    """An entry of the organisers' log: `what` names partnerships or matches; `args`, what
    its words are made of when it is read (presenters.action_what), in the reader's language."""
    Action.objects.create(tournament=tournament, kind=kind, user=by, what=what, reason=reason,
                          args=args)


KEEP = object()  # entry_update: leave the seed as it is


@outbox.service
def entry_update(*, entry: Entry, seed: int | None | object = KEEP,
                 checked_in: bool | None = None) -> Entry:
    """Set or clear (None) the seed, check in or out; what is not given stays as it was."""
    tournament = _editable(entry.tournament)
    if seed is not KEEP and seed is not None and (
            tournament.entries.filter(seed=seed).exclude(pk=entry.pk).exists()):
        raise TournamentRefused(_("Another partnership already has seed %(seed)s.") % {"seed": seed})
    if seed is not KEEP:
        entry.seed = seed
    if checked_in is not None:
        entry.checked_in = checked_in
    entry.save(update_fields=["seed", "checked_in"])
    rows.bump(tournament)
    return entry


@outbox.service
def entry_remove(*, entry: Entry) -> None:
    from tournaments.registration.services import places as registration  # imports this

    tournament = _editable(entry.tournament)
    registration.entry_leaving(entry)
    entry.delete()
    registration.places_freed(tournament)
    rows.bump(tournament)


@outbox.service
def tournament_start(*, tournament: Tournament, by=None) -> Round:
    """Close registration, set up the tables with their QR cards and draw the first round.

    When anyone has checked in, only the partnerships that checked in play, with those of the
    waiting list that checked in in the places of the others (start_field).
    """
    from tournaments.registration.services import places as registration  # imports this

    tournament = _editable(tournament)
    field = start_field(tournament)
    if field.absent:
        Entry.objects.filter(pk__in=[entry.pk for entry in field.absent]).delete()
    registration.stand_ins_move_up(tournament, field.stand_ins)
    count = tournament.entries.count()
    _require_startable(tournament, count)
    _require_one_entry_per_player(tournament, [])
    log(tournament, Action.Kind.START, by, count=count)
    numbers = range(1, tournament.tables_count + 1)
    links = RefereeLink.objects.bulk_create([
        RefereeLink(club_id=tournament.club_id, table_number=number, label=tournament.name)
        for number in numbers])
    Table.objects.bulk_create([Table(tournament=tournament, number=number, link=link)
                               for number, link in zip(numbers, links, strict=True)])
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    first = _first_round(tournament)
    rows.bump(tournament)
    return first


def _require_startable(tournament: Tournament, playing: int) -> None:
    if playing < 2:
        raise TournamentRefused(_("A tournament needs at least two partnerships."))
    _require_playable(tournament, playing)


@dataclass(frozen=True)
class StartField:
    """Who the start leaves out, and who takes their places: once anyone has checked in, the
    entries that did not are left out, and each place they leave goes, in turn, to a
    partnership of the waiting list that checked in (its `SignUp`, moved up at the start)."""

    entries: list[Entry]
    absent: list[Entry]
    stand_ins: list

    @property
    def playing(self) -> int:
        return len(self.entries) - len(self.absent) + len(self.stand_ins)


def start_field(tournament: Tournament, entries: list[Entry] | None = None) -> StartField:
    """Who would play if the tournament started now (`entries`: the tournament's, when the
    caller has read them); the one rule of the start, for every structure."""
    from tournaments.registration import selectors as signups  # registration builds on this

    entries = list(tournament.entries.all()) if entries is None else entries
    if not any(entry.checked_in for entry in entries):
        return StartField(entries, [], [])
    absent = [entry for entry in entries if not entry.checked_in]
    return StartField(entries, absent,
                      signups.checked_in_waiting(tournament, places=len(absent)))


def start_refusal(tournament: Tournament, entries=None, *,
                  field: StartField | None = None) -> TournamentRefused | None:
    """Why the start would be refused now, with the partnerships who would play (start_field;
    `entries`: the tournament's, when the caller has read them, or `field`, when it has
    worked it out): the organiser sees it before pressing start, and again after changing
    the settings. None when the start would go ahead."""
    field = field or start_field(tournament, entries)
    try:
        _require_startable(tournament, field.playing)
    except TournamentRefused as refused:
        return refused
    return None


def _first_round(tournament: Tournament) -> Round:
    """A league's whole season, a double elimination's first matches, or a drawn round."""
    if league.is_league(tournament):
        return league.draw_season(tournament)
    if tournament.structure == Tournament.Structure.DOUBLE:
        return double.start(tournament)
    return draws.draw_first_round(tournament)


@outbox.service
def round_draw_next(*, tournament: Tournament, by=None) -> Round | None:
    """The organiser draws the next round by hand (when automatic drawing is off, or after
    the automatic draw found no way)."""
    tournament = rows.locked(tournament.pk)
    drawn = results.advance(tournament)
    log(tournament, Action.Kind.DRAW, by, **({"round": drawn.number} if drawn else {}))
    return drawn


@outbox.service
def rematch_allow(*, tournament: Tournament, by=None) -> Round | None:
    """No round can be drawn without a rematch: allow the least-bad one, and draw."""
    tournament = rows.locked(tournament.pk)
    tournament.allow_rematches = True
    tournament.save(update_fields=["allow_rematches"])
    drawn = results.advance(tournament)
    log(tournament, Action.Kind.REMATCH, by, **({"round": drawn.number} if drawn else {}))
    return drawn


@outbox.service
def round_redraw(*, tournament: Tournament, by=None) -> Round:
    """Draw the last round again, as long as none of its matches has a deal."""
    tournament = rows.locked(tournament.pk)
    _require_not_league(tournament)
    current = selectors.last_round(tournament)
    if current is None:
        raise TournamentRefused(_("There is no round to draw again."))
    _require_changeable(tournament, list(selectors.pairings(tournament).filter(round=current)))
    number, previous = current.number, tournament.rounds.filter(number=current.number - 1).first()
    _discard_round(current)
    if previous is None:
        tournament.seed = f"{tournament.seed}r"
        tournament.save(update_fields=["seed"])
        if tournament.structure == Tournament.Structure.GROUPS:
            tournament.entries.update(group="")
        drawn = draws.draw_first_round(tournament)
    else:
        drawn = draws.draw_next_round(tournament, previous)
    rows.bump(tournament)
    assert drawn is not None and drawn.number == number
    log(tournament, Action.Kind.REDRAW, by, round=number)
    return drawn


def _require_not_league(tournament: Tournament) -> None:
    if league.is_league(tournament):
        raise TournamentRefused(_("A league's fixtures are published for the whole season: "
                                  "they are not drawn again."))


def _require_changeable(tournament: Tournament, pairings: list[Pairing]) -> None:
    """The current round (its `pairings`) is drawn again, or two of its partnerships swapped,
    only before any of its matches has begun and while it is not over. A bye, or a
    withdrawal's walkover, does not count as begun; a no-show's walkover, a result the
    organiser gave, does. A double elimination's bracket, fixed at its start, and a round
    robin's schedule never change."""
    if any(p.round.stage == Round.Stage.DOUBLE for p in pairings):
        raise TournamentRefused(_("A double elimination's bracket is fixed when it starts."))
    if pairings and _scheduled(tournament, pairings[0].round):
        raise TournamentRefused(_("A round robin's rounds follow its schedule, fixed when it "
                                  "starts: drawing one again would give the same matches."))
    if not selectors.untouched(pairings):
        raise TournamentRefused(_("Matches of this round have started: it cannot change now."))
    if all(p.finished for p in pairings):
        raise TournamentRefused(_("Every match of this round is finished."))


def _scheduled(tournament: Tournament, round_: Round) -> bool:
    """A round of a round robin's schedule: a group's after the first (which forms the
    groups), or a round robin's."""
    if round_.stage == Round.Stage.GROUPS:
        return round_.number > 1
    return (round_.stage == Round.Stage.ROUNDS
            and tournament.pairing == Tournament.Pairing.ROUND_ROBIN)


def round_changeable(*, tournament: Tournament, pairings: list[Pairing]) -> bool:
    """Would round_redraw and pairings_swap take the round of these `pairings` (the current
    one)? For the organiser's page, which offers them only then."""
    try:
        _require_changeable(tournament, pairings)
    except TournamentRefused:
        return False
    return True


def redraw_after_withdrawal(*, tournament: Tournament, entry: Entry) -> list[Entry] | None:
    """After `entry` withdrew, its match of the current round a walkover: would drawing that
    round again (no deal of it played yet) draw it without `entry`? Then who would come in its
    place: the next of its group for the knockout after the groups, else nobody (its opponent
    is drawn against another). None where a new draw would hold the same matches (a bracket
    fixed by its slots, a round robin's schedule, a group's later rounds) or is not allowed."""
    current = selectors.last_round(tournament)
    if current is None or league.is_league(tournament):
        return None
    all_pairings = list(selectors.pairings(tournament))
    pairings = [p for p in all_pairings if p.round_id == current.pk]
    if (not any(entry.pk in (p.a_id, p.b_id) for p in pairings)
            or not round_changeable(tournament=tournament, pairings=pairings)):
        return None
    previous = tournament.rounds.filter(number=current.number - 1).first()
    if current.stage == Round.Stage.KNOCKOUT and previous is not None:
        if (tournament.structure != Tournament.Structure.GROUPS
                or previous.stage == Round.Stage.KNOCKOUT):
            return None
        try:
            drawn = draws.knockout_draw_after_groups(tournament, all_pairings)
        except TournamentRefused:  # too few left to go through: no knockout to draw again
            return None
        playing = {p.a_id for p in pairings} | {p.b_id for p in pairings}
        coming = {pk for p in drawn for pk in (p.a, p.b)} - playing - {None}
        return [e for e in selectors.entries(tournament) if e.pk in coming]
    first = previous is None and current.stage in (Round.Stage.KNOCKOUT, Round.Stage.GROUPS)
    swiss = (current.stage == Round.Stage.ROUNDS
             and tournament.pairing == Tournament.Pairing.SWISS)
    return [] if first or swiss else None


def _discard_round(round_: Round) -> None:
    matches = list(round_.pairings.exclude(match=None).values_list("match_id", flat=True))
    round_.delete()
    scoring.matches_abandon(matches)  # none has a deal (_require_changeable): all deleted


@outbox.service
def pairings_swap(*, first: Pairing, second: Pairing, first_side: str, second_side: str,
                  by=None) -> None:
    """Swap two partnerships between pairings of the last round before it has any deal, in
    places fed alike: never a semi-final's winner with a loser."""
    tournament = rows.locked(first.round.tournament_id)
    _require_not_league(tournament)
    if first.round_id != second.round_id or first.round_id != selectors.last_round(tournament).pk:
        raise TournamentRefused(_("Only partnerships of the current round can be swapped."))
    _require_changeable(tournament,
                        list(selectors.pairings(tournament).filter(round_id=first.round_id)))
    if first.third_place != second.third_place:  # as round_redraw draws them again
        raise TournamentRefused(_("The semi-finals' winners play the final and their losers "
                                  "the third-place match: one cannot take the other's place."))
    if first.finished or second.finished:  # a bye or a walkover: its winner is already set
        raise TournamentRefused(_("A bye or a walkover cannot be swapped: draw the round "
                                  "again instead."))
    attrs = {"A": "a_id", "B": "b_id"}
    x, y = getattr(first, attrs[first_side]), getattr(second, attrs[second_side])
    if x is None or y is None:
        raise TournamentRefused(_("A bye cannot be swapped."))
    setattr(first, attrs[first_side], y)
    setattr(second, attrs[second_side], x)
    for pairing in (first, second):
        if pairing.a_id == pairing.b_id:
            raise TournamentRefused(_("A partnership cannot play itself."))
    names = dict(Entry.objects.filter(pk__in=[x, y]).values_list("pk", "partnership__name"))
    x_name, y_name = names.get(x) or f"#{x}", names.get(y) or f"#{y}"
    for pairing in (first, second):
        pairing.save(update_fields=["a", "b"])
        if pairing.match_id:
            entries = Entry.objects.select_related("partnership").in_bulk([pairing.a_id,
                                                                           pairing.b_id])
            scoring.match_change_teams(match=pairing.match, a=entries[pairing.a_id].partnership,
                                       b=entries[pairing.b_id].partnership)
    rows.bump(tournament)
    notifications.pairings_changed([first, second])
    log(tournament, Action.Kind.SWAP, by, f"{x_name} ⇄ {y_name}")


# A page read before its round was drawn again or taken back (a result before it corrected or
# undone) names a pairing that is gone: said by the walkover service and its page alike.
PAIRING_GONE = gettext_lazy("This match is no longer in the draw: its round was drawn again "
                            "or taken back. Look at the round as it is now.")


def pairing_now(pk: int) -> Pairing:
    """The pairing read again under its tournament's lock, with its round, match and
    partnerships; refused (PAIRING_GONE) when its round was drawn again or taken back
    meanwhile."""
    pairing = (Pairing.objects.select_related("round__tournament", "match", "a__partnership",
                                              "b__partnership").filter(pk=pk).first())
    if pairing is None:
        raise TournamentRefused(str(PAIRING_GONE))
    return pairing


@outbox.service
def pairing_walkover(*, pairing: Pairing, present: str, allow_reset: bool = False,
                     withdraw_absent: bool = False, by=None) -> None:
    """A no-show: the side that came (`present`, A or B) wins by walkover. With
    `withdraw_absent` the side that did not come has left the event: it is withdrawn too
    (entry_withdraw), before the walkover, so that a round this walkover completes is
    drawn without it."""
    tournament = rows.locked(pairing.round.tournament_id)
    pairing = pairing_now(pairing.pk)
    if pairing.is_bye:
        raise TournamentRefused(_("A bye has no opponent to give a walkover to."))
    if present not in ("A", "B", "-"):
        raise TournamentRefused(_("Say which partnership came to the table."))
    if pairing.finished or (pairing.match_id and pairing.match.finished):
        # a match played to its end is its result, even before its pairing follows it
        raise TournamentRefused(_("This match already has a result: correct it from its page."))
    if pairing.match_id and pairing.match.state["deals"]:
        # both came and are playing: a no-show would leave their deals on a match nobody ends
        raise TournamentRefused(_("This match is being played: both partnerships came. Score it "
                                  "to its end; if one leaves, withdraw it."))
    winner = {"A": pairing.a, "B": pairing.b}.get(present)
    if winner is not None and winner.withdrawn:
        raise TournamentRefused(_("%(name)s has withdrawn: it cannot win by walkover.")
                                % {"name": winner.partnership.display_name})
    gone = None
    if withdraw_absent:
        if winner is None:
            raise TournamentRefused(_("Say which partnership came to the table."))
        gone = _withdrawn(tournament, pairing.b if present == "A" else pairing.a)
    # Its match, not begun, is deleted: the log keeps which it was, for the table's phone
    # that still shows it (tournaments.stopped).
    taken = {"match": pairing.match_id, "pairing": pairing.pk} if pairing.match_id else {}
    results.walkover(tournament, pairing, present, allow_reset=allow_reset)
    log(tournament, Action.Kind.WALKOVER, by,
        f"{pairing}: {winner.partnership.display_name if winner else '-'}", **taken)
    if gone is not None:
        _forfeit_the_rest(tournament, gone, by=by)


@outbox.service
def entry_withdraw(*, entry: Entry, by=None, reason: str = "") -> None:
    """A partnership leaves mid-event: each match it still had is a walkover to its opponent
    (a double forfeit where the opponent has withdrawn too). It never qualifies or advances
    again: later draws leave it out, or hand its place to its opponent. One already out
    (knocked out, eliminated) has nothing to withdraw from: refused."""
    tournament = rows.locked(entry.tournament_id)
    _forfeit_the_rest(tournament, _withdrawn(tournament, entry), by=by, reason=reason)


def _withdrawn(tournament: Tournament, entry: Entry) -> Entry:
    """Mark a partnership still playing as withdrawn, or refuse."""
    entry = Entry.objects.select_related("partnership").get(pk=entry.pk)
    if entry.withdrawn or tournament.status != Tournament.Status.RUNNING:
        raise TournamentRefused(_("Only a partnership still playing can withdraw."))
    if entry.pk in selectors.entries_out(tournament, list(selectors.pairings(tournament)),
                                         selectors.entries(tournament)):
        raise TournamentRefused(
            _("%(name)s is already out of the tournament: it has no match left to withdraw "
              "from.") % {"name": entry.partnership.display_name})
    Entry.objects.filter(pk=entry.pk).update(withdrawn=True)
    return entry


def _forfeit_the_rest(tournament: Tournament, entry: Entry, *, by=None, reason: str = "") -> None:
    """A withdrawn partnership's matches still to play are walkovers to its opponents."""
    unfinished = (Pairing.objects.filter(Q(a=entry) | Q(b=entry), finished=False,
                                         round__tournament_id=entry.tournament_id)
                  .exclude(match__finished=True)  # played to its end: its result follows it
                  .order_by("round__number", "slot").values_list("pk", flat=True))
    for pk in list(unfinished):
        # each as it is now: a walkover before it freed a table, which it may have been given
        pairing = Pairing.objects.select_related("round", "match", "a", "b").get(pk=pk)
        opponent = pairing.b if pairing.a_id == entry.pk else pairing.a
        present = "-" if opponent is None or opponent.withdrawn else (
            "B" if pairing.a_id == entry.pk else "A")
        results.walkover(tournament, pairing, present, withdrawal=True)
    log(tournament, Action.Kind.WITHDRAWAL, by, entry.partnership.display_name, reason)
    rows.bump(tournament)


@outbox.service
def table_link_renew(*, table: Table, user) -> Table:
    """Revoke a table's QR card (lost or photographed) and issue a new one for the same table."""
    new = scoring.referee_link_revoke(link=table.link, user=user)
    table.link = new
    table.save(update_fields=["link"])
    return table


@outbox.service
def tournament_details_change(*, tournament: Tournament, name: str, place: str, starts_on,
                              ends_on) -> Tournament:
    """Rename the tournament, or move its place or dates: at any time, since none of these
    changes how it is played. Its public pages show the new details at once."""
    tournament = rows.locked(tournament.pk)
    tournament.name, tournament.place = name, place
    tournament.starts_on, tournament.ends_on = starts_on, ends_on
    tournament.save(update_fields=["name", "place", "starts_on", "ends_on"])
    rows.bump(tournament)
    return tournament


@outbox.service
def tournament_finish(*, tournament: Tournament, by=None) -> None:
    """The organiser closes the tournament: it must have played its last round to the end."""
    tournament = rows.locked(tournament.pk)
    last = selectors.last_round(tournament)
    if tournament.structure == Tournament.Structure.DOUBLE:
        double.finish(tournament)
    else:
        if league.is_league(tournament) and not league.season_complete(tournament):
            raise TournamentRefused(_("The season has matches still to play."))
        if last is None or not selectors.round_is_complete(last):
            raise TournamentRefused(_("The current round has matches still to finish."))
        if (last.stage != Round.Stage.ROUNDS and not last.ends_its_knockout
                and not (last.stage == Round.Stage.GROUPS and draws.knockout_impossible(tournament))):
            raise TournamentRefused(_("A knockout ends with its final."))
        results.finish(tournament, last)
    champion = tournament.champion and tournament.champion.partnership.display_name
    log(tournament, Action.Kind.FINISH, by, champion or "")
    rows.bump(tournament)
