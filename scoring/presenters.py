"""Words and strokes for people: what a deal awards, the paper tally."""

import ast
import functools
from dataclasses import dataclass, replace
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import engine


def games_text(side: str, games: int) -> str:
    return ngettext("%(side)s wins %(count)s game", "%(side)s wins %(count)s games", games) % {
        "side": side, "count": games}


def award_text(award: engine.Award, deal: engine.Deal, fmt: engine.Format,
               sets: tuple[tuple[int, int], tuple[int, int]]) -> str:
    """One sentence a referee confirms before saving, e.g. "A wins 2 games"; `sets`: the game
    sets won before the deal and after it."""
    parts = [_deal_text(award, deal, fmt)]
    if award.ends_match:
        parts.append(_("it's a draw") if award.winner == "draw"
                     else _("%(side)s wins the match") % {"side": award.winner})
    elif award.ends_partida:
        parts.append(set_won_text(*sets))
    return " — ".join(parts)


def set_won_text(before: tuple[int, int], after: tuple[int, int]) -> str:
    """The game set a deal won, by its number and the sets then: "A wins game set 1 (1-0 in
    game sets)", so that a set is never taken for the match (in pt-BR both are a partida);
    "" when the deal won none."""
    won = [side for side, was, now in zip(engine.SIDES, before, after, strict=True) if now > was]
    if not won:
        return ""
    return _("%(side)s wins game set %(number)s (%(a)s-%(b)s in game sets)") % {
        "side": won[0], "number": sum(after), "a": after[0], "b": after[1]}


def first_dealer_text(match) -> str:
    """After who deals was chosen: who deals the first deal of `match` and who leads it, e.g.
    "Ana Silva deals first; Duarte Lima leads.", or once deals were played who deals the next
    one: "Ana Silva deals now; Duarte Lima leads."."""
    players = match.players
    played = bool(match.state["deals"])
    dealer = match.state["next_dealer"] if played else match.first_dealer
    leader = engine.leader(dealer, engine.rules_from(overrides=match.rules))
    names = {"dealer": players[dealer].name, "leader": players[leader].name}
    if played:
        return _("%(dealer)s deals now; %(leader)s leads.") % names
    return _("%(dealer)s deals first; %(leader)s leads.") % names


def _deal_text(award: engine.Award, deal: engine.Deal, fmt: engine.Format) -> str:
    side = award.side
    if fmt.type == "points":
        return _("A %(a)s, B %(b)s card points") % {"a": award.points[0], "b": award.points[1]}
    if award.kind == "tie":  # 60-60; 65-65 with a last-trick bonus, 120-120 with two packs
        level = "{}-{}".format(*award.points)
        if award.carry:
            return ngettext("%(level)s: no games now, %(count)s game carried to the next deal",
                            "%(level)s: no games now, %(count)s games carried to the next deal",
                            award.carry) % {"level": level, "count": award.carry}
        return _("%(level)s: no games") % {"level": level}
    games = games_text(side, max(award.games)) if side else ""
    if award.kind == "flag":
        return _("Flag! %(games)s") % {"games": games}
    if award.kind == "revoke":
        return _("Revoke by %(culprit)s: %(games)s") % {"culprit": deal.revoke,
                                                         "games": games or _("no games")}
    return games


def result_text(match) -> str:
    """A finished match's result, the winner's score first: "A wins 4-2", "a draw, 4-4"
    (partidas in the partidas format, card points in the points format)."""
    kind = match.format["type"]
    state = match.state
    score = list(state["partidas"] if kind == "partidas"
                 else state["points"] if kind == "points" else state["games"])
    if match.winner == "B":
        score.reverse()
    numbers = f"{score[0]}-{score[1]}"
    if match.winner not in ("A", "B"):
        return _("a draw, %(score)s") % {"score": numbers}
    return _("%(side)s wins %(score)s") % {"side": match.winner, "score": numbers}


