"""Printable sheets: a table's PDF, an evening's PDF, and the blank pads of every variant.

``?paper=a4|a5`` and ``?lang=en|ru`` choose the paper and the language; they default to A4
and the page's language, and anything else is a 400 that says what is allowed.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorebook import pdf
from scorebook.models import Evening
from scorebook.rules import PRESETS
from scorebook.variants import VARIANTS
from scorebook.views.access import get_table


class BadPrintOption(ValueError):
    pass


def print_options(request: HttpRequest, default_lang: str | None = None) -> tuple[str, str]:
    """The language and paper asked for, checked (raises BadPrintOption); the language
    defaults to ``default_lang`` (a club's), else the page's."""
    paper = request.GET.get("paper", "a4").lower()
    if paper not in pdf.PAPERS:
        raise BadPrintOption(_("Unknown paper size “%(paper)s”: use a4 or a5.") % {"paper": paper})
    lang = request.GET.get("lang") or default_lang or (get_language() or "en").split("-")[0]
    if lang not in pdf.LANGUAGES:
        raise BadPrintOption(
            _("Unknown language “%(lang)s”: use %(allowed)s.")
            % {"lang": lang, "allowed": ", ".join(pdf.LANGUAGES)}
        )
    return lang, paper


def pdf_response(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def bad_request(error: BadPrintOption) -> HttpResponse:
    return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")


def site_root(request: HttpRequest) -> str:
    return request.build_absolute_uri("/")


@require_safe
def table_pdf(request: HttpRequest, token: str) -> HttpResponse:
    table, _can_edit = get_table(request, token)
    try:
        lang, paper = print_options(request)
    except BadPrintOption as error:
        return bad_request(error)
    body = pdf.table_pdf(table, lang=lang, paper=paper, base_url=site_root(request))
    return pdf_response(body, f"whist-sheet-{table.played_on}-table-{table.pk}-{paper}.pdf")


@require_safe
def evening_pdf(request: HttpRequest, token: str) -> HttpResponse:
    evening = get_object_or_404(Evening, token=token)
    try:
        lang, paper = print_options(request)
    except BadPrintOption as error:
        return bad_request(error)
    body = pdf.evening_pdf(evening, lang=lang, paper=paper, base_url=site_root(request))
    return pdf_response(body, f"whist-evening-{evening.date}-{evening.pk}-{paper}.pdf")


@require_safe
def blank_pad_pdf(request: HttpRequest, variant: str) -> HttpResponse:
    if variant not in PRESETS:
        raise Http404("no such variant")
    try:
        lang, paper = print_options(request)
    except BadPrintOption as error:
        return bad_request(error)
    body = pdf.blank_pad_pdf(variant, lang=lang, paper=paper)
    return pdf_response(body, f"whist-pad-{variant}-{paper}.pdf")


@require_safe
def blank_pads(request: HttpRequest) -> HttpResponse:
    variants = [(key, name, text) for key, (name, text) in VARIANTS.items()]
    return render(request, "scorebook/pads.html", {"variants": variants})
