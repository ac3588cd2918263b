"""Names the engine now refuses (docs/record-format.md, players): their control and invisible
formatting characters taken out, so that every table they sit at still loads."""

import unicodedata

from django.db import migrations

KEPT = frozenset("\u200c\u200d")  # the zero-width non-joiner and joiner, as the engine keeps


def clean(name):
    kept = []
    for c in name:
        kind = unicodedata.category(c)
        if kind == "Cc":
            kept.append(" ")
        elif kind != "Cf" or c in KEPT:
            kept.append(c)
    return " ".join("".join(kept).split())


def forwards(apps, schema_editor):
    Player = apps.get_model("players", "Player")
    for player in Player.objects.order_by("pk").iterator():
        name = clean(player.name)
        if name == player.name:
            continue
        taken = Player.objects.filter(
            club_id=player.club_id, merged_into=None, name__iexact=name
        ).exclude(pk=player.pk)
        if not name or taken.exists():  # two names that looked the same stay two players
            name = f"{name[:45] or '?'} ({player.pk})"
        player.name = name
        player.save(update_fields=["name"])


class Migration(migrations.Migration):
    dependencies = [("players", "0004_clearer_labels")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
