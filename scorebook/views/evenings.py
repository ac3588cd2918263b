"""Evenings: a club night's tables together, for the organiser and the printed sheets.

An evening has its own unguessable link. Whoever has it sees the evening's tables and can
add a table to it by pasting that table's edit link (the edit link proves the right to file
the table); read-only links are refused.
"""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from scorebook.models import Evening, Table
from scorebook.variants import variant_name


class EveningForm(forms.ModelForm):
    class Meta:
        model = Evening
        fields = ["name", "date", "place"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}


class AddTableForm(forms.Form):
    link = forms.CharField(
        label=gettext_lazy("Edit link of the table"),
        max_length=300,
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": "https://…/t/…/"}),
    )

    def clean_link(self) -> Table:
        token = self.cleaned_data["link"].strip().rstrip("/").rsplit("/", 1)[-1]
        table = Table.objects.filter(edit_token=token).first()
        if table is None:
            if Table.objects.filter(view_token=token).exists():
                raise forms.ValidationError(
                    _("That is the read-only link: paste the table's edit link.")
                )
            raise forms.ValidationError(_("No table has this link."))
        return table


@require_http_methods(["GET", "POST"])
def new_evening(request: HttpRequest) -> HttpResponse:
    form = EveningForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        evening = form.save()
        return redirect("evening", token=evening.token)
    status = 422 if request.method == "POST" else 200
    return render(request, "scorebook/evening_new.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def evening_page(request: HttpRequest, token: str) -> HttpResponse:
    evening = get_object_or_404(Evening, token=token)
    form = AddTableForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        table = form.cleaned_data["link"]
        table.evening = evening
        table.save(update_fields=["evening", "updated_at"])
        return redirect("evening", token=token)
    tables = [
        {
            "table": t,
            "variant": variant_name(t.variant),
            "players": ", ".join(s.player.name for s in t.seats.all() if s.player),
        }
        for t in evening.tables.prefetch_related("seats__player").order_by("pk")
    ]
    status = 422 if request.method == "POST" else 200
    context = {"evening": evening, "tables": tables, "form": form}
    return render(request, "scorebook/evening.html", context, status=status)
