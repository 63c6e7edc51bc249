"""The plan of a contest in phases: checked, dry-run by the engine, saved, journaled.

What it owns: :func:`check_plan` (the shape of an ordered list of :class:`PhaseSpec` — which
phase may follow which, the settings of each kind, the qualification rules a source allows —
then the engine's dry run on the contest's field, each refusal a French sentence),
:func:`save_plan` (the phases written, the contest's number of parties set), and
:data:`READY_PLANS`, the plans a volunteer starts from.

A plan is changed only before the first partie is drawn (changing it during the day is
another use case). Must not draw anything (``services.phases.draw``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.errors import EngineError
from tournaments import adapters, audit
from tournaments.messages.phases import phase_error_message
from tournaments.models import Contest, Entry, Phase
from tournaments.services.base import ServiceError, lock_contest
from tournaments.services.phases import core
from tournaments.services.phases.core import PhaseSpec

MAX_PHASES = 8
MAX_PARTIES = 30


@dataclass(frozen=True)
class ReadyPlan:
    key: str
    label: Any
    phases: tuple[PhaseSpec, ...]


READY_PLANS: tuple[ReadyPlan, ...] = (
    ReadyPlan(
        "pools_main_consolante",
        gettext_lazy("Poules de 4, puis tableau principal (2 premiers) et consolante"),
        (
            PhaseSpec("pools", "Poules", 3, {"pool_size": 4, "method": "draw"}),
            PhaseSpec(
                "knockout",
                "Tableau principal",
                3,
                {"places": 4, "third_place": True},
                {"rules": [{"kind": "first_per_pool", "count": 2}]},
            ),
            PhaseSpec("consolante", "Consolante", 3, {"source": "pools", "places": 2}),
        ),
    ),
    ReadyPlan(
        "swiss_quarters",
        gettext_lazy("6 parties selon le classement, puis quarts de finale des 8 premiers"),
        (
            PhaseSpec("swiss", "Parties qualificatives", 6),
            PhaseSpec(
                "knockout",
                "Phase finale",
                3,
                {"places": 4, "third_place": True},
                {"rules": [{"kind": "first_overall", "count": 8}]},
            ),
        ),
    ),
    ReadyPlan(
        "knockout_consolante",
        gettext_lazy("Élimination directe, consolante pour les perdants du premier tour"),
        (
            PhaseSpec("knockout", "Tableau principal", 4, {"places": 2}),
            PhaseSpec("consolante", "Consolante", 4, {"source": "losers", "places": 2}),
        ),
    ),
    ReadyPlan(
        "knockout_repechage",
        gettext_lazy("Un premier tour tiré au sort, repêchage, puis élimination directe"),
        (
            PhaseSpec("draw", "Premier tour", 1),
            PhaseSpec("repechage", "Tableau final", 4, {"places": 2}),
        ),
    ),
)


def ready_plan(key: str) -> ReadyPlan | None:
    return next((p for p in READY_PLANS if p.key == key), None)


def _bad(message: str) -> ServiceError:
    return ServiceError("phase.invalid_plan", message, status=400)


def _int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check_order(specs: Sequence[PhaseSpec]) -> None:
    """Which phase may follow which: brackets end the plan, a consolante follows a bracket."""
    if not specs:
        raise _bad(_("Le plan doit compter au moins une phase."))
    if len(specs) > MAX_PHASES:
        raise _bad(_("Un plan compte au plus %(n)s phases.") % {"n": MAX_PHASES})
    kinds = {k for k, _label in Phase.Kind.choices}
    for i, spec in enumerate(specs):
        n = i + 1
        if spec.kind not in kinds:
            raise _bad(_("Phase %(n)s : type de phase inconnu.") % {"n": n})
        previous = specs[i - 1].kind if i else None
        if spec.kind == core.CONSOLANTE and previous not in core.BRACKET_KINDS:
            raise _bad(
                _("Phase %(n)s : une consolante suit un tableau à élimination directe.") % {"n": n}
            )
        if spec.kind == core.REPECHAGE and previous not in core.RANKING_KINDS:
            raise _bad(
                _(
                    "Phase %(n)s : un repêchage suit une partie tirée au sort ou selon le "
                    "classement (ses perdants sont repêchés)."
                )
                % {"n": n}
            )
        if previous in core.BRACKET_KINDS and spec.kind != core.CONSOLANTE:
            raise _bad(
                _(
                    "Phase %(n)s : un tableau à élimination directe termine le concours ; seule "
                    "une consolante peut le suivre."
                )
                % {"n": n}
            )


def _check_settings(specs: Sequence[PhaseSpec]) -> None:
    for i, spec in enumerate(specs):
        n, s = i + 1, spec.settings
        if spec.kind in core.RANKING_KINDS and not _int(spec.rounds_count, 1, MAX_PARTIES):
            raise _bad(
                _("Phase %(n)s : le nombre de parties va de 1 à %(max)s.")
                % {"n": n, "max": MAX_PARTIES}
            )
        if spec.kind == core.POOLS:
            if not _int(s.get("pool_size"), 2, 16):
                raise _bad(_("Phase %(n)s : une poule compte de 2 à 16 équipes.") % {"n": n})
            if s.get("method") not in ("draw", "serpentine", "pots"):
                raise _bad(
                    _("Phase %(n)s : choisissez comment les poules sont formées.") % {"n": n}
                )
        if spec.kind in core.BRACKET_KINDS:
            if s.get("places", 2) not in core.PLACES_CHOICES:
                raise _bad(_("Phase %(n)s : places jouées non valables.") % {"n": n})
            if not isinstance(s.get("third_place", False), bool):
                raise _bad(_("Phase %(n)s : match pour la 3e place non valable.") % {"n": n})
        if spec.kind == core.CONSOLANTE:
            _check_consolante(specs, i)


def _check_consolante(specs: Sequence[PhaseSpec], i: int) -> None:
    n, s = i + 1, specs[i].settings
    source = core.source_index(specs, i)
    if s.get("source") not in ("pools", "losers"):
        raise _bad(_("Phase %(n)s : dites pour qui est la consolante.") % {"n": n})
    if s.get("source") == "pools" and (source is None or specs[source].kind != core.POOLS):
        raise _bad(
            _("Phase %(n)s : une consolante des poules demande une phase de poules avant.")
            % {"n": n}
        )
    if s.get("source") == "losers" and specs[core.stage_lead(specs, i)].kind not in core.LEAD_KINDS:
        raise _bad(_("Phase %(n)s : les perdants de quel tableau ?") % {"n": n})
    if "from_place" in s and not _int(s.get("from_place"), 1, 16):
        raise _bad(_("Phase %(n)s : la place de départ de la consolante va de 1 à 16.") % {"n": n})


def _check_rules(specs: Sequence[PhaseSpec]) -> None:
    for i, spec in enumerate(specs):
        n = i + 1
        rules = spec.qualification.get("rules") or []
        source = core.source_index(specs, i)
        if spec.kind == core.CONSOLANTE or spec.kind == core.REPECHAGE or source is None:
            if rules:
                raise _bad(
                    _("Phase %(n)s : cette phase ne prend pas de règle de qualification.")
                    % {"n": n}
                )
            continue
        allowed = core.POOL_RULES if specs[source].kind == core.POOLS else core.RANKING_RULES
        for rule in rules:
            if not isinstance(rule, dict) or rule.get("kind") not in allowed:
                raise _bad(
                    _(
                        "Phase %(n)s : cette règle de qualification ne convient pas à la phase "
                        "précédente."
                    )
                    % {"n": n}
                )
            for key in ("count", "place", "first"):
                if key in rule and not _int(rule[key], 1, 512):
                    raise _bad(
                        _("Phase %(n)s : la règle de qualification demande un nombre entier.")
                        % {"n": n}
                    )


def field_size(contest: Contest) -> int:
    """The teams the plan is tried on: the present ones, else every team still in."""
    present = Entry.objects.filter(
        contest=contest, checked_in=True, withdrawn_after_round__isnull=True
    ).count()
    if present >= 2:
        return present
    return Entry.objects.filter(contest=contest, withdrawn_after_round__isnull=True).count()


def check_plan(contest: Contest, specs: Sequence[PhaseSpec]) -> core.Simulated | None:
    """Refuse a plan that cannot be played (``ServiceError``, 400, in French); its dry run on
    the contest's field (``None`` while fewer than two teams are registered)."""
    _check_order(specs)
    _check_settings(specs)
    _check_rules(specs)
    size = field_size(contest)
    if size < 2:
        return None
    try:
        return core.simulate(specs, size, adapters.standings_config(contest))
    except EngineError as exc:
        raise _bad(
            _("Avec %(count)s équipes, ce plan ne fonctionne pas : %(why)s")
            % {"count": size, "why": phase_error_message(exc)}
        ) from exc


