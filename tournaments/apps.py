from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # registers the outbox steps, the guard, what follows a change of scores and why a
        # table's match went
        from tournaments import live, steps, stopped  # noqa: F401
        from tournaments.registration import steps as signup_steps  # noqa: F401
