"""Standings tables for the public pages (django-tables2).

The ranked order is the tie-break chain's (selectors.standings); sorting by a column is only
a view of the same rows and never changes a rank.
"""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.selectors import Standing


def standing_rows(ranked: list[Standing]) -> list[dict]:
    """Plain rows in ranked order, so that sorting needs no query."""
    return [{**vars(s.row), "partnership": s.entry.partnership.display_name,
             "withdrawn": s.entry.withdrawn, "entry_id": s.entry.pk} for s in ranked]


class NumberColumn(tables.Column):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", {"th": {"class": "num"}, "td": {"class": "num"}})
        super().__init__(*args, **kwargs)


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name="#")
    partnership = tables.Column(verbose_name=_("Partnership"),
                                attrs={"td": {"class": "who"}, "th": {"class": "who"}})
    points = NumberColumn(verbose_name=_("Points"),
                          attrs={"th": {"class": "num key"}, "td": {"class": "num key"}})
    played = NumberColumn(verbose_name=_("Played"))
    won = NumberColumn(verbose_name=_("Won"))
    drawn = NumberColumn(verbose_name=_("Drawn"))
    lost = NumberColumn(verbose_name=_("Lost"))
    byes = NumberColumn(verbose_name=_("Byes"))
    games_won = NumberColumn(verbose_name=_("Games won"))
    partidas_won = NumberColumn(verbose_name=_("Game sets won"))
    partidas_lost = NumberColumn(verbose_name=_("Game sets lost"))
    card_points = NumberColumn(verbose_name=_("Card points"))
    card_point_difference = NumberColumn(verbose_name=_("Card-point difference"))
    buchholz = NumberColumn(verbose_name=_("Buchholz"))

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "standings"}
        empty_text = _("No partnerships yet.")

    def __init__(self, *args, season_of: str = "", **kwargs):
        """`season_of`: a league's slug, whose partnerships link to their season's page."""
        super().__init__(*args, **kwargs)
        self.season_of = season_of

    def render_rank(self, value, record):
        """A place a deciding match settled is marked; the page's footnote says so."""
        if record.get("decided"):
            return format_html('{}<sup class="decided" title="{}">*</sup>', value,
                               _("settled by a deciding match"))
        return value

    def render_partnership(self, value, record):
        name = f"{value} ({_('withdrawn')})" if record["withdrawn"] else value
        if not self.season_of:
            return name
        return format_html('<a href="{}">{}</a>', reverse(
            "tournaments:partnership", args=[self.season_of, record["entry_id"]]), name)


GROUP_COLUMNS_LEFT_OUT = ("byes", "partidas_won", "partidas_lost", "card_point_difference",
                          "buchholz")


def group_table(ranked: list[Standing], qualifiers: int) -> StandingsTable:
    """A group's table: fewer columns, not sortable (several sit on one page); the top
    `qualifiers` rows are marked as going through to the knockout."""
    rows = standing_rows(ranked)
    for row in rows[:qualifiers]:
        row["qualifies"] = True
    return StandingsTable(rows, exclude=GROUP_COLUMNS_LEFT_OUT, orderable=False,
                          row_attrs={"class": lambda record: "qualifies"
                                     if record.get("qualifies") else None})

