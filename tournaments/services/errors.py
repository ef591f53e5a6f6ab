from django.utils.translation import gettext as _

from scoring.services import ConfirmationNeeded, ScoringRefused


class TournamentRefused(ScoringRefused):
    """An organiser's tournament action that cannot be done, with the reason."""


class StructureDoesNotFit(TournamentRefused):
    """Too few partnerships for the structure's settings (a Swiss's rounds, the groups): the
    organiser changes them (setup.structure_settings) before the start. `setting`: the one
    to change, which a form marks."""

    def __init__(self, message: str, setting: str | None = None):
        super().__init__(message)
        self.setting = setting


class LaterMatchesStarted(ConfirmationNeeded):
    """The change would reset later matches that are under way: the organiser must confirm."""

    def __init__(self, affected):
        super().__init__(_("Later matches have already started and would be reset."),
                         [str(p) for p in affected])
