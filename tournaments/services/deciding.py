"""Deciding matches (negra): drawn where a stage ends with a tie that matters still level.

A stage whose tie-break chain ends with "deciding" does not go on (finish, or the knockout
after the groups) while a tie in the tournament's scope is left: a round of deciding matches
among the tied (a small knockout for three or more, one round after another) is drawn
(draws.deciding_round) and placed on tables like any round, in the tournament's deciding
match format. Their results count only for the "deciding" criterion
(selectors.deciding_settled).
"""

from tournaments import selectors
from tournaments.models import Action, Pairing, Round, Tournament


def to_draw(tournament: Tournament, stage: str | None) -> tuple[list[tuple], str]:
    """Where `stage` (Round.Stage.GROUPS, or None for the rounds, whose standings count
    every match) has ended or its last deciding round is complete: the next deciding
    matches, as create_round takes them, and the round's code: that of its largest
    knockout's round, "" when every match is two tied alone (a lone deciding match is no
    knockout's final); no matches when no tie in scope is left to play for."""
    pairs, offs = _to_play(tournament, stage)
    if not pairs:
        return [], ""
    if all(off.alone for off in offs):
        return pairs, ""
    return pairs, max(offs, key=lambda off: off.size).code


def record(tournament: Tournament, pairs: list[tuple]) -> None:
    names = {e.pk: e.partnership.display_name for e in selectors.entries(tournament)}
    Action.objects.create(tournament=tournament, kind=Action.Kind.DECIDING, what="; ".join(
        f"{names[a]} – {names[b]}" for a, b, _third, _group in pairs))


def called_for(tournament: Tournament, drawn: list[Pairing]) -> bool:
    """Are the deciding pairings `drawn`, none played yet, the ones the standings call for?"""
    stage = Round.Stage.GROUPS if tournament.structure == Tournament.Structure.GROUPS else None
    pairs, _offs = _to_play(tournament, stage)
    return ({frozenset((a, b)) for a, b, _third, _group in pairs}
            == {frozenset((p.a_id, p.b_id)) for p in drawn})


def _to_play(tournament: Tournament, stage: str | None) -> tuple[list[tuple], list]:
    """The deciding matches to draw next, as create_round takes them, and their knockouts."""
    if not selectors.settled_by_deciding(tournament, stage):
        return [], []
    all_pairings = list(selectors.pairings(tournament))
    field = selectors.entries(tournament)
    pairs, offs = [], []
    for group in _groups(tournament, stage):
        members = [e for e in field if not group or e.group == group]
        for off in selectors.deciding_settled(tournament, all_pairings, members, stage,
                                              group).playing:
            offs.append(off)
            pairs += [(a, b, third, group) for a, b, third in off.pending]
    return pairs, offs


def _groups(tournament: Tournament, stage: str | None) -> list[str]:
    return selectors.group_letters(tournament) if stage == Round.Stage.GROUPS else [""]
