"""Why a table's last match stopped before its end, for the table's referee phone while it
waits for its next match: a partnership withdrew (its opponent has the walkover), the
organiser gave it as a no-show's walkover before its first deal, or drew its round again or
took it back.

The phone's link has no match then (scoring.matches_abandon took it off the table, and the
pairing let go of the match too) but names it as `stopped`, whether its deals came through
the link or were entered by the organiser; then the walkover in the table's tournament that
has its two partnerships: two queries, however many matches the table has had.

A match not begun is deleted, and the link names none: the no-show's walkover that took it
away is found in the tournament's log, which keeps the match and its pairing (setup.
pairing_walkover). A deal, an undo or a choice of dealer the phone made for it is refused
saying so (scoring.not_here).
"""

from django.db.models import Q
from django.utils.translation import gettext as _

from scoring import services as scoring
from scoring.models import Match, RefereeLink
from sueca_club.services import PLAYERS
from tournaments.models import Action, Pairing

TEAMS = tuple(f"{side}__{seat}" for side in "ab" for seat in PLAYERS)
ENTRIES = tuple(f"{side}__partnership__{seat}" for side in "ab" for seat in PLAYERS)
RECENT = 20  # the log's newest entries a waiting table looks through for its no-show


def stopped_text(link: RefereeLink) -> str:
    """What the phone of a table that has no match now says of its last one ("" when that
    one was not stopped: it ended, or the table never had one scored)."""
    if not link.table_number or link.match_id is not None:
        return ""
    if link.stopped_id is None:
        pairing = _no_show_here(link)
        return _no_show_text(pairing) if pairing else ""
    match = Match.objects.select_related(*TEAMS).filter(pk=link.stopped_id).first()
    if match is None:
        return ""
    teams = {"a": match.a.display_name, "b": match.b.display_name}
    # The pairing kept its partnerships and its walkover; it let go of the match and table.
    walkover = (Pairing.objects.filter(round__tournament__tables__link=link, match=None,
                                       withdrawal=True, a__partnership_id=match.a_id,
                                       b__partnership_id=match.b_id)
                .exclude(walkover="").order_by("-round__number", "-slot")
                .values_list("walkover", flat=True).first())
    if walkover in ("A", "B"):
        present, absent = (teams["a"], teams["b"]) if walkover == "A" else (teams["b"],
                                                                            teams["a"])
        return _("The match %(a)s – %(b)s stopped: %(absent)s withdrew from the tournament, "
                 "and %(present)s has the walkover. The deals played are kept.") % {
            **teams, "absent": absent, "present": present}
    if walkover == "-":
        return _("The match %(a)s – %(b)s stopped: both partnerships have withdrawn from the "
                 "tournament, so neither wins it.") % teams
    if not match.state["deals"]:  # its deals voided: its round drawn again or taken back
        return _("The match %(a)s – %(b)s was called off: the organiser drew its round again "
                 "or took it back. Its deals do not count.") % teams
    return _("The match %(a)s – %(b)s was stopped by the tournament's organiser.") % teams


def no_show_text(link: RefereeLink, match_id: int) -> str:
    """Why `match_id`, which a write of the table's phone was made for, is not its match: the
    organiser gave it as a no-show's walkover before its first deal ("" when not)."""
    if not link.table_number:
        return ""
    taken = (Action.objects.filter(tournament__tables__link=link, kind=Action.Kind.WALKOVER,
                                   args__match=match_id)
             .values_list("args", flat=True).first())
    pairing = taken and _walked_over().filter(pk=taken["pairing"]).first()
    return _no_show_text(pairing) if pairing else ""


def _no_show_here(link: RefereeLink) -> Pairing | None:
    """The pairing whose match, not begun, a no-show's walkover took off this table, when that
    is the last the table saw: the log has only walkovers since, and no match has been at the
    table since. None otherwise (it never had a match, or a draw, a correction or a
    withdrawal may have taken one away since)."""
    taken = []
    for kind, args in (Action.objects.filter(tournament__tables__link=link).order_by("-pk")
                       .values_list("kind", "args")[:RECENT]):
        if kind != Action.Kind.WALKOVER:
            break
        if "match" in args:
            taken.append(args)
    here = _walked_over().filter(table__link=link).in_bulk([args["pairing"] for args in taken])
    last = next((args for args in taken if args["pairing"] in here), None)
    if last is None or Pairing.objects.filter(Q(table__link=link) | Q(earlier_table__link=link),
                                              match_id__gt=last["match"]).exists():
        return None
    return here[last["pairing"]]


def _walked_over():
    """Pairings decided by a walkover, with the names of their partnerships."""
    return Pairing.objects.select_related(*ENTRIES).exclude(walkover="")


def _no_show_text(pairing: Pairing) -> str:
    teams = {"a": pairing.a.partnership.display_name, "b": pairing.b.partnership.display_name}
    if pairing.walkover == "-":
        return _("The match %(a)s – %(b)s was not played: neither partnership came, and the "
                 "organiser recorded a double forfeit.") % teams
    present, absent = (teams["a"], teams["b"]) if pairing.walkover == "A" else (teams["b"],
                                                                               teams["a"])
    return _("The match %(a)s – %(b)s was not played: %(absent)s did not come, and the "
             "organiser gave the walkover to %(present)s.") % {
        **teams, "absent": absent, "present": present}


scoring.TAKEN_AWAY.append(no_show_text)
