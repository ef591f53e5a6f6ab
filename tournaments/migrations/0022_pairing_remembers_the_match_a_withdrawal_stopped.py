import django.db.models.deletion
from django.db import migrations, models


def remember_the_stopped_matches(apps, schema_editor):
    """Before this, a match a withdrawal stopped was remembered only by its table's link
    (RefereeLink.stopped, until the table's next stop): the pairing of that table with its two
    partnerships and the withdrawal's walkover, as tournaments/stopped.py finds it."""
    RefereeLink = apps.get_model("scoring", "RefereeLink")
    Pairing = apps.get_model("tournaments", "Pairing")
    for link in (RefereeLink.objects.filter(stopped__abandoned_at__isnull=False)
                 .select_related("stopped")):
        match = link.stopped
        pairing = (Pairing.objects.filter(round__tournament__tables__link=link, match=None,
                                          stopped=None, withdrawal=True,
                                          a__partnership_id=match.a_id,
                                          b__partnership_id=match.b_id)
                   .exclude(walkover="").order_by("-round__number", "-slot").first())
        if pairing is not None and not Pairing.objects.filter(stopped=match).exists():
            Pairing.objects.filter(pk=pairing.pk).update(stopped=match)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0014_game_sets_on_the_tally'),
        ('tournaments', '0021_signup_remembers_the_players_it_brought'),
    ]

    operations = [
        migrations.AddField(
            model_name='pairing',
            name='stopped',
            field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='scoring.match'),
        ),
        migrations.RunPython(remember_the_stopped_matches, migrations.RunPython.noop),
    ]
