"""`manage.py export_tournament SLUG [-o FILE]`: the whole tournament as JSON (tournaments.transfer)."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament
from tournaments.transfer import tournament_dump


class Command(BaseCommand):
    help = "Write a tournament as JSON, to import it elsewhere with import_tournament."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's address (slug)")
        parser.add_argument("-o", "--output", help="the file to write (default: standard output)")

    def handle(self, *args, slug, output=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament with the address {slug!r}.")
        text = json.dumps(tournament_dump(tournament), ensure_ascii=False, indent=1)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            self.stderr.write(f"Wrote {tournament.name} to {output}.")
        else:
            self.stdout.write(text)
