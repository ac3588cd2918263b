"""Writing deals: record the next one, correct or void an earlier one, undo the last one."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from scorebook.display.messages import clause, describe, later_deal, named, sentence
from scorebook.display.table import dummy_partner, preview_message, preview_view, seat_names
from scorebook.display.variants import SEAT_NAMES, games_won_text, shape
from scorebook.rules import Record, RecordError
from scorebook.tables import services
from scorebook.tables.access import (
    author,
    get_table,
    may_set_confirmation,
    organises,
    require_edit,
)
from scorebook.tables.forms import DealForm, deal_initial
from scorebook.tables.models import Deal, Table
from scorebook.tables.views.screen import delta_context, table_context

# A refused save shows the first field in error at the top of the screen, its message under it
# (_errors.html follows the field): the element just before the first message, or the message
# itself when only hidden inputs come before it (the form's own messages). Showing the message
# alone put the field above the screen: Hussar's tricks, three rows of taps. No spaces: htmx
# splits the swap on them.
SHOW_FIRST_ERROR = (
    "outerHTML show::not([type=hidden]):has(+p.field-error),input[type=hidden]+p.field-error:top"
)


def _later_deal(error: RecordError, record: Record, number: int, **words: int) -> str:
    """The engine's verdict when it names a later deal that deal ``number``'s change would
    break, naming the players; "" when it is about deal ``number`` itself."""
    if error.deal is None or error.deal == number:
        return ""
    return later_deal(error, record, **words)


def _engine_error(form: DealForm, error: RecordError, number: int) -> None:
    """Show the engine's verdict next to the field it names, naming the players."""
    if later := _later_deal(error, form.record, number):
        form.group_error("deal", later)
        form.blocking_deal = error.deal
    else:
        form.group_error(error.field or "deal", sentence(describe(error, form.record)))


# The game a save won, as the message says it ("win a double game"): Russian wants the
# accusative here ("двойную партию"), not the pad's label ("двойная").
WON_GAME = {
    "single": pgettext_lazy("a game won", "single"),
    "double": pgettext_lazy("a game won", "double"),
    "treble": pgettext_lazy("a game won", "treble"),
}


def winners(record: Record, side: str) -> tuple[str, int]:
    """Who won a game, as the page names them, and how many they are (the verb's number).
    A player of his own (Hussar, Prussian) as the settlement names him: "Boris (E)". Three-
    handed, the dummy's side by its one player, "Anna (N) and the dummy" (the dummy is no
    player), the other side by its two, as the pad's column head names them: "Boris & Gleb
    (EW)". Four players in partnerships: their seats, "North–South"."""
    if not record.preset.partnerships:
        return named(side, record), 1
    if record.dummy is not None:
        live = [seat for seat in side if seat != record.dummy]
        if len(live) == 1:
            return _("%(player)s and the dummy") % {"player": named(live[0], record)}, 2
        return named(side, record), len(live)
    return "–".join(str(SEAT_NAMES.get(seat, seat)) for seat in side), len(side)


def saved_message(number: int, saved: services.Saved | None) -> str:
    """Deal 10 saved. and, when the deal won a game or a rubber, who won what (won_message())."""
    text = _("Deal %(number)s saved.") % {"number": number}
    won = won_message(saved) if saved is not None else ""
    return f"{text} {won}" if won else text


def won_message(saved: services.Saved) -> str:
    """When the deal won a game or a rubber, who won what, from the engine's results:
    "North–South win a double game and the rubber 2–1." A player of his own (Hussar,
    Prussian) "wins", by his name: "Boris (E) wins a treble game." (winners()). "" when the
    deal closed nothing. The answer to a save and the preview before it say the same."""
    game = saved.game
    if game is None:
        return ""
    winner = game.winner
    side, count = winners(saved.record, winner)
    values = {"side": side, "label": WON_GAME.get(game.label, game.label)}
    rubber = next((r for r in saved.sheet.rubbers if r.number == game.rubber), None)
    if rubber is not None and saved.result.rubber_won_by is not None:
        won = rubber.games_won
        if len(won) == 2:  # the winner's games first: 2–1
            games = [won[winner], *(count for side, count in won.items() if side != winner)]
            values["games"] = "–".join(str(count) for count in games)
        else:  # each player's games, as the rubber's line writes them: (N 2, E 1, S 0, W 0)
            values["games"] = "(" + games_won_text(won.items(), space="\u00a0") + ")"
        won_text = ngettext(
            "%(side)s wins a %(label)s game and the rubber %(games)s.",
            "%(side)s win a %(label)s game and the rubber %(games)s.",
            count,
        )
    else:
        won_text = ngettext(
            "%(side)s wins a %(label)s game.", "%(side)s win a %(label)s game.", count
        )
    return won_text % values