def sets_games_text(games: tuple[int, int]) -> str:
    """A match in game sets is scored by its partidas; its games come second: "in game sets ·
    games 8–10"."""
    # word joiners: a narrow phone breaks the line between words, never inside "8–10"
    return _("in game sets · games %(games)s") % {"games": "{}\u2060–\u2060{}".format(*games)}


def how_won_text(match) -> str:
    """How a finished match was won where its score does not say: a revoke that ended it (it
    costs the partida or the match; in fixed deals it gives no games, so the games may be level
    or the loser's), or, in a match of fixed deals level on games, the card points (RULES.md);
    else ""."""
    state = match.state
    if not (match.finished and match.winner in ("A", "B")):
        return ""
    if state["revoked"]:
        return _("A revoke by %(side)s ended the match.") % {"side": state["revoked"]}
    if match.format["type"] == "fixed_deals" and state["games"][0] == state["games"][1]:
        return _("Level on games: card points %(a)s-%(b)s decided it.") % {
            "a": state["points"][0], "b": state["points"][1]}
    return ""


def tally(games: int) -> range:
    """One stroke (risco) per game, as on the paper score sheet."""
    return range(games)


def format_text(fmt: dict) -> str:
    kind = fmt["type"]
    if kind == "first_to":
        return ngettext("First to %(count)s game", "First to %(count)s games",
                        fmt["target"]) % {"count": fmt["target"]}
    if kind == "partidas":
        return _("First to %(to_win)s game sets of %(target)s games") % fmt
    if kind == "fixed_deals":
        return _dealt_text(fmt["deals"], fmt["deals"])
    return _("First to %(target)s card points") % fmt


def progress_text(fmt: dict, rules: dict, *, played: int, finished: bool) -> str:
    """The format and how far the match has come, each said once: "First to 4 games · 3 deals
    played". A match of a fixed number of deals counts its deals against that number: "5 of 8
    deals" in play, "8 deals played" once finished; level after them, that it deals on
    (level_text), and "8 deals and 1 extra deal" once it is won so."""
    if fmt["type"] != "fixed_deals":
        progress = ngettext("%(count)s deal played", "%(count)s deals played", played) % {
            "count": played}
        return f"{match_text(fmt, rules)} · {progress}"
    deals = fmt["deals"]
    if not finished and played >= deals:  # level: it deals on
        progress = level_text(fmt, played=played)
    elif played > deals:  # won on an extra deal
        progress = _dealt_text(deals, played)
    elif finished:
        progress = ngettext("%(count)s deal played", "%(count)s deals played", played) % {
            "count": played}
    else:
        progress = ngettext("%(played)s of %(count)s deal", "%(played)s of %(count)s deals",
                            deals) % {"played": played, "count": deals}
    play = PLAY_NAMES.get(rules.get("play", ""))
    return f"{progress} · {play}" if play else progress


def level_text(fmt: dict, *, played: int) -> str:
    """A match of fixed deals level after them, which deals on (`extra_deals`): "Level after 8
    deals: play an extra deal"."""
    return _("Level after %(dealt)s: play an extra deal") % {
        "dealt": _dealt_text(fmt["deals"], played)}


def _dealt_text(deals: int, played: int) -> str:
    """"8 deals", or "8 deals and 1 extra deal" once a level match dealt on."""
    if played <= deals:
        return ngettext("%(count)s deal", "%(count)s deals", deals) % {"count": deals}
    return ngettext("%(count)s deals and %(extra)s extra deal",
                    "%(count)s deals and %(extra)s extra deals", played - deals) % {
        "count": deals, "extra": played - deals}


def shortened(text: str, most: int) -> str:
    """`text` in at most `most` characters: past that, its words that fit and an ellipsis (a
    word is cut only when the first one alone is too long)."""
    if len(text) <= most:
        return text
    kept = text[:most - 1]  # room for the ellipsis
    if " " not in (kept[-1], text[most - 1]) and " " in kept.strip():  # it cut a word
        kept = kept.rsplit(" ", 1)[0]
    return kept.rstrip(" ,.;:·–-") + "…"


