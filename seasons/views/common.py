"""What the season pages share: the stored snapshot, its table, its names and the rules' summary;
and the line of a contest's cockpit that leads to its season (:func:`cockpit_line`).

Every season page shows the stored ``SeasonSnapshot`` (``seasons.standings.rebuild``), never
another club's entries or sheets. This module reads; it decides no access (``seasons.access``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from engine.errors import EngineError
from seasons.models import Season, SeasonSnapshot
from seasons.services import season_position
from seasons.standings.inputs import season_rules
from seasons.tables import SeasonTable
from seasons.texts import BAREME_LABELS, CREDIT_LABELS, error_message
from tournaments.models import Contest
from tournaments.ports import SeasonLine

__all__ = [
    "cockpit_line",
    "dated",
    "names",
    "rules_summary",
    "season_url",
    "snapshot_of",
    "table_of",
]


def season_url(club_slug: str, season: Season, name: str = "seasons:season") -> str:
    """The address of one of the season's organiser pages, as seen from club ``club_slug``."""
    return reverse(name, kwargs={"club_slug": club_slug, "season_id": season.pk})


def dated(contests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The snapshot's contests with their dates as dates (the pages format them in French)."""
    return [{**c, "date": datetime.date.fromisoformat(c["date"])} for c in contests]


def snapshot_of(season: Season) -> SeasonSnapshot | None:
    return SeasonSnapshot.objects.filter(season=season).first()


def names(snapshot: SeasonSnapshot | None) -> tuple[Any, Any]:
    """Two functions naming an entrant (player ids) and a contest (id) from the snapshot."""
    people: dict[int, str] = {}
    contests: dict[int, str] = {}
    if snapshot is not None:
        for row in snapshot.rows:
            people.update(zip(row["players"], row["names"], strict=False))
        contests = {c["id"]: c["name"] for c in snapshot.contests}

    def who(entrant: Any) -> str:
        if entrant is None:
            return "—"
        ids = entrant if isinstance(entrant, list | tuple) else [entrant]
        return " – ".join(people.get(int(p), "?") for p in ids)

    def contest_name(contest_id: Any) -> str:
        return contests.get(contest_id, "—") if contest_id is not None else "—"

    return who, contest_name


def table_of(snapshot: SeasonSnapshot | None) -> SeasonTable:
    rows = snapshot.rows if snapshot is not None else []
    divisor = snapshot.value_divisor if snapshot is not None else 1
    return SeasonTable(rows, divisor=divisor, pair=bool(snapshot and snapshot.credit == "pair"))


def rules_summary(season: Season) -> list[str]:
    try:
        rules = season_rules(season)
    except EngineError as exc:
        return [error_message(exc)]
    lines = [
        str(CREDIT_LABELS.get(rules.credit.value, "")),
        str(BAREME_LABELS.get(season.rules.get("bareme", {}).get("kind", "placement_formula"), "")),
    ]
    if rules.best_of:
        lines.append(_("Les %(n)s meilleurs concours de chacun comptent.") % {"n": rules.best_of})
    if rules.min_contests:
        lines.append(
            _("%(n)s concours minimum pour le classement final.") % {"n": rules.min_contests}
        )
    if rules.prize_min_contests:
        lines.append(_("%(n)s concours minimum pour un lot.") % {"n": rules.prize_min_contests})
    return lines


def cockpit_line(contest: Contest) -> SeasonLine | None:
    """The cockpit's line of a contest in a season ("Challenge d'hiver : 5e journée sur 12"),
    linked to the season's page as its club sees it (``tournaments.ports.season_line``)."""
    position = season_position(contest)
    if position is None:
        return None
    season, text = position
    return SeasonLine(text, season_url(contest.club.slug, season))
