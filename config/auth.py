"""Organiser login with throttling of failed attempts, per user name and per address.

Failures are counted in the cache (shared between web processes when ``CACHE_URL`` points at
Redis). Past the limit, the login page answers 429 with a French message until the window
expires; a success clears the user's counter. Players never log in: they use table links.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from config.ratelimit import client_address, count, hit, key

MAX_FAILURES_PER_USER = 5
MAX_FAILURES_PER_ADDRESS = 20
WINDOW_SECONDS = 15 * 60


def is_throttled(request: HttpRequest, username: str) -> bool:
    return (
        count(key("login-user", username)) >= MAX_FAILURES_PER_USER
        or count(key("login-addr", client_address(request))) >= MAX_FAILURES_PER_ADDRESS
    )


class ThrottledLoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = str(request.POST.get("username", ""))[:150]
        if is_throttled(request, username):
            form = self.get_form()
            form.errors.clear()
            form.add_error(
                None,
                _("Trop de tentatives de connexion échouées. Réessayez dans quelques minutes."),
            )
            response = self.render_to_response(self.get_context_data(form=form))
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        username = str(self.request.POST.get("username", ""))[:150]
        hit(key("login-user", username), WINDOW_SECONDS)
        hit(key("login-addr", client_address(self.request)), WINDOW_SECONDS)
        return super().form_invalid(form)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        cache.delete(key("login-user", form.get_user().get_username()))
        return super().form_valid(form)
