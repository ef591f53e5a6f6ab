"""sueca_club.compiled: a query, an insert or an update compiled once per process gives, stores
and changes exactly what the ORM's own would, and is not compiled again."""

import pytest
from django.db import connection, transaction
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring import engine, selectors
from scoring.models import AuditEntry, Deal, Match, RefereeLink
from sueca_club.compiled import (
    Compiled,
    Insert,
    Unless,
    Update,
    _as_one,
    _guard,
    _guarded,
    run_all,
    run_if,
)

SAMPLE = -987_654_321
WITH_TEAMS = Compiled(lambda pk: selectors.matches_with_teams().filter(pk=pk), sample=SAMPLE)
OF_CLUB = Compiled(lambda club: Match.objects.filter(club_id=club), sample=SAMPLE)
VERSION = Compiled(lambda pk: Match.objects.filter(pk=pk).values_list("version", "winner"),
                   sample=SAMPLE)


def columns(obj) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def test_a_compiled_read_gives_the_object_and_who_plays_as_the_orm_does(match):
    orm = selectors.matches_with_teams().get(pk=match.pk)
    compiled = WITH_TEAMS.first(match.pk)
    assert columns(compiled) == columns(orm)
    with CaptureQueriesContext(connection) as queries:
        names = [player.name for player in compiled.players]
    assert names == [player.name for player in orm.players] and len(queries) == 0
    assert not compiled._state.adding and compiled._state.db == "default"


def test_a_compiled_read_finds_nothing_or_refuses_more_than_one_row(club, match, pair_a,
                                                                    pair_b):
    assert WITH_TEAMS.first(match.pk + 1000) is None
    Match.objects.create(club=club, a=pair_a, b=pair_b, rules={}, format={}, first_dealer=0,
                         state={})
    with pytest.raises(ValueError, match="one row at most"):
        OF_CLUB.first(club.pk)


def test_a_compiled_exists_and_values_list(match):
    assert OF_CLUB.exists(match.club_id)
    assert not OF_CLUB.exists(match.club_id + 1000)
    assert VERSION.first(match.pk) == (match.version, "")


def test_a_compiled_read_is_compiled_once(monkeypatch, match):
    compiled = Compiled(lambda pk: Match.objects.filter(pk=pk), sample=SAMPLE)
    calls = []
    as_sql = SQLCompiler.as_sql
    monkeypatch.setattr(SQLCompiler, "as_sql",
                        lambda self, *args, **kwargs: calls.append(1) or as_sql(self, *args,
                                                                                **kwargs))
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert compiled.first(match.pk).pk == match.pk
    assert len(calls) == 1 and len(queries) == 3


def test_a_sample_that_is_not_one_parameter_is_refused(match):
    twice = Compiled(lambda pk: Match.objects.filter(pk=pk) | Match.objects.filter(a_id=pk),
                     sample=SAMPLE)
    with pytest.raises(ValueError, match="one parameter"):
        twice.first(match.pk)


def test_a_compiled_insert_stores_what_create_stores(match):
    link = match.referee_links.get()
    deal = Insert(Deal).create(match=match, number=1, data={"points": [73, 47]}, trump="c",
                               via_link=link)
    assert deal.pk is not None and not deal._state.adding
    stored = Deal.objects.get(pk=deal.pk)
    assert columns(stored) == columns(deal)
    assert stored.data == {"points": [73, 47]} and stored.active and stored.created_at
    audit = Insert(AuditEntry).create(match=match, action=AuditEntry.Action.RECORDED, deal=deal,
                                      before={"games": [0, 0]}, after={})
    assert columns(AuditEntry.objects.get(pk=audit.pk)) == columns(audit)


def test_a_compiled_update_writes_nulls_and_values_alike(match):
    update = Update(Match, ["winner", "finished_at", "version", "updated_at"])
    before = match.updated_at
    for finished_at in (timezone.now(), None, timezone.now()):
        match.finished_at, match.version = finished_at, match.version + 1
        update.save(match)
        stored = Match.objects.get(pk=match.pk)
        assert (stored.finished_at, stored.version) == (finished_at, match.version)
    assert stored.updated_at == match.updated_at > before


def test_a_compiled_update_of_a_row_gone_says_so(match):
    gone = Match.objects.get(pk=match.pk)
    RefereeLink.objects.filter(match=match).delete()
    Match.objects.filter(pk=match.pk).delete()
    with pytest.raises(Match.DoesNotExist):
        Update(Match, ["version"]).save(gone)


def test_the_rules_read_by_a_compiled_query_are_the_engine_s(match):
    assert engine.rules_from(overrides=WITH_TEAMS.first(match.pk).rules) == \
        engine.rules_from(overrides=match.rules)


