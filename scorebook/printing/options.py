"""What every printing view reads of a request: the paper and the language (``?paper=a4|a5``,
the table cards' ``a6`` too; ``?lang=en|ru``), a bad one answered 400 saying what is allowed;
and a PDF's answer."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorebook.printing import pdf
from scorebook.web import errors


class BadPrintOption(ValueError):
    pass


def print_options(
    request: HttpRequest, default_lang: str | None = None, papers: Mapping[str, str] = pdf.PAPERS
) -> tuple[str, str]:
    """The language and paper (one of ``papers``) asked for, checked (raises BadPrintOption,
    which the view's ``answers_bad_print_options`` answers); the language defaults to
    ``default_lang`` (a club's), else the page's."""
    paper = request.GET.get("paper", "a4").lower()
    if paper not in papers and papers is pdf.PAPERS:
        raise BadPrintOption(_("Unknown paper size “%(paper)s”: use a4 or a5.") % {"paper": paper})
    if paper not in papers:
        raise BadPrintOption(
            _("Unknown paper size “%(paper)s”: use %(allowed)s.")
            % {"paper": paper, "allowed": ", ".join(papers)}
        )
    lang = request.GET.get("lang") or default_lang or (get_language() or "en").split("-")[0]
    if lang not in pdf.LANGUAGES:
        raise BadPrintOption(
            _("Unknown language “%(lang)s”: use %(allowed)s.")
            % {"lang": lang, "allowed": ", ".join(pdf.LANGUAGES)}
        )
    return lang, paper


def pdf_response(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)  # any script
    return response


def answers_bad_print_options(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A printing view whose ``print_options`` refuses a paper or a language: the answer is
    400, saying what is allowed. The view reads the options once it has found what it prints,
    so that a table, a night or a variant that does not exist stays a 404."""

    @functools.wraps(view)
    def answering(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except BadPrintOption as error:
            return errors.bad_request(request, str(error))

    return answering
