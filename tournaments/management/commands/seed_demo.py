"""Load the demo club (idempotent): `make run` calls this and prints the logins and links."""

import json

from django.core.management.base import BaseCommand
from django.urls import reverse

from tournaments import demo


class Command(BaseCommand):
    help = "Create or refresh the demo club, its partnerships and matches; print the logins."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="Print the result as JSON.")
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args, **options):
        seeded = demo.seed()
        if options["json"]:
            self.stdout.write(json.dumps(seeded))
            return
        base = options["base_url"].rstrip("/")
        organiser = seeded["organiser"]
        self.stdout.write(self.style.SUCCESS("Demo club ready."))
        self.stdout.write(f"  Club page:      {base}{reverse('club', args=[seeded['club']])}")
        self.stdout.write(f"  Organiser:      {base}{reverse('login')}  "
                          f"user {organiser['username']!r}, password {organiser['password']!r}")
        for match in seeded["matches"]:
            self.stdout.write(f"  Referee link:   {base}"
                              f"{reverse('referee:page', args=[match['referee_token']])}")
            self.stdout.write(f"  Scoreboard:     {base}{reverse('scoreboard', args=[match['id']])}")
        for tournament in seeded["tournaments"]:
            first = tournament["tables"][0]["referee_token"]
            self.stdout.write(f"  Tournament:     {base}/t/{tournament['slug']}/  "
                              f"({tournament['structure']}; table 1 referee: "
                              f"{base}{reverse('referee:page', args=[first])})")
