from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from tournaments import notifications  # noqa: F401 - connects result_ready
        from tournaments.services import results  # noqa: F401 - connects follow_match
