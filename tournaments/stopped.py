"""Why a table's last match stopped before its end, for the table's referee phone while it
waits for its next match: a partnership withdrew (its opponent has the walkover), or the
organiser drew its round again or took it back.

The phone's link has no match then (scoring.matches_abandon took it off the table, and the
pairing let go of the match too) but names it as `stopped`, whether its deals came through
the link or were entered by the organiser; then the walkover in the table's tournament that
has its two partnerships: two queries, however many matches the table has had.
"""

from django.utils.translation import gettext as _

from scoring.models import Match, RefereeLink
from sueca_club.services import PLAYERS
from tournaments.models import Pairing

TEAMS = tuple(f"{side}__{seat}" for side in "ab" for seat in PLAYERS)


def stopped_text(link: RefereeLink) -> str:
    """What the phone of a table that has no match now says of its last one ("" when that
    one was not stopped: it ended, or the table never had one scored)."""
    if not link.table_number or link.match_id is not None or link.stopped_id is None:
        return ""
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
