"""Seasons, challenges and circuits: creating one, its rules, its clubs, its contests, its final.

What it owns
------------
* :func:`create_season` (a name unique in the club, case aside);
* :func:`update_season` (name, dates, planned journées, public flag, club ranking and the
  engine's season rules, checked by ``engine.seasons.SeasonRules``), owner club only;
* a circuit's clubs: :func:`add_season_club` / :func:`remove_season_club` (a club that leaves
  takes its contests out of the season);
* :func:`attach_contest` / :func:`detach_contest`: a club puts one of its own contests in a
  season it owns or takes part in, or takes it out;
* :func:`set_final`: the season's final (a contest of the owner club) and its qualification
  rule (the first K of each contest, then the first K of the season ranking).

Every change is journaled on the contests it concerns (``tournaments.audit``: a season has no
log of its own, the owner club's contests of the season carry it) and sends
``seasons.signals.season_changed`` so that the season is re-ranked once the transaction commits
(``seasons.tasks``). Creating the final's entries lives in ``seasons.services.final``;
the cockpit's "5e journée sur 12" is :func:`season_position`.

What it must not do: rank (``seasons.standings.rebuild``), or touch another club's contest.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.errors import EngineError
from engine.seasons import SeasonRules
from seasons.models import Season, SeasonClub
from seasons.signals import season_changed
from seasons.texts import error_message, journee_line
from tournaments import audit
from tournaments.models import Club, Contest
from tournaments.services import ServiceError

__all__ = [
    "add_season_club",
    "attach_contest",
    "checked_rules",
    "create_season",
    "detach_contest",
    "remove_season_club",
    "season_clubs",
    "season_position",
    "set_final",
    "takes_part",
    "update_season",
]

SEASON_FIELDS = ("name", "starts_on", "ends_on", "planned_contests", "club_best", "is_public")


def _lock(season: Season) -> Season:
    return Season.objects.select_for_update().select_related("club").get(pk=season.pk)


def _changed(season: Season) -> None:
    season_changed.send(sender=Season, season_id=season.pk)


def _journal(
    contests: Iterable[Contest], action: str, season: Season, after: dict[str, Any] | None = None
) -> None:
    for contest in contests:
        audit.record(contest, action, season, target_repr=season.name, after=after)


def _owner_contests(season: Season) -> list[Contest]:
    return list(Contest.objects.filter(season=season, club_id=season.club_id))


def _check_name(club: Club, name: str, exclude: int | None = None) -> str:
    name = " ".join(name.split())
    same = Season.objects.filter(club=club, name__iexact=name)
    if exclude is not None:
        same = same.exclude(pk=exclude)
    if same.exists():
        raise ServiceError("season.duplicate", _("Une saison porte déjà ce nom dans ce club."))
    return name


@transaction.atomic
def create_season(club: Club, *, name: str, starts_on: Any = None, ends_on: Any = None) -> Season:
    name = _check_name(club, name)
    return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)


def checked_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """The rules as the engine stores them; a refusal becomes a French ``ServiceError``."""
    try:
        return SeasonRules.from_json(rules).to_json()
    except EngineError as exc:
        raise ServiceError(exc.code, error_message(exc)) from exc


@transaction.atomic
def update_season(season: Season, values: dict[str, Any]) -> Season:
    """Change the season's information and rules (``rules``: the engine's JSON)."""
    locked = _lock(season)
    before = audit.snapshot(locked, [*SEASON_FIELDS, "rules"])
    if "name" in values:
        values = {**values, "name": _check_name(locked.club, values["name"], exclude=locked.pk)}
    starts, ends = values.get("starts_on", locked.starts_on), values.get("ends_on", locked.ends_on)
    if isinstance(starts, datetime.date) and isinstance(ends, datetime.date) and ends < starts:
        raise ServiceError("season.dates", _("La fin de la saison précède son début."))
    if "rules" in values:
        locked.rules = checked_rules(values["rules"])
    for name in SEASON_FIELDS:
        if name in values:
            setattr(locked, name, values[name])
    locked.save()
    after = audit.snapshot(locked, [*SEASON_FIELDS, "rules"])
    if after != before:
        _journal(_owner_contests(locked), "season.rules", locked)
        _changed(locked)
    return locked


def season_clubs(season: Season) -> list[Club]:
    """The owner club, then the participant clubs by name."""
    others = list(Club.objects.filter(season_memberships__season=season).order_by("name"))
    return [season.club, *others]


@transaction.atomic
def add_season_club(season: Season, club_slug: str) -> Club:
    """Invite another club of the instance into the season (a circuit)."""
    locked = _lock(season)
    club = Club.objects.filter(slug=club_slug.strip()).first()
    if club is None:
        raise ServiceError(
            "season.unknown_club",
            _("Aucun club n'a l'identifiant « %(slug)s ».") % {"slug": club_slug.strip()[:60]},
        )
    if club.pk == locked.club_id:
        raise ServiceError("season.owner_club", _("Ce club organise déjà la saison."))
    _link, created = SeasonClub.objects.get_or_create(season=locked, club=club)
    if not created:
        raise ServiceError("season.club_twice", _("Ce club fait déjà partie du circuit."))
    _journal(_owner_contests(locked), "season.clubs", locked, {"added": club.name})
    _changed(locked)
    return club


@transaction.atomic
def remove_season_club(season: Season, club_slug: str) -> None:
    """A club leaves the circuit: its contests leave the season with it."""
    locked = _lock(season)
    link = SeasonClub.objects.filter(season=locked, club__slug=club_slug).select_related("club")
    found = link.first()
    if found is None:
        raise ServiceError("season.not_a_member", _("Ce club ne fait pas partie du circuit."))
    leaving = list(Contest.objects.select_for_update().filter(season=locked, club=found.club))
    for contest in leaving:
        _detach(contest, locked)
    found.delete()
    _journal(_owner_contests(locked), "season.clubs", locked, {"removed": found.club.name})
    _changed(locked)


def takes_part(season: Season, club: Club) -> bool:
    return season.club_id == club.pk or SeasonClub.objects.filter(season=season, club=club).exists()


@transaction.atomic
def attach_contest(season: Season, contest: Contest, club: Club) -> Contest:
    """``club`` puts one of its own contests in the season (owned or taken part in)."""
    locked = Contest.objects.select_for_update().get(pk=contest.pk)
    if locked.club_id != club.pk or not takes_part(season, club):
        raise ServiceError(
            "season.foreign_contest", _("Seul le club du concours peut l'ajouter à la saison.")
        )
    if locked.season_id == season.pk:
        raise ServiceError("season.contest_twice", _("Ce concours fait déjà partie de la saison."))
    previous = locked.season_id
    locked.season = season
    locked.save(update_fields=["season"])
    audit.record(locked, "season.join", season, target_repr=season.name)
    _changed(season)
    if previous is not None:
        season_changed.send(sender=Season, season_id=previous)
    return locked


def _detach(contest: Contest, season: Season) -> None:
    contest.season = None
    contest.save(update_fields=["season"])
    audit.record(contest, "season.leave", season, target_repr=season.name)
    if season.final_contest_id == contest.pk:
        Season.objects.filter(pk=season.pk).update(final_contest=None)


@transaction.atomic
def detach_contest(season: Season, contest: Contest, club: Club) -> None:
    """``club`` takes one of its contests out of the season."""
    locked = Contest.objects.select_for_update().get(pk=contest.pk)
    if locked.club_id != club.pk or locked.season_id != season.pk:
        raise ServiceError(
            "season.foreign_contest", _("Seul le club du concours peut le retirer de la saison.")
        )
    _detach(locked, season)
    _changed(season)


@transaction.atomic
def set_final(
    season: Season,
    final: Contest | None,
    *,
    first_of_each: int | None,
    first_of_season: int | None,
) -> Season:
    """The season's final (a contest of the owner club) and how its entries qualify."""
    locked = _lock(season)
    if final is not None and final.club_id != locked.club_id:
        raise ServiceError(
            "season.final_club",
            _("La finale doit être un concours du club qui organise la saison."),
        )
    if final is not None and not (first_of_each or first_of_season):
        raise ServiceError(
            "season.no_rule",
            _("Dites qui se qualifie : les premiers de chaque concours, ou de la saison."),
        )
    locked.final_contest = final
    locked.qualify_first_of_each = first_of_each or None
    locked.qualify_first_of_season = first_of_season or None
    locked.save(update_fields=["final_contest", "qualify_first_of_each", "qualify_first_of_season"])
    after = {"each": locked.qualify_first_of_each, "season": locked.qualify_first_of_season}
    _journal(
        [final] if final is not None else _owner_contests(locked), "season.final", locked, after
    )
    _changed(locked)
    return locked


def season_position(contest: Contest) -> tuple[Season, str] | None:
    """The contest's season and the cockpit's line ("Challenge d'hiver : 5e journée sur 12"):
    its place among the season's contests by date, out of the planned journées (or of the
    contests so far). Two queries; None outside a season."""
    if contest.season_id is None:
        return None
    season = Season.objects.filter(pk=contest.season_id).first()
    if season is None:
        return None
    dates = list(
        Contest.objects.filter(season=season).order_by("date", "pk").values_list("pk", flat=True)
    )
    position = dates.index(contest.pk) + 1 if contest.pk in dates else len(dates)
    total = max(season.planned_contests or 0, len(dates))
    return season, journee_line(season.name, position, total)
