from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SuecaClubConfig(AppConfig):
    name = "sueca_club"
    verbose_name = _("Clubs")

    def ready(self):
        from sueca_club import steps  # noqa: F401 - registers the outbox steps
