"""Replay conformance cases read as JSON on stdin through the one scoring engine."""

import json
import sys

from django.core.management.base import BaseCommand

from scoring import engine

EXAMPLE_KEYS = {"name", "case", "expected"}


def score(item: object) -> dict:
    """A case's result; a worked example ({"name", "case", "expected"}) is scored by its case."""
    if isinstance(item, dict) and "case" in item and set(item) <= EXAMPLE_KEYS:
        item = item["case"]
    return engine.score_case(item)


class Command(BaseCommand):
    help = ("Read one case or a list of cases (JSON) on standard input and print their results. "
            "See docs/conformance.md.")
    requires_system_checks = []

    def handle(self, *args, **options):
        try:
            cases = json.load(sys.stdin)
            results = ([score(case) for case in cases] if isinstance(cases, list)
                       else score(cases))
        except (ValueError, UnicodeDecodeError, RecursionError) as error:  # or nested too deep
            self.fail(f"Input is not valid JSON: {error}")
        except engine.CaseError as error:
            self.fail(f"Input is not a case or a list of cases: {error}")
        self.stdout.write(json.dumps(results))

    def fail(self, message: str):
        self.stderr.write(message)
        sys.exit(2)
