"""The club ranking of a season (:func:`club_standings`), built from its players' clubs.

Each club is worth the sum of the season values of its best K players (``best``, in season
order), ties broken by those players' parties won, then their total score; an exact tie shares
the rank. It needs player credit: a pair may join two clubs. The club of a player is the app's
(``club_of``: player -> club, e.g. the licence club of the season), not the organising club of
the contests he played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.individual import shared_ranks
from engine.seasons.errors import SeasonError
from engine.seasons.model import Credit
from engine.seasons.report import SeasonReport, SeasonReportCode, SeasonReportItem
from engine.seasons.standings import SeasonRow, SeasonStandings

__all__ = ["ClubRow", "ClubStandings", "club_standings"]


@dataclass(frozen=True, slots=True)
class ClubRow:
    """One club's line: ``players`` are its counted players (best first), ``not_counted`` its
    other season players; ``value``, ``wins`` and ``score`` are the counted players' sums."""

    rank: int
    club: int
    shared: bool
    value: int
    wins: int
    score: int
    players: tuple[int, ...]
    not_counted: tuple[int, ...]


@dataclass(frozen=True)
class ClubStandings:
    best: int
    rows: tuple[ClubRow, ...]
    value_divisor: int
    report: SeasonReport


def _members(
    season: SeasonStandings,
    club_of: Mapping[int, int],
    items: list[SeasonReportItem],
) -> dict[int, list[SeasonRow]]:
    members: dict[int, list[SeasonRow]] = {}
    for row in season.rows:  # season order: the best players of a club come first
        (player,) = row.entrant
        club = club_of.get(player)
        if club is None:
            items.append(SeasonReportItem(SeasonReportCode.NO_CLUB, {"entrant": row.entrant}))
            continue
        if type(club) is not int:
            raise SeasonError("season.invalid_clubs", field=f"club_of[{player}]", value=repr(club))
        members.setdefault(club, []).append(row)
    return members


def club_standings(
    season: SeasonStandings,
    club_of: Mapping[int, int],
    best: int,
    *,
    eligible_only: bool = True,
) -> ClubStandings:
    """Rank the clubs of a season's players on the sum of their ``best`` players' values.

    ``eligible_only``: players below the season's attendance do not count for their club.
    Raises :class:`SeasonError` (``season.invalid_clubs``) for pair credit, a ``best`` that is
    not a whole number >= 1, or a club that is not a whole number.
    """
    if not isinstance(season, SeasonStandings) or season.rules.credit is not Credit.PLAYER:
        raise SeasonError("season.invalid_clubs", field="credit", value=repr(season))
    if type(best) is not int or best < 1:
        raise SeasonError("season.invalid_clubs", field="best", value=repr(best))
    items: list[SeasonReportItem] = []
    rows = []
    for club, members in _members(season, club_of, items).items():
        usable = [r for r in members if r.eligible or not eligible_only]
        counted = usable[:best]
        counted_ids = {r.entrant for r in counted}
        usable_ids = {r.entrant for r in usable}
        others = [r for r in members if r.entrant not in counted_ids]
        for r in others:
            reason = "best" if r.entrant in usable_ids else "not_eligible"
            items.append(
                SeasonReportItem(
                    SeasonReportCode.CLUB_MEMBER_NOT_COUNTED,
                    {"club": club, "entrant": r.entrant, "best": best, "reason": reason},
                )
            )
        rows.append(
            ClubRow(
                0,
                club,
                False,
                sum(r.value for r in counted),
                sum(r.wins for r in counted),
                sum(r.score for r in counted),
                tuple(r.entrant[0] for r in counted),
                tuple(r.entrant[0] for r in others),
            )
        )
    keyed = sorted(((-r.value, -r.wins, -r.score), r.club, r) for r in rows)
    ranked = shared_ranks([(key, row) for key, _club, row in keyed])
    out = tuple(
        ClubRow(rank, r.club, shared, r.value, r.wins, r.score, r.players, r.not_counted)
        for rank, shared, r in ranked
    )
    return ClubStandings(best, out, season.value_divisor, SeasonReport(tuple(items)))
