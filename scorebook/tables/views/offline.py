"""The table page as an installable web app: its service worker and its manifest.

The service worker (static/js/sw.js) is served from the site's root so that its scope can cover
the table pages (/t/…); the manifest names the app in the reader's language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

# The start page an installed app opens: a table page, as the manifest link of that page asks.
TABLE_PATH = re.compile(r"/t/[A-Za-z0-9_-]{1,64}/")


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    path = finders.find("js/sw.js")
    if not path:
        raise Http404("no service worker")
    response = HttpResponse(
        Path(path).read_bytes(), content_type="application/javascript; charset=utf-8"
    )
    response["Service-Worker-Allowed"] = "/"
    # The browser checks for a new worker on each visit; never serve it stale.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """/favicon.ico, which browsers ask for where no page names an icon (a PDF, a JSON record):
    the app's icon, rather than a 404 in the console."""
    return HttpResponsePermanentRedirect(static("icons/icon-192.png"))


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    start = request.GET.get("start", "")
    if not TABLE_PATH.fullmatch(start):
        start = reverse("home")
    data = {
        "name": _("Whist score book"),
        "short_name": _("Whist"),
        "lang": get_language(),
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#000000",
        "icons": [
            {
                "src": static(f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
            }
            for size in (192, 512)
        ],
    }
    body = json.dumps(data, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/manifest+json; charset=utf-8")
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response
