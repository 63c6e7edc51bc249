"""Seasons, challenges and circuits: contests' final results in, season standings out.

What this package owns
----------------------
A season groups contests of one club (a challenge of journées) or of several clubs (a
circuit). From each contest's final results per player or per pair (:class:`SeasonContest`,
:class:`Placing`) and the season's rules (:class:`SeasonRules`: credit per player or pair, a
barème by placement or per partie, best N of M, attendance for the ranking and for a prize,
tie-breaks), :func:`compute_season_standings` ranks the entrants with the contests counted and
dropped and a "why" report; :func:`club_standings` ranks the players' clubs on their best K;
:func:`qualify_from_season` lists who goes to the final and why;
:func:`placings_from_individual` and :func:`placings_from_standings` turn a finished contest's
standings into its season results. Details in docs/engine.md,
section "Individual standings and seasons".

What it must not do
-------------------
No Django, no storage, no sentences: the app reads the contests' final standings, passes them
in, stores the rows and translates the report codes (:class:`SeasonReportCode`) and error codes
(:data:`SEASON_ERROR_CODES`). A circuit's clubs share nothing here but final results.

Modules: :mod:`.errors`, :mod:`.model` (inputs), :mod:`.bareme`, :mod:`.rules`, :mod:`.check`,
:mod:`.report`, :mod:`.standings`, :mod:`.clubs`, :mod:`.qualification`, :mod:`.inputs`.
"""

from __future__ import annotations

from engine.seasons.bareme import (
    Bareme,
    PartieBareme,
    PlacementFormula,
    PlacementTable,
    ScoreMode,
)
from engine.seasons.clubs import ClubRow, ClubStandings, club_standings
from engine.seasons.errors import SEASON_ERROR_CODES, SeasonError
from engine.seasons.inputs import placings_from_individual, placings_from_standings
from engine.seasons.model import (
    ContestKind,
    Credit,
    Entrant,
    Outcome,
    PartieLine,
    Placing,
    SeasonContest,
)
from engine.seasons.qualification import (
    FirstOfEachContest,
    FirstOfSeason,
    QualificationRule,
    QualifiedEntry,
    SeasonQualification,
    qualify_from_season,
)
from engine.seasons.report import SeasonReport, SeasonReportCode, SeasonReportItem
from engine.seasons.rules import (
    DEFAULT_SEASON_TIEBREAKS,
    SEASON_TIEBREAKS,
    SeasonMetric,
    SeasonRules,
)
from engine.seasons.standings import (
    ContestLine,
    SeasonRow,
    SeasonStandings,
    compute_season_standings,
)

__all__ = [
    "DEFAULT_SEASON_TIEBREAKS",
    "SEASON_ERROR_CODES",
    "SEASON_TIEBREAKS",
    "Bareme",
    "ClubRow",
    "ClubStandings",
    "ContestKind",
    "ContestLine",
    "Credit",
    "Entrant",
    "FirstOfEachContest",
    "FirstOfSeason",
    "Outcome",
    "PartieBareme",
    "PartieLine",
    "PlacementFormula",
    "PlacementTable",
    "Placing",
    "QualificationRule",
    "QualifiedEntry",
    "ScoreMode",
    "SeasonContest",
    "SeasonError",
    "SeasonMetric",
    "SeasonQualification",
    "SeasonReport",
    "SeasonReportCode",
    "SeasonReportItem",
    "SeasonRow",
    "SeasonRules",
    "SeasonStandings",
    "club_standings",
    "compute_season_standings",
    "placings_from_individual",
    "placings_from_standings",
    "qualify_from_season",
]