def _posted_int(request: HttpRequest, name: str) -> int:
    """A posted whole number, or -1 (which matches no deal and no version) for anything else."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return -1


def _conflict_message(number: int) -> str:
    return _(
        "Deal %(number)s was changed from another device a moment ago, so your entry was not "
        "saved. The sheet below is up to date: enter the deal again if it is still needed."
    ) % {"number": number}


def _add_conflict_message(number: int, conflict: services.Conflict) -> str:
    """Deal ``number`` is not the next one: said as what happened when another device undid a
    deal (the deal this device saved never existed for the others); when nothing was undone
    (a number ahead of the next, from an old page or a hand-made post), only the next number."""
    upcoming = conflict.next_number
    if upcoming is None or upcoming > number:  # another device recorded this deal first
        return _conflict_message(number)
    if not conflict.undone:
        return _(
            "The next deal is deal %(next)s, not %(number)s. Your entry was not saved. The sheet "
            "below is up to date."
        ) % {"next": upcoming, "number": number}
    return _(
        "Another device undid a deal a moment ago: the next deal is now deal %(next)s, not "
        "%(number)s. Your entry was not saved. The sheet below is up to date: enter the deal "
        "again if it is still needed."
    ) % {"next": upcoming, "number": number}


def _reused_message() -> str:
    """A nonce that came with another request: a hand-made post, or a page's form sent
    again after its page changed under it."""
    return _(
        "This form was already sent for another change, so nothing was saved. The sheet below "
        "is up to date: enter the change again if it is still needed."
    )


def _correction_conflict_message(number: int) -> str:
    """The correction page has no sheet: it shows the deal as the other device left it."""
    return _(
        "Deal %(number)s was changed from another device a moment ago, so your correction was "
        "not saved. The form below now shows the deal as it was saved: correct it again if "
        "it is still needed."
    ) % {"number": number}


@require_POST
def deal_add(request: HttpRequest, token: str) -> HttpResponse:
    table = require_edit(request, token)
    # The form needs only the table's rules; the engine checks the deal against the whole
    # record when it is saved, and that one scoring draws the answer.
    rules = services.table_rules(table)
    form = DealForm(rules, request.POST)
    data = form.deal_data()
    conflict = ""
    if data is not None:
        number = form.cleaned_data["number"]
        try:
            _deal, saved = services.record_deal(
                table,
                data,
                number=number,
                author=author(request),
                nonce=form.cleaned_data.get("nonce") or "",
            )
        except RecordError as error:
            _engine_error(form, error, number)
        except services.Conflict as error:
            conflict = _add_conflict_message(number, error)
        except services.ReusedNonce:
            conflict = _reused_message()
        else:
            if request.htmx:  # type: ignore[attr-defined]
                return _saved_answer(request, table, saved, number, dict(rules.players))
            messages.success(request, saved_message(number, saved))
            return redirect("table", token=token)
    table.refresh_from_db()
    if request.htmx and request.htmx.target == "deal-form" and not conflict:  # type: ignore[attr-defined]
        # The form alone comes back, with the messages at its fields (and no flash left over).
        context = _refused_context(request, table, form)
        response = render(request, "tables/_refused_form.html", context, status=422)
        response["HX-Reswap"] = SHOW_FIRST_ERROR
        return response
    if conflict:
        context = table_context(request, table, True, conflict=conflict)
        status = 409
    else:
        context = _refused_context(request, table, form)
        status = 422
    template = "tables/_live.html" if request.htmx else "tables/table.html"  # type: ignore[attr-defined]
    response = render(request, template, context, status=status)
    if request.htmx:  # type: ignore[attr-defined]
        response["HX-Retarget"] = "#live"
    if status == 422:  # show the first field in error, not the top of a long form (Hussar)
        response["HX-Reswap"] = SHOW_FIRST_ERROR
    return response


@require_POST
def deal_preview(request: HttpRequest, token: str) -> HttpResponse:
    """What the deal in the form would write if it were saved (the form posts here as it is
    tapped, table.html#preview): scored by the engine exactly as deal_add scores it, and laid
    out as the answer to its save, and nothing saved. The same access as saving; a deal not
    complete or refused is answered with what to tap first, or the engine's verdict (200:
    the preview itself worked)."""
    table = require_edit(request, token)
    rules = services.table_rules(table)
    form = DealForm(rules, request.POST)
    data = form.deal_data()
    number = form.cleaned_data.get("number") or 0
    if data is None:
        field, message = _first_message(form)
        context = preview_message(number, message, field)
    else:
        try:
            saved = services.preview_deal(table, data, number=number)
        except RecordError as error:
            message = sentence(describe(error, rules))
            context = preview_message(number, message, error.field or "deal")
        except services.Conflict as error:
            context = preview_message(number, _preview_conflict(number, error), "number")
        else:
            players = dict(rules.players)
            context = preview_view(table, saved, players, won_message(saved))
    return render(request, "tables/table.html#preview", context)


def _first_message(form: DealForm) -> tuple[str, str]:
    """The first thing the form says is missing or wrong, and the field it is about: what the
    preview asks for before it can show the deal ("Tap the number of tricks.")."""
    if other := form.other_errors():
        return "deal", other[0]
    if whole := form.group_errors.get("deal"):
        return "deal", whole[0]
    for group in DealForm.GROUPS:
        if found := form.errors_for(group):
            return group, found[0]
    return "deal", _("The deal is not complete.")


def _preview_conflict(number: int, conflict: services.Conflict) -> str:
    """The form is for another deal than the sheet's next one (another device saved or undid
    a deal, or deals wait on this phone): a save would not be taken as it is."""
    return _(
        "No preview: this form is for deal %(number)s, and the next deal on the sheet is "
        "deal %(next)s."
    ) % {"number": number, "next": conflict.next_number}


def _refused_context(request: HttpRequest, table: Table, form: DealForm) -> dict[str, Any]:
    """The table with the refused form as it was posted, its messages at its fields; the
    form learns what the next deal asks (the special suit, a dealer the rotation names)."""
    state = services.table_state(table)
    form.asks_special = state.asks_special
    form.fixed_dealer = state.fixed_dealer
    return table_context(request, table, True, state=state, form=form)


def _saved_answer(
    request: HttpRequest,
    table: Table,
    saved: services.Saved | None,
    number: int,
    players: dict[str, str | None],
) -> HttpResponse:
    """The answer to a save from the page's form: the next deal's form, with only what the
    save changed on the sheet (out-of-band swaps). One scoring per save: it is drawn from what
    the save computed. Any other htmx caller (the offline queue, a double tap replayed) gets
    the whole live part of the page."""
    # A table that asks for confirmation shows the deals waiting for it: the whole live part.
    whole = saved is None or table.confirmation != "off"
    if whole or request.htmx.target != "deal-form":  # type: ignore[attr-defined]
        table.refresh_from_db()
        context = table_context(request, table, True, saved_message=saved_message(number, saved))
        response = render(request, "tables/_live.html", context)
        response["HX-Retarget"] = "#live"
        return response
    table.version = saved.version  # as the save left it: no need to read the table again
    message = saved_message(number, saved)
    context = delta_context(request, table, True, saved, players=players, saved_message=message)
    return render(request, "tables/_delta.html", context)


def _gone(request: HttpRequest, table: Table, token: str, number: int) -> HttpResponse:
    """No live deal ``number``: a deal undone (here or on another phone, its correction page
    still open) is said so on the sheet; a number never recorded is not found."""
    if not Deal.objects.filter(table_id=table.pk, number=number, removed=True).exists():
        raise Http404("no such deal")
    messages.error(
        request,
        _(
            "Deal %(number)s was undone, so it can no longer be corrected: nothing was saved. "
            "The sheet below is up to date."
        )
        % {"number": number},
    )
    return redirect("table", token=token)


@require_http_methods(["GET", "POST"])
def deal_edit(request: HttpRequest, token: str, number: int) -> HttpResponse:
    table = require_edit(request, token)
    deal = Deal.objects.filter(table_id=table.pk, number=number, removed=False).first()
    if deal is None:
        return _gone(request, table, token, number)
    state = services.table_state(table)
    conflict = locked = ""
    if request.method == "POST":
        form = DealForm(state.record, request.POST)
        data = form.deal_data()
        if data is not None:
            try:
                services.change_deal(
                    table,
                    number,
                    data,
                    version=form.cleaned_data.get("version") or 0,
                    author=author(request),
                    nonce=form.cleaned_data.get("nonce") or "",
                    reason=_reason(request, table),
                )
            except RecordError as error:
                _engine_error(form, error, number)
            except services.Locked:
                locked = _locked_message(number)
            except services.Conflict:
                conflict = _correction_conflict_message(number)
            except services.ReusedNonce:
                conflict = _reused_message()
            else:
                messages.success(request, _("Deal %(number)s corrected.") % {"number": number})
                return redirect("table", token=token)
        if conflict:
            deal.refresh_from_db()
            form = _edit_form(state, deal)
        status = 409 if conflict or locked else 422
    else:
        form = _edit_form(state, deal)
        status = 200
    names = seat_names(state.record)
    context = {
        "table": table,
        "deal": deal,
        "form": form,
        "shape": shape(state.record),
        # the dummy's seat named as the sheet names it ("W · dummy"), and who deals for it
        "seat_names": names,
        "dummy_partner": dummy_partner(state.record, names),
        "conflict": conflict or locked,
        "confirmation": services.confirmation(table, state),
        "organiser": organises(request, table),
        "revisions": deal.revisions.select_related("author"),
        "void_nonce": uuid.uuid4().hex,
        "token": token,
    }
    return render(request, "tables/deal_edit.html", context, status=status)


def _edit_form(state: services.TableState, deal: Deal) -> DealForm:
    initial = deal_initial(state.record, deal.data)
    initial.update(number=deal.number, version=deal.version)
    return DealForm(state.record, initial=initial)


@require_POST
def deal_void(request: HttpRequest, token: str, number: int) -> HttpResponse:
    table = require_edit(request, token)
    kind = request.POST.get("kind", "misdeal")
    if kind not in ("misdeal", "redeal"):
        kind = "misdeal"
    version = _posted_int(request, "version")
    try:
        services.void_deal(
            table,
            number,
            kind,
            version=version,
            author=author(request),
            nonce=request.POST.get("nonce", ""),
            reason=_reason(request, table),
        )
    except Deal.DoesNotExist:
        return _gone(request, table, token, number)
    except services.Locked:
        messages.error(request, _locked_message(number))
    except services.Conflict:
        messages.error(request, _conflict_message(number))
    except services.ReusedNonce:
        messages.error(request, _reused_message())
    except RecordError as error:
        record = services.table_rules(table)  # the dealers by name
        message = _later_deal(error, record, number, voided=number) or (
            _("Deal %(number)s cannot be marked void: %(message)s")
            % {"number": number, "message": clause(error, record)}
        )
        messages.error(request, message)
    else:
        messages.success(request, _("Deal %(number)s marked void.") % {"number": number})
    return redirect("table", token=token)


@require_POST
def deal_undo(request: HttpRequest, token: str) -> HttpResponse:
    table = require_edit(request, token)
    number = _posted_int(request, "number")
    conflict = ""
    try:
        services.undo_last(
            table,
            number=number,
            author=author(request),
            nonce=request.POST.get("nonce", ""),
            reason=_reason(request, table),
        )
    except services.Locked:
        conflict = _locked_message(number)
    except services.Conflict:
        conflict = _conflict_message(number)
    except services.ReusedNonce:
        conflict = _reused_message()
    if request.htmx:  # type: ignore[attr-defined]
        table.refresh_from_db()
        context = table_context(
            request, table, True, conflict=conflict, undone=None if conflict else number
        )
        return render(request, "tables/_live.html", context, status=409 if conflict else 200)
    if conflict:
        messages.error(request, conflict)
    else:
        messages.success(request, _("Deal %(number)s undone.") % {"number": number})
    return redirect("table", token=token)


@require_POST
def deal_restore(request: HttpRequest, token: str) -> HttpResponse:
    """Bring back an undone deal (the next one), with a revision."""
    table = require_edit(request, token)
    number = _posted_int(request, "number")
    try:
        services.restore_deal(
            table, number=number, author=author(request), nonce=request.POST.get("nonce", "")
        )
    except services.ReusedNonce:
        messages.error(request, _reused_message())
    except services.Conflict:
        messages.error(
            request,
            _("Deal %(number)s cannot come back: another deal %(number)s was recorded since.")
            % {"number": number},
        )
    except RecordError as error:
        messages.error(
            request,
            _("Deal %(number)s cannot come back: %(message)s")
            % {"number": number, "message": clause(error)},
        )
    else:
        messages.success(request, _("Deal %(number)s restored.") % {"number": number})
    return redirect("table", token=token)


# ---------------------------------------------------------------------------------------------
# Confirmation by the other side


def _locked_message(number: int) -> str:
    return _(
        "Deal %(number)s was confirmed by the other side, so it was not changed. It changes "
        "once they reopen it, or by an organiser who gives a reason."
    ) % {"number": number}


def _reason(request: HttpRequest, table: Table) -> str:
    """The reason an organiser gives for changing a confirmed deal ("" from anyone else)."""
    reason = " ".join(str(request.POST.get("reason", "")).split())[: services.REASON_LENGTH]
    return reason if reason and organises(request, table) else ""


@require_POST
def deal_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The other side confirms the deals waiting for it (up to the one posted), one tap."""
    table = require_edit(request, token)
    upto = _posted_int(request, "upto")
    seat = str(request.POST.get("seat", ""))[:1]
    try:
        numbers = services.confirm_deals(
            table, upto=upto, seat=seat, author=author(request), nonce=_nonce(request)
        )
    except services.Refused as refusal:
        messages.error(request, refusal.message)
    except services.Conflict:
        messages.error(request, _conflict_message(upto))
    except services.ReusedNonce:
        messages.error(request, _reused_message())
    else:
        if numbers:
            messages.success(request, _confirmed_message(numbers))
    return redirect("table", token=token)


