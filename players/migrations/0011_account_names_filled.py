"""Every account's name key (players.AccountName), for sign-up to refuse a name that looks the
same as one taken; in a migration of its own, after 0010 made the table (PostgreSQL alters no
table with row changes of the same transaction pending). Of two accounts whose names already
look the same, the earlier keeps the key (sign-up checks the names themselves too)."""

from django.conf import settings
from django.db import migrations

from players.names import name_key


def forwards(apps, schema_editor):
    app_label, model_name = settings.AUTH_USER_MODEL.split(".")
    User = apps.get_model(app_label, model_name)
    AccountName = apps.get_model("players", "AccountName")
    taken = set(AccountName.objects.values_list("key", flat=True))
    keyed = set(AccountName.objects.values_list("user_id", flat=True))
    rows = []
    for pk, username in User.objects.order_by("pk").values_list("pk", "username").iterator():
        key = name_key(username)
        if key not in taken and pk not in keyed:
            taken.add(key)
            rows.append(AccountName(user_id=pk, key=key))
    AccountName.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0010_account_names"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
