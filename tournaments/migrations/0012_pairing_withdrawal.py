from django.db import migrations, models


def withdrawals_before(apps, schema_editor):
    """Before this field a walkover did not say why: one whose absent side has withdrawn is
    read as that withdrawal's (the likeliest reason; a no-show before withdrawing reads so too)."""
    Pairing = apps.get_model("tournaments", "Pairing")
    Pairing.objects.filter(walkover="A", b__withdrawn=True).update(withdrawal=True)
    Pairing.objects.filter(walkover="B", a__withdrawn=True).update(withdrawal=True)
    Pairing.objects.filter(walkover="-", a__withdrawn=True).update(withdrawal=True)
    Pairing.objects.filter(walkover="-", b__withdrawn=True).update(withdrawal=True)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0011_action_settings'),
    ]

    operations = [
        migrations.AddField(
            model_name='pairing',
            name='withdrawal',
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(withdrawals_before, migrations.RunPython.noop),
    ]
