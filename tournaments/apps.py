from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # registers the outbox steps, the guard and what follows a change of scores
        from tournaments import live, steps  # noqa: F401
        from tournaments.registration import steps as signup_steps  # noqa: F401
