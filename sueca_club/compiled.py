"""Queries, inserts and updates compiled once per process and run again with each call's values.

Django compiles a query anew on every call; on the referee's write, the site's busiest path,
that costs far more than running it (the link's read with who plays, a seven-table join: 0.7
ms to compile and 0.05 ms to run on SQLite; a deal's three inserts and its match's update
about as much again). These keep the SQL and the row reading that Django made the first time
and run them again: the SQL is still Django's own, so a change to a model changes it too, and
the tests that count queries count these. For the few statements of that path only: anywhere
else the ORM's own calls are plainer. `run_all` sends a write's rows to PostgreSQL as one
statement: each round trip to the server costs a busy worker about as much as the work it
carries.
"""

import contextlib
import functools
from collections.abc import Callable
from typing import NamedTuple

from django.db import connections, transaction
from django.db.models import QuerySet
from django.db.models.query import ModelIterable, get_related_populators
from django.db.models.sql import InsertQuery, UpdateQuery


class Compiled:
    """`build(value)` is a QuerySet filtered by one value that finds one row at most (a token,
    an id); `sample` is a value of the same type that appears nowhere else in its parameters.
    `first(value)` gives the object `build(value)` finds (its row, for values_list()), or
    None, and `exists(value)` whether it finds one, without compiling it again. Its
    select_related, only() and select_for_update are kept (a locking read is first run inside
    a transaction, as Django asks)."""

    def __init__(self, build: Callable[[object], QuerySet], sample):
        self._build, self._sample = build, sample
        self._plans: dict[tuple[str, bool], _Plan] = {}

    def _plan(self, using: str, exists: bool) -> "_Plan":
        plan = self._plans.get((using, exists))
        if plan is None:
            queryset = self._build(self._sample)
            plan = self._plans[(using, exists)] = _Plan(
                queryset.query.exists(limit=True) if exists else queryset.query, self._sample,
                using, objects=not exists and queryset._iterable_class is ModelIterable)
        return plan

    def first(self, value, using: str = "default"):
        return self._plan(using, exists=False).first(value)

    def exists(self, value, using: str = "default") -> bool:
        return self._plan(using, exists=True).rows(value) != []

    def exists_sql(self, value, using: str = "default") -> tuple[str, list]:
        """The SQL of `exists(value)` and its parameters, to be asked inside another statement."""
        return self._plan(using, exists=True).sql_for(value)


class _Plan:
    """One QuerySet's SQL on one database and how its rows become model objects (as Django's
    ModelIterable makes them)."""

    def __init__(self, query, sample, using: str, *, objects: bool):
        self.using = using
        self.compiler = query.get_compiler(using=using)
        self.sql, params = self.compiler.as_sql()
        self.params = list(params)
        self.at = [i for i, param in enumerate(self.params) if param == sample]
        if len(self.at) != 1:
            raise ValueError(f"the sample value {sample!r} must be one parameter of the query")
        self.at = self.at[0]
        select, klass_info = self.compiler.select, self.compiler.klass_info
        self.converters = self.compiler.get_converters(
            [column[0] for column in select[:self.compiler.col_count]])
        self.model = klass_info["model"] if objects else None
        if self.model is not None:
            if self.compiler.annotation_col_map:
                raise ValueError("a compiled query's objects take no annotations")
            fields = klass_info["select_fields"]
            self.start, self.end = fields[0], fields[-1] + 1
            self.init_list = [column[0].target.attname for column in select[self.start:self.end]]
            self.populators = get_related_populators(klass_info, select, using)

    def sql_for(self, value) -> tuple[str, list]:
        params = self.params.copy()
        params[self.at] = value
        return self.sql, params

    def rows(self, value) -> list:
        sql, params = self.sql_for(value)
        with connections[self.using].cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if self.converters:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        return rows

    def first(self, value):
        rows = self.rows(value)
        if not rows:
            return None
        if len(rows) > 1:
            raise ValueError("a compiled query finds one row at most")
        [row] = rows
        if self.model is None:
            return row
        found = self.model.from_db(self.using, self.init_list, row[self.start:self.end])
        for populator in self.populators:
            populator.populate(row, found)
        return found


