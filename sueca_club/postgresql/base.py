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
"""

import types

import psycopg
from django.db.backends.postgresql import base


class DeadlineConnection(psycopg.Connection):
    answer_timeout: float | None = None

    def wait(self, gen, *args, timeout=None, **kwargs):
        if timeout is not None or not self.answer_timeout:  # psycopg's own timed waits
            return super().wait(gen, *args, timeout=timeout, **kwargs)
        try:
            return super().wait(gen, *args, timeout=self.answer_timeout, **kwargs)
        except psycopg.errors._WaitTimeout:  # psycopg 3.3's deadline, raised by the wait above
            self.close()  # halfway through the protocol: it can never be used again
            raise psycopg.OperationalError(
                f"the database server did not answer within {self.answer_timeout:g} s") from None


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
        return connection
