"""Reads that agree with each other: a page that reads a match and then its deals must not
see a deal recorded in between (PostgreSQL's default isolation gives each statement its own
snapshot)."""

import functools

from django.db import transaction


def consistent_reads(view):
    """Run the view in one read-only REPEATABLE READ transaction on PostgreSQL (elsewhere,
    or inside a transaction already, in the transaction it is given)."""
    @functools.wraps(view)
    def read(request, *args, **kwargs):
        connection = transaction.get_connection()
        outermost = not connection.in_atomic_block
        with transaction.atomic():
            if outermost and connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            return view(request, *args, **kwargs)
    return read
