"""``{% new_season_form club %}``: the form that adds a season, on the club's page.

The club's page belongs to tournaments, which knows nothing of the seasons app: its template
loads this library (``{% load season_forms %}``) and the form, an empty ``SeasonForm`` posting
to ``seasons:create``, is rendered here. A refused form is shown again by that view.
"""

from __future__ import annotations

from typing import Any

from django import template

from seasons.forms import SeasonForm

register = template.Library()


@register.inclusion_tag("seasons/_new_season_form.html", takes_context=True)
def new_season_form(context: template.Context, club: Any) -> dict[str, Any]:
    return {"club": club, "form": SeasonForm(), "csrf_token": context.get("csrf_token")}