PLAY_NAMES = {
    "forced_trumping": gettext_lazy("Sueca Italiana: forced trumping (obrigação)"),
    "open_hands": gettext_lazy("Open hands (à descoberta)"),
}


def match_text(fmt: dict, rules: dict) -> str:
    """The format, and how the cards are played when it is not the standard way (a label the
    rules carry; no score depends on it): "First to 4 games · Open hands (à descoberta)"."""
    play = PLAY_NAMES.get(rules.get("play", ""))
    return f"{format_text(fmt)} · {play}" if play else format_text(fmt)


def bonus_text(points: tuple[int, int], bonus: tuple[int, int]) -> str:
    """Where a side's card points (`points`, as scored) took a bonus, how: "(A: 60 + 10
    bonus)", else ""."""
    parts = [_("%(side)s: %(cards)s + %(bonus)s bonus") % {
        "side": side, "cards": scored - extra, "bonus": extra}
        for side, scored, extra in zip(engine.SIDES, points, bonus, strict=True) if extra]
    return f"({'; '.join(parts)})" if parts else ""


def counted_text(award: engine.Award, deal: engine.Deal) -> str:
    """A deal whose bonus changes its card points, as they count, for the referee to confirm:
    "Counts as 68-62 (A: 58 + 10 bonus)" (58-62 entered, the last trick A's); "" otherwise."""
    if deal.points is None or tuple(award.points) == tuple(deal.points):
        return ""
    bonus = tuple(scored - typed for scored, typed in zip(award.points, deal.points, strict=True))
    return _("Counts as %(points)s") % {
        "points": "{}-{} {}".format(*award.points, bonus_text(tuple(award.points), bonus))}


@dataclass(frozen=True)
class TallyRow:
    """One deal on the paper tally: who dealt, the card points, the games it gave and the total.

    `kind` is the engine's (flag, revoke, tie, points), or "carry" for a points deal that
    also took pending 60-60 games; `carried` counts those games (a flag or revoke may carry
    them too).
    """

    number: int
    dealer: str
    points: tuple[int, int]
    games: tuple[int, int]
    kind: str
    carried: int
    running: tuple[int, int]
    revoke: str | None = None  # the side that revoked
    bonus: tuple[int, int] = (0, 0)  # the bonuses each side took (in `points` too)
    partidas: tuple[int, int] = (0, 0)  # won after this deal
    partida_games: tuple[int, int] = (0, 0)  # its partida's games after it
    # In game sets (deal_tally): the total is the partida's, and the partida this deal ended.
    in_sets: bool = False
    set_end: "SetEnd | None" = None
    # In the points format (deal_tally): each side's card points so far, its only score.
    points_total: tuple[int, int] | None = None

    @property
    def side(self) -> str | None:
        return engine.SIDES[0 if self.games[0] > self.games[1] else 1] if any(self.games) else None

    @property
    def total(self) -> tuple[int, int]:
        """The score so far, as the board counts it: in game sets, the partida's games; in the
        points format, the card points."""
        if self.points_total is not None:
            return self.points_total
        return self.partida_games if self.in_sets else self.running

    @property
    def riscos(self) -> tuple[str, str]:
        """Each side's games so far as strokes on the paper, in groups of five."""
        return riscos(self.total[0]), riscos(self.total[1])

    @classmethod
    def from_dict(cls, row: dict) -> "TallyRow":
        """The row `as_dict` gave (e.g. read back from a write's stored answer)."""
        return cls(number=row["number"], dealer=row["dealer"], points=tuple(row["points"]),
                   games=tuple(row["games"]), kind=row["kind"], carried=row["carried"],
                   running=tuple(row["running"]), revoke=row.get("revoke"),
                   bonus=tuple(row.get("bonus", (0, 0))),
                   partidas=tuple(row.get("partidas", (0, 0))),
                   partida_games=tuple(row.get("partida_games", (0, 0))))

    @property
    def bonus_text(self) -> str:
        """Where a side's card points took a bonus, how: "(A: 60 + 10 bonus)", else ""."""
        return bonus_text(self.points, self.bonus)

    @property
    def scored(self) -> str:
        """Its card points as scored, a bonus said: "73-47", "70-60 (A: 60 + 10 bonus)"."""
        return " ".join(filter(None, ["{}-{}".format(*self.points), self.bonus_text]))

    @property
    def what(self) -> str:
        """The deal itself: "73-47", "120-0, flag", "70-60 (A: 60 + 10 bonus)", "revoke by B"."""
        if self.kind == "revoke":
            return _("revoke by %(side)s") % {"side": self.revoke}
        points = self.scored
        return _("%(points)s, flag") % {"points": points} if self.kind == "flag" else points

    @property
    def given(self) -> str:
        """The games it gave: "A +1 game", "no games"; in the points format its card points:
        "A +120 points", "A +73 points, B +47 points"."""
        if self.points_total is not None:
            return ", ".join(ngettext("%(side)s +%(count)s point", "%(side)s +%(count)s points",
                                      count) % {"side": side, "count": count}
                             for side, count in zip(engine.SIDES, self.points, strict=True)
                             if count)
        if not self.side:
            return _("no games")
        count = max(self.games)
        return ngettext("%(side)s +%(count)s game", "%(side)s +%(count)s games", count) % {
            "side": self.side, "count": count}

    def as_dict(self) -> dict:
        return {"number": self.number, "dealer": self.dealer, "points": list(self.points),
                "games": list(self.games), "kind": self.kind, "carried": self.carried,
                "running": list(self.running), "revoke": self.revoke, "bonus": list(self.bonus),
                "partidas": list(self.partidas), "partida_games": list(self.partida_games)}


