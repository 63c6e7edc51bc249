"""The one module that converts scoring models to engine values and back.

What it owns
------------
* Results for pairing and standings: :func:`finished_results` gives every finished game of a
  contest (and every bye and forfeit) as ``engine.standings.GameResult`` values, with
  ``team_a`` / ``team_b`` = ``Entry.pk``, in ONE query whatever the size of the contest. A
  match of several games is one result: the sum of its games and the games each team won.
  :func:`round_activity` says in French what results a round holds (two queries).
  Both are registered with ``tournaments.adapters.set_results_source`` in
  ``ScoringConfig.ready`` so that tournaments (which never imports scoring) pairs the next
  round from them; standings read the same function.
* Deals: :func:`ruleset_of_sheet` (the contest's engine ruleset), :func:`deal_input` (the
  facts of a deal as the engine's deal value) and :func:`scored_fields` (the engine's
  ``DealScore`` as DealRecord fields).

What it must not do
-------------------
It never writes (``scoring.services`` does) and never decides access.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import ngettext

from engine.cards import Rank, Suit, Trump
from engine.deal import Announcement, AnnouncementKind, Contract, Deal, DealKind, DealScore, Team
from engine.rules import Ruleset
from engine.standings import GameResult, ResultKind
from scoring.models import DealRecord, ScoreSheet
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Round

# Sheets whose game is over and not contested: they feed pairing and live standings.
RESULT_STATUSES: tuple[str, ...] = (ScoreSheet.Status.FINISHED, ScoreSheet.Status.CONFIRMED)


def _contest_id(contest: Contest | int) -> int:
    return contest if isinstance(contest, int) else contest.pk


def finished_results(
    contest: Contest | int, *, statuses: Iterable[str] = RESULT_STATUSES
) -> list[GameResult]:
    """Every finished game, bye and forfeit of the contest, ordered by round then table.

    ``statuses`` narrows the sheets taken (e.g. ``(ScoreSheet.Status.CONFIRMED,)`` for a
    published ranking). A bye carries the points it was credited under the contest's policy
    as ``score_a``; a forfeit names its loser's entry.
    """
    rows = (
        ScoreSheet.objects.filter(
            table__round__contest_id=_contest_id(contest), status__in=list(statuses)
        )
        .order_by("table__round__number", "table__number")
        .values_list(
            "table__round__number",
            "table__entry_a_id",
            "table__entry_b_id",
            "kind",
            "total_a",
            "total_b",
            "forfeit_loser",
            "games_a",
            "games_b",
        )
    )
    results: list[GameResult] = []
    for round_number, a, b, kind, total_a, total_b, forfeit_loser, games_a, games_b in rows:
        result = _result(round_number, a, b, kind, total_a, total_b, forfeit_loser)
        if games_a or games_b:
            result = _as_match(result, games_a, games_b)
        results.append(result)
    return results


def _as_match(result: GameResult, games_a: int, games_b: int) -> GameResult:
    """A match of several games: its games won ride along (a match with no game won, all
    drawn, is decided on points like a game, so it needs none)."""
    if result.kind is not ResultKind.PLAYED:
        return result
    return replace(result, games_a=games_a, games_b=games_b)


def _result(
    round_number: int,
    a: int,
    b: int | None,
    kind: str,
    total_a: int,
    total_b: int,
    forfeit_loser: str,
) -> GameResult:
    if b is None or kind == ScoreSheet.Kind.BYE:
        return GameResult(
            round=round_number, team_a=a, team_b=None, score_a=total_a, kind=ResultKind.BYE
        )
    if kind == ScoreSheet.Kind.FORFEIT:
        return GameResult(
            round=round_number,
            team_a=a,
            team_b=b,
            score_a=total_a,
            score_b=total_b,
            kind=ResultKind.FORFEIT,
            forfeit_loser=a if forfeit_loser == "a" else b,
        )
    return GameResult(round=round_number, team_a=a, team_b=b, score_a=total_a, score_b=total_b)


def sheet_result(sheet: ScoreSheet) -> GameResult:
    """One sheet's result as the engine sees it (whatever its status)."""
    table = sheet.table
    result = _result(
        table.round.number,
        table.entry_a_id,
        table.entry_b_id,
        sheet.kind,
        sheet.total_a,
        sheet.total_b,
        sheet.forfeit_loser,
    )
    if sheet.games_a or sheet.games_b:
        result = _as_match(result, sheet.games_a, sheet.games_b)
    return result


