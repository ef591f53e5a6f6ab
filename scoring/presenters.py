"""Words and strokes for people: what a deal awards, the paper tally."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import engine


def games_text(side: str, games: int) -> str:
    return ngettext("%(side)s wins %(count)s game", "%(side)s wins %(count)s games", games) % {
        "side": side, "count": games}


def award_text(award: engine.Award, deal: engine.Deal, fmt: engine.Format) -> str:
    """One sentence a referee confirms before saving, e.g. "A wins 2 games"."""
    parts = [_deal_text(award, deal, fmt)]
    if award.ends_match:
        parts.append(_("it's a draw") if award.winner == "draw"
                     else _("%(side)s wins the match") % {"side": award.winner})
    elif award.ends_partida:
        parts.append(_("%(side)s wins the partida") % {"side": award.side})
    return " — ".join(parts)


def _deal_text(award: engine.Award, deal: engine.Deal, fmt: engine.Format) -> str:
    side = award.side
    if fmt.type == "points":
        return _("A %(a)s, B %(b)s card points") % {"a": award.points[0], "b": award.points[1]}
    if award.kind == "tie":
        if award.carry:
            return ngettext("60-60: no games now, %(count)s game carried to the next deal",
                            "60-60: no games now, %(count)s games carried to the next deal",
                            award.carry) % {"count": award.carry}
        return _("60-60: no games")
    games = games_text(side, max(award.games)) if side else ""
    if award.kind == "flag":
        return _("Flag! %(games)s") % {"games": games}
    if award.kind == "revoke":
        return _("Revoke by %(culprit)s: %(games)s") % {"culprit": deal.revoke,
                                                         "games": games or _("no games")}
    return games


def tally(games: int) -> range:
    """One stroke (risco) per game, as on the paper score sheet."""
    return range(games)


def format_text(fmt: dict) -> str:
    kind = fmt["type"]
    if kind == "first_to":
        return ngettext("First to %(count)s game", "First to %(count)s games",
                        fmt["target"]) % {"count": fmt["target"]}
    if kind == "partidas":
        return _("First to %(to_win)s partidas of %(target)s games") % fmt
    if kind == "fixed_deals":
        return ngettext("%(count)s deal", "%(count)s deals", fmt["deals"]) % {
            "count": fmt["deals"]}
    return _("First to %(target)s card points") % fmt


def scorer_case(match, deals) -> dict:
    """What the browser scorer (static/js/scorer.js) needs to move `match` on offline: its
    conformance case (rules, format, first dealer, active deals) and who sits where."""
    return {
        "match": match.pk,
        "version": match.version,
        "rules": match.rules,
        "format": match.format,
        "first_dealer": match.first_dealer,
        "deals": [deal.data for deal in deals],
        "players": [match.a.player_1.name, match.b.player_1.name,
                    match.a.player_2.name, match.b.player_2.name],
    }
