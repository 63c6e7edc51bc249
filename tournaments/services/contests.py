"""Contests: creation, changes of information and rules, closing.

Owns the split between information fields (changeable at any time) and rule fields (frozen once
round 1 is published), and the engine ruleset stored as JSON. Must not touch rounds or entries
(closing the contest closes its rounds through ``rounds.close_rounds``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.errors import EngineError
from tournaments import adapters, audit
from tournaments.messages.codes import engine_error_message
from tournaments.models import Club, Contest, Round
from tournaments.services.base import ServiceError, change_field, lock_contest, record_change
from tournaments.services.rounds.lifecycle import CLOSED_BY_CONTEST, close_rounds
from tournaments.signals import contest_season_changed

# Contest fields that define the rules and format: frozen once round 1 is published.
RULE_FIELDS: tuple[str, ...] = (
    "preset",
    "ruleset",
    "rounds_count",
    "ranking_method",
    "tiebreaks",
    "individual_tiebreaks",
    "match_points",
    "bye_policy",
    "bye_points",
    "withdrawn_ranking",
    "pairing_method",
    "avoid_same_club",
    "entry_mode",
    "leftover_policy",
)
# Fields that may change at any time.
INFO_FIELDS: tuple[str, ...] = ("name", "slug", "date", "venue", "season", "is_public")


def _check_slug(club: Club, slug: str, exclude: int | None = None) -> None:
    others = Contest.objects.filter(club=club, slug=slug)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    if others.exists():
        raise ServiceError(
            "contest.duplicate_slug",
            _("Un autre concours du club utilise déjà l'identifiant « %(slug)s ».")
            % {"slug": slug},
        )


def _with_ruleset(values: Mapping[str, Any], current: Contest) -> dict[str, Any]:
    """``values`` with ``ruleset`` rebuilt from ``preset`` + ``rule_options`` and the format."""
    merged = dict(values)
    options = merged.pop("rule_options", None)
    if options is None and not any(
        n in merged for n in ("preset", "rounds_count", "ranking_method", "pairing_method")
    ):
        return merged
    if options is None:
        options = {
            k: v
            for k, v in (current.ruleset or {}).items()
            if k not in ("games_per_contest", "tournament_ranking", "tournament_pairing")
        }
    try:
        merged["ruleset"] = adapters.ruleset_json(
            merged.get("preset") or current.preset or "club_contest",
            options,
            rounds_count=merged.get("rounds_count", current.rounds_count),
            ranking_method=merged.get("ranking_method", current.ranking_method),
            pairing_method=merged.get("pairing_method", current.pairing_method),
        )
    except EngineError as exc:
        raise ServiceError(exc.code, engine_error_message(exc)) from exc
    return merged


@transaction.atomic
def create_contest(club: Club, values: Mapping[str, Any]) -> Contest:
    """Create a contest in registration from cleaned values (info fields, format fields,
    ``preset`` and ``rule_options``: the engine ruleset is built and stored as JSON)."""
    _check_slug(club, values["slug"])
    contest = Contest(club=club, status=Contest.Status.REGISTRATION)
    values = _with_ruleset({"preset": "club_contest", "rule_options": {}} | dict(values), contest)
    for name in INFO_FIELDS + RULE_FIELDS:
        if name in values:
            setattr(contest, name, values[name])
    contest.save()
    audit.record(contest, "contest.create", contest, after=audit.snapshot(contest))
    if contest.season_id is not None:
        contest_season_changed.send(
            sender=Contest, contest_id=contest.pk, season_id=contest.season_id
        )
    return contest


@transaction.atomic
def update_contest(contest: Contest, values: Mapping[str, Any]) -> Contest:
    """Change a contest. Once its rules are frozen, any change to the rules is refused."""
    locked = lock_contest(contest)
    before = audit.snapshot(locked)
    # Recomputed even when frozen: an unchanged ruleset compares equal and passes.
    values = _with_ruleset(values, locked)
    changed_rules = [n for n in RULE_FIELDS if n in values and getattr(locked, n) != values[n]]
    if locked.rules_frozen and changed_rules:
        raise ServiceError(
            "contest.rules_frozen",
            _(
                "Les règles et le format ne peuvent plus changer : le concours a commencé "
                "(première partie publiée le %(date)s)."
            )
            % {"date": timezone.localtime(locked.rules_frozen_at).strftime("%d/%m/%Y %H:%M")},
        )
    changes_mode = "entry_mode" in values and values["entry_mode"] != locked.entry_mode
    if changes_mode and locked.rounds.exists():
        raise ServiceError(
            "contest.entry_mode_drawn",
            _(
                "L'inscription (équipes, mêlée ou mixte) ne change plus : la partie 1 est "
                "déjà tirée."
            ),
        )
    if "slug" in values:
        _check_slug(locked.club, values["slug"], exclude=locked.pk)
    if "rounds_count" in values:
        last = locked.rounds.aggregate(m=Max("number"))["m"] or 0
        if values["rounds_count"] < last:
            raise ServiceError(
                "contest.rounds_below_existing",
                _("Le concours a déjà %(count)s parties : impossible d'en prévoir moins.")
                % {"count": last},
            )
    old_season = locked.season_id
    for name in INFO_FIELDS + RULE_FIELDS:
        if name in values:
            setattr(locked, name, values[name])
    locked.save()
    record_change(locked, "contest.update", locked, before)
    if old_season != locked.season_id:  # it left one season, joined another: both re-rank
        for season_id in (old_season, locked.season_id):
            if season_id is not None:
                contest_season_changed.send(
                    sender=Contest, contest_id=locked.pk, season_id=season_id
                )
    return locked


@transaction.atomic
def finish_contest(contest: Contest) -> Contest:
    locked = lock_contest(contest)
    if locked.status != Contest.Status.RUNNING:
        raise ServiceError("contest.not_running", _("Seul un concours en cours peut être clos."))
    if locked.rounds.filter(status=Round.Status.DRAFT).exists():
        raise ServiceError(
            "contest.draft_round",
            _("Publiez ou supprimez d'abord la partie en brouillon."),
        )
    change_field(locked, "contest.finish", locked, "status", Contest.Status.FINISHED)
    close_rounds(locked, cause=CLOSED_BY_CONTEST)
    return locked