def _stamped(field) -> bool:
    """A field Django sets to the time of the write (auto_now, auto_now_add)."""
    return getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)


class Insert:
    """`create(**values)`: what `model.objects.create(**values)` does (the row, then the
    object with its id), the INSERT compiled once per database. `ready(**values)` does the
    work before the row is inserted (`.run()`): a write does it before it takes its lock.
    Its times (auto_now_add) are still taken when it runs, so that they keep the order of the
    writes (a page's ETag names the newest change it shows)."""

    def __init__(self, model):
        self.model = model
        meta = model._meta
        self.fields = [field for field in meta.local_concrete_fields
                       if field is not meta.auto_field and not field.generated]
        self.stamped = {field.name for field in self.fields if _stamped(field)}
        self._by_alias: dict[str, tuple] = {}

    def _plan(self, obj, using: str) -> tuple:
        plan = self._by_alias.get(using)
        if plan is None:
            query = InsertQuery(self.model)
            query.insert_values(self.fields, [obj])
            compiler = query.get_compiler(using=using)
            compiler.returning_fields = self.model._meta.db_returning_fields
            [(sql, _params)] = compiler.as_sql()
            columns = [field.get_col(self.model._meta.db_table)
                       for field in compiler.returning_fields]
            plan = self._by_alias[using] = (compiler, sql, compiler.get_converters(columns))
        return plan

    def create(self, using: str = "default", **values):
        return self.ready(using, **values).run()

    def ready(self, using: str = "default", **values) -> "ReadyInsert":
        return ReadyInsert(self, self.model(**values), using)


class ReadyInsert:
    """A row made ready to insert: its object, and the values the database is sent."""

    def __init__(self, insert: Insert, obj, using: str):
        self.insert, self.obj, self.using = insert, obj, using
        self.plan = self.params = self.points = None
        if connections[using].features.can_return_columns_from_insert:
            self.plan = insert._plan(obj, using)
            # the times are taken when it runs (params_now)
            self.params = [None if field.name in insert.stamped else self._param(field)
                           for field in insert.fields]

    def _param(self, field):
        compiler = self.plan[0]
        return compiler.prepare_value(field, compiler.pre_save_val(field, self.obj))

    def pointing(self, name: str, at: "ReadyInsert") -> "ReadyInsert":
        """This row's `name` is `at`'s row, inserted before it: its id is known only then."""
        self.points = (name, at)
        return self

    def _point(self) -> set:
        """Set the row it points at on it (inserted by now): the fields to take again."""
        if self.points is None:
            return set()
        name, at = self.points
        setattr(self.obj, name, at.obj)
        return {name}

    def params_now(self) -> list:
        """The values sent, with the row it points at and the times taken now."""
        again = self.insert.stamped | self._point()
        return [self._param(field) if field.name in again else param
                for field, param in zip(self.insert.fields, self.params, strict=True)]

    def run(self):
        """Insert the row: its object, with its id."""
        if self.plan is None:
            self._point()
            self.obj.save(force_insert=True, using=self.using)
            return self.obj
        connection = connections[self.using]
        with connection.cursor() as cursor:
            cursor.execute(self.plan[1], self.params_now())
            return self.returned(connection.ops.fetch_returned_insert_columns(
                cursor, self.plan[0].returning_params))

    def returned(self, row):
        """The object, with the values the database returned for it (its id)."""
        compiler, _sql, converters = self.plan
        if converters:
            [row] = compiler.apply_converters([row], converters)
        obj = self.obj
        for field, value in zip(compiler.returning_fields, row, strict=True):
            setattr(obj, field.attname, value)
        obj._state.adding, obj._state.db = False, self.using
        return obj


