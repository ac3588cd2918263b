"""Printable sheets: a table's PDF, an evening's PDF, and the blank pads of every variant.

``?paper=a4|a5`` (the table cards' ``a6`` too) and ``?lang=en|ru`` choose the paper and the
language; they default to A4 and the page's language, and anything else is a 400 that says
what is allowed.

Table and evening PDFs are cached (``scorebook/printing.py``). An evening's, and a long
table's, is made by the print queue: until it is ready the answer is a small page (202) that
asks again by itself with ``?job=`` naming the task it waits for.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from players.roles import ORGANISER, role_of
from scorebook.clubs import drive
from scorebook.clubs import seating as night_seating
from scorebook.display.variants import VARIANTS
from scorebook.printing import pdf
from scorebook.printing import queue as printing
from scorebook.printing.options import answers_bad_print_options, pdf_response, print_options
from scorebook.rules import PRESETS
from scorebook.tables.access import get_table
from scorebook.tables.models import Evening

# The "preparing" page asks again after this many seconds; after STALLED seconds in the queue
# with no worker taking the task, it says that the queue may be busy or its worker down.
REFRESH_SECONDS = 2
STALLED_SECONDS = 60


def serve_printed(
    request: HttpRequest,
    printable: printing.Printable,
    key: str,
    *,
    filename: str,
    back: str,
    render_now: Callable[[], bytes] | None = None,
) -> HttpResponse:
    """The PDF, or the page that waits for it (202), or says that it failed (503)."""
    job = request.GET.get("job", "")[:64]
    outcome = printing.fetch(printable, key, job=job, render=render_now)
    if isinstance(outcome, bytes):
        return pdf_response(outcome, filename)
    query = {"lang": printable.lang, "paper": printable.paper}
    failed = isinstance(outcome, printing.Failed)
    pending = outcome if isinstance(outcome, printing.Pending) else None
    if pending is not None:
        query["job"] = pending.job
    context = {
        "failed": failed,
        "started": pending is not None and pending.started,
        "stalled": pending is not None and not pending.started and pending.waited > STALLED_SECONDS,
        "refresh": REFRESH_SECONDS,
        "again": f"{request.path}?{urlencode(query)}",
        "back": back,
    }
    status = 503 if failed else 202
    response = render(request, "printing/pdf_preparing.html", context, status=status)
    response["Cache-Control"] = "no-store"
    response["Retry-After"] = str(REFRESH_SECONDS)
    return response


@require_safe
@answers_bad_print_options
def table_pdf(request: HttpRequest, token: str) -> HttpResponse:
    table, _can_edit = get_table(request, token)
    lang, paper = print_options(request)
    key = printing.table_key(table, lang=lang, paper=paper)
    long = table.deals.filter(removed=False).count() > printing.QUEUE_DEALS
    return serve_printed(
        request,
        printing.Printable("table", table.pk, lang, paper),
        key,
        filename=f"whist-sheet-{table.played_on}-table-{table.pk}-{paper}.pdf",
        back=reverse("table", args=[token]),
        # A short table is made at once, in the request: quicker than any queue.
        render_now=None
        if long
        else lambda: pdf.table_pdf(table, lang=lang, paper=paper, base_url=printing.site_url()),
    )


@require_safe
@answers_bad_print_options
def evening_pdf(request: HttpRequest, token: str) -> HttpResponse:
    evening = get_object_or_404(Evening.objects.select_related("club"), token=token)
    lang, paper = print_options(request)
    tables = pdf.evening_tables(evening)
    key = printing.evening_key(evening, tables, lang=lang, paper=paper)
    return serve_printed(
        request,
        printing.Printable("evening", evening.pk, lang, paper),
        key,
        filename=f"whist-evening-{evening.date}-{evening.pk}-{paper}.pdf",
        back=reverse("evening", args=[token]),
    )


@require_safe
@answers_bad_print_options
def blank_pad_pdf(request: HttpRequest, variant: str) -> HttpResponse:
    if variant not in PRESETS:
        raise Http404("no such variant")
    lang, paper = print_options(request)
    body = pdf.blank_pad_pdf(variant, lang=lang, paper=paper)
    return pdf_response(body, f"whist-pad-{variant}-{paper}.pdf")


@require_safe
def blank_pads(request: HttpRequest) -> HttpResponse:
    variants = [(key, name, text) for key, (name, text) in VARIANTS.items()]
    return render(request, "printing/pads.html", {"variants": variants})


def _organised_night(request: HttpRequest, token: str) -> Evening:
    """The night behind its link, for its club's organisers only: the cards carry the tables'
    edit links."""
    evening = get_object_or_404(Evening.objects.select_related("club"), token=token)
    if evening.club is None or role_of(request.user, evening.club) != ORGANISER:
        raise PermissionDenied("organisers only")
    return evening


def _base_url(request: HttpRequest) -> str:
    """The site's address as the phones reach it: SITE_URL when set, else this request's."""
    return printing.site_url() or request.build_absolute_uri("/")


@require_safe
def night_cards(request: HttpRequest, token: str) -> HttpResponse:
    """Every table's card on the organiser's screen, its QR code large: tap a table, the
    phone at it scans the code."""
    evening = _organised_night(request, token)
    # A closed night's tables are read-only: no card invites a phone to score at them.
    cards = [] if evening.closed_at else pdf.table_cards(evening, _base_url(request))
    return render(request, "printing/cards.html", {"evening": evening, "cards": cards})


@require_safe
@answers_bad_print_options
def night_cards_pdf(request: HttpRequest, token: str) -> HttpResponse:
    """The table cards to print and put on the tables."""
    evening = _organised_night(request, token)
    if evening.closed_at:  # the cards page says why there are none
        return redirect("night_cards", token=evening.token)
    lang, paper = print_options(request, papers=pdf.CARD_PAPERS)
    body = pdf.night_cards_pdf(evening, lang=lang, paper=paper, base_url=_base_url(request))
    return pdf_response(body, f"whist-cards-{evening.date}-{evening.pk}-{paper}.pdf")


@require_safe
@answers_bad_print_options
def route_cards_pdf(request: HttpRequest, token: str) -> HttpResponse:
    """A night in rounds' route cards (``?player=<id>``: his alone), for anyone with the
    night's link, as the routes on the phones are. Made at once, in the request: text only."""
    evening = get_object_or_404(Evening.objects.select_related("club"), token=token)
    if not night_seating.in_rounds(evening):
        raise Http404("this night is not played in rounds")
    value = str(request.GET.get("player", "")).strip()
    player = int(value) if value.isdigit() and len(value) < 12 else None
    lang, paper = print_options(request)
    body = pdf.route_cards_pdf(evening, lang=lang, paper=paper, player=player)
    return pdf_response(body, f"whist-routes-{evening.date}-{evening.pk}-{paper}.pdf")


@require_safe
@answers_bad_print_options
def drive_cards_pdf(request: HttpRequest, token: str) -> HttpResponse:
    """A whist drive's score cards, one a player, and its prize list: for anyone with the
    night's link, as the night's sheets are (nothing on them that its page does not show).
    Made at once, in the request: a few pages of text, no deal to score."""
    evening = get_object_or_404(Evening.objects.select_related("club"), token=token)
    if not drive.in_drive(evening):
        raise Http404("no drive tonight")
    lang, paper = print_options(request)
    body = pdf.drive_cards_pdf(evening, lang=lang, paper=paper)
    return pdf_response(body, f"whist-drive-cards-{evening.date}-{evening.pk}-{paper}.pdf")
