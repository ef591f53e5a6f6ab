"""Load the demo club (idempotent): `make run` calls this and prints the logins and links.

`--reset` first deletes the demo club and everything in it (tournaments/demo.py, `reset`),
never another club, so the demo is as new. `--base-url` is where the links point: `make run`
passes the address it serves on (its HOST and PORT).
"""

import json

from django.core.management.base import BaseCommand
from django.urls import reverse

from tournaments import demo


class Command(BaseCommand):
    help = "Create or refresh the demo club, its partnerships and matches; print the logins."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="Print the result as JSON.")
        parser.add_argument("--reset", action="store_true",
                            help="Delete the demo club's data (no other club's) and seed it anew.")
        parser.add_argument("--base-url", default="http://127.0.0.1:8000",
                            help="The address the links start with (make run: http://HOST:PORT).")

    def handle(self, *args, **options):
        reset = options["reset"] and demo.reset()
        seeded = demo.seed()
        if options["json"]:
            self.stdout.write(json.dumps(seeded))
            return
        base = options["base_url"].rstrip("/")
        for label, text in links(seeded, base):
            self.stdout.write(f"  {label + ':':<16}{text}" if label else text)
        if reset:
            self.stdout.write("  (the demo club was deleted and made again: --reset)")


def links(seeded: dict, base: str) -> list[tuple[str, str]]:
    """What to print: (label, text) lines, each link under `base`; tests open every one."""
    def url(name: str, *args) -> str:
        return base + reverse(name, args=args)

    organiser = seeded["organiser"]
    club = seeded["club"]
    lines = [
        ("", f"Open {url('home')} — the demo club is ready:"),
        ("Demo club", url("club", club)),
        ("Organiser", f"{url('login')}  user {organiser['username']!r}, "
                      f"password {organiser['password']!r}"),
    ]
    for match in seeded["matches"]:
        lines += [("Referee link", f"{url('referee:page', match['referee_token'])}  "
                                   "(a friendly match in progress)"),
                  ("Scoreboard", url("scoreboard", match["id"]))]
    lines.append(("The TV", url("club-tv", club)))
    for tournament in seeded["tournaments"]:
        slug, first = tournament["slug"], tournament["tables"][0]["referee_token"]
        lines.append(("Tournament", f"{url('tournaments:overview', slug)}  "
                                    f"({tournament['structure']}; TV {url('tournaments:tv', slug)}; "
                                    f"table 1 referee {url('referee:page', first)})"))
    return lines
