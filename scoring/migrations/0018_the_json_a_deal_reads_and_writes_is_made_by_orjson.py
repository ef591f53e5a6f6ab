"""A match's rules, format and state, a deal's data and its audit entry's scores are made and
read by orjson (models.QuickJSON): the columns do not change."""

from django.db import migrations

import scoring.models


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0017_a_match_keeps_its_tally_as_text"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(model_name=model, name=name,
                                  field=scoring.models.QuickJSON(null=null))
            for model, name, null in [("auditentry", "after", True),
                                      ("auditentry", "before", True), ("deal", "data", False),
                                      ("match", "format", False), ("match", "rules", False),
                                      ("match", "state", False)]
        ]),
    ]
