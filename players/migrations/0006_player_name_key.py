"""Names matched by a key folded in Python (``players.models.name_key``), not by the database's
LOWER, which SQLite applies to ASCII letters only: "Анна" and "анна" were two roster entries.

Two live entries of one club (or two outside any club) whose names are now one key are not
merged behind anybody's back: the later one is renamed "Name (id)", for an organiser to merge
or rename (docs/clubs.md)."""

from django.db import migrations, models


def key_of(name):
    return " ".join(name.split()).casefold()


def forwards(apps, schema_editor):
    Player = apps.get_model("players", "Player")
    taken = set()
    for player in Player.objects.order_by("pk").iterator():
        key = key_of(player.name)
        if player.merged_into_id is None:
            if (player.club_id, key) in taken:
                player.name = f"{player.name[:45]} ({player.pk})"
                key = key_of(player.name)
            taken.add((player.club_id, key))
        player.key = key
        player.save(update_fields=["name", "key"])


class Migration(migrations.Migration):
    dependencies = [("players", "0005_names_without_invisible_characters")]

    operations = [
        migrations.RemoveConstraint(model_name="player", name="player_name_unique_in_club"),
        migrations.RemoveConstraint(model_name="player", name="player_name_unique_outside_clubs"),
        migrations.AddField(
            model_name="player",
            name="key",
            field=models.CharField(default="", editable=False, max_length=180),
            preserve_default=False,
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
