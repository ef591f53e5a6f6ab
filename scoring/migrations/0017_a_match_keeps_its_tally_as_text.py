"""The tally is kept as its JSON's text on PostgreSQL (models.JSONText); on SQLite a JSON
column is text already."""

from django.db import migrations

import scoring.models


def column_type(to: str):
    def alter(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(
                f"ALTER TABLE scoring_match ALTER COLUMN tally TYPE {to} USING tally::{to}")
    return alter


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0016_a_tournament_match_waits_for_its_table_to_choose_who_deals_first"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(model_name="match", name="tally",
                                      field=scoring.models.JSONText(default=list)),
            ],
            database_operations=[
                migrations.RunPython(column_type("text"), column_type("jsonb")),
            ],
        ),
    ]