class Update:
    """`save(obj)`: what `obj.save(update_fields=fields)` does to a row that exists, the UPDATE
    compiled once per database (and per which of its values are NULL, which Django writes
    into the SQL). `ready(obj)` does the work before the row is updated (`.run()`), its times
    (auto_now) still taken when it runs, as Insert's."""

    def __init__(self, model, fields: list[str]):
        self.model = model
        self.fields = [model._meta.get_field(name) for name in fields]
        self._plans: dict[tuple, str] = {}

    def save(self, obj, using: str = "default") -> None:
        self.ready(obj, using).run()

    def ready(self, obj, using: str = "default") -> "ReadyUpdate":
        connection = connections[using]
        values = [field.get_db_prep_save(field.pre_save(obj, False), connection=connection)
                  for field in self.fields]
        nulls = tuple(value is None for value in values)
        sql = self._plans.get((using, nulls))
        if sql is None:
            query = UpdateQuery(self.model)
            query.add_update_fields([(field, None, getattr(obj, field.attname))
                                     for field in self.fields])
            query.add_filter("pk", obj.pk)
            sql, _params = query.get_compiler(using=using).as_sql()
            self._plans[(using, nulls)] = sql
        sent = [(field, value) for field, value in zip(self.fields, values, strict=True)
                if value is not None]
        return ReadyUpdate(obj, sql, [value for _field, value in sent] + [obj.pk], using,
                           stamped=[(at, field) for at, (field, _value) in enumerate(sent)
                                    if _stamped(field)])


class ReadyUpdate:
    """A row's update made ready: its SQL and the values the database is sent, of which those
    at `stamped` (position, field) are taken again when it runs."""

    def __init__(self, obj, sql: str, params: list, using: str, *, stamped: list):
        self.obj, self.model, self.sql, self.params = obj, type(obj), sql, params
        self.using, self.stamped = using, stamped

    def params_now(self) -> list:
        connection, params = connections[self.using], self.params.copy()
        for at, field in self.stamped:
            params[at] = field.get_db_prep_save(field.pre_save(self.obj, False),
                                                connection=connection)
        return params

    def run(self) -> None:
        with connections[self.using].cursor() as cursor:
            cursor.execute(self.sql, self.params_now())
            self.updated(cursor.rowcount)

    def updated(self, count: int) -> None:
        if count != 1:
            raise self.model.DoesNotExist(f"no {self.model.__name__} {self.params[-1]} to update")


class Unless(NamedTuple):
    """What refuses a write run_all makes: `query.exists(value)`, which raises `error`."""

    query: Compiled
    value: object
    error: Exception


def run_all(*rows: ReadyInsert | ReadyUpdate, unless: Unless | None = None) -> None:
    """Run rows made ready, in their order, as each one's run() does: on PostgreSQL as one
    statement (one round trip to the server, not one a row), each row's own SQL a part of it
    (a data-modifying WITH; Django's foreign keys are checked at the commit). A row pointing
    at another (ReadyInsert.pointing) takes its id there. Each update must find its row, or
    none of it is kept (DoesNotExist, in the transaction the caller holds).

    `unless`: when its query finds a row, its error is raised and none of the rows is kept
    (the caller's transaction is rolled back). On PostgreSQL it is asked in the same statement,
    which sees what was committed before it began (one round trip fewer than asking first)."""
    connection = connections[rows[0].using]
    statement = None
    if connection.vendor == "postgresql" and all(row.using == rows[0].using for row in rows):
        statement = _as_one(tuple(_part(row, rows) for row in rows))
    if statement is None:
        if unless is not None and unless.query.exists(unless.value, rows[0].using):
            raise unless.error
        for row in rows:
            row.run()
        return
    sql, dropped = statement
    params = _params_now(rows, dropped)
    if unless is not None:
        refusing, asked = unless.query.exists_sql(unless.value, rows[0].using)
        sql, params = f"{sql} WHERE NOT EXISTS ({refusing})", params + asked
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:  # the rows were written, and are rolled back with the transaction
        raise unless.error
    _returned(rows, found)


