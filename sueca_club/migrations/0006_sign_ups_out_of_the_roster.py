from django.db import migrations, models
from django.db.models import Q

SEATS = ("player_1", "player_2", "player_3", "player_4")


def only_signed_up(apps, schema_editor):
    """What public sign-ups made before this field, and never got into a tournament, leaves
    the roster: a partnership of a sign-up that was never accepted (nor removed, which it was
    first), in no entry nor match, unnamed (the organiser names a partnership, a sign-up
    never does); and a player in such partnerships only, with no email (the organiser's).
    A partnership the organiser made, that then signed up and was never accepted, reads the
    same and leaves too: adding it again takes it back (services.partnership_add)."""
    Partnership = apps.get_model("sueca_club", "Partnership")
    Player = apps.get_model("sueca_club", "Player")
    SignUp = apps.get_model("tournaments", "SignUp")
    Entry = apps.get_model("tournaments", "Entry")
    Match = apps.get_model("scoring", "Match")
    of_signups = SignUp.objects.filter(partnership__isnull=False)
    accepted = of_signups.filter(Q(status__in=["accepted", "removed"]) | Q(entry__isnull=False))
    (Partnership.objects.filter(name="", pk__in=of_signups.values("partnership_id"))
     .exclude(pk__in=accepted.values("partnership_id"))
     .exclude(pk__in=Entry.objects.values("partnership_id"))
     .exclude(pk__in=Match.objects.values("a_id"))
     .exclude(pk__in=Match.objects.values("b_id"))
     .update(provisional=True))

    def players_of(partnerships) -> Q:
        """At any seat of these partnerships."""
        seated = Q()
        for seat in SEATS:
            seated |= Q(pk__in=partnerships.filter(**{f"{seat}__isnull": False}).values(seat))
        return seated

    (Player.objects.filter(players_of(Partnership.objects.filter(provisional=True)), email="")
     .exclude(players_of(Partnership.objects.filter(provisional=False)))
     .update(provisional=True))


class Migration(migrations.Migration):

    dependencies = [
        ('sueca_club', '0005_variant_presets'),
        ('tournaments', '0017_action_args'),
        ('scoring', '0012_referee_link_stopped'),
    ]

    operations = [
        migrations.AddField(
            model_name='partnership',
            name='provisional',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='player',
            name='provisional',
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(only_signed_up, migrations.RunPython.noop),
    ]