def round_activity(round_: Round) -> list[str]:
    """French lines naming what was recorded for the round (empty when nothing was)."""
    sheets = (
        ScoreSheet.objects.filter(table__round=round_)
        .exclude(status=ScoreSheet.Status.OPEN, deal_count=0, kind=ScoreSheet.Kind.DEALS)
        .count()
    )
    deals = DealRecord.objects.filter(sheet__table__round=round_).count()
    lines: list[str] = []
    if sheets:
        lines.append(
            ngettext(
                "%(count)d feuille de marque commencée",
                "%(count)d feuilles de marque commencées",
                sheets,
            )
            % {"count": sheets}
        )
    if deals:
        lines.append(
            ngettext("%(count)d donne saisie", "%(count)d donnes saisies", deals) % {"count": deals}
        )
    return lines


# --- Rules ------------------------------------------------------------------------------------

_RULES_CACHE: dict[tuple[int, str], Ruleset] = {}


def ruleset_of_contest(contest: Contest) -> Ruleset:
    """The contest's engine ruleset, built once per process for each stored version.

    Raises ``EngineError`` (``rules.*``) when the stored JSON is not a valid ruleset.
    """
    # A deal POST asks twice for the same instance (the view, then the service): the answer is
    # kept on the instance too, for as long as it holds the same stored rules (a new value is a
    # new object: the rules form assigns, never edits in place).
    memo = contest.__dict__.get("_engine_rules")
    if memo is not None and memo[0] is contest.ruleset and memo[1] == contest.preset:
        return memo[2]
    key = (contest.pk, json.dumps(contest.ruleset, sort_keys=True) + "|" + contest.preset)
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = tournaments_adapters.ruleset_of(contest)
        if len(_RULES_CACHE) > 256:
            _RULES_CACHE.clear()
        _RULES_CACHE[key] = rules
    contest.__dict__["_engine_rules"] = (contest.ruleset, contest.preset, rules)
    return rules


# --- Deals ------------------------------------------------------------------------------------

_TEAM = {"a": Team.A, "b": Team.B}
_TEAM_BACK = {Team.A: "a", Team.B: "b"}


@dataclass(frozen=True)
class AnnouncementFacts:
    """One declared announcement: team, kind, top card (or carré rank) and suit."""

    team: str  # "a" | "b"
    kind: str  # AnnouncementKind value
    rank: str  # Rank value
    suit: str = ""  # Suit value, "" for a carré
    length: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"team": self.team, "kind": self.kind, "rank": self.rank}
        if self.suit:
            data["suit"] = self.suit
        if self.length:
            data["length"] = self.length
        return data


@dataclass(frozen=True)
class DealFacts:
    """The facts of one deal as entered on a sheet (team letters "a"/"b" of the table).

    ``taker`` is the taking team, or the penalised team of a penalty. ``taker_points`` are the
    card points of the taking team, dix de der included (the defense has the rest). ``bid_kind``
    is "points", "capot" or "generale" in contrée ("" in classic); ``contre`` is 0, 1 or 2.
    """

    taker: str
    trump: str = ""
    taker_points: int | None = None
    capot_team: str = ""
    belote_team: str = ""
    bid: int | None = None
    bid_kind: str = ""
    contre: int = 0
    announcements: tuple[AnnouncementFacts, ...] = ()
    announcement_priority: str = ""
    dealer_seat: int | None = None
    penalty: str = ""  # "" for a played deal, else "renonce" / "misdeal"

    @property
    def is_penalty(self) -> bool:
        return bool(self.penalty)

    def record_fields(self) -> dict[str, Any]:
        """The DealRecord fields holding these facts."""
        announcements: dict[str, Any] = {}
        if self.announcements:
            announcements["items"] = [a.to_json() for a in self.announcements]
        if self.announcement_priority:
            announcements["priority"] = self.announcement_priority
        return {
            "kind": DealRecord.Kind.PENALTY if self.is_penalty else DealRecord.Kind.DEAL,
            "penalty": self.penalty,
            "taker": self.taker,
            "trump": self.trump,
            "taker_points": self.taker_points,
            "capot_team": self.capot_team,
            "belote_team": self.belote_team,
            "bid": self.bid,
            "bid_kind": self.bid_kind,
            "contre": self.contre,
            "announcements": announcements,
            "dealer_seat": self.dealer_seat,
        }

    def to_json(self) -> dict[str, Any]:
        data = self.record_fields()
        data["kind"] = str(data["kind"])
        return data


