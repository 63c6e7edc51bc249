"""Publishing: what the public may see of each round, and the prize list.

What it owns
------------
* :func:`set_visibility` — the organiser decides, round by round, whether the draw, the
  results and the standings are public. The flags are written by
  ``tournaments.services.set_round_visibility`` (which refuses a draft round) and, in the same
  transaction, the standings are rebuilt *synchronously* (``standings.services.rebuild``): the
  moment the flag is visible, the snapshot it allows exists, even when the broker is down.
* :func:`rebuild_now` — the organiser's "recalculer" button (synchronous, forced).
* Prizes: :func:`add_prize`, :func:`delete_prize`, :func:`prize_for_rank`, :func:`award_prizes`
  (a withdrawn team is skipped, the next team takes its prize) — ranges of ranks
  that never overlap, with a label ("un jambon", "2 × 50 €").

A refusal is a :class:`PublishingError` with a stable ``code`` and a French ``message``;
nothing is written when one is raised.

What it must not do
-------------------
Check who the user is (views went through ``tournaments.access``), render, or compute a
ranking itself.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.errors import EngineError
from publishing.models import Prize
from standings import services as standings
from tournaments import services as tournaments_services
from tournaments.messages.codes import engine_error_message
from tournaments.models import Contest, Round

MAX_PRIZE_RANK = 100_000


class PublishingError(Exception):
    """A refused change: ``code`` is stable, ``message`` is French."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


def _rebuild(contest_id: int) -> standings.RebuildOutcome:
    try:
        return standings.rebuild(contest_id, force=True)
    except EngineError as exc:
        raise PublishingError(exc.code, engine_error_message(exc)) from None


def set_visibility(
    round_: Round, *, show_draw: bool, show_results: bool, show_standings: bool
) -> Round:
    """Set what the public sees of ``round_``; the standings are rebuilt in the same commit
    (``standings.wiring`` listens to ``round_visibility_changed``)."""
    try:
        with transaction.atomic():
            return tournaments_services.set_round_visibility(
                round_,
                show_draw=show_draw,
                show_results=show_results,
                show_standings=show_standings,
            )
    except tournaments_services.ServiceError as exc:
        raise PublishingError(exc.code, exc.message) from None
    except EngineError as exc:
        raise PublishingError(exc.code, engine_error_message(exc)) from None


def rebuild_now(contest: Contest) -> standings.RebuildOutcome:
    """Recompute the contest's standings now, whatever their state."""
    with transaction.atomic():
        return _rebuild(contest.pk)


# --- Prizes -----------------------------------------------------------------------------------


def _check_range(rank_from: int, rank_to: int) -> None:
    if rank_from < 1 or rank_to < 1 or rank_from > MAX_PRIZE_RANK or rank_to > MAX_PRIZE_RANK:
        raise PublishingError(
            "prize.rank_range",
            _("Un rang va de 1 à %(max)s.") % {"max": MAX_PRIZE_RANK},
        )
    if rank_to < rank_from:
        raise PublishingError(
            "prize.reversed", _("Le rang de fin doit être supérieur ou égal au rang de début.")
        )


def add_prize(contest: Contest, *, rank_from: int, rank_to: int | None, label: str) -> Prize:
    """Add a prize for ranks ``rank_from``..``rank_to`` (one rank when ``rank_to`` is None)."""
    label = " ".join(label.split())
    if not label:
        raise PublishingError("prize.no_label", _("Indiquez le lot."))
    end = rank_from if rank_to is None else rank_to
    _check_range(rank_from, end)
    with transaction.atomic():
        Contest.objects.select_for_update().filter(pk=contest.pk).first()
        clash = (
            Prize.objects.filter(contest=contest, rank_from__lte=end, rank_to__gte=rank_from)
            .order_by("rank_from")
            .first()
        )
        if clash is not None:
            raise PublishingError(
                "prize.overlap",
                _("Ces rangs ont déjà un lot (%(prize)s) : modifiez ou supprimez-le d'abord.")
                % {"prize": str(clash)},
            )
        return Prize.objects.create(contest=contest, rank_from=rank_from, rank_to=end, label=label)


def delete_prize(contest: Contest, prize_id: int) -> None:
    deleted, _detail = Prize.objects.filter(contest=contest, pk=prize_id).delete()
    if not deleted:
        raise PublishingError("prize.missing", _("Ce lot n'existe plus."))


def prize_for_rank(prizes: Sequence[Prize], rank: int) -> str:
    """The label of the prize covering ``rank`` ("" when none)."""
    for prize in prizes:
        if prize.covers(rank):
            return prize.label
    return ""


def award_prizes(
    rows: Sequence[dict[str, Any]], prizes: Sequence[Prize], withdrawn: Collection[int] = ()
) -> list[tuple[int | None, str]]:
    """(prize rank, prize label) of each standings row, rows in rank order.

    A withdrawn team (its entry in ``withdrawn``, or a row marked ``withdrawn``) never receives
    a prize: it has no prize rank, and the teams after it move up, so the prize it would have
    had goes to the next team. Teams sharing a rank share a prize rank (1 + the teams still in
    the contest ranked strictly before them).
    """
    out: list[tuple[int | None, str]] = []
    before = 0  # eligible teams ranked strictly before the current rank
    in_rank = 0  # eligible teams of the current rank
    last_rank: Any = None
    for row in rows:
        if row.get("rank") != last_rank:
            before += in_rank
            in_rank = 0
            last_rank = row.get("rank")
        if row.get("withdrawn") or row.get("entry") in withdrawn:
            out.append((None, ""))
            continue
        in_rank += 1
        out.append((before + 1, prize_for_rank(prizes, before + 1)))
    return out


__all__ = [
    "PublishingError",
    "add_prize",
    "award_prizes",
    "delete_prize",
    "prize_for_rank",
    "rebuild_now",
    "set_visibility",
]
