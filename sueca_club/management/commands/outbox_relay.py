"""Run or hand over the outbox steps that are due (sueca_club/outbox.py): once, or forever."""

import time

from django.core.management.base import BaseCommand

from sueca_club import outbox


class Command(BaseCommand):
    help = "Run or hand to the workers the steps that follow writes and are still to do."

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="keep sweeping")
        parser.add_argument("--every", type=float, default=5.0, help="seconds between sweeps")

    def handle(self, *args, loop=False, every=5.0, **options):
        while True:
            done = outbox.sweep()
            if not loop:
                self.stdout.write(f"{done} step(s) run or handed over")
                return
            time.sleep(every if done < outbox.SWEEP_BATCH else 0)
