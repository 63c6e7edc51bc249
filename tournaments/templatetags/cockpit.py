"""Template tags of the contest menu: the partie being played, for its round links.

``{% current_round contest as current %}`` gives the last published round of the contest (or
``None``), so that the menu shown on every organiser page of a contest (tournaments, scoring
and publishing pages alike) links to that partie's score entry, sheets and posters without each
view having to pass it. One query; it never writes.
"""

from __future__ import annotations

from django import template

from tournaments.models import Contest, Round

register = template.Library()


@register.simple_tag
def current_round(contest: Contest | None) -> Round | None:
    if contest is None or not getattr(contest, "pk", None):
        return None
    return (
        Round.objects.filter(contest=contest)
        .exclude(status=Round.Status.DRAFT)
        .order_by("-number")
        .first()
    )
