from scoring.services import ScoringRefused


class TournamentRefused(ScoringRefused):
    """An organiser's tournament action that cannot be done, with the reason."""