def test_rows_made_ready_take_their_times_when_they_are_written(match, monkeypatch):
    """A write makes its rows ready before its lock and writes them in it: their times are the
    writing's, so they keep the order of the writes (the club TV's ETag names the newest)."""
    made, written = timezone.now() - timezone.timedelta(seconds=30), timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: made)
    update = Update(Match, ["version", "updated_at"]).ready(match)
    insert = Insert(AuditEntry).ready(match=match, action=AuditEntry.Action.RECORDED,
                                      before={}, after={})
    monkeypatch.setattr(timezone, "now", lambda: written)
    update.run()
    entry = insert.run()
    assert Match.objects.get(pk=match.pk).updated_at == written
    assert AuditEntry.objects.get(pk=entry.pk).at == written


def rows_of_a_deal(match):
    match.version += 1
    deal = Insert(Deal).ready(match=match, number=1, data={"points": [73, 47]})
    audit = Insert(AuditEntry).ready(match=match, action=AuditEntry.Action.RECORDED,
                                     before={"games": [0, 0]}, after={"games": [1, 0]})
    return deal, Update(Match, ["version", "updated_at"]).ready(match), audit.pointing("deal",
                                                                                       deal)


def test_rows_run_all_together_are_stored_as_each_one_s_run_stores_them(match):
    deal, update, audit = rows_of_a_deal(match)
    with CaptureQueriesContext(connection) as queries:
        run_all(deal, update, audit)
    # PostgreSQL: one round trip; SQLite runs them one by one (no INSERT in a WITH)
    assert len(queries) == (1 if connection.vendor == "postgresql" else 3)
    stored = AuditEntry.objects.select_related("deal").get(pk=audit.obj.pk)
    assert columns(stored) == columns(audit.obj) and stored.deal_id == deal.obj.pk
    assert columns(stored.deal) == columns(deal.obj)
    assert Match.objects.get(pk=match.pk).version == match.version
    assert not deal.obj._state.adding and audit.obj.deal is deal.obj


def test_rows_run_all_together_keep_nothing_when_an_update_finds_no_row(match):
    deal, update, audit = rows_of_a_deal(match)
    update.params[-1] = match.pk + 1000  # another match: no such row
    with pytest.raises(Match.DoesNotExist), transaction.atomic():
        run_all(deal, update, audit)
    assert not Deal.objects.filter(match=match).exists()
    assert not AuditEntry.objects.filter(match=match).exists()


class Refused(Exception):
    pass


WINNER_IS = Compiled(lambda pk: Match.objects.filter(pk=pk, winner="A"), sample=SAMPLE)


def test_rows_run_all_together_are_refused_whole_when_their_check_finds_a_row(match):
    Match.objects.filter(pk=match.pk).update(winner="A")
    deal, update, audit = rows_of_a_deal(match)
    refused = Unless(WINNER_IS, match.pk, Refused())
    with (pytest.raises(Refused), transaction.atomic(),
          CaptureQueriesContext(connection) as queries):
        run_all(deal, update, audit, unless=refused)
    # PostgreSQL asks in the statement that writes the rows; SQLite asks first, writes nothing
    assert len(queries) == 1
    assert not Deal.objects.filter(match=match).exists()
    assert not AuditEntry.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).version == match.version - 1


def test_rows_run_all_together_are_written_when_their_check_finds_nothing(match):
    deal, update, audit = rows_of_a_deal(match)
    with CaptureQueriesContext(connection) as queries:
        run_all(deal, update, audit, unless=Unless(WINNER_IS, match.pk, Refused()))
    assert len(queries) == (1 if connection.vendor == "postgresql" else 4)
    assert AuditEntry.objects.get(pk=audit.obj.pk).deal_id == deal.obj.pk
    assert Match.objects.get(pk=match.pk).version == match.version


def test_rows_of_sql_not_of_the_plain_shape_are_run_one_by_one():
    plain = ('INSERT INTO "t" ("a", "deal_id") VALUES (%s, %s) RETURNING "t"."id"', None)
    pointing = (plain[0], ("deal_id", 0, "id"))
    assert _as_one((plain, pointing)) == (
        'WITH row0 AS (INSERT INTO "t" ("a", "deal_id") VALUES (%s, %s) RETURNING "t"."id"), '
        'row1 AS (INSERT INTO "t" ("a", "deal_id") VALUES (%s, (SELECT "id" FROM row0)) '
        'RETURNING "t"."id") SELECT row0.*, row1.* FROM row0, row1', {1: 1})
    cast = ('INSERT INTO "t" ("a", "deal_id") VALUES (%s::jsonb, %s) RETURNING "t"."id"',
            ("deal_id", 0, "id"))
    assert _as_one((plain, cast)) is None
    assert _as_one((plain, (None, None))) is None  # a row not compiled (no RETURNING)


