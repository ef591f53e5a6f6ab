"""PostgreSQL for the site: Django's own backend, with a deadline on every wait for the server.

statement_timeout and lock_timeout (settings.py) make a server that is alive give up on slow
work and say so. They do nothing when the server itself stops answering (a frozen host or
process, a network that drops packets): the connection stays open, the kernel acknowledges
what is sent, TCP keepalives see nothing wrong, and psycopg would wait for the answer
forever, and so would the request and its gunicorn worker.

Here every wait of a connection for the server (a query, a commit, Django's health check)
gives up after OPTIONS["answer_timeout"] seconds (0: never): the connection is closed and the
wait raises OperationalError, which the site answers with a 503 (sueca_club/middleware.py);
the next request opens a new connection (bounded by connect_timeout). The deadline is a few
seconds longer than statement_timeout, so a live server always answers first.

Django's health check of a kept connection (CONN_HEALTH_CHECKS) sends `SELECT 1` before each
request's first query: a round trip for every request, as dear as a deal's writes. Here it
reads what the server sent meanwhile instead, without a round trip: a server that ends a
connection (restarted, the backend terminated, a proxy dropping it) says why (FATAL) and
closes it, and the connection is then replaced before the request uses it, as Django's check
would. A server that says nothing because it stopped answering is found by the deadline of
the request's first query, as it was by the deadline of `SELECT 1`.

Django reads each timestamptz value with a loader written in Python (psycopg_any's
register_tzloader), about 10 microseconds a value; a 1,024-partnership event's pairings carry
twenty thousand of them. Here psycopg's own loader (in C, with psycopg[binary]) parses them,
and the time zone is then set as Django sets it.
"""

import types

import psycopg
from django.db.backends.postgresql import base
from psycopg.pq import Format


class ServerEnding:
    """A connection's notice handler, told whether the server said it ends the connection: an
    error that comes while no query runs (FATAL, as the server's last word) is passed by libpq
    to the notice handlers."""

    said = False

    def __call__(self, diagnostic) -> None:
        if diagnostic.severity_nonlocalized in ("FATAL", "PANIC"):
            self.said = True


class DeadlineConnection(psycopg.Connection):
    answer_timeout: float | None = None
    ending: ServerEnding

    def usable(self) -> bool:
        """Whether the server keeps this connection, from what it sent meanwhile: read without
        waiting (libpq's socket never blocks), then parsed (is_busy)."""
        pgconn = self.pgconn
        try:
            pgconn.consume_input()
            pgconn.is_busy()
        except psycopg.OperationalError:  # the server closed it
            return False
        return (not self.ending.said and pgconn.status == psycopg.pq.ConnStatus.OK
                and pgconn.transaction_status in USABLE)

    def wait(self, gen, *args, timeout=None, **kwargs):
        if timeout is not None or not self.answer_timeout:  # psycopg's own timed waits
            return super().wait(gen, *args, timeout=timeout, **kwargs)
        try:
            return super().wait(gen, *args, timeout=self.answer_timeout, **kwargs)
        except psycopg.errors._WaitTimeout:  # psycopg 3.3's deadline, raised by the wait above
            self.close()  # halfway through the protocol: it can never be used again
            raise psycopg.OperationalError(
                f"the database server did not answer within {self.answer_timeout:g} s") from None


class QuickTzLoader(psycopg.adapt.Loader):
    """A timestamptz as Django's loader gives it: parsed in the session's time zone (UTC, as
    Django sets it), then given `timezone` (None: left naive). Django's create_cursor reads
    `timezone` to tell whether the loader fits the connection."""

    timezone = None

    def __init__(self, oid, context=None):
        super().__init__(oid, context)
        self._parse = psycopg.adapters.get_loader(oid, Format.TEXT)(oid, context).load

    def load(self, data):
        return self._parse(data).replace(tzinfo=self.timezone)


# As Django's SELECT 1 finds them: in a transaction that failed, the connection answers no more.
USABLE = (psycopg.pq.TransactionStatus.IDLE, psycopg.pq.TransactionStatus.INTRANS)

# Django's backend opens connections with `self.Database.connect`: the psycopg module, here
# opening DeadlineConnections.
psycopg_with_deadlines = types.SimpleNamespace(**vars(psycopg))
psycopg_with_deadlines.connect = DeadlineConnection.connect


class DatabaseWrapper(base.DatabaseWrapper):
    Database = psycopg_with_deadlines

    def get_connection_params(self):
        params = super().get_connection_params()
        params.pop("answer_timeout", None)  # ours, not libpq's
        return params

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        connection.answer_timeout = self.settings_dict["OPTIONS"].get("answer_timeout") or None
        connection.ending = ServerEnding()
        connection.add_notice_handler(connection.ending)
        connection.adapters.register_loader("timestamptz", type(
            "QuickTzLoader", (QuickTzLoader,), {"timezone": self.timezone}))
        return connection

    def is_usable(self):
        return self.connection is not None and self.connection.usable()
