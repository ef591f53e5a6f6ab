from django.utils.translation import gettext as _

from scoring.services import ConfirmationNeeded, ScoringRefused
from tournaments.presenters import later_matches_lines


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
    """The change would take back later matches drawn from a result, or change who plays
    them (`reteamed`, their ids): the organiser must confirm. `begun`: some are under way."""

    def __init__(self, affected, reteamed: frozenset[int] = frozenset(), *, begun: bool = True):
        super().__init__(_("Later matches have already started and would be reset.") if begun
                         else _("Later matches were drawn from this result: this change draws "
                                "them again or changes who plays them."),
                         later_matches_lines(affected, reteamed))
