"""The paper tally: one row per deal, as a match row keeps it (JSON, the dealer a seat)."""

from collections.abc import Iterable

from .basics import plus
from .deals import Deal
from .formats import Format
from .replay import apply
from .rules import Rules
from .state import MatchState, new_match


def tally_row(rules: Rules, number: int, deal: Deal, before: MatchState,
              after: MatchState) -> dict:
    """Deal `number`, played on `before` to give `after`: its dealer's seat, card points (the
    bonuses in), games, kind, the pending 60-60 games it took (`carried`), the running
    games, the partidas won after it and its partida's games after it (before the next
    partida restarts at 0).

    `kind` is the engine's, or "carry" for a points deal that also took pending games.
    """
    result = after.deals[-1]
    # A revoke that gives the partida or the match counts the games still needed, not carry.
    whole_revoke = result.kind == "revoke" and not isinstance(rules.revoke, int)
    carried = before.carry if any(result.games) and not whole_revoke else 0
    cards = deal.points or result.points  # without the bonuses
    ended = after.partidas != before.partidas
    partida_games = plus(before.partida_games, result.games) if ended else after.partida_games
    return {"number": number, "dealer": result.dealer, "points": list(result.points),
            "games": list(result.games),
            "kind": "carry" if result.kind == "points" and carried else result.kind,
            "carried": carried, "running": list(after.games), "revoke": deal.revoke,
            "partidas": list(after.partidas), "partida_games": list(partida_games),
            "bonus": [scored - card for scored, card in zip(result.points, cards, strict=True)]}


def replay_tally(rules: Rules, fmt: Format, first_dealer: int,
                 deals: Iterable[tuple[int, Deal]]) -> tuple[MatchState, list[dict]]:
    """The state after `deals` ((number, deal) in order) and their tally: one replay."""
    state = new_match(rules, fmt, first_dealer)
    rows = []
    for index, (number, deal) in enumerate(deals):
        before, state = state, apply(rules, fmt, state, deal, index)
        rows.append(tally_row(rules, number, deal, before, state))
    return state, rows