@transaction.atomic
def save_plan(contest: Contest, specs: Sequence[PhaseSpec]) -> list[Phase]:
    """Replace the contest's plan of phases (an empty list: back to one Swiss phase, as
    without phases). Refused once a partie is drawn."""
    locked = lock_contest(contest)
    if locked.rounds.exists():
        raise ServiceError(
            "phase.plan_frozen",
            _("Le plan des phases ne se modifie plus une fois la première partie tirée."),
        )
    simulated = check_plan(locked, specs) if specs else None
    before = [core.spec_of(p).to_json() for p in locked.phases.order_by("number")]
    locked.phases.all().delete()
    phases = []
    for i, spec in enumerate(specs):
        count = simulated.parties[i] if simulated is not None else spec.rounds_count
        phases.append(
            Phase.objects.create(
                contest=locked,
                number=i + 1,
                kind=spec.kind,
                name=spec.name.strip()[:80],
                rounds_count=max(1, count),
                settings=dict(spec.settings),
                qualification=dict(spec.qualification),
            )
        )
    if simulated is not None:
        locked.rounds_count = max(1, simulated.total)
        locked.save(update_fields=["rounds_count"])
    after = [core.spec_of(p).to_json() for p in phases]
    if before != after:
        # The sentence of the journal names the new plan ("Poules → Tableau principal → …").
        audit.record(
            locked,
            "phases.plan",
            None,
            target_repr=" → ".join(str(p) for p in phases) or _("une seule phase"),
        )
    return phases
