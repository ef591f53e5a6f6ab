"""`manage.py import_tournament FILE --club SLUG`: a tournament exported as JSON, into a club.

Players and partnerships are found in the club by name, or created. All or nothing.
"""

import json
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from sueca_club.models import Club
from tournaments.transfer import TransferError, tournament_load


class Command(BaseCommand):
    help = "Import a tournament exported as JSON (export_tournament, or the exports page)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file ('-' for standard input)")
        parser.add_argument("--club", required=True, help="the address (slug) of the club")
        parser.add_argument("--by", help="the username recorded as its creator (optional)")

    def handle(self, *args, file, club, by=None, **options):
        target = Club.objects.filter(slug=club).first()
        if target is None:
            raise CommandError(f"No club with the address {club!r}.")
        user = None
        if by:
            user = get_user_model().objects.filter(username=by).first()
            if user is None:
                raise CommandError(f"No user called {by!r}.")
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        except json.JSONDecodeError as error:
            raise CommandError(f"{file} is not JSON: {error}.") from None
        try:
            tournament = tournament_load(data=data, club=target, by=user)
        except TransferError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {tournament.name} into {target.name} as {tournament.slug}.")
