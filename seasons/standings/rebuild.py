"""A season's standings: rebuilt from its contests' published standings, stored as one snapshot.

What it owns
------------
* :func:`rebuild_season` reads the season's input (``seasons.standings.inputs``, a fixed number
  of queries), asks ``engine.seasons`` for the season ranking (best N of M, attendance, barème,
  ties) and the club ranking, and stores one :class:`SeasonSnapshot` (one upsert; nothing
  written when the fingerprint of the inputs is unchanged). Idempotent: a duplicate task finds
  the same fingerprint and does nothing.
* ``seasons.tasks.queue_season_rebuild`` queues it on commit (Celery).
* :func:`season_qualification` lists who goes to the season's final and why (the engine's
  ``qualify_from_season``), for ``seasons.services.final`` to create the entries.

What it must not do: decide access, read a contest's entries or sheets beyond what its
published standings count, or translate (``seasons.texts`` does).
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import asdict
from typing import Any

from django.db.models.functions import Now

from engine.errors import EngineError
from engine.seasons import (
    ClubStandings,
    Credit,
    FirstOfEachContest,
    FirstOfSeason,
    QualificationRule,
    SeasonQualification,
    SeasonReport,
    SeasonRules,
    SeasonStandings,
    club_standings,
    compute_season_standings,
    qualify_from_season,
)
from seasons.models import Season, SeasonSnapshot
from seasons.standings.inputs import SeasonInput, read_season, season_rules

logger = logging.getLogger(__name__)

__all__ = [
    "SeasonOutcome",
    "compute",
    "rebuild_season",
    "season_qualification",
]

_FIELDS = ["credit", "value_divisor", "rows", "clubs", "contests", "report", "error"]


class SeasonOutcome:
    """What :func:`rebuild_season` did: ``built``, ``up_to_date`` or ``missing``."""

    def __init__(self, season_id: int, status: str, fingerprint: str = "") -> None:
        self.season_id = season_id
        self.status = status
        self.fingerprint = fingerprint

    def __repr__(self) -> str:
        return f"SeasonOutcome({self.season_id}, {self.status!r})"


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if hasattr(value, "value") and isinstance(getattr(value, "value", None), str):
        return value.value  # an enum
    return value


def report_json(report: SeasonReport) -> list[dict[str, Any]]:
    return [{"code": item.code.value, "params": _plain(item.params)} for item in report.items]


def _entrant_names(entrant: tuple[int, ...], data: SeasonInput) -> list[str]:
    return [data.names.get(p, "?") for p in entrant]


def _rows_json(season: SeasonStandings, data: SeasonInput) -> list[dict[str, Any]]:
    rows = []
    for r in season.rows:
        rows.append(
            {
                "rank": r.rank,
                "shared": r.shared,
                "players": list(r.entrant),
                "names": _entrant_names(r.entrant, data),
                "clubs": [data.club_names.get(data.club_of.get(p, 0), "") for p in r.entrant],
                "value": r.value,
                "points": r.points,
                "score": r.score,
                "wins": r.wins,
                "played": r.played,
                "attended": r.attended,
                "best_place": r.best_place,
                "eligible": r.eligible,
                "prize_eligible": r.prize_eligible,
                "lines": [
                    {"contest": c.contest, "rank": c.rank, "value": c.value, "counted": c.counted}
                    for c in r.contests
                ],
            }
        )
    return rows


def _clubs_json(clubs: ClubStandings | None, data: SeasonInput) -> list[dict[str, Any]]:
    if clubs is None:
        return []
    return [
        {
            "rank": c.rank,
            "club": c.club,
            "name": data.club_names.get(c.club, ""),
            "value": c.value,
            "players": [data.names.get(p, "?") for p in c.players],
        }
        for c in clubs.rows
    ]


def compute(
    season: Season,
) -> tuple[SeasonRules, SeasonInput, SeasonStandings, ClubStandings | None]:
    """The season's rules, input, standings and club ranking (``EngineError`` when refused)."""
    rules = season_rules(season)
    data = read_season(season, rules)
    standings = compute_season_standings(data.contests, rules)
    clubs = None
    if season.club_best and rules.credit is Credit.PLAYER:
        clubs = club_standings(standings, data.club_of, best=season.club_best)
    return rules, data, standings, clubs


def _fingerprint(values: dict[str, Any]) -> str:
    payload = json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


def _values(season: Season) -> dict[str, Any]:
    try:
        rules, data, standings, clubs = compute(season)
    except EngineError as exc:
        logger.warning("season %s refused by the engine: %s", season.pk, exc.code)
        return {
            "credit": (season.rules or {}).get("credit", "player"),
            "value_divisor": 1,
            "rows": [],
            "clubs": [],
            "contests": [],
            "report": [],
            "error": exc.code,
        }
    return {
        "credit": rules.credit.value,
        "value_divisor": standings.value_divisor,
        "rows": _rows_json(standings, data),
        "clubs": _clubs_json(clubs, data),
        "contests": [info.to_json() for info in data.infos],
        "report": report_json(standings.report)
        + (report_json(clubs.report) if clubs is not None else []),
        "error": "",
    }


def rebuild_season(season_id: int) -> SeasonOutcome:
    """Recompute and store the season's standings (see the module docstring)."""
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return SeasonOutcome(season_id, "missing")
    values = _values(season)
    fingerprint = _fingerprint(values)
    stored = SeasonSnapshot.objects.filter(season_id=season_id).values_list(
        "fingerprint", flat=True
    )
    if fingerprint in stored:
        return SeasonOutcome(season_id, "up_to_date", fingerprint)
    SeasonSnapshot.objects.bulk_create(
        [SeasonSnapshot(season_id=season_id, fingerprint=fingerprint, computed_at=Now(), **values)],
        update_conflicts=True,
        unique_fields=["season"],
        update_fields=[*_FIELDS, "fingerprint", "computed_at"],
    )
    logger.info("season %s rebuilt (%s rows)", season_id, len(values["rows"]))
    return SeasonOutcome(season_id, "built", fingerprint)


def qualification_rules(season: Season) -> list[QualificationRule]:
    rules: list[QualificationRule] = []
    if season.qualify_first_of_each:
        rules.append(FirstOfEachContest(season.qualify_first_of_each))
    if season.qualify_first_of_season:
        rules.append(FirstOfSeason(season.qualify_first_of_season))
    return rules


def season_qualification(
    season: Season,
) -> tuple[SeasonQualification, SeasonInput, SeasonRules]:
    """Who goes to the final and why, from the season's published results and ranking.

    Raises ``EngineError`` (stored rules or a qualification rule the engine refuses).
    """
    rules, data, standings, _clubs = compute(season)
    qualification = qualify_from_season(
        data.contests,
        qualification_rules(season),
        credit=rules.credit,
        season=standings if season.qualify_first_of_season else None,
    )
    return qualification, data, rules


def qualified_json(qualification: SeasonQualification, data: SeasonInput) -> list[dict[str, Any]]:
    return [
        {**_plain(asdict(q)), "names": _entrant_names(q.entrant, data)}
        for q in qualification.qualified
    ]
