from django.db import migrations


def lone_deciding_matches(apps, schema_editor):
    """A round of deciding matches was coded "final" whether it was the final of a small
    knockout among three or more tied or one match between two: now only the final has that
    code. A final comes straight after its knockout's earlier round (semi-finals...); one
    that does not is a lone deciding match."""
    Round = apps.get_model("tournaments", "Round")
    finals = Round.objects.filter(stage="deciding", code="final")
    earlier = {(r.tournament_id, r.number) for r in Round.objects.filter(
        stage="deciding").exclude(code__in=["", "final"])}
    Round.objects.filter(pk__in=[r.pk for r in finals
                                 if (r.tournament_id, r.number - 1) not in earlier]
                         ).update(code="")


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0022_pairing_remembers_the_match_a_withdrawal_stopped'),
    ]

    operations = [
        migrations.RunPython(lone_deciding_matches, migrations.RunPython.noop),
    ]
