"""A tournament as one JSON document, and back: to move it to another instance of the site.

The document holds everything the tournament is made of: its settings, its entries (by
partnership and player names), its tables, its rounds with their pairings, and the matches
with their rules, format and every active deal. Ids never appear: entries are referred to
by their position ("entry" numbers from 1), matches sit inside their pairings.

`tournament_load` writes rows directly (never through the scoring services), so importing
draws nothing, starts nothing and sends no match signal; it replays every match's deals
through the engine and refuses a file whose results do not follow from its deals.
"""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from scoring import engine
from scoring.models import Deal, Match, RefereeLink
from sueca_club.models import Club, Partnership, Player
from sueca_club.services import partnership_add, partnership_existing, roster_join
from tournaments import selectors
from tournaments.models import Entry, Pairing, Round, Table, Tournament
from tournaments.services import TournamentRefused
from tournaments.services.setup import require_partnerships_fit, unique_slug

FORMAT = "sueca-club/tournament"
VERSION = 1

SETTINGS = ("name", "place", "tables_count", "rules", "format", "structure", "draw",
            "third_place", "groups_count", "qualifiers_per_group", "pairing", "rounds_count",
            "points_win", "points_loss", "points_draw", "points_no_show", "tie_breaks",
            "walkover_games", "auto_advance", "seed", "status")
# Settings added since the first files were written: a file without them has the defaults.
LATER_SETTINGS = ("legs", "matchday_interval", "bye_result", "best_of_next", "confirmation",
                  "allow_rematches", "deciding_scope", "deciding_format")


class TransferError(Exception):
    """The file cannot be imported; the message says why, in words for the organiser."""


def _date(value) -> str | None:
    return value.isoformat() if value else None


def _date_of(data: dict, key: str):
    return parse_date(data[key]) if data.get(key) else None


# Export ------------------------------------------------------------------------------------

def entry_payload(entry: Entry) -> dict:
    partnership = entry.partnership
    return {"partnership": partnership.name,
            "players": [player.name for player in partnership.players],
            "seed": entry.seed, "checked_in": entry.checked_in, "withdrawn": entry.withdrawn,
            "group": entry.group}


def match_payload(match: Match, deals: list[Deal]) -> dict:
    return {"rules": match.rules, "format": match.format, "first_dealer": match.first_dealer,
            "confirm_by_opponent": match.confirm_by_opponent, "finished": match.finished,
            "winner": match.winner, "games": [match.games_a, match.games_b],
            "created_at": _date(match.created_at), "finished_at": _date(match.finished_at),
            "deals": [{"number": d.number, "data": d.data, "trump": d.trump} for d in deals]}


def tournament_dump(tournament: Tournament) -> dict:
    """The whole tournament as plain JSON data (see the module's docstring)."""
    entries = selectors.entries(tournament)
    number = {entry.pk: i for i, entry in enumerate(entries, start=1)}
    pairings = list(selectors.pairings(tournament))
    deals: dict[int, list[Deal]] = {}
    for deal in Deal.objects.filter(match__pairing__round__tournament=tournament, active=True
                                    ).order_by("match", "number"):
        deals.setdefault(deal.match_id, []).append(deal)
    rounds: dict[int, dict] = {}
    for r in tournament.rounds.order_by("number"):
        rounds[r.pk] = {"number": r.number, "stage": r.stage, "code": r.code,
                        "date": _date(r.date), "opened": r.opened, "pairings": []}
    for p in pairings:
        rounds[p.round_id]["pairings"].append({
            "slot": p.slot, "third_place": p.third_place, "group": p.group,
            "a": number[p.a_id], "b": number.get(p.b_id), "table": p.table.number if p.table_id else None,
            "walkover": p.walkover, "withdrawal": p.withdrawal,
            "winner": number.get(p.winner_id), "finished": p.finished,
            "postponed_to": _date(p.postponed_to), "was_postponed_to": _date(p.was_postponed_to),
            "match": match_payload(p.match, deals.get(p.match_id, [])) if p.match_id else None,
        })
    on_table = {p.match_id: [p.round.number, p.slot] for p in pairings if p.match_id}
    tables = [{"number": t.number, "current": on_table.get(t.link.match_id)}
              for t in tournament.tables.select_related("link").order_by("number")]
    return {
        "format": FORMAT, "version": VERSION,
        "tournament": {"slug": tournament.slug,
                       **{k: getattr(tournament, k) for k in (*SETTINGS, *LATER_SETTINGS)},
                       "starts_on": _date(tournament.starts_on), "ends_on": _date(tournament.ends_on),
                       "champion": number.get(tournament.champion_id),
                       # a double elimination: its reset setting and field in seed order
                       "bracket_reset": tournament.bracket_reset,
                       "bracket_order": [number[pk] for pk in tournament.bracket_order]},
        "entries": [entry_payload(e) for e in entries],
        "tables": tables,
        "rounds": list(rounds.values()),
    }


