from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"
    verbose_name = _("Players")

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        post_save.connect(_account_saved, sender=get_user_model(), dispatch_uid="account_key")


def _account_saved(
    sender: Any, instance: Any, created: bool, update_fields: Any = None, **kwargs: Any
) -> None:
    """An account saved with its name (made, or its name changed): its key kept (a sign-in,
    which saves the last sign-in's time only, is not)."""
    if kwargs.get("raw"):
        return
    if created or update_fields is None or "username" in update_fields:
        from players.models import keep_account_key

        keep_account_key(instance)
