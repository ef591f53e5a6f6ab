"""The JSON columns a referee's deal reads and writes are made and read by orjson
(models.QuickJSON), not by Django's json.dumps and json.loads: what they store and give back
is what Django's JSONField stores and gives back, and they are queried into as before."""

import json

import pytest
from django.db import connection

from scoring.models import AuditEntry, Match

VALUES = [
    {"games": [4, 0], "partidas": [1, 0], "winner": "A", "carry": 0, "revoked": None,
     "finished": True, "deals": [{"dealer": 3, "games": [1, 0]}] * 12},
    {"name": "Inês & João – Conceição", "points": [61.5, 58.5], "big": 2**53},
    [1, [2, [3, {}]], "", False],
    "just text",
    0,
]


def stored(entry_id: int):
    """The column's value as the database gives it back, parsed by the json module."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT before FROM {AuditEntry._meta.db_table} WHERE id = %s",
                       [entry_id])
        text = cursor.fetchone()[0]
    return json.loads(text) if isinstance(text, str) else text


@pytest.mark.parametrize("value", VALUES)
def test_a_value_is_stored_and_read_back_as_django_s_json_field_does(match, value):
    entry = AuditEntry.objects.create(match=match, action=AuditEntry.Action.RECORDED,
                                      before=value, after=None)
    assert stored(entry.pk) == value
    assert AuditEntry.objects.get(pk=entry.pk).before == value
    assert AuditEntry.objects.get(pk=entry.pk).after is None  # SQL NULL, as before


def test_the_columns_are_queried_into_as_before(match):
    match.refresh_from_db()
    games = match.state["games"]
    assert Match.objects.filter(pk=match.pk, state__games=games).exists()
    assert Match.objects.filter(pk=match.pk).values_list("state__games", flat=True).get() == games
    assert Match.objects.filter(pk=match.pk).values_list("rules__deck", flat=True).get() == \
        match.rules.get("deck")
