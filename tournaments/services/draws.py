"""Drawing rounds from the formats engine and placing their matches on tables."""

import random
import string
from collections import Counter
from collections.abc import Iterable

from django.db.models import Q
from django.utils.translation import gettext as _

from scoring import engine
from scoring import services as scoring
from scoring.models import Match, RefereeLink
from scoring.ratings.services import partnership_ratings
from tournaments import formats, notifications, selectors
from tournaments.models import SEED_ORDER, Entry, Pairing, Round, Table, Tournament
from tournaments.services import deciding
from tournaments.services.errors import TournamentRefused

GROUP_LETTERS = string.ascii_uppercase


def seeded_field(tournament: Tournament, field: list[Entry], salt: str = "") -> list[Entry]:
    """Entries best first: by seed for a seeded draw, by club rating (unrated last) for a draw
    by rating, else in a reproducible random order."""
    if tournament.draw == Tournament.Draw.SEEDED:  # the unseeded after them, by lot
        seeded = sorted((e for e in field if e.seed is not None), key=lambda e: (e.seed, e.pk))
        unseeded = sorted((e for e in field if e.seed is None), key=lambda e: e.pk)
        return formats.seeded_with_lot(seeded, unseeded, f"{tournament.seed}{salt}")
    if tournament.draw == Tournament.Draw.RATING:
        rated = partnership_ratings(e.partnership_id for e in field)
        return sorted(field, key=lambda e: (e.partnership_id not in rated,
                                            -rated.get(e.partnership_id, 0), e.pk))
    shuffled = sorted(field, key=lambda e: e.pk)
    random.Random(f"{tournament.seed}{salt}").shuffle(shuffled)
    return shuffled


def draw_first_round(tournament: Tournament) -> Round:
    """The first round of a structure drawn round by round (not a league's season, nor a
    double elimination's bracket: setup starts those)."""
    field = selectors.active_entries(tournament)
    if len(field) < 2:
        raise TournamentRefused(_("A tournament needs at least two partnerships."))
    if tournament.structure == Tournament.Structure.KNOCKOUT:
        return _knockout_round(tournament, 1, seeded_field(tournament, field))
    if tournament.structure == Tournament.Structure.GROUPS:
        _form_groups(tournament, field)
        return _group_round(tournament, 1)
    if tournament.pairing == Tournament.Pairing.ROUND_ROBIN:
        return _round_robin_round(tournament, 1)
    return _swiss_round(tournament, 1, [])


def draw_next_round(tournament: Tournament, current: Round) -> Round | None:
    """The round after `current`, or None when `current` ended the tournament. Where a
    stage ends with a tie that a deciding match settles, that match comes first."""
    all_pairings = list(selectors.pairings(tournament))
    number = current.number + 1
    if current.stage == Round.Stage.KNOCKOUT:
        if current.code == formats.FINAL:
            return None
        winners = _winners_by_slot(current, all_pairings)
        left = [w for w in winners if w is not None]
        if len(left) < 2:  # double no-shows and withdrawals left one winner, or none: it ends
            return None
        if tournament.draw == Tournament.Draw.REDRAW:
            return _knockout_round(tournament, number, left, redraw=True,
                                   semi_finals=_semis(current, all_pairings))
        return _knockout_round(tournament, number, winners, bracket=True,
                               semi_finals=_semis(current, all_pairings))
    # After a deciding round (stage DECIDING) the stage it settles has ended: its number is
    # past the stage's rounds.
    if tournament.structure == Tournament.Structure.GROUPS:
        if number <= _group_round_count(tournament):
            return _group_round(tournament, number)
        return (deciding_round(tournament, Round.Stage.GROUPS)
                or _knockout_after_groups(tournament, number, all_pairings))
    if tournament.pairing == Tournament.Pairing.ROUND_ROBIN:
        schedule = round_robin(tournament, [e.pk for e in _round_robin_field(tournament)])
        if number <= len(schedule):
            return _round_robin_round(tournament, number)
        return deciding_round(tournament, None)
    if number > tournament.rounds_count:
        return deciding_round(tournament, None)
    return _swiss_round(tournament, number, all_pairings)


def last_scheduled(tournament: Tournament, current: Round) -> bool:
    """Is `current` the last round its structure schedules (draw_next_round draws no other,
    a deciding match aside): a knockout's final, a Swiss's last round, a round robin's last
    round? The organiser's page then offers to finish, not to draw a next round."""
    if current.stage == Round.Stage.KNOCKOUT:
        return current.code == formats.FINAL
    if current.stage != Round.Stage.ROUNDS:
        return False
    if tournament.pairing == Tournament.Pairing.ROUND_ROBIN:
        return current.number >= len(round_robin(
            tournament, [e.pk for e in _round_robin_field(tournament)]))
    return current.number >= tournament.rounds_count


