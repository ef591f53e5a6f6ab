from django.db import migrations

from scoring.migrations._replay import replay_matches


def name_the_revoke(apps, schema_editor):
    """Each match's state says the side whose revoke ended it, from a replay of its active deals
    (engine.MatchState.revoked)."""
    replay_matches(apps, _keep, ["state"])


def _keep(match, state, tally):
    match.state = {**match.state, "revoked": state.revoked}


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0014_game_sets_on_the_tally'),
    ]

    operations = [
        migrations.RunPython(name_the_revoke, migrations.RunPython.noop),
    ]
