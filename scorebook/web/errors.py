"""The site's own pages for the refusals Django would otherwise answer in its own words (or
with an empty page): a form sent from a page gone out of date, an address that only takes a
form's answer, a print option that does not exist."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form whose CSRF token no longer matches (settings.CSRF_FAILURE_VIEW): the page was
    opened before signing in or out in another tab, or long ago. Django's own page would speak
    English to everyone, and of cookies."""
    return render(request, "403_csrf.html", status=403)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403, saying why when the refusal carries its own words (``page_message``: a closed
    night's table) and where to read instead (``sheet_url``)."""
    context = {
        "message": getattr(exception, "page_message", ""),
        "sheet_url": getattr(exception, "sheet_url", ""),
    }
    return render(request, "403.html", context, status=403)


def bad_request(request: HttpRequest, message: str) -> HttpResponse:
    """400, saying what was wrong: "Unknown paper size “letter”: use a4 or a5."."""
    return render(request, "400.html", {"message": message}, status=400)


def page_above(path: str) -> str:
    """The page one step up from an address that only takes forms' answers, for a link back:
    /t/<token>/deals/ → /t/<token>/; the home page when there is none."""
    parts = path.rstrip("/").split("/")
    while len(parts) > 1:
        parts.pop()
        above = "/".join(parts) + "/"
        try:
            match = resolve(above)
        except Resolver404:
            continue
        if match.url_name:
            return above
    return reverse("home")


class MethodNotAllowedPage:
    """GET on an address that takes only a form's answer (/t/<token>/deals/, …/undo/,
    /accounts/logout/): Django answers 405 with an empty body, a blank page to whoever opens
    the address again from the history. This middleware gives the site's page instead, with a
    link to the page the form was on."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content or request.method != "GET":
            return response
        page = render(request, "405.html", {"back": page_above(request.path)}, status=405)
        page["Allow"] = response["Allow"]
        return page
