"""The room's screen: a link of its own for every night (docs/clubs.md, "The room's screen").

Existing nights get one each, all different: the field is added empty, filled night by night,
then made unique (a default worked out once would give every existing night the same link).
"""

import secrets

from django.db import migrations, models

import scorebook.models


def new_token() -> str:
    # As tables.models.new_token, kept here as it was when this migration was written.
    while True:
        token = secrets.token_urlsafe(18)
        if not token.startswith("-"):
            return token


def give_every_night_its_screen_link(apps, schema_editor):
    Evening = apps.get_model("scorebook", "Evening")
    for night in Evening.objects.filter(display_token__isnull=True).only("pk").iterator():
        Evening.objects.filter(pk=night.pk).update(display_token=new_token())


class Migration(migrations.Migration):
    dependencies = [
        ("scorebook", "0011_table_stake"),
    ]

    operations = [
        migrations.AddField(
            model_name="evening",
            name="display_token",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.RunPython(give_every_night_its_screen_link, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="evening",
            name="display_token",
            field=models.CharField(default=scorebook.models.new_token, max_length=40, unique=True),
        ),
    ]
