"""A partie's own format: engine options over the contest's (and its phase's) rules.

What it owns: :func:`set_partie_format`, which stores ``Round.rules_overrides`` (the game end,
the score cap: ``tournaments.rules.format.FORMAT_OPTIONS``) once the engine accepts them over
the rules they override, and the partie's duration (through ``services.rounds.clock``). The format
may change while no result of the partie exists (``adapters.round_activity``): after that, a
sheet's totals and the standings would no longer agree with it. Journaled as ``round.format``.
Must not import ``scoring``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.belote import rules as engine_rules
from engine.errors import EngineError
from tournaments import adapters, audit
from tournaments.messages.codes import engine_error_message
from tournaments.models import Round
from tournaments.services.base import ServiceError, lock_round
from tournaments.services.rounds import clock

# The option names a partie may override (the form's; a phase's format may add others).
FORMAT_OPTIONS = (
    "game_end",
    "deals_per_game",
    "target",
    "end_condition",
    "score_cap_winner",
    "score_cap_loser",
)


def base_rules(round_: Round) -> engine_rules.Ruleset:
    """The rules a partie's own format overrides: the contest's, then its phase's format.

    Raises ``EngineError`` (``rules.*``) when they are not valid."""
    rules = adapters.ruleset_of(round_.contest)
    phase = round_.phase if round_.phase_id is not None else None
    overrides = (phase.rules_overrides if phase is not None else None) or {}
    return rules.replace(**overrides) if overrides else rules


@transaction.atomic
def set_partie_format(
    round_: Round, overrides: Mapping[str, Any], *, minutes: int | None = None, timed: bool = False
) -> Round:
    """Store the partie's format (``{}``: as the contest) and, with ``timed``, its duration
    (``minutes``; None: no clock). Without ``timed`` the duration is left as it is.

    Refused (409) once the partie has results or is closed, and (400) when the engine refuses
    the options over the contest's rules.
    """
    locked = lock_round(round_)
    if locked.status == Round.Status.CLOSED:
        raise ServiceError("round.closed", _("Cette partie est close : son format ne change plus."))
    values = {name: overrides[name] for name in FORMAT_OPTIONS if name in overrides}
    unknown = sorted(set(overrides) - set(FORMAT_OPTIONS))
    if unknown:
        raise ServiceError(
            "round.format_option",
            _("Une partie ne peut changer que la fin de partie et le plafond des scores."),
            status=400,
        )
    before = dict(locked.rules_overrides or {})
    if values != before:
        activity = adapters.round_activity(locked)
        if activity:
            raise ServiceError(
                "round.has_results",
                _("Des résultats existent (%(what)s) : le format de la partie ne change plus.")
                % {"what": ", ".join(activity)},
            )
        locked.rules_overrides = values
        try:
            adapters.round_ruleset(locked)
        except EngineError as exc:
            raise ServiceError(exc.code, engine_error_message(exc), status=400) from exc
        locked.save(update_fields=["rules_overrides"])
        audit.record(
            locked.contest_id,
            "round.format",
            locked,
            before={"number": locked.number, "rules_overrides": before},
            after={"number": locked.number, "rules_overrides": values},
        )
    if timed and (minutes or None) != locked.clock_minutes:
        clock.set_duration(locked, minutes)
    return locked


__all__ = ["FORMAT_OPTIONS", "base_rules", "set_partie_format"]
