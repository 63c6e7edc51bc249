"""The Django admin's site, with the organisers' login throttle (``config.throttles.logins``) on
its login form: it had none (40 wrong superuser passwords, then the right one logged in)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from config.throttles.logins import ThrottledAdminAuthenticationForm, finish_login_response


class AtoutAdminSite(admin.AdminSite):
    login_form = ThrottledAdminAuthenticationForm

    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return finish_login_response(request, super().login(request, extra_context))