def run_if(update: ReadyUpdate, when: dict[str, object], *rows: ReadyInsert,
           unless: Unless | None = None, then: list[tuple[str, list]] = ()) -> bool:
    """`update`, when its row still has the values `when` ({field: value}, None for NULL) and
    `unless` finds nothing; `rows` inserted only then (as run_all inserts them); then each of
    `then`'s statements (SQL, parameters, its last parameter the updated row's id). True when
    all of it was written; False when none of it was (the row had changed, or `unless` found
    one; or the statement is not of the shape expected), for the caller to write the slow way.

    On PostgreSQL, one statement on its own, with no transaction begun for it and no lock
    taken first. A statement that waits for the row's lock, held by a write that changes it,
    is checked against the row that write left (PostgreSQL's EvalPlanQual): a change to
    anything else (what `unless` asks) committed during the wait is not seen, so whatever
    changes that must change the row too. In a transaction (tests), the statement runs in a
    savepoint.

    On SQLite, in the caller's transaction, which holds the database's one writer lock from
    its start (`writes_alone` is False): the update first, guarded as on PostgreSQL, then the
    rows and `then` one by one when it found its row. Nothing is read before the update."""
    connection = connections[update.using]
    if any(row.plan is None or row.using != update.using for row in rows):
        return False
    meta, quote = update.model._meta, connection.ops.quote_name
    conditions = " AND ".join(
        f"{quote(meta.db_table)}.{quote(meta.get_field(name).column)}"
        + (" IS NULL" if value is None else " = %s") for name, value in when.items())
    refusing, asked = unless.query.exists_sql(unless.value, update.using) if unless else ("", [])
    guard = _guard(update.sql, conditions, refusing)
    if guard is None:
        return False
    guarded = [*update.params_now(), *(value for value in when.values() if value is not None),
               *asked]
    if not writes_alone(update.using):
        return _run_guarded(connection, guard, guarded, rows, then)
    statement = _guarded(guard, quote(meta.pk.column), tuple(_part(row, rows) for row in rows),
                         tuple(sql for sql, _params in then))
    if statement is None:
        return False
    sql, dropped = statement
    params = [*guarded, *_params_now(rows, dropped)]
    for _sql, sent in then:
        params += sent[:-1]
    with (transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext()),\
            connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:
        return False
    _returned(rows, found)
    return True


def _run_guarded(connection, guard: str, params: list, rows: tuple[ReadyInsert, ...],
                 then) -> bool:
    """run_if on SQLite: the guarded update, then, when it found its row, the rest."""
    if not connection.in_atomic_block:
        raise RuntimeError("run_if writes on SQLite inside the caller's transaction")
    with connection.cursor() as cursor:
        cursor.execute(guard, params)
        if cursor.rowcount != 1:
            return False
        for row in rows:
            row.run()
        for statement in then:
            cursor.execute(*statement)
    return True


def writes_alone(using: str = "default") -> bool:
    """Whether run_if writes in one statement of its own, outside any transaction
    (PostgreSQL); on SQLite, its caller begins the transaction, which takes the writer lock."""
    return connections[using].vendor == "postgresql"


def _params_now(rows: tuple, dropped: dict[int, int]) -> list:
    """The values the rows send in one statement, less the pointing columns' (`dropped`)."""
    params = []
    for at, row in enumerate(rows):
        sent = row.params_now()
        if at in dropped:
            del sent[dropped[at]]
        params += sent
    return params


def _returned(rows: tuple, found: tuple) -> None:
    """Set on each row's object what the statement returned for it (run() does it for one)."""
    for row in rows:
        if isinstance(row, ReadyUpdate):
            row.updated(found[0])
            found = found[1:]
        else:
            width = len(row.plan[0].returning_fields)
            row.returned(found[:width])
            found = found[width:]
            row._point()  # the id it points at, known now


def _part(row: ReadyInsert | ReadyUpdate, rows: tuple) -> tuple:
    """A row as _as_one takes it: its SQL, and for a pointing insert (its column, the row it
    points at, that row's column)."""
    if isinstance(row, ReadyUpdate):
        return row.sql, None
    if row.plan is None:
        return None, None
    if row.points is None:
        return row.plan[1], None
    name, at = row.points
    field = row.obj._meta.get_field(name)
    return row.plan[1], (field.column, rows.index(at), field.target_field.column)


