from django.db import migrations, models


def postponed_kept(apps, schema_editor):
    Pairing = apps.get_model("tournaments", "Pairing")
    Pairing.objects.filter(postponed_to__isnull=False).update(
        was_postponed_to=models.F("postponed_to"))


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0026_the_organiser_takes_back_a_walkover_or_a_withdrawal"),
    ]

    operations = [
        migrations.AddField(
            model_name="pairing",
            name="was_postponed_to",
            field=models.DateField(blank=True, null=True),
        ),
        migrations.RunPython(postponed_kept, migrations.RunPython.noop),
    ]
