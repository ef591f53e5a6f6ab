"""Rebuild club ratings from scratch: every finished match again, in the order they finished."""

from django.core.management.base import BaseCommand, CommandError

from scoring.ratings.services import ratings_rebuild
from sueca_club.models import Club


class Command(BaseCommand):
    help = "Rate every finished match again from scratch (all clubs, or one with --club)."

    def add_arguments(self, parser):
        parser.add_argument("--club", metavar="SLUG", help="only this club")

    def handle(self, *args, club=None, **options):
        clubs = Club.objects.order_by("slug")
        if club:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(f"No club has the address {club!r}.")
        for each in clubs:
            book = ratings_rebuild(club=each)
            self.stdout.write(f"{each.slug}: {len(book.changes)} matches rated, "
                              f"{len(book.players)} players, {len(book.partnerships)} partnerships")