def deciding_round(tournament: Tournament, stage: str | None) -> Round | None:
    """The next round of deciding matches where `stage` ended with a tie in scope left
    (deciding.to_draw), or None."""
    pairs, code = deciding.to_draw(tournament, stage)
    if not pairs:
        return None
    number = selectors.last_round(tournament).number + 1
    round_ = create_round(tournament, number, Round.Stage.DECIDING, code, pairs)
    deciding.record(tournament, pairs)
    return round_


def _winners_by_slot(current: Round, all_pairings: list[Pairing]) -> list[Entry | None]:
    """The winner of each slot of a knockout round, None where nobody went through (a double
    forfeit, or a slot left empty by one earlier)."""
    places = formats.round_places(current.code)
    by_slot = {p.slot: p.winner for p in all_pairings
               if p.round_id == current.pk and not p.third_place}
    return [by_slot.get(slot) for slot in range(places // 2)]


def _bracket_pairs(winners: list[Entry | None]) -> list[tuple[int | None, int | None]]:
    """Slot 2k's winner meets slot 2k+1's; one alone has a bye, and where neither went
    through the slot stays empty (None, None)."""
    pairs = []
    for first, second in zip(winners[0::2], winners[1::2], strict=True):
        a, b = (first, second) if first is not None else (second, None)
        pairs.append((a and a.pk, b and b.pk))
    return pairs


def _semis(current: Round, all_pairings: list[Pairing]) -> list[Pairing] | None:
    return ([p for p in all_pairings if p.round_id == current.pk]
            if current.code == formats.SEMI_FINAL else None)


def _knockout_round(tournament, number, field: list[Entry], *, bracket=False, redraw=False,
                    semi_finals=None) -> Round:
    code, pairs = _knockout_pairs(tournament, number, field, bracket=bracket, redraw=redraw,
                                  semi_finals=semi_finals)
    return create_round(tournament, number, Round.Stage.KNOCKOUT, code, pairs)


def _knockout_pairs(tournament, number, field, *, bracket=False, redraw=False,
                    semi_finals=None) -> tuple[str, list[tuple]]:
    """A knockout round's code and its pairs, as create_round takes them (with their slots)."""
    if bracket:
        slots = _bracket_pairs(field)
    else:
        ids = [entry.pk for entry in field]
        if redraw or tournament.draw not in (Tournament.Draw.SEEDED, Tournament.Draw.RATING):
            drawn = formats.random_draw(ids, f"{tournament.seed}-{number}")
        else:
            drawn = formats.knockout_first_round(ids)
        slots = [(p.a, p.b) for p in drawn]
    code = formats.round_code(len(slots) * 2)
    pairs = [(a, b, False, "", slot) for slot, (a, b) in enumerate(slots) if a is not None]
    if semi_finals and tournament.third_place and all(p.winner_id for p in semi_finals):
        third = formats.third_place_match(
            [formats.Pairing(p.slot, p.a_id, p.b_id) for p in semi_finals],
            [p.winner_id for p in semi_finals])
        pairs.append((third.a, third.b, True, "", len(slots)))
    return code, pairs


def fill_in_next(tournament: Tournament, current: Round) -> None:
    """The next knockout round, drawn before a match of `current` was to be played again (a
    group result corrected since took back the slots it feeds): each slot whose matches in
    `current` have all ended again is drawn into it, as the whole round would have been."""
    following = tournament.rounds.filter(number=current.number + 1,
                                         stage=Round.Stage.KNOCKOUT).first()
    if following is None or tournament.draw == Tournament.Draw.REDRAW:
        return
    all_pairings = list(selectors.pairings(tournament))
    feeding = {p.slot: p.finished for p in all_pairings
               if p.round_id == current.pk and not p.third_place}
    there = {p.slot for p in all_pairings if p.round_id == following.pk}
    _code, pairs = _knockout_pairs(tournament, following.number,
                                   _winners_by_slot(current, all_pairings), bracket=True,
                                   semi_finals=_semis(current, all_pairings))
    ready = [pair for pair in pairs if pair[4] not in there and (
        pair[2] or all(feeding.get(s) for s in (2 * pair[4], 2 * pair[4] + 1)))]
    if ready:
        add_pairings(tournament, following, ready)
        fill_in_next(tournament, following)  # one decided at its draw goes on at once


def _form_groups(tournament: Tournament, field: list[Entry]) -> None:
    count = min(tournament.groups_count, len(field) // 2) or 1
    for letter, members in zip(GROUP_LETTERS, formats.snake_groups(
            [e.pk for e in seeded_field(tournament, field)], count), strict=False):
        Entry.objects.filter(pk__in=members).update(group=letter)


def _group_schedules(tournament: Tournament) -> dict[str, list]:
    members: dict[str, list[int]] = {}
    for entry in tournament.entries.exclude(group="").order_by(*SEED_ORDER):
        members.setdefault(entry.group, []).append(entry.pk)
    return {letter: round_robin(tournament, ids) for letter, ids in sorted(members.items())}


def _group_round_count(tournament: Tournament) -> int:
    return max(len(rounds) for rounds in _group_schedules(tournament).values())


def _group_round(tournament: Tournament, number: int) -> Round:
    pairs = [(a, b, False, letter)
             for letter, schedule in _group_schedules(tournament).items()
             if number <= len(schedule)
             for a, b in schedule[number - 1] if b is not None]
    return create_round(tournament, number, Round.Stage.GROUPS, "", pairs)


def group_standings(tournament: Tournament, all_pairings: list[Pairing]) -> list[list]:
    """Each group's standings, best first, the withdrawn left out (the next one moves up)."""
    field = selectors.entries(tournament)
    return [
        [s for s in selectors.standings(
            tournament, all_pairings, [e for e in field if e.group == letter],
            stage=Round.Stage.GROUPS, group=letter) if not s.entry.withdrawn]
        for letter in selectors.group_letters(tournament)
    ]


def knockout_draw_after_groups(tournament, all_pairings) -> list[formats.Pairing]:
    """The qualifiers crossed (1A v 2B, 1B v 2A, ...); after them, as the lowest seeds, the
    qualifiers of places a group that withdrawals left short cannot cross, then the best
    next-placed teams across groups when the tournament takes some
    (selectors.knockout_qualifiers, which the group tables mark too)."""
    groups = group_standings(tournament, all_pairings)
    if _qualifier_count(groups, tournament.qualifiers_per_group) < 2:
        raise TournamentRefused(_("Fewer than two partnerships are left to go through to the "
                                  "knockout: finish the tournament, the groups' standings "
                                  "stand."))
    crossed, picked = selectors.knockout_qualifiers(tournament, groups)
    seeds = formats.cross_seeding(crossed, len(crossed[0]))
    group_of = {s.entry.pk: s.entry.group for g in groups for s in g}
    return formats.knockout_first_round(seeds + _apart(seeds, picked, group_of))


def _qualifier_count(groups, per_group: int) -> int:
    return sum(min(len(g), per_group) for g in groups)


def knockout_impossible(tournament) -> bool:
    """Withdrawals left the groups fewer than two partnerships to send to the knockout."""
    groups = group_standings(tournament, list(selectors.pairings(tournament)))
    return _qualifier_count(groups, tournament.qualifiers_per_group) < 2


def _apart(seeds: list[int], extra: list[int], group_of: dict[int, str]) -> list[int]:
    """The extra qualifiers in the lowest seeds, each where its first opponent is not of its
    own group whenever some order allows it (best first otherwise)."""
    size = formats.bracket_size(len(seeds) + len(extra))
    placed: list[int] = []
    for _place in range(len(extra)):
        opponent_seed = size + 1 - (len(seeds) + len(placed) + 1)  # seed k meets size+1-k
        opponent = seeds[opponent_seed - 1] if opponent_seed <= len(seeds) else None
        left = [e for e in extra if e not in placed]
        fits = [e for e in left if opponent is None or group_of[e] != group_of[opponent]]
        placed.append((fits or left)[0])
    return placed


def _knockout_after_groups(tournament, number, all_pairings) -> Round:
    drawn = knockout_draw_after_groups(tournament, all_pairings)
    code = formats.round_code(len(drawn) * 2)
    return create_round(tournament, number, Round.Stage.KNOCKOUT, code,
                        [(p.a, p.b, False, "") for p in drawn])


def _round_robin_field(tournament: Tournament) -> list[Entry]:
    """Everyone who started: a withdrawn entry keeps its place and gives walkovers."""
    return sorted(selectors.entries(tournament), key=lambda e: e.pk)


def round_robin(tournament: Tournament, ids: list[int]) -> list[list]:
    """Everyone meets everyone once, or twice (`legs`), the second time sides swapped."""
    if tournament.legs == Tournament.Legs.TWICE:
        return formats.double_round_robin(ids)
    return formats.round_robin(ids)


def _round_robin_round(tournament: Tournament, number: int) -> Round:
    schedule = round_robin(tournament, [e.pk for e in _round_robin_field(tournament)])
    pairs = [(a, b, False, "") for a, b in schedule[number - 1] if b is not None]
    return create_round(tournament, number, Round.Stage.ROUNDS, "", pairs)


def _swiss_round(tournament: Tournament, number: int,
                 all_pairings: list[Pairing]) -> Round | None:
    """The Swiss's next round; None when withdrawals left fewer than two to pair (it ends)."""
    entries = selectors.entries(tournament)
    if number == 1:
        field = [e for e in entries if not e.withdrawn]
        order = [e.pk for e in seeded_field(tournament, field)]
        scores = dict.fromkeys(order, 0)
    else:  # ranked among everyone who played, the withdrawn left out of the pairing
        ranked = [s for s in selectors.standings(tournament, all_pairings, entries)
                  if not s.entry.withdrawn]
        order = [s.entry.pk for s in ranked]
        scores = {s.entry.pk: s.row.points for s in ranked}
    if len(order) < 2:
        return None
    had_bye = {p.a_id for p in all_pairings if p.b_id is None}
    absent = _no_shows(p for p in all_pairings if p.round.number == number - 1)
    try:
        drawn = formats.swiss_pairings(order, scores, selectors.played_pairs(all_pairings),
                                       had_bye, rounds_left=tournament.rounds_count - number,
                                       absent=absent)
    except formats.SwissPairingError as error:
        if not tournament.allow_rematches:
            raise TournamentRefused(_("No Swiss pairing is left without a rematch.")) from error
        meetings = Counter(frozenset((p.a_id, p.b_id)) for p in all_pairings if p.b_id)
        drawn = formats.swiss_pairings_least_rematches(order, scores, meetings, had_bye, absent)
    pairs = [(a, b, False, "") for a, b in drawn.pairs]
    if drawn.bye is not None:
        pairs.append((drawn.bye, None, False, ""))
    return create_round(tournament, number, Round.Stage.ROUNDS, "", pairs)


def _no_shows(pairings: Iterable[Pairing]) -> set[int]:
    """The entries that did not come to these matches: a walkover's other side, both of a
    double forfeit; never a withdrawal's, whose entry is drawn no more."""
    return {side for p in pairings if p.walkover and not p.withdrawal
            for side, came in ((p.a_id, "A"), (p.b_id, "B")) if side and p.walkover != came}


def create_round(tournament, number, stage, code, pairs) -> Round:
    """Store a drawn round: byes and withdrawn entries are decided at once, the rest placed.

    `pairs` are (a, b, third place?, group) or, where the bracket fixes the slots, (..., slot).
    """
    round_ = Round.objects.create(tournament=tournament, number=number, stage=stage, code=code)
    add_pairings(tournament, round_, pairs)
    notifications.round_drawn(round_)
    return round_


def add_pairings(tournament: Tournament, round_: Round, pairs: list[tuple]) -> None:
    """Store pairings drawn into `round_` (as create_round takes them) and place them."""
    withdrawn = withdrawn_ids(tournament)
    Pairing.objects.bulk_create([
        Pairing(round=round_, slot=pair[4] if len(pair) > 4 else index, a_id=pair[0],
                b_id=pair[1], third_place=pair[2], group=pair[3],
                **decided(pair[0], pair[1], withdrawn))
        for index, pair in enumerate(pairs)
    ])
    place_waiting(tournament)


def withdrawn_ids(tournament: Tournament) -> frozenset[int]:
    """The entries withdrawn so far, as `decided` takes them."""
    return frozenset(tournament.entries.filter(withdrawn=True).values_list("pk", flat=True))


def decided(a, b, withdrawn: frozenset[int]) -> dict:
    """A bye goes through; a withdrawn entry hands its opponent a walkover, and never goes
    through itself: two withdrawn entries, or one with a bye, are a double forfeit ("-").
    Such a walkover is a withdrawal's (`withdrawal`), never a no-show."""
    gone_a, gone_b = a in withdrawn, b is None or b in withdrawn
    if gone_a and gone_b:
        return {"finished": True, "winner_id": None, "walkover": "-", "withdrawal": True}
    if gone_b:
        return {"finished": True, "winner_id": a, "walkover": "A" if b is not None else "",
                "withdrawal": b is not None}
    if gone_a:
        return {"finished": True, "winner_id": b, "walkover": "B", "withdrawal": True}
    return {}


def free_tables(tournament: Tournament, most: int) -> list[Table]:
    """The first `most` tables free, each with its link (not its match: a big event's
    hundreds of finished matches are not read to place one waiting)."""
    return list(tournament.tables.select_related("link")
                .filter(Q(link__match__isnull=True) | Q(link__match__pairing__finished=True))
                .order_by("number")[:most])


def _matches_on_tables(tournament_id: int):
    """The matches on the tournament's tables now, as a subquery."""
    return Table.objects.filter(tournament_id=tournament_id,
                                link__match__isnull=False).values("link__match")


def seated_entries(tournament_id: int, besides: int | None = None) -> set[int]:
    """The entries playing a match on one of the tournament's tables now (but in pairing
    `besides`)."""
    playing = (Pairing.objects.filter(finished=False, match__in=_matches_on_tables(tournament_id))
               .exclude(pk=besides))
    return {entry for pair in playing.values_list("a_id", "b_id") for entry in pair}


def place_waiting(tournament: Tournament) -> None:
    """Start the waiting matches of the tournament on whichever tables are free (a league's
    only of its opened matchdays, and not those postponed), each once neither of its
    partnerships is at another table (a league's postponed match played now, or two open
    matchdays, may find them still playing). A match a correction reopened while its
    partnerships were elsewhere waits too, and goes on a table as it stands."""
    busy = seated_entries(tournament.pk)
    ready = []
    for pairing in (Pairing.objects.filter(round__tournament=tournament, finished=False,
                                           round__opened=True, postponed_to__isnull=True)
                    .exclude(match__in=_matches_on_tables(tournament.pk))
                    .select_related("round", "a__partnership", "b__partnership")
                    .order_by("round__number", "third_place", "slot")):
        if not {pairing.a_id, pairing.b_id} & busy:
            busy |= {pairing.a_id, pairing.b_id}
            ready.append(pairing)
    if not ready:
        return
    placed = list(zip(free_tables(tournament, len(ready)), ready, strict=False))
    if new := [(table, p) for table, p in placed if p.match_id is None]:
        start_matches(tournament, new)
    if reopened := [(table, p) for table, p in placed if p.match_id is not None]:
        for table, pairing in reopened:
            pairing.table, pairing.earlier_table = table, None
            table.link.match_id = pairing.match_id
        Pairing.objects.bulk_update([p for _table, p in reopened], ["table", "earlier_table"])
        RefereeLink.objects.bulk_update([table.link for table, _p in reopened], ["match"])


def start_matches(tournament: Tournament, placed: list[tuple[Table, Pairing]]) -> None:
    """The matches of these pairings, with a copy of the tournament's rules, each on its
    table: a few statements however many tables (a first round of 512 included)."""
    matches = Match.objects.bulk_create([scoring.new_match(
        club=tournament.club, a=pairing.a.partnership, b=pairing.b.partnership,
        rules=engine.rules_from(overrides=tournament.rules), fmt=match_format(tournament, pairing),
        first_dealer=None, by=tournament.created_by,  # drawn at the table
        confirm_by_opponent=tournament.confirmation == Tournament.Confirmation.DEAL,
        confirm_result=tournament.confirmation == Tournament.Confirmation.RESULT,
    ) for _table, pairing in placed])
    for (table, pairing), match in zip(placed, matches, strict=True):
        pairing.match, pairing.table = match, table
        table.link.match = match
    Pairing.objects.bulk_update([pairing for _table, pairing in placed], ["match", "table"])
    RefereeLink.objects.bulk_update([table.link for table, _pairing in placed], ["match"])
    notifications.tables_given([pairing for _table, pairing in placed])


def match_format(tournament: Tournament, pairing: Pairing) -> engine.Format:
    """A knockout or deciding match needs a winner: a level fixed-deal match deals on."""
    deciding_match = pairing.round.stage == Round.Stage.DECIDING
    fmt = dict(tournament.deciding_format if deciding_match else tournament.format)
    if fmt["type"] == "fixed_deals" and pairing.round.stage in (
            Round.Stage.KNOCKOUT, Round.Stage.DOUBLE, Round.Stage.DECIDING):
        fmt["extra_deals"] = True
    return engine.format_from(fmt)
