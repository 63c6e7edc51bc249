"""A latecomer seated in the partie being played, without redrawing the other tables.

Owns :func:`latecomer_options` (who may be seated, and against whom) and :func:`seat_latecomer`:
the team arriving after the draw takes the free seat of the bye's table (the bye becomes a real
game: its sheet loses the bye's points, ``scoring`` does it on ``signals.plan_changed``) or a
new table against a team that is waiting (present, playing this partie, but at no table). The
team's ``joined_at_round`` becomes this partie when it played none before. Every seat is kept
in the journal with its reason. Must not move any other team, draw, nor touch results.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from tournaments import adapters, audit, signals
from tournaments.models import Contest, Entry, Round, Table
from tournaments.services.base import ServiceError, gone, lock_contest, lock_entry, lock_round
from tournaments.services.rounds.plan import check_reason, check_running


@dataclass(frozen=True)
class LatecomerOptions:
    """What the latecomer page offers for a partie."""

    bye: Table | None  # the bye's table (its team sits alone)
    waiting: list[Entry]  # present, playing this partie, at no table
    latecomers: list[Entry]  # every team not seated that may still come (waiting ones too)
    next_table: int  # the number a new table gets


def check_playing(round_: Round) -> None:
    """The partie is the one being played: published, not closed, the last drawn."""
    if round_.status == Round.Status.DRAFT:
        raise ServiceError(
            "plan.round_draft",
            _(
                "La partie %(n)s est en brouillon : pointez l'équipe et refaites le tirage, ou "
                "déplacez les équipes avant de publier."
            )
            % {"n": round_.number},
        )
    if round_.status == Round.Status.CLOSED:
        raise ServiceError(
            "plan.round_closed",
            _("La partie %(n)s est close : rouvrez-la d'abord (avec un motif).")
            % {"n": round_.number},
        )


def _seated(round_: Round) -> set[int]:
    pairs = Table.objects.filter(round=round_).values_list("entry_a_id", "entry_b_id")
    return {e for pair in pairs for e in pair if e is not None}


def _may_come(entry: Entry, number: int) -> bool:
    """Not withdrawn, and not a mêlée pair of another partie."""
    if entry.withdrawn_after_round is not None:
        return False
    return entry.formed_for_round in (None, number)


def _is_waiting(entry: Entry, number: int) -> bool:
    return entry.checked_in and entry.is_active_in(number) and _may_come(entry, number)


def latecomer_options(round_: Round) -> LatecomerOptions:
    seated = _seated(round_)
    free = [
        e
        for e in Entry.objects.filter(contest_id=round_.contest_id)
        .exclude(pk__in=seated)
        .select_related("player1", "player2")
        .order_by("number")
        if _may_come(e, round_.number)
    ]
    bye = (
        Table.objects.filter(round=round_, entry_b__isnull=True)
        .select_related("entry_a__player1", "entry_a__player2")
        .first()
    )
    top = Table.objects.filter(round=round_).aggregate(m=Max("number"))["m"] or 0
    return LatecomerOptions(
        bye=bye,
        waiting=[e for e in free if _is_waiting(e, round_.number)],
        latecomers=free,
        next_table=top + 1,
    )


def _check_entry(contest: Contest, round_: Round, entry: Entry) -> Entry:
    if entry.contest_id != contest.pk:
        raise gone("entry")
    locked = lock_entry(entry)
    if locked.withdrawn_after_round is not None:
        raise ServiceError(
            "plan.entry_withdrawn",
            _("%(team)s est retirée du concours : réintégrez-la d'abord.")
            % {"team": locked.display_name},
        )
    table = Table.objects.filter(round=round_).filter(Q(entry_a=locked) | Q(entry_b=locked)).first()
    if table is not None:
        raise ServiceError(
            "plan.entry_seated",
            _("%(team)s joue déjà la partie %(n)s, table %(table)s.")
            % {"team": locked.display_name, "n": round_.number, "table": table.number},
        )
    return locked


def check_round(contest: Contest, round_: Round) -> None:
    """Refuse a latecomer when the partie is not the one being played (or in round robin)."""
    check_running(contest)
    check_playing(round_)
    if contest.rounds.filter(number__gt=round_.number).exists():
        raise ServiceError(
            "plan.later_round",
            _("La partie %(n)s est déjà tirée : supprimez-la avant de placer une équipe ici.")
            % {"n": round_.number + 1},
        )
    if contest.pairing_method == Contest.PairingMethod.ROUND_ROBIN:
        raise ServiceError(
            "plan.round_robin",
            _("En toutes rondes, le calendrier est fixé : une équipe ne peut pas y entrer."),
        )


def _no_opponent(round_: Round) -> ServiceError:
    return ServiceError(
        "plan.no_opponent",
        _(
            "Partie %(n)s : aucune équipe n'est exempte ni en attente. L'équipe entrera à la "
            "partie suivante."
        )
        % {"n": round_.number},
    )


def _seat(round_: Round, entry: Entry, opponent: Entry | None) -> tuple[Table, str]:
    """Seat ``entry`` at the bye's table (``opponent`` None) or at a new table against a
    waiting ``opponent``; returns the table and "bye" or "waiting"."""
    if opponent is None:
        bye = Table.objects.select_for_update().filter(round=round_, entry_b__isnull=True).first()
        if bye is None:
            if latecomer_options(round_).waiting:
                raise ServiceError(
                    "plan.no_bye",
                    _(
                        "La partie %(n)s n'a pas d'exempt : placez l'équipe face à une équipe "
                        "en attente."
                    )
                    % {"n": round_.number},
                )
            raise _no_opponent(round_)
        bye.entry_b = entry
        bye.save(update_fields=["entry_b"])
        return bye, "bye"
    if opponent.pk == entry.pk:
        raise ServiceError("plan.same_entry", _("Choisissez deux équipes différentes."), status=400)
    waiting = {e.pk for e in latecomer_options(round_).waiting}
    if opponent.pk not in waiting:
        raise ServiceError(
            "plan.not_waiting",
            _("%(team)s n'attend pas d'adversaire à la partie %(n)s.")
            % {"team": opponent.display_name, "n": round_.number},
        )
    top = Table.objects.filter(round=round_).aggregate(m=Max("number"))["m"] or 0
    table = Table.objects.create(round=round_, number=top + 1, entry_a=opponent, entry_b=entry)
    return table, "waiting"


@transaction.atomic  # read only; the checks lock rows as the change would
def latecomer_consequences(round_: Round, entry: Entry, opponent: Entry | None) -> list[str]:
    """French lines saying what seating ``entry`` does, before it is confirmed (the checks of
    :func:`seat_latecomer`, without writing)."""
    round_ = Round.objects.select_related("contest__club").get(pk=round_.pk)
    contest = round_.contest
    check_round(contest, round_)
    _check_entry(contest, round_, entry)
    options = latecomer_options(round_)
    team = entry.display_name
    if opponent is None:
        lines = _bye_lines(round_, options, team)
    else:
        if opponent.pk not in {e.pk for e in options.waiting} or opponent.pk == entry.pk:
            raise ServiceError(
                "plan.not_waiting",
                _("%(team)s n'attend pas d'adversaire à la partie %(n)s.")
                % {"team": opponent.display_name, "n": round_.number},
            )
        lines = [
            _(
                "Nouvelle table %(table)s : %(team)s contre %(other)s, avec sa feuille de marque "
                "et son QR code (imprimez-la)."
            )
            % {"table": options.next_table, "team": team, "other": opponent.display_name}
        ]
    if not _played_before(contest, round_, entry) and entry.joined_at_round != round_.number:
        lines.append(
            _("%(team)s entre au concours à la partie %(n)s.") % {"team": team, "n": round_.number}
        )
    lines.append(_("Les autres tables ne changent pas."))
    return lines


def _bye_lines(round_: Round, options: LatecomerOptions, team: str) -> list[str]:
    bye = options.bye
    if bye is None:
        if options.waiting:
            raise ServiceError(
                "plan.no_bye",
                _(
                    "La partie %(n)s n'a pas d'exempt : placez l'équipe face à une équipe en attente."
                )
                % {"n": round_.number},
            )
        raise _no_opponent(round_)
    other = bye.entry_a.display_name
    return [
        _("%(team)s joue la partie %(n)s à la table %(table)s, contre %(bye)s.")
        % {"team": team, "n": round_.number, "table": bye.number, "bye": other},
        _(
            "L'exempt de %(bye)s est annulé : ses %(points)s points d'exempt ne comptent plus, "
            "elle joue un vrai match. La feuille de la table %(table)s (même QR code) devient "
            "une feuille de match."
        )
        % {"bye": other, "points": _bye_points(round_, bye.entry_a_id), "table": bye.number},
    ]


def _bye_points(round_: Round, team: int) -> int:
    for result in adapters.finished_results(round_.contest):
        if result.round == round_.number and result.team_a == team and result.team_b is None:
            return int(result.score_a)
    return 0


def _played_before(contest: Contest, round_: Round, entry: Entry) -> bool:
    return (
        Table.objects.filter(round__contest=contest, round__number__lt=round_.number)
        .filter(Q(entry_a=entry) | Q(entry_b=entry))
        .exists()
    )


def _label(entry: Entry) -> str:
    """The team's name without its number ("Morel – Thomas"), as the journal names teams."""
    return entry.display_name.split(". ", 1)[-1]


