"""Tables' titles and places and deals' notes the engine now refuses (docs/record-format.md,
meta and note): their invisible formatting characters taken out, so that every table still
loads. Names lost theirs in players.0005; the other free text (a club's, a night's or a
season's name) is never read by the engine, and stays as it was stored."""

import unicodedata

from django.db import migrations

KEPT = frozenset("\u200c\u200d")  # the zero-width non-joiner and joiner, as the engine keeps


def clean(text):
    return "".join(c for c in text if c in KEPT or unicodedata.category(c) != "Cf")


def forwards(apps, schema_editor):
    Table = apps.get_model("scorebook", "Table")
    Deal = apps.get_model("scorebook", "Deal")
    for table in Table.objects.order_by("pk").only("title", "place").iterator():
        title, place = clean(table.title), clean(table.place)
        if (title, place) != (table.title, table.place):
            Table.objects.filter(pk=table.pk).update(title=title, place=place)
    for deal in Deal.objects.filter(data__has_key="note").order_by("pk").iterator():
        note = deal.data["note"]
        if isinstance(note, str) and clean(note) != note:
            Deal.objects.filter(pk=deal.pk).update(data={**deal.data, "note": clean(note)})


class Migration(migrations.Migration):
    dependencies = [("scorebook", "0004_table_numbers_in_a_night")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