def _confirmed_message(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return _("Deal %(number)s confirmed.") % {"number": numbers[0]}
    return _("Deals %(first)s–%(last)s confirmed.") % {"first": numbers[0], "last": numbers[-1]}


@require_POST
def deal_reopen(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The side that confirmed a deal opens it again, for the scorer to correct."""
    table = require_edit(request, token)
    seat = str(request.POST.get("seat", ""))[:1]
    try:
        services.reopen_deal(
            table, number=number, seat=seat, author=author(request), nonce=_nonce(request)
        )
    except services.Refused as refusal:
        messages.error(request, refusal.message)
        return redirect("deal_edit", token=token, number=number)
    except services.Conflict:
        return _gone(request, table, token, number)
    except services.ReusedNonce:
        messages.error(request, _reused_message())
    else:
        messages.success(
            request,
            _("Deal %(number)s reopened: correct it, then the other side confirms it again.")
            % {"number": number},
        )
    return redirect("deal_edit", token=token, number=number)


@require_POST
def table_confirmation(request: HttpRequest, token: str) -> HttpResponse:
    """Switch the table's confirmation (off, every deal, every rubber) and say which side
    keeps the record."""
    table, can_edit = get_table(request, token)
    if not may_set_confirmation(request, table, can_edit):
        raise PermissionDenied("only the club's organisers set a club table's confirmation")
    mode = str(request.POST.get("confirmation", ""))
    keeper = str(request.POST.get("keeper", ""))
    try:
        services.set_confirmation(table, mode, keeper)
    except services.Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Confirmation settings saved."))
    return redirect("table", token=token)


def _nonce(request: HttpRequest) -> str:
    return str(request.POST.get("nonce", ""))[: services.NONCE_LENGTH + 1]
