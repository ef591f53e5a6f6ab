from django.db import migrations

from scoring.migrations._replay import replay_matches


def tally_game_sets(apps, schema_editor):
    """Each match's tally and state from a replay of its active deals: a tally row now says the
    partidas won after it and its partida's games, and a finished match keeps the games of its
    last partida (engine.tally_row, engine.replay)."""
    replay_matches(apps, _keep, ["state", "tally"])


def _keep(match, state, tally):
    match.tally = tally
    match.state = {**match.state, "partida_games": list(state.partida_games)}


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0013_referee_request_asked'),
    ]

    operations = [
        migrations.RunPython(tally_game_sets, migrations.RunPython.noop),
    ]