LABEL = ('UPDATE "scoring_refereelink" SET "label" = %s WHERE "match_id" = %s', "its label")


def run_if_at(match, version, **kwargs):
    deal, update, audit = rows_of_a_deal(match)
    with CaptureQueriesContext(connection) as queries:
        written = run_if(update, {"version": version, "abandoned_at": None}, deal, audit,
                         then=[(LABEL[0], [LABEL[1], match.pk])], **kwargs)
    # in the test's transaction, run_if's statement is in a savepoint
    asked = [q for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    return written, len(asked), deal, audit


def nothing_written(match, version) -> bool:
    return (not Deal.objects.filter(match=match).exists()
            and not AuditEntry.objects.filter(match=match).exists()
            and Match.objects.get(pk=match.pk).version == version
            and not match.referee_links.filter(label=LABEL[1]).exists())


def test_rows_run_if_their_row_still_is_as_read_are_written_after_the_update(match):
    """PostgreSQL: one statement, with what follows given the row's id; SQLite, in the
    caller's transaction: the guarded update, then each row and what follows, nothing read."""
    version = match.version
    with transaction.atomic():  # on SQLite, the caller's
        written, queries, deal, audit = run_if_at(match, version)
    assert (written, queries) == (True, 1 if connection.vendor == "postgresql" else 4)
    stored = AuditEntry.objects.select_related("deal").get(pk=audit.obj.pk)
    assert columns(stored) == columns(audit.obj) and stored.deal_id == deal.obj.pk
    assert columns(stored.deal) == columns(deal.obj)
    assert Match.objects.get(pk=match.pk).version == version + 1
    assert match.referee_links.get().label == LABEL[1]


@pytest.mark.parametrize("changed", ["version", "abandoned", "unless"])
def test_rows_run_if_their_row_changed_or_their_check_finds_one_write_nothing(match, changed):
    version, unless = match.version, None
    if changed == "version":
        Match.objects.filter(pk=match.pk).update(version=version + 1)
        version += 1
    elif changed == "abandoned":
        Match.objects.filter(pk=match.pk).update(abandoned_at=timezone.now())
    else:
        Match.objects.filter(pk=match.pk).update(winner="A")
        unless = Unless(WINNER_IS, match.pk, Refused())
    with transaction.atomic():
        written, queries, _deal, _audit = run_if_at(match, match.version, unless=unless)
    assert (written, queries) == (False, 1)
    assert nothing_written(match, version)


def test_the_statement_of_rows_run_if_their_row_is_as_read():
    update = 'UPDATE "m" SET "v" = %s WHERE "m"."id" = %s'
    plain = ('INSERT INTO "t" ("a", "deal_id") VALUES (%s, %s) RETURNING "t"."id"', None)
    pointing = (plain[0], ("deal_id", 0, "id"))
    then = ('INSERT INTO "l" ("v") SELECT 1 FROM "p" WHERE "p"."m" = %s ON CONFLICT DO NOTHING',)
    guard = _guard(update, '"m"."v" = %s', "SELECT 1 FROM r WHERE id = %s")
    assert guard == ('UPDATE "m" SET "v" = %s WHERE "m"."id" = %s AND "m"."v" = %s'
                     ' AND NOT EXISTS (SELECT 1 FROM r WHERE id = %s)')
    assert _guarded(guard, '"id"', (plain, pointing), then) == (
        'WITH guard AS (UPDATE "m" SET "v" = %s WHERE "m"."id" = %s AND "m"."v" = %s'
        ' AND NOT EXISTS (SELECT 1 FROM r WHERE id = %s) RETURNING "m"."id"), '
        'row0 AS (INSERT INTO "t" ("a", "deal_id") SELECT %s, %s FROM guard RETURNING "t"."id"), '
        'row1 AS (INSERT INTO "t" ("a", "deal_id") SELECT %s, (SELECT "id" FROM row0) FROM guard '
        'RETURNING "t"."id"), '
        'then0 AS (INSERT INTO "l" ("v") SELECT 1 FROM "p" WHERE "p"."m" = '
        '(SELECT "id" FROM guard) ON CONFLICT DO NOTHING) '
        'SELECT row0.*, row1.* FROM row0, row1', {1: 1})
    either = update.replace("WHERE", "WHERE \"m\".\"x\" = 1 OR")
    assert _guard(either, '"m"."v" = %s', "") is None