@dataclass(frozen=True)
class SetEnd:
    """A partida ended on the tally: its number, who won it and its games; `sets` the game
    sets the deal gave, more than one where a revoke costs the match (it gives the other side
    every set it still needed), `revoke` the side that revoked."""

    number: int
    side: str
    games: tuple[int, int]
    sets: int = 1
    revoke: str | None = None

    @property
    def text(self) -> str:
        """"Game set 1: B 4-2", the winner's games first; after a revoke that cost the match,
        "Game set 2: B 4-0 · Revoke by A: B wins the game sets it still needed (3)"."""
        games = self.games if self.side == "A" else self.games[::-1]
        text = _("Game set %(number)s: %(side)s %(score)s") % {
            "number": self.number, "side": self.side, "score": "{}-{}".format(*games)}
        if self.sets == 1:
            return text
        return text + " · " + ngettext(
            "Revoke by %(revoker)s: %(side)s wins the game set it still needed (%(count)s)",
            "Revoke by %(revoker)s: %(side)s wins the game sets it still needed (%(count)s)",
            self.sets) % {"revoker": self.revoke, "side": self.side, "count": self.sets}


def riscos(games: int) -> str:
    """"|||||" per five games, a space between groups: 7 is "||||| ||"."""
    return " ".join("|" * min(5, games - start) for start in range(0, games, 5))


def deal_tally(match) -> list[TallyRow]:
    """Every active deal of `match` as the paper tally lists it: the rows stored on the match
    (engine.tally_row's), each dealer's seat named by who sits there now."""
    players = match.players
    rows = [TallyRow.from_dict({**row, "dealer": _seated(players, row["dealer"])})
            for row in match.tally]
    kind = match.format["type"]
    return _in_sets(rows) if kind == "partidas" else _in_points(rows) if kind == "points" else rows


def _in_sets(rows: list[TallyRow]) -> list[TallyRow]:
    """The rows of a match in game sets: each totals its partida's games, and the deal after
    which a side had one more partida says which it ended (SetEnd)."""
    shown, before = [], (0, 0)
    for row in rows:
        ended = None
        if row.partidas != before:
            at = 0 if row.partidas[0] > before[0] else 1
            ended = SetEnd(number=sum(before) + 1, side=engine.SIDES[at], games=row.partida_games,
                           sets=row.partidas[at] - before[at], revoke=row.revoke)
        shown.append(replace(row, in_sets=True, set_end=ended))
        before = row.partidas
    return shown


