"""Players' keys worked out again, so that names that look the same are one name on a roster:
"Aнна" (a Latin A), "Ан\u200dна" (a zero-width joiner) and "Анна\u0301" (a stress mark) are
"Анна" (players.names). Only the key changes: every name stays as it was typed.

Two live entries of one club (or two outside any club) whose names now have one key are not
merged behind anybody's back: the later one is renamed "Name (id)", as 0006 did for letter
case, for an organiser to merge or rename (docs/clubs.md). Every key is first set to one no
name can have (a line break and the row's id), so that no row meets another's old key on the
way (the unique constraints stay in force)."""

from django.db import migrations

from players.names import name_key


def old_key(name):
    return " ".join(name.split()).casefold()


def _rekey(apps, key_of, rename):
    Player = apps.get_model("players", "Player")
    for player in Player.objects.only("pk").iterator():
        Player.objects.filter(pk=player.pk).update(key=f"\n{player.pk}")
    taken = set()
    for player in Player.objects.order_by("pk").iterator():
        key = key_of(player.name)
        if player.merged_into_id is None:
            if rename and (player.club_id, key) in taken:
                player.name = f"{player.name[:45]} ({player.pk})"
                key = key_of(player.name)
            taken.add((player.club_id, key))
        Player.objects.filter(pk=player.pk).update(name=player.name, key=key)


def forwards(apps, schema_editor):
    _rekey(apps, name_key, rename=True)


def backwards(apps, schema_editor):
    _rekey(apps, old_key, rename=False)  # names one by case folding are one by their look


class Migration(migrations.Migration):
    dependencies = [("players", "0008_role_invitations")]

    operations = [migrations.RunPython(forwards, backwards)]