def facts_of(record: DealRecord) -> DealFacts:
    """The facts stored on a deal record."""
    ann = record.announcements if isinstance(record.announcements, dict) else {}
    items = tuple(
        AnnouncementFacts(
            team=str(a.get("team", "")),
            kind=str(a.get("kind", "")),
            rank=str(a.get("rank", "")),
            suit=str(a.get("suit", "")),
            length=a.get("length"),
        )
        for a in ann.get("items", [])
        if isinstance(a, dict)
    )
    return DealFacts(
        taker=record.taker,
        trump=record.trump,
        taker_points=record.taker_points,
        capot_team=record.capot_team,
        belote_team=record.belote_team,
        bid=record.bid,
        bid_kind=record.bid_kind,
        contre=record.contre,
        announcements=items,
        announcement_priority=str(ann.get("priority", "")),
        dealer_seat=record.dealer_seat,
        penalty=record.penalty,
    )


def _team_or_none(value: str) -> Team | None:
    return _TEAM.get(value) if value else None


def engine_deal(facts: DealFacts) -> Deal:
    """The engine's ``Deal`` for these facts (validation of the facts is the engine's job).

    The form has already checked every value is one of its choices, so the enum conversions
    here cannot fail on user input.
    """
    contract = Contract(facts.bid_kind) if facts.bid_kind else Contract.POINTS
    bid = facts.bid if contract is Contract.POINTS else None
    if facts.is_penalty:
        return Deal(
            kind=DealKind.PENALTY,
            penalised=_TEAM[facts.taker],
            bid=bid,
            contract=contract,
        )
    taker = _TEAM[facts.taker]
    points_a = points_b = None
    if facts.taker_points is not None:
        if taker is Team.A:
            points_a = facts.taker_points
        else:
            points_b = facts.taker_points
    announcements = tuple(
        Announcement(
            team=_TEAM[a.team],
            kind=AnnouncementKind(a.kind),
            rank=Rank(a.rank),
            suit=Suit(a.suit) if a.suit else None,
            length=a.length,
        )
        for a in facts.announcements
    )
    return Deal(
        taker=taker,
        trump=Trump(facts.trump) if facts.trump else None,
        points_a=points_a,
        points_b=points_b,
        capot=_team_or_none(facts.capot_team),
        belote=_team_or_none(facts.belote_team),
        announcements=announcements,
        announcement_priority=_team_or_none(facts.announcement_priority),
        bid=bid,
        contract=contract,
        contre=facts.contre >= 1,
        surcontre=facts.contre == 2,
    )


def breakdown_json(score: DealScore) -> list[dict[str, Any]]:
    """The engine's breakdown lines as stored on the record: ``[{team, code, points}]``."""
    return [
        {"team": _TEAM_BACK[line.team], "code": line.code, "points": line.points}
        for line in score.breakdown
    ]


def scored_fields(score: DealScore) -> dict[str, Any]:
    """The DealRecord fields holding what the engine computed for a deal."""
    return {
        "score_a": score.score_a,
        "score_b": score.score_b,
        "outcome": str(score.outcome),
        "contract_made": score.contract_made,
        "carry_in": score.carry_in,
        "carry_out": score.carry_out,
        "breakdown": breakdown_json(score),
    }


def team_letter(team: Team | None) -> str:
    return _TEAM_BACK[team] if team is not None else ""


__all__ = [
    "RESULT_STATUSES",
    "AnnouncementFacts",
    "DealFacts",
    "breakdown_json",
    "engine_deal",
    "facts_of",
    "finished_results",
    "round_activity",
    "ruleset_of_contest",
    "scored_fields",
    "sheet_result",
    "team_letter",
]
