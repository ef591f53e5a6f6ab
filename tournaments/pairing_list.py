"""The pairings of a round as one piece of HTML, made in Python: a round of a 1,024-partnership
event has 512 lines, and a template's per-line tags (translations, includes, URLs) cost more
than the query that reads them. The words are translated once per list, not once a line.
"""

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.presenters import Line, state_text

_ANY_MATCH = 987654321  # stands for a match's id in the scoreboard's address, made once


def pairing_list(lines: list[Line]) -> SafeString:
    """`<li>` of each line, as templates/tournaments/public/_pairings.html lists them."""
    # (xgettext cannot read a call inside an f-string: the words are looked up outside them)
    winner, no_table = escape(_("winner")), escape(_("No table"))
    words = {"winner": f'<span class="sr-only"> ({winner})</span>',
             "no table": f'<span class="muted">{no_table}</span>',
             "third": escape(_("Third place")), "bye": escape(_("bye")),
             "scoreboard": escape(_("scoreboard")),
             "deals": escape(_("%(name)s deals")),
             "board": reverse("scoreboard", args=[_ANY_MATCH])}
    states = {}
    items = []
    for line in lines:
        if line.status == "withdrawal":  # names who withdrew: its own words
            items.append(_item(line, words, escape(line.state_text)))
            continue
        key = (line.status, line.pairing.round.stage)
        if key not in states:
            states[key] = escape(state_text(line.status, stage=line.pairing.round.stage))
        items.append(_item(line, words, states[key]))
    return mark_safe("".join(items))  # every name and word escaped above


def _item(line: Line, words: dict, state: str) -> str:
    if line.status == "postponed":  # its new date where its table would be, as the fixtures
        when = _("Postponed to %(date)s") % {"date": date_format(line.pairing.postponed_to)}
        where = f'<span class="postponed-to">{escape(when)}</span>'
    elif line.table:
        where = escape(_("Table %(number)s") % {"number": line.table})
    else:
        where = words["no table"]
    if line.pairing.group:
        where += " · " + escape(_("Group %(letter)s") % {"letter": line.pairing.group})
    if line.pairing.third_place:
        where += " · " + words["third"]
    a_won, b_won = line.winner == "A", line.winner == "B"
    side_a = (f'<span class="name side-a{" won" if a_won else ""}">{escape(line.a)}'
              f'{words["winner"] if a_won else ""}</span>')
    if line.is_bye:
        side_b = (f'<span class="g side-a"></span><span class="name muted">{words["bye"]}</span>'
                  f'<span class="g"></span>')
    else:
        side_b = (f'<span class="g side-a">{line.score[0]}</span>'
                  f'<span class="name side-b{" won" if b_won else ""}">{escape(line.b)}'
                  f'{words["winner"] if b_won else ""}</span>'
                  f'<span class="g side-b">{line.score[1]}</span>')
    # the state, its games in game sets, then who deals next in play and its scoreboard
    after = f" · {escape(line.note)}" if line.note else ""
    if dealer := line.dealer:
        deals = words["deals"] % {"name": escape(dealer)}
        after += f' · <span class="dealer">{deals}</span>'
    if line.match_id:
        url = words["board"].replace(str(_ANY_MATCH), str(line.match_id))
        after += f'<span class="to-board"> · <a href="{url}">{words["scoreboard"]}</a></span>'
    return (f'<li class="card pairing {line.status}"><span class="where">{where}</span>'
            f'{side_a}{side_b}<span class="state muted">{state}{after}</span></li>\n')
