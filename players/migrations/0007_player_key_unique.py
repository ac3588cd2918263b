"""A name is one person per club (and outside clubs) by its key, whatever its letter case; in a
migration of its own, after 0006 wrote the keys (PostgreSQL alters no table with row changes
of the same transaction pending)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("players", "0006_player_name_key")]

    operations = [
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("merged_into__isnull", True)),
                fields=("club", "key"),
                name="player_key_unique_in_club",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("club__isnull", True), ("merged_into__isnull", True)),
                fields=("key",),
                name="player_key_unique_outside_clubs",
            ),
        ),
    ]