@transaction.atomic
def seat_latecomer(
    round_: Round, entry: Entry, *, opponent: Entry | None = None, reason: str
) -> Table:
    """Seat a team arriving after the draw in the partie being played: at the bye's table
    (``opponent`` None), or at a new table against a waiting ``opponent``."""
    reason = check_reason(reason)
    locked = lock_round(round_)
    contest = lock_contest(locked.contest)
    check_round(contest, locked)
    entry = _check_entry(contest, locked, entry)
    if opponent is not None:
        opponent = _check_entry(contest, locked, opponent)
    table, against = _seat(locked, entry, opponent)
    before = {"joined_at_round": entry.joined_at_round, "checked_in": entry.checked_in}
    if not _played_before(contest, locked, entry):
        entry.joined_at_round = locked.number
    entry.checked_in = True
    entry.save(update_fields=["joined_at_round", "checked_in"])
    audit.record(
        contest,
        "plan.latecomer",
        locked,
        before=before,
        after={
            "number": locked.number,
            "team_number": entry.number,
            "team_label": _label(entry),
            "table": table.number,
            "against": against,
            "opponent_number": table.entry_a.number,
            "opponent_label": _label(table.entry_a),
            "joined_at_round": entry.joined_at_round,
            "checked_in": True,
            "reason": reason,
        },
    )
    # The round's row is saved so the public pages' versions move (they follow Round saves).
    locked.save(update_fields=["status"])
    signals.plan_changed.send(sender=Round, contest_id=contest.pk, round=locked, results=True)
    return table


__all__ = [
    "LatecomerOptions",
    "check_playing",
    "check_round",
    "latecomer_consequences",
    "latecomer_options",
    "seat_latecomer",
]