# Import ------------------------------------------------------------------------------------

def _require(condition: bool, message: str) -> None:
    if not condition:
        raise TransferError(message)


def player_for(club: Club, name: str) -> Player:
    name = " ".join(str(name).split())
    _require(bool(name), _("A player has no name."))
    player = Player.objects.filter(club=club, name__iexact=name).first()
    return player or Player.objects.create(club=club, name=name)


def partnership_for(club: Club, data: dict) -> Partnership:
    """The club's partnership of these two (or four) players, in any order, or a new one."""
    names = data.get("players") or []
    _require(len(names) in (2, 4), _("Each entry names its two players (four for the double "
                                     "pack)."))
    players = [player_for(club, name) for name in names]
    twice = next((p for i, p in enumerate(players) if p in players[:i]), None)
    _require(twice is None, _("A partnership is different players: %(name)s twice.")
             % {"name": twice and twice.name})
    return (partnership_existing(club, players)
            or partnership_add(club=club, players=players, name=data.get("partnership") or ""))


def _replayed(data: dict, where: str) -> tuple[engine.MatchState, list[dict]]:
    """The state and tally that the match's deals give."""
    try:
        rules = engine.rules_from(overrides=data["rules"])
        fmt = engine.format_from(data["format"])
        deals = [(d["number"], engine.deal_from(d["data"])) for d in data.get("deals", [])]
        state, tally = engine.replay_tally(rules, fmt, data["first_dealer"], deals)
    except (engine.SuecaError, KeyError, TypeError) as error:
        raise TransferError(_("%(where)s: its rules or deals are not valid (%(error)s).")
                            % {"where": where, "error": error}) from error
    said = (data.get("finished"), data.get("winner") or "", list(data.get("games") or []))
    _require(said == (state.finished, state.winner or "", list(state.games)),
             _("%(where)s: its deals give %(a)s–%(b)s, not what the file says.")
             % {"where": where, "a": state.games[0], "b": state.games[1]})
    return state, tally


def match_load(club: Club, a: Partnership, b: Partnership, data: dict, where: str, by) -> Match:
    state, tally = _replayed(data, where)
    match = Match.objects.create(
        club=club, a=a, b=b, rules=data["rules"], format=data["format"],
        first_dealer=data["first_dealer"], confirm_by_opponent=bool(data.get("confirm_by_opponent")),
        state=state.stored(), tally=tally,
        finished=state.finished, winner=state.winner or "", games_a=state.games[0],
        games_b=state.games[1], created_by=by,
        finished_at=parse_datetime(data["finished_at"]) if data.get("finished_at") else None)
    if data.get("created_at"):  # auto_now_add ignores a value given on create
        Match.objects.filter(pk=match.pk).update(created_at=parse_datetime(data["created_at"]))
    Deal.objects.bulk_create([Deal(match=match, number=d["number"], data=d["data"],
                                   trump=d.get("trump") or "", created_by=by)
                              for d in data.get("deals", [])])
    return match


def _result_follows(match: Match, finished: bool, winner: Entry | None, a: Entry, b: Entry
                    ) -> bool:
    """A played pairing's result is its match's: the match's winner, once it has finished
    (a result awaiting confirmation leaves the pairing open); none while it is played."""
    if not finished:
        return winner is None
    return match.finished and winner == {"A": a, "B": b}.get(match.winner)


def _check_document(data: Any) -> None:
    _require(isinstance(data, dict) and data.get("format") == FORMAT,
             _("This is not a tournament exported by Sueca Club."))
    _require(data.get("version") == VERSION,
             _("This file is of version %(version)s; this site reads version %(ours)s.")
             % {"version": data.get("version"), "ours": VERSION})
    for part in ("tournament", "entries", "tables", "rounds"):
        _require(part in data, _("The file has no %(part)s.") % {"part": part})


@transaction.atomic(durable=True)
def tournament_load(*, data: dict, club: Club, by=None) -> Tournament:
    """Create the tournament of `data` in `club`; players and partnerships are found by name
    or created. All or nothing: a TransferError leaves the database as it was."""
    _check_document(data)
    try:
        return _load(data, club, by)
    except (KeyError, TypeError, ValueError) as error:  # a part of the file missing or malformed
        raise TransferError(_("The file is incomplete or damaged (%(error)s).")
                            % {"error": f"{type(error).__name__}: {error}"}) from None


