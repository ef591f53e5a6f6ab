"""Who sits out a round of a round robin: a league's matchday, a round robin's round, a
group's round. With an odd field one partnership a round has no match, and no bye is stored
for it (services.draws, services.league): it is whoever of the round's field none of its
pairings names. Nothing here queries; the callers pass what they read.

A partnership that has withdrawn is named as sitting out nowhere: a league's season keeps the
matchday off it was drawn, and the rounds a round robin draws after a withdrawal leave it
out, but it sits out nothing (its matches left are walkovers, shown as its withdrawal).

A Swiss's and a knockout's byes are stored pairings, shown as such: not here."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import formats
from tournaments.models import Round, Tournament


@dataclass(frozen=True)
class Member:
    """An entry as a round's field: its id, its group ("" outside groups), its name, and
    whether it has withdrawn (then it sits out nothing)."""

    pk: int
    group: str
    name: str
    withdrawn: bool = False


def is_round_robin(tournament: Tournament, round_: Round) -> bool:
    """Is `round_` a round of a round robin, whose sit-out is not stored?"""
    if round_.stage == Round.Stage.GROUPS:
        return True
    return round_.stage == Round.Stage.ROUNDS and (
        tournament.structure == Tournament.Structure.LEAGUE
        or (tournament.structure == Tournament.Structure.ROUNDS
            and tournament.pairing == Tournament.Pairing.ROUND_ROBIN))


def someone_sits_out(tournament: Tournament, round_: Round, pairings: list) -> bool:
    """Can anyone sit `round_` out? Told from the number of entries alone (the tournament
    page's `ranked_count`), so that a page reads the field only when it must."""
    playing = sum(2 for p in pairings if p.b_id is not None)
    return is_round_robin(tournament, round_) and playing < tournament.ranked_count


def sitting_out(tournament: Tournament, round_: Round, pairings: list,
                field: Iterable[Member]) -> list[str]:
    """The names of those who sit `round_` out, a round of `pairings` (each with `a_id`,
    `b_id` and `group`); in a group stage, of the groups that play in it (a group whose round
    robin is over sits out nothing)."""
    field = list(field)
    names = {member.pk: _named(member, round_) for member in field}
    return [names[pk] for pk in sitting_out_ids(tournament, round_, pairings, field)]


def sitting_out_ids(tournament: Tournament, round_: Round, pairings: list,
                    field: Iterable[Member]) -> list[int]:
    """The entries (their ids) who sit `round_` out, as `sitting_out` names them."""
    if not is_round_robin(tournament, round_) or not pairings:
        return []
    field = [member for member in field if not member.withdrawn]
    if round_.stage != Round.Stage.GROUPS:
        scopes = [(field, pairings)]
    else:
        letters = sorted({p.group for p in pairings})
        scopes = [([m for m in field if m.group == letter],
                   [p for p in pairings if p.group == letter]) for letter in letters]
    return [pk for members, pairs in scopes
            for pk in formats.sitting_out([m.pk for m in members],
                                          [(p.a_id, p.b_id) for p in pairs])]


def _named(member: Member, round_: Round) -> str:
    """A group stage's sit-out says its group: "Ana & Rui (Group A)"."""
    if round_.stage != Round.Stage.GROUPS:
        return member.name
    group = _("Group %(letter)s") % {"letter": member.group}
    return f"{member.name} ({group})"
