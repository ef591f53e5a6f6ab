"""SQLite for the site: Django's own backend, with each query's placeholders converted once.

Django writes `%s` for a parameter and its SQLite backend turns each into SQLite's `?` with a
regular expression, on every execution of every query: about 30 microseconds for the referee
link's read (a nine-table join, 2,400 characters), as much as SQLite takes to run it, and
inside the one writer's turn for each of a deal's writes. The site sends the same few hundred
query texts again and again, so the converted text is kept by the text it was made of; a long
one (a bulk insert of a thousand rows) is converted each time, so that what is kept stays small.
"""

import functools

from django.db.backends.sqlite3 import base


@functools.lru_cache(maxsize=1024)
def _with_qmarks(query: str) -> str:
    return base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


KEPT_LENGTH = 8192  # characters: the referee link's read is 2,400


class SQLiteCursorWrapper(base.SQLiteCursorWrapper):
    def convert_query(self, query, *, param_names=None):
        if param_names is None and len(query) <= KEPT_LENGTH:
            return _with_qmarks(query)
        return super().convert_query(query, param_names=param_names)


class DatabaseWrapper(base.DatabaseWrapper):
    def create_cursor(self, name=None):
        return self.connection.cursor(factory=SQLiteCursorWrapper)
