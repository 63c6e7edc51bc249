"""The one module that converts scoring models to engine values and back.

What it owns
------------
* Results for pairing and standings: :func:`finished_results` (every finished game, bye and
  forfeit of a contest as ``engine.standings.GameResult`` values, in ONE query),
  :func:`capped_scores`, :func:`sheet_result` and :func:`round_activity` live in
  ``scoring.results`` and are re-exported here, the one door callers use.
  ``finished_results`` and ``round_activity`` fill the ports ``tournaments.ports.
  results_source`` and ``round_activity`` at start-up (``scoring.wiring``), so that
  tournaments (which never imports scoring) pairs the next round from them; standings read
  the same function.
* Rules: :func:`ruleset_of_contest` and :func:`ruleset_of_round` (a partie's own format over
  the contest's rules: every sheet is scored, checked and shown with it).
* Deals: :func:`deal_input` (the
  facts of a deal as the engine's deal value) and :func:`scored_fields` (the engine's
  ``DealScore`` as DealRecord fields).

What it must not do
-------------------
It never writes (``scoring.services`` does) and never decides access.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.belote.cards import Rank, Suit, Trump
from engine.belote.deal import (
    Announcement,
    AnnouncementKind,
    Contract,
    Deal,
    DealKind,
    DealScore,
    Team,
)
from engine.belote.rules import Ruleset
from scoring.models import DealRecord

# The results are their own module (``scoring.results``), re-exported here (``__all__``).
from scoring.results import (
    RESULT_STATUSES,
    capped_scores,
    finished_results,
    round_activity,
    score_caps_set,
    sheet_result,
)
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Round

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


def _phase_overrides(round_: Round) -> Any:
    if round_.phase_id is None:
        return {}
    phase = round_.phase
    return (phase.rules_overrides if phase is not None else None) or {}


def ruleset_of_round(round_: Round) -> Ruleset:
    """The rules a partie's sheets are scored under: the contest's, its phase's format, then
    its own (``tournaments.adapters.round_ruleset``), built once per process for each stored
    version. Without any override, the very object of :func:`ruleset_of_contest`.

    Raises ``EngineError`` (``rules.*``) when the stored JSON is not a valid ruleset.
    """
    contest = round_.contest
    phase = _phase_overrides(round_)
    own = round_.rules_overrides or {}
    if not phase and not own:
        return ruleset_of_contest(contest)
    memo = round_.__dict__.get("_engine_rules")
    if memo is not None and memo[0] is own and memo[1] is phase and memo[2] is contest.ruleset:
        return memo[3]
    key = (
        -round_.pk,  # negative: never the key of a contest (ruleset_of_contest's)
        "|".join(
            (
                json.dumps(contest.ruleset, sort_keys=True),
                contest.preset,
                json.dumps(phase, sort_keys=True),
                json.dumps(own, sort_keys=True),
            )
        ),
    )
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = tournaments_adapters.round_ruleset(round_)
        if len(_RULES_CACHE) > 256:
            _RULES_CACHE.clear()
        _RULES_CACHE[key] = rules
    round_.__dict__["_engine_rules"] = (own, phase, contest.ruleset, rules)
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
    "capped_scores",
    "engine_deal",
    "facts_of",
    "finished_results",
    "round_activity",
    "ruleset_of_contest",
    "ruleset_of_round",
    "score_caps_set",
    "scored_fields",
    "sheet_result",
    "team_letter",
]