@functools.lru_cache(maxsize=32)
def _as_one(parts: tuple) -> tuple[str, dict] | None:
    """run_all's statement, of each row's (SQL, what it points at: see _part), and where the
    values sent leave out the pointing column's ({row: position}); None where the rows are
    run one by one, their SQL not of the shape expected."""
    if any(sql is None for sql, _points in parts):
        return None
    clauses, dropped, returned, inserted = [], {}, [], []
    for at, (sql, points) in enumerate(parts):
        name = f"row{at}"
        if sql.startswith("UPDATE ") and " RETURNING " not in sql:
            clauses.append(f"{name} AS ({sql} RETURNING 1)")
            returned.append(f"(SELECT count(*) FROM {name})")
            continue
        insert = _inserted(sql, points)
        if insert is None:
            return None
        clauses.append(f"{name} AS ({insert[0]})")
        returned.append(f"{name}.*")
        inserted.append(name)
        if insert[1] is not None:
            dropped[at] = insert[1]
    return (f"WITH {', '.join(clauses)} SELECT {', '.join(returned)}"
            + (f" FROM {', '.join(inserted)}" if inserted else ""), dropped)


@functools.lru_cache(maxsize=32)
def _guard(update: str, conditions: str, refusing: str) -> str | None:
    """run_if's update: its WHERE given the `conditions` and, unless `refusing` finds a row;
    None when its WHERE is not the plain one expected."""
    where = update.partition(" WHERE ")[2]
    if (not update.startswith("UPDATE ") or not where or " OR " in where
            or " RETURNING " in update):
        return None
    return f"{update} AND {conditions}" + (f" AND NOT EXISTS ({refusing})" if refusing else "")


@functools.lru_cache(maxsize=32)
def _guarded(guard: str, pk: str, parts: tuple, then: tuple[str, ...]) -> tuple[str, dict] | None:
    """run_if's one statement on PostgreSQL (as _as_one's): the guarded update (_guard)
    returning its row's id (`pk`: its column); each insert made of the updated row, none when
    there is none; each `then` statement with that id (NULL when there is none) in place of its
    last parameter."""
    if any(sql is None for sql, _points in parts):
        return None
    table = guard.split(" ", 2)[1]
    clauses, dropped = [f"guard AS ({guard} RETURNING {table}.{pk})"], {}
    for at, (sql, points) in enumerate(parts):
        insert = _inserted(sql, points, made_of="guard")
        if insert is None:
            return None
        clauses.append(f"row{at} AS ({insert[0]})")
        if insert[1] is not None:
            dropped[at] = insert[1]
    for at, sql in enumerate(then):
        head, found, tail = sql.rpartition("%s")
        if not found:
            return None
        clauses.append(f"then{at} AS ({head}(SELECT {pk} FROM guard){tail})")
    inserted = [f"row{at}" for at in range(len(parts))]
    return (f"WITH {', '.join(clauses)} SELECT {', '.join(f'{name}.*' for name in inserted)}"
            f" FROM {', '.join(inserted)}", dropped)


def _inserted(sql: str, points: tuple | None, made_of: str = "") -> tuple[str, int | None] | None:
    """An INSERT as a part of one statement, and where the values it is sent leave out its
    pointing column's (None when it has none): that column (`points`: see _part) takes the id
    of the row it points at; `made_of` a part before it, it inserts one row for each of that
    part's rows (none when it has none). None when it is not of the shape expected."""
    if not sql.startswith("INSERT "):
        return None
    if points is None and not made_of:
        return sql, None
    columns = _plain_columns(sql)
    if columns is None:
        return None
    values, dropped = ["%s"] * len(columns), None
    if points is not None:
        column, target, target_column = points
        if f'"{column}"' not in columns:
            return None
        dropped = columns.index(f'"{column}"')
        values[dropped] = f'(SELECT "{target_column}" FROM row{target})'
    made = (f"SELECT {', '.join(values)} FROM {made_of}" if made_of
            else f"VALUES ({', '.join(values)})")
    return sql.replace(f"VALUES ({', '.join(['%s'] * len(columns))})", made, 1), dropped


def _plain_columns(sql: str) -> list[str] | None:
    """An INSERT's quoted columns, when each of its values is sent as a plain %s."""
    head, _, rest = sql.partition(") VALUES (")
    columns = head.partition(" (")[2].split(", ")
    return columns if rest.partition(")")[0] == ", ".join(["%s"] * len(columns)) else None
