from django.apps import AppConfig
from django.core import checks
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    """The printed sheets: an app of its own (label ``printing``) for its print jobs' table,
    whose migrations then never wait on the score book's."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scorebook.printing"
    label = "printing"
    verbose_name = _("Printed sheets")

    def ready(self) -> None:
        checks.register(site_url_check, deploy=True)


def site_url_check(app_configs: object = None, **kwargs: object) -> list[checks.CheckMessage]:
    """The printed sheets' QR codes point at SITE_URL (never at a request's Host header):
    without it, they print none."""
    from django.conf import settings

    if getattr(settings, "SITE_URL", ""):
        return []
    return [
        checks.Warning(
            "SITE_URL is empty: the printed sheets carry no QR code of their tables.",
            hint="Set SITE_URL to the site's address, e.g. https://whist.example.org "
            "(ALLOWED_HOSTS names no host it could be taken from).",
            id="printing.W001",
        )
    ]