def _in_points(rows: list[TallyRow]) -> list[TallyRow]:
    """The rows of a match in the points format: each totals the card points so far."""
    shown, total = [], (0, 0)
    for row in rows:
        total = (total[0] + row.points[0], total[1] + row.points[1])
        shown.append(replace(row, points_total=total))
    return shown


def tally_payload(match) -> list[dict]:
    """The API's tally: the rows stored on the match, as TallyRow.as_dict gives them (each
    dealer's seat named; a row kept before bonuses and partidas were, with theirs at 0)
    without making a TallyRow of each (a deal's answer carries every row)."""
    players = match.players
    return [{"revoke": None, "bonus": [0, 0], "partidas": [0, 0], "partida_games": [0, 0], **row,
             "dealer": _seated(players, row["dealer"])} for row in match.tally]


def _seated(players: list, seat: int) -> str:
    return players[seat].name if seat < len(players) else str(seat)


def deal_text(row: TallyRow) -> str:
    """What a deal was and gave, e.g. "Deal 5: 73-47, A +1 game"."""
    return _("Deal %(number)s: %(deal)s, %(games)s") % {"number": row.number, "deal": row.what,
                                                         "games": row.given}


def saved_deal_text(tally: list[dict], *, finished: bool, fmt: dict) -> str:
    """The last deal of `tally` (the API's rows, of a match in `fmt`) as the referee is told it
    was saved, with the game set it won while the match goes on: "Deal 4: 70-60, A +1 game —
    A wins game set 1 (1-0 in game sets)", or that a match of fixed deals is level and deals
    on: "Deal 8: 60-60, no games — Level after 8 deals: play an extra deal"."""
    rows = [TallyRow.from_dict(row) for row in tally]
    if fmt["type"] == "points":
        rows = _in_points(rows)
    before = tuple(tally[-2].get("partidas", (0, 0))) if len(tally) > 1 else (0, 0)
    won = "" if finished else set_won_text(before, tuple(tally[-1].get("partidas", (0, 0))))
    if fmt["type"] == "fixed_deals" and not finished and len(tally) >= fmt["deals"]:
        won = level_text(fmt, played=len(tally))
    text = deal_text(rows[-1])
    return f"{text} — {won}" if won else text


@functools.cache
def _engine_templates() -> tuple[str, ...]:
    """Every message the engine can give: the strings it marks with gettext_noop."""
    found: list[str] = []
    for path in sorted(Path(engine.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "gettext_noop"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value not in found):
                found.append(node.args[0].value)
    return tuple(found)


def engine_messages() -> dict[str, str]:
    """The engine's messages in the current language, by their English template, for the
    browser scorer to refuse a deal offline in the words the server uses online
    (engine_message): only those the language words differently."""
    return {template: _(template) for template in _engine_templates() if _(template) != template}


def scorer_case(match, deals: list[dict]) -> dict:
    """What the browser scorer (static/js/scorer.js) needs to move `match` on offline: its
    conformance case (rules, format, first dealer, the active deals' data) and who sits
    where."""
    return {
        "match": match.pk,
        "version": match.version,
        "rules": match.rules,
        "format": match.format,
        "first_dealer": match.first_dealer,
        "deals": list(deals),
        "players": [match.a.player_1.name, match.b.player_1.name,
                    match.a.player_2.name, match.b.player_2.name],
    }


def round_title(match) -> str:
    """The round a tournament match belongs to ("Round 2", "Semi-finals", "Third place"); ""
    for a friendly.

    `match.pairing.round` must have been read with the match (select_related).
    """
    # The tournaments app names its rounds; scoring only asks it here, for the page's words.
    from tournaments.presenters import round_title as title

    pairing = getattr(match, "pairing", None) if match is not None else None
    if pairing is None:
        return ""
    return _("Third place") if pairing.third_place else title(pairing.round)
