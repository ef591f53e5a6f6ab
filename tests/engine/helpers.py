"""Small builders shared by the engine tests."""

from scoring.engine import (
    Deal,
    Format,
    MatchState,
    Rules,
    Side,
    apply,
    format_from,
    new_match,
    replay,
    rules_from,
)


def won(points: int, **extra) -> Deal:
    """A deal where side A took ``points`` card points (B the rest)."""
    return Deal(points=(points, 120 - points), **extra)


def revoke(side: Side) -> Deal:
    return Deal(revoke=side)


def play(*deals: Deal, preset: str = "portugal", fmt: dict | None = None,
         first_dealer: int = 0, **rules) -> MatchState:
    """Replay ``deals`` under a preset, a format mapping and rule overrides."""
    return replay(rules_from(preset, rules), format_from(fmt), first_dealer, deals)


def states_of(rules: Rules, fmt: Format, first: int, played: list[Deal]) -> list[MatchState]:
    """Every state from the new match on, applying deals until the match finishes."""
    result = [new_match(rules, fmt, first)]
    for deal in played:
        if result[-1].finished:
            break
        result.append(apply(rules, fmt, result[-1], deal))
    return result
