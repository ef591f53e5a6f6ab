"""Organisers set up and steer a tournament: entries, check-in, start, walkovers, tables."""

from django.db import transaction
from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring import engine
from scoring import services as scoring
from scoring.models import Match, RefereeLink
from tournaments import formats, notifications, selectors
from tournaments.models import Entry, Pairing, Round, Table, Tournament
from tournaments.services import draws, results
from tournaments.services.errors import TournamentRefused


def unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "torneio"
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def tournament_create(*, club, name: str, rules: engine.Rules, fmt: engine.Format,
                      structure: str, by=None, slug: str = "", **options) -> Tournament:
    """A tournament in registration; `options` are the structure's settings (see the model)."""
    tournament = Tournament(club=club, name=name, slug=slug or unique_slug(name),
                            rules=rules.as_dict(),
                            format=fmt.as_dict(), structure=structure, created_by=by, **options)
    if structure == Tournament.Structure.KNOCKOUT or structure == Tournament.Structure.GROUPS:
        tournament.walkover_games = options.get("walkover_games", _full_win(fmt))
    tournament.full_clean(exclude=["slug", "seed"])
    tournament.save()
    return tournament


def _full_win(fmt: engine.Format) -> int:
    return fmt.target if fmt.type in ("first_to", "partidas") and fmt.target else 4


def _editable(tournament: Tournament) -> Tournament:
    tournament = results.locked(tournament.pk)
    if tournament.status != Tournament.Status.DRAFT:
        raise TournamentRefused(_("Registration is closed: the tournament has started."))
    return tournament


@transaction.atomic
def entries_register(*, tournament: Tournament, partnerships) -> list[Entry]:
    tournament = _editable(tournament)
    taken = set(tournament.entries.values_list("partnership_id", flat=True))
    new = [Entry(tournament=tournament, partnership=p) for p in partnerships
           if p.pk not in taken and p.club_id == tournament.club_id]
    Entry.objects.bulk_create(new)
    results.bump(tournament)
    return new


KEEP = object()  # entry_update: leave the seed as it is


@transaction.atomic
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
    results.bump(tournament)
    return entry


@transaction.atomic
def entry_remove(*, entry: Entry) -> None:
    tournament = _editable(entry.tournament)
    entry.delete()
    results.bump(tournament)


@transaction.atomic
def tournament_start(*, tournament: Tournament) -> Round:
    """Close registration, set up the tables with their QR cards and draw the first round.

    When anyone has checked in, only the partnerships that checked in play.
    """
    tournament = _editable(tournament)
    if tournament.entries.filter(checked_in=True).exists():
        tournament.entries.filter(checked_in=False).delete()
    if tournament.entries.count() < 2:
        raise TournamentRefused(_("A tournament needs at least two partnerships."))
    for number in range(1, tournament.tables_count + 1):
        Table.objects.create(tournament=tournament, number=number,
                             link=RefereeLink.objects.create(
                                 club_id=tournament.club_id, table_number=number,
                                 label=tournament.name))
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    first = draws.draw_first_round(tournament)
    results.bump(tournament)
    return first


@transaction.atomic
def round_draw_next(*, tournament: Tournament) -> Round | None:
    """The organiser draws the next round by hand (when automatic drawing is off)."""
    return results.advance(results.locked(tournament.pk))


@transaction.atomic
def round_redraw(*, tournament: Tournament) -> Round:
    """Draw the last round again, as long as none of its matches has a deal."""
    tournament = results.locked(tournament.pk)
    current = selectors.last_round(tournament)
    if current is None:
        raise TournamentRefused(_("There is no round to draw again."))
    _require_untouched(current)
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
    results.bump(tournament)
    assert drawn is not None and drawn.number == number
    return drawn


def _require_untouched(round_: Round) -> None:
    if any(selectors.started(p) and not (p.is_bye or p.walkover)
           for p in selectors.pairings(round_.tournament).filter(round=round_)):
        raise TournamentRefused(_("Matches of this round have started: it cannot change now."))


