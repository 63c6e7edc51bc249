"""What the public and the prize-giving see of a contest in phases: the pools and brackets page,
the projector's bracket view, and the palmarès ordered by the final placement (vainqueur,
finaliste, vainqueur de la consolante…).

The phases are read by ``tournaments.services.phases.read`` on the *public* results only (the
finished games of the rounds whose results are published), and a phase none of whose parties
is visible is not shown. What it must not do: show a result, a draw or a placement that is not
public, or write anything.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from publishing import lookups
from publishing import services as publishing
from publishing.http import french_404
from publishing.models import Prize
from tournaments import adapters
from tournaments.models import Contest, Entry
from tournaments.phases.display import PhaseShow, entry_names, prize_list, show_phases
from tournaments.services.phases.read import PhasesView, read_phases


def public_view(contest: Contest) -> PhasesView | None:
    """The phases as the public may see them: public results only, visible parties only."""
    if not contest.phases.exists():
        return None
    public = set(lookups.public_rounds_with_results(contest.pk))
    results = [r for r in adapters.finished_results(contest) if r.round in public]
    view = read_phases(contest, results)
    if view is None:
        return None
    visible = set(lookups.visible_rounds(contest).values_list("number", flat=True))
    for phase in view.phases:
        if not visible.intersection(phase.rounds):
            phase.started = False
            phase.pools, phase.bracket, phase.rankings = None, None, ()
    return view


def _shown(view: PhasesView) -> tuple[list[PhaseShow], dict[int, Entry]]:
    entries = entry_names(view.contest)
    return [p for p in show_phases(view, entries) if p.started], entries


@require_GET
@french_404
def public_phases(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """The pools, the brackets and, once every result is public, the final placement."""
    contest = lookups.public_contest(club_slug, contest_slug)
    view = public_view(contest)
    if view is None:
        raise Http404(_("Ce concours ne se joue pas en phases."))
    phases, entries = _shown(view)
    return render(
        request,
        "publishing/public/phases.html",
        {
            "contest": contest,
            "phases": phases,
            "prizes": prize_list(view, entries),
            "result_rounds": lookups.public_rounds_with_results(contest.pk),
            "phases_page": True,
        },
    )


def projector_bracket(request: HttpRequest, contest: Contest) -> str:
    """The projector's fragment: the brackets of the current phase (or its pools)."""
    view = public_view(contest)
    phases = _shown(view)[0] if view is not None else []
    if not phases:
        return render_to_string(
            "publishing/public/_projector_waiting.html", {"contest": contest}, request=request
        )
    current = phases[-1]
    stage = [p for p in phases if p.bracket is not None] if current.bracket else [current]
    return render_to_string(
        "publishing/public/_projector_phases.html",
        {"contest": contest, "phases": stage},
        request=request,
    )


def phased_palmares(
    request: HttpRequest, contest: Contest, base: dict[str, Any]
) -> HttpResponse | None:
    """The palmarès of a contest in phases, once its final placement is known (else ``None``:
    the standings' palmarès, as for any contest)."""
    view = read_phases(contest)
    if view is None or view.placement is None:
        return None
    prizes = prize_list(view)
    items = list(Prize.objects.filter(contest=contest).order_by("rank_from"))
    withdrawn = set(
        Entry.objects.filter(contest=contest, withdrawn_after_round__isnull=False).values_list(
            "pk", flat=True
        )
    )
    rows = [{"rank": p["place"], "entry": p["entry"]} for p in prizes]
    for prize, (_rank, label) in zip(
        prizes, publishing.award_prizes(rows, items, withdrawn), strict=True
    ):
        prize["prize"] = label
    return render(
        request,
        "publishing/print/phases_palmares.html",
        base | {"prizes": prizes, "with_prizes": bool(items), "phases": _shown(view)[0]},
    )


__all__ = ["phased_palmares", "projector_bracket", "public_phases", "public_view"]
