"""Optional accounts: sign up, and on sign-in keep the tables this browser remembers."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django_ratelimit.core import is_ratelimited
from django_ratelimit.decorators import ratelimit

from players.models import AccountName, name_key
from scorebook.tables.access import CREATED, REMEMBERED
from scorebook.tables.models import Table
from scorebook.web.limits import SIGNUP_RATE, SIGNUP_TRIES


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Too many sign-ups, sign-ins or imports from one address: 429, in the user's language,
    saying how long to wait (sign-ups are counted by the hour, the others by the minute)."""
    name = request.resolver_match.url_name if request.resolver_match else ""
    if name == "signup":
        message = _("Too many sign-ups from your address: wait an hour, then try again.")
    elif name in ("club_player", "season"):
        message = _("Too many pages from your address: wait a minute, then open it again.")
    else:
        message = _("Too many attempts from your address: wait a minute, then try again.")
    return render(request, "site/rate_limited.html", {"message": message}, status=429)


# One answer for a name taken and for a name that looks the same as one taken ("dеmo", a
# Cyrillic е, next to "demo"): it names no account, and no answer tells whether one exists.
NOT_AVAILABLE = gettext_lazy("This user name is not available: choose another.")


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """Django's sign-up form, with the user name compared by its key (players.names)."""

    def clean_username(self) -> str:
        username = str(self.cleaned_data.get("username") or "")
        users = get_user_model().objects.filter(username__iexact=username)
        if AccountName.objects.filter(key=name_key(username)).exists() or users.exists():
            raise ValidationError(NOT_AVAILABLE, code="not_available")
        return username


@ratelimit(key="ip", rate=SIGNUP_TRIES, method="POST", block=True)
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        made = is_ratelimited(
            request, group="signup-made", key="ip", rate=SIGNUP_RATE, increment=True
        )
        if made:
            return rate_limited(request)
        try:  # the database is the last word: two sign-ups of look-alikes at one moment
            with transaction.atomic():
                user = form.save()
                if not AccountName.objects.filter(user=user).exists():
                    raise IntegrityError("the name's key is another account's")
        except IntegrityError:
            form.add_error("username", ValidationError(NOT_AVAILABLE, code="not_available"))
        else:
            login(request, user)
            return redirect("home")
    status = 422 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


@receiver(user_logged_in)
def keep_remembered_tables(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """Tables opened before signing in become the user's tables too: his own, those this
    browser started (and nobody claimed yet); the others he joins as a member."""
    if request is None:
        return
    tokens = request.session.get(REMEMBERED, [])
    started = set(request.session.get(CREATED, []))
    for table in Table.objects.filter(edit_token__in=tokens):
        if table.owner_id is None and table.edit_token in started:
            table.owner = user
            table.save(update_fields=["owner"])
        elif table.owner_id != user.pk:
            table.members.add(user)


class NotTheUserName:
    """A password must not hold the user name: "pwtest4pwtest4" for "pwtest4" is the name
    twice, which Django's similarity check (a ratio over the whole password) lets through."""

    def validate(self, password: str, user: Any = None) -> None:
        name = str(getattr(user, "username", "") or "").casefold()
        if len(name) >= 3 and name in password.casefold():
            raise ValidationError(
                _("The password must not contain the user name."), code="password_has_username"
            )

    def get_help_text(self) -> str:
        return _("Your password must not contain your user name.")
