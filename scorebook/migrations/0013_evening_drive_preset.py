"""A night opened as a whist drive keeps the drive's preset, which its seating page offers first
(docs/clubs.md, *A whist drive*); existing nights get none: their format is chosen at the
seating, as before."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorebook", "0012_evening_display_token"),
    ]

    operations = [
        migrations.AddField(
            model_name="evening",
            name="drive_preset",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
    ]