def _settings(settings: dict, club: Club, by) -> Tournament:
    slug = settings.get("slug") or ""
    if not slug or Tournament.objects.filter(slug=slug).exists():
        slug = unique_slug(settings["name"])
    try:
        tournament = Tournament(
            club=club, slug=slug, created_by=by, **{k: settings[k] for k in SETTINGS},
            **{k: settings[k] for k in LATER_SETTINGS if k in settings},
            starts_on=parse_date(settings["starts_on"]) if settings.get("starts_on") else None,
            ends_on=parse_date(settings["ends_on"]) if settings.get("ends_on") else None)
    except KeyError as missing:
        raise TransferError(_("The tournament's settings lack %(name)s.") % {"name": missing}) from None
    try:
        tournament.full_clean(exclude=["slug", "seed", "club", "created_by"])
    except ValidationError as invalid:
        raise TransferError(" ".join(invalid.messages)) from None
    tournament.save()
    return tournament


def _load(data: dict, club: Club, by) -> Tournament:
    settings = data["tournament"]
    tournament = _settings(settings, club, by)

    entries: dict[int, Entry] = {}
    for number, item in enumerate(data["entries"], start=1):
        partnership = partnership_for(club, item)
        try:
            require_partnerships_fit(tournament, [partnership])
        except TournamentRefused as refused:
            raise TransferError(refused.message) from None
        entries[number] = Entry.objects.create(
            tournament=tournament, partnership=partnership, seed=item.get("seed"),
            checked_in=bool(item.get("checked_in")), withdrawn=bool(item.get("withdrawn")),
            group=item.get("group") or "")
    roster_join([entry.partnership for entry in entries.values()])  # a sign-up's, found by name

    def entry(number, where: str) -> Entry | None:
        if number is None:
            return None
        _require(number in entries, _("%(where)s names entry %(number)s, which the file does "
                                      "not have.") % {"where": where, "number": number})
        return entries[number]

    tables = {}
    for item in data["tables"]:
        link = RefereeLink.objects.create(club=club, table_number=item["number"],
                                          label=tournament.name)
        tables[item["number"]] = Table.objects.create(tournament=tournament,
                                                      number=item["number"], link=link)

    matches: dict[tuple[int, int], Match] = {}
    for r in data["rounds"]:
        round_ = Round.objects.create(tournament=tournament, number=r["number"], stage=r["stage"],
                                      code=r.get("code") or "", opened=r.get("opened", True),
                                      date=parse_date(r["date"]) if r.get("date") else None)
        for p in r["pairings"]:
            where = _("Round %(round)s, match %(slot)s") % {"round": r["number"],
                                                             "slot": p["slot"] + 1}
            a, b = entry(p["a"], where), entry(p.get("b"), where)
            match = None
            if p.get("match"):
                _require(b is not None, _("%(where)s: a bye has no match.") % {"where": where})
                match = match_load(club, a.partnership, b.partnership, p["match"], where, by)
                matches[(r["number"], p["slot"])] = match
            _require(p.get("table") is None or p["table"] in tables,
                     _("%(where)s is on a table the file does not have.") % {"where": where})
            winner, finished = entry(p.get("winner"), where), bool(p.get("finished"))
            _require(match is None or p.get("walkover") or _result_follows(
                match, finished, winner, a, b),
                     _("%(where)s: its result is not what its match gives.") % {"where": where})
            Pairing.objects.create(
                round=round_, slot=p["slot"], third_place=bool(p.get("third_place")),
                group=p.get("group") or "", a=a, b=b, table=tables.get(p.get("table")),
                match=match, walkover=p.get("walkover") or "", winner=winner, finished=finished,
                withdrawal=bool(p.get("walkover") and p.get("withdrawal")),
                postponed_to=_date_of(p, "postponed_to"),
                # a file of an older version kept only a postponement not yet played
                was_postponed_to=_date_of(p, "was_postponed_to") or _date_of(p, "postponed_to"))

    for item in data["tables"]:
        if item.get("current"):
            link = tables[item["number"]].link
            link.match = matches.get(tuple(item["current"]))
            link.save(update_fields=["match"])
    if settings.get("champion"):
        tournament.champion = entry(settings["champion"], _("The champion"))
        tournament.save(update_fields=["champion"])
    tournament.bracket_reset = settings.get("bracket_reset", True)
    tournament.bracket_order = [entry(n, _("The bracket")).pk
                                for n in settings.get("bracket_order", [])]
    tournament.save(update_fields=["bracket_reset", "bracket_order"])
    return tournament

