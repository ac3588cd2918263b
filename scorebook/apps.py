from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScorebookConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scorebook"
    verbose_name = _("Whist score book")
