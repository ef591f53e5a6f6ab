from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from scoring import rating_services  # noqa: F401 - connects rate_when_finished
