from django.db import migrations, models

import sueca_club.zones


class Migration(migrations.Migration):

    dependencies = [
        ('sueca_club', '0007_form_submission_asked'),
    ]

    operations = [
        migrations.AddField(
            model_name='club',
            name='time_zone',
            field=models.CharField(
                choices=sueca_club.zones.zone_choices, default=sueca_club.zones.site_zone,
                help_text="Every time on the club's pages, and every time you type, is in this zone.",
                max_length=40, verbose_name="time zone"),
        ),
    ]
