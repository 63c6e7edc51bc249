"""The contest log: who changed what, when, with the state before and after.

Services call ``record()`` inside their transaction, so an event exists exactly when its change
was committed. Who acted is taken from a context variable set once per request by
``AuditActorMiddleware`` (the logged-in user), or by ``acting_as()`` for actors without an
account (a table link, a management command). Snapshots are plain JSON of a model's fields.
"""

from __future__ import annotations

import contextvars
import datetime
import decimal
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import models
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from tournaments.models import AuditEvent, Contest

# Who acts: a function giving (user or None, label), resolved only when an event is written,
# so that serving a request never loads the session just in case (and a database outage in
# the middle of a request reaches the view, where it is answered with a 503).
_actor: contextvars.ContextVar[Callable[[], tuple[Any, str]] | None] = contextvars.ContextVar(
    "atout_audit_actor", default=None
)


def _authenticated(user: Any) -> Any:
    return user if getattr(user, "is_authenticated", False) else None


@contextmanager
def acting_as(user: Any = None, label: str = "") -> Iterator[None]:
    """Attribute the events recorded inside the block to ``user`` and/or ``label``."""
    token = _actor.set(lambda: (_authenticated(user), label))
    try:
        yield
    finally:
        _actor.reset(token)


class AuditActorMiddleware:
    """Makes the request's user the author of every event recorded while serving it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _actor.set(lambda: (_authenticated(getattr(request, "user", None)), ""))
        try:
            return self.get_response(request)
        finally:
            _actor.reset(token)


def _plain(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def snapshot(
    obj: models.Model | None, fields: Iterable[str] | None = None
) -> dict[str, Any] | None:
    """The concrete fields of ``obj`` as JSON (foreign keys as ids)."""
    if obj is None:
        return None
    wanted = set(fields) if fields is not None else None
    data: dict[str, Any] = {}
    for field in obj._meta.concrete_fields:
        if wanted is not None and field.name not in wanted:
            continue
        data[field.name] = _plain(getattr(obj, field.attname))
    return data


def event(
    contest: Contest | int,
    action: str,
    target: models.Model | None = None,
    *,
    before: Any = None,
    after: Any = None,
    target_repr: str = "",
    user: Any = None,
    label: str = "",
) -> AuditEvent:
    """The event ``record`` writes, not saved yet (``record_all`` writes many at once).

    The author is ``user``/``label`` when given, else the one set for the request or block.
    """
    if getattr(user, "is_authenticated", False) or label:
        user = user if getattr(user, "is_authenticated", False) else None
    else:
        actor = _actor.get()
        user, label = actor() if actor is not None else (None, "")
    contest_id = contest if isinstance(contest, int) else contest.pk
    return AuditEvent(
        contest_id=contest_id,
        actor=user,
        actor_label=label[:120] if label else ("" if user else "système"),
        action=action,
        target_type=(target._meta.model_name or "") if target is not None else "",
        target_id=target.pk if target is not None else None,
        target_repr=(target_repr or (str(target) if target is not None else ""))[:200],
        before=_plain(before),
        after=_plain(after),
    )


def record(
    contest: Contest | int,
    action: str,
    target: models.Model | None = None,
    *,
    before: Any = None,
    after: Any = None,
    target_repr: str = "",
    user: Any = None,
    label: str = "",
) -> AuditEvent:
    """Write one event of ``contest``'s log (call it inside the service's transaction)."""
    built = event(
        contest,
        action,
        target,
        before=before,
        after=after,
        target_repr=target_repr,
        user=user,
        label=label,
    )
    built.save(force_insert=True)
    return built


def record_all(events: list[AuditEvent]) -> list[AuditEvent]:
    """Write events built by :func:`event` in one insert (a batch of an import's teams)."""
    return AuditEvent.objects.bulk_create(events)


# French labels of the actions, for the organiser's log. Unknown codes show as themselves.
ACTION_LABELS: dict[str, Any] = {
    "contest.create": _("Concours créé"),
    "contest.update": _("Concours modifié"),
    "contest.finish": _("Concours clos"),
    "entry.create": _("Équipe inscrite"),
    "entry.update": _("Équipe modifiée"),
    "entry.paid": _("Paiement modifié"),
    "entry.checked_in": _("Pointage modifié"),
    "entry.withdraw": _("Équipe retirée"),
    "entry.reinstate": _("Équipe réintégrée"),
    "entry.replace": _("Joueur remplacé"),
    "entry.delete": _("Équipe supprimée"),
    "solo.create": _("Joueur seul inscrit"),
    "solo.paid": _("Paiement d'un joueur seul modifié"),
    "solo.checked_in": _("Pointage d'un joueur seul modifié"),
    "solo.is_volunteer": _("Bénévole désigné ou retiré"),
    "solo.withdraw": _("Joueur seul retiré"),
    "solo.reinstate": _("Joueur seul réintégré"),
    "solo.delete": _("Joueur seul supprimé"),
    "solo.pair": _("Équipe formée de deux joueurs seuls"),
    "solo.pair_draw": _("Équipes de joueurs seuls tirées au sort"),
    "solo.volunteer": _("Partenaire bénévole prêté à un joueur seul"),
    "solo.unpair": _("Équipe de joueurs seuls défaite"),
    "round.generate": _("Tirage de la partie"),
    "round.generate_forced": _("Tirage forcé avant la fin de la partie précédente"),
    "round.redraw": _("Nouveau tirage de la partie"),
    "round.swap": _("Échange de deux équipes"),
    "round.move": _("Déplacement d'une équipe"),
    "round.undo": _("Modification du tirage annulée"),
    "round.publish": _("Partie publiée"),
    "round.visibility": _("Publication modifiée"),
    "round.delete": _("Partie supprimée"),
    "round.close": _("Partie close"),
    "player.merge": _("Joueurs fusionnés"),
    "round.reopen": _("Partie rouverte"),
    "round.format": _("Format de la partie modifié"),
    "round.clock_duration": _("Durée de la partie modifiée"),
    "round.clock_start": _("Chrono lancé"),
    "round.clock_pause": _("Chrono en pause"),
    "round.clock_resume": _("Chrono relancé"),
    "round.clock_extend": _("Partie prolongée"),
    "sheet.time_up": _("Temps écoulé à la table"),
    "deal.record": _("Donne saisie"),
    "deal.correct": _("Donne corrigée"),
    "deal.delete": _("Donne supprimée"),
    "sheet.totals": _("Totaux saisis"),
    "sheet.confirm": _("Feuille confirmée"),
    "sheet.dispute": _("Feuille contestée"),
    "sheet.reopen": _("Feuille rouverte"),
    "sheet.forfeit": _("Forfait ou exempt marqué"),
    "sheet.token": _("Lien de table renouvelé"),
    "sheet.tie_winner": _("Équipe qualifiée désignée après une égalité"),
    "publication.update": _("Publication modifiée"),
    "prize.update": _("Prix modifiés"),
    "plan.rounds_count": _("Nombre de parties changé"),
    "plan.latecomer": _("Retardataire placé"),
    "plan.table_move": _("Table déplacée"),
    "plan.table_swap": _("Tables échangées"),
    "sheet.bye_cancelled": _("Exempt annulé"),
    "season.join": _("Concours ajouté à la saison"),
    "season.leave": _("Concours retiré de la saison"),
    "season.rules": _("Règles de la saison modifiées"),
    "season.clubs": _("Clubs du circuit modifiés"),
    "season.final": _("Finale et qualification de la saison réglées"),
    "season.qualify": _("Qualifiés de la saison inscrits dans la finale"),
    "phases.plan": _("Plan des phases enregistré"),
    "phase.start": _("Phase commencée"),
}

FILTERS: dict[str, Any] = {
    "contest": _("Concours"),
    "entry": _("Équipes"),
    "solo": _("Joueurs seuls"),
    "round": _("Parties et tirages"),
    "deal": _("Donnes"),
    "sheet": _("Feuilles de marque"),
    "publication": _("Publication"),
    "plan": _("Changements du plan"),
}


def action_label(action: str) -> str:
    return str(ACTION_LABELS.get(action, action))
