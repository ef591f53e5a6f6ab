"""A tournament's live scores version (models.LiveScores): every scoring write to one of its
matches bumps it, as the last statement of the write's transaction, or in the one statement
of a plain deal (scoring.SCORES_CHANGED).

Its row is taken after the match's and never with the tournament's, so the lock order stays
the match's, then this one; no tournament service takes it."""

from django.db import connection
from django.utils import timezone

from scoring import services as scoring
from scoring.models import Match
from tournaments.models import LiveScores, Pairing, Round

LIVE = LiveScores._meta.db_table
PAIRING = Pairing._meta.db_table
ROUND = Round._meta.db_table


def scores_changed(match) -> tuple[str, list] | None:
    """The statement, one whatever the match (a friendly has no pairing: it writes nothing);
    the first change of a tournament's scores makes its row. None when the match was read with
    its pairing and has none (a referee's deal: scoring/views/referee.py's WRITE_READS).

    `changed_at` is when a table last had a new deal (the match's `dealt_at`), which the TV
    highlights (scoring/tv.py): an undo, a correction or who deals first moves the version
    only, so the TV rebuilds once for them, not each second of a highlight nobody sees."""
    if Match.pairing.is_cached(match) and Match.pairing.related.get_cached_value(match) is None:
        return None
    dealt_at = connection.ops.adapt_datetimefield_value(match.dealt_at or timezone.now())
    return (f"INSERT INTO {LIVE} (tournament_id, version, changed_at)"
            f" SELECT r.tournament_id, 1, %s FROM {PAIRING} p JOIN {ROUND} r ON r.id = p.round_id"
            f" WHERE p.match_id = %s"
            f" ON CONFLICT (tournament_id) DO UPDATE SET version = {LIVE}.version + 1,"
            f" changed_at = CASE WHEN excluded.changed_at > {LIVE}.changed_at"
            f" THEN excluded.changed_at ELSE {LIVE}.changed_at END", [dealt_at, match.pk])


scoring.SCORES_CHANGED.append(scores_changed)
