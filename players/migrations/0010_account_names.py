"""Account names keyed by players.names: sign-up refuses a name that looks taken."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('auth', '0012_alter_user_first_name_max_length'),
        ('players', '0009_player_look_alike_keys'),
    ]

    operations = [
        migrations.CreateModel(
            name='AccountName',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='name_key', serialize=False, to=settings.AUTH_USER_MODEL)),
                ('key', models.CharField(max_length=180, unique=True)),
            ],
        ),
    ]