def _discard_round(round_: Round) -> None:
    matches = list(round_.pairings.exclude(match=None).values_list("match_id", flat=True))
    RefereeLink.objects.filter(match_id__in=matches).update(match=None)
    round_.delete()
    Match.objects.filter(pk__in=matches).delete()


@transaction.atomic
def pairings_swap(*, first: Pairing, second: Pairing, first_side: str, second_side: str) -> None:
    """Swap two partnerships between pairings of the last round before it has any deal."""
    tournament = results.locked(first.round.tournament_id)
    if first.round_id != second.round_id or first.round_id != selectors.last_round(tournament).pk:
        raise TournamentRefused(_("Only partnerships of the current round can be swapped."))
    _require_untouched(first.round)
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
    for pairing in (first, second):
        pairing.save(update_fields=["a", "b"])
        if pairing.match_id:
            entries = Entry.objects.select_related("partnership").in_bulk([pairing.a_id,
                                                                           pairing.b_id])
            scoring.match_change_teams(match=pairing.match, a=entries[pairing.a_id].partnership,
                                       b=entries[pairing.b_id].partnership)
    results.bump(tournament)
    notifications.pairings_changed([first, second])


@transaction.atomic
def pairing_walkover(*, pairing: Pairing, present: str, allow_reset: bool = False) -> None:
    """A no-show: the side that came (`present`, A or B) wins by walkover."""
    tournament = results.locked(pairing.round.tournament_id)
    pairing = Pairing.objects.select_related("round", "match").get(pk=pairing.pk)
    if pairing.is_bye:
        raise TournamentRefused(_("A bye has no opponent to give a walkover to."))
    winner = results.winner_entry(pairing, present)
    if pairing.match_id and not pairing.match.state["deals"]:
        RefereeLink.objects.filter(match_id=pairing.match_id).update(match=None)
        match_id = pairing.match_id
        Pairing.objects.filter(pk=pairing.pk).update(match=None, table=None)
        pairing.match, pairing.table = None, None
        Match.objects.filter(pk=match_id, deals__isnull=True).delete()
    results.set_result(tournament, pairing, finished=True, winner=winner,
                       walkover=present, allow_reset=allow_reset)


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> None:
    """A partnership leaves mid-event: each match it still had is a walkover to its opponent."""
    tournament = results.locked(entry.tournament_id)
    Entry.objects.filter(pk=entry.pk).update(withdrawn=True)
    unfinished = Pairing.objects.filter(Q(a=entry) | Q(b=entry), finished=False,
                                        round__tournament_id=entry.tournament_id)
    for pairing in unfinished.select_related("round"):
        pairing_walkover(pairing=pairing, present="B" if pairing.a_id == entry.pk else "A")
    results.bump(tournament)


@transaction.atomic
def table_link_renew(*, table: Table, user) -> Table:
    """Revoke a table's QR card (lost or photographed) and issue a new one for the same table."""
    new = scoring.referee_link_revoke(link=table.link, user=user)
    table.link = new
    table.save(update_fields=["link"])
    return table


@transaction.atomic
def tournament_details_change(*, tournament: Tournament, name: str, place: str, starts_on,
                              ends_on) -> Tournament:
    """Rename the tournament, or move its place or dates: at any time, since none of these
    changes how it is played. Its public pages show the new details at once."""
    tournament = results.locked(tournament.pk)
    tournament.name, tournament.place = name, place
    tournament.starts_on, tournament.ends_on = starts_on, ends_on
    tournament.save(update_fields=["name", "place", "starts_on", "ends_on"])
    results.bump(tournament)
    return tournament


@transaction.atomic
def tournament_finish(*, tournament: Tournament) -> None:
    """The organiser closes the tournament: it must have played its last round to the end."""
    tournament = results.locked(tournament.pk)
    last = selectors.last_round(tournament)
    if last is None or not selectors.round_is_complete(last):
        raise TournamentRefused(_("The current round has matches still to finish."))
    if last.stage != Round.Stage.ROUNDS and last.code != formats.FINAL:
        raise TournamentRefused(_("A knockout ends with its final."))
    results.finish(tournament, last)
    results.bump(tournament)
