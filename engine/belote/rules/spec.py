"""The description of every rule option: type, allowed values, default, rules.md section.

This module owns ``OptionSpec`` and ``OPTIONS`` (what ``python -m engine options`` prints and
the contest form is built from), and each option's check of its value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, Final

from engine.belote.errors import EngineError
from engine.belote.rules import options

__all__ = ["ENUM_TYPES", "OPTIONS", "SPECS", "OptionSpec", "coerce", "jsonable"]


def jsonable(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its allowed values (an enum's values, a set of ints, or a range)."""

    name: str
    kind: str  # "enum", "int", "bool"
    choices: tuple[object, ...]  # allowed values; for a ranged int, (min, max)
    default: object
    description: str
    ranged: bool = False

    def check(self, value: object) -> None:
        ok: bool
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            if ok and self.ranged:
                low, high = self.choices
                ok = isinstance(low, int) and isinstance(high, int) and low <= value <= high  # type: ignore[operator]
            elif ok:
                ok = value in self.choices
        else:
            ok = isinstance(value, Enum) and value.value in self.choices
        if not ok:
            raise EngineError(
                "rules.invalid_value",
                f"option {self.name!r} cannot be {value!r}",
                {"option": self.name, "value": jsonable(value), "allowed": list(self.choices)},
            )

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name,
            "type": self.kind,
            "default": jsonable(self.default),
            "description": self.description,
        }
        if self.kind == "int" and self.ranged:
            out["min"], out["max"] = self.choices
        elif self.kind != "bool":
            out["values"] = list(self.choices)
        else:
            out["values"] = [False, True]
        return out


_DESCRIPTIONS: Final[dict[str, str]] = {
    "variant": "classic belote (à la retourne), contrée, or coinche (contrée with announcements). §5",
    "deal_total": "card points of a deal: 152 + dix de der 10. §1",
    "capot_value": "classic: what a capot team scores instead of its 162 card points (252 FFB, 250 flat, 262, 242, 162). §1, §5",
    "contract_rule": "classic: taker total > defense total (FFB), ≥ 82 card points, or ≥ defense (a tie makes it). §2.3, §5",
    "belote_counts_for_contract": "belote counts toward the contract (classic comparison, contrée bid). §5",
    "tie_rule": "classic equal totals: litige (taker's points held in reserve), taker fails, or taker succeeds. §2.6, §5",
    "litige_reserve_to": "who collects a litige reserve: the next taker who makes the contract (FFB wording), or the next deal's winner (seeds 2/3). The reserve accumulates over successive litiges. §2.6",
    "litige_last_deal": "a litige on the game's last deal: as usual, or each team scores its own points (ASCE 79). §2.6, §4",
    "failed_points": "failed contract: the defense scores 162, 160, 162 + C, 160 + C or C only (C = the contract value; classic has no C). §5, §3.4",
    "failed_defense_extras": "failed contract: the defense adds its belote and every announcement of both teams, or scores the flat failure amount. §5b",
    "belote_on_failure": "the failing taker's belote: kept by its holder (FFB classic, coinche), to the defense (FFB contrée, Cannes), lost, or belote never scored at all. §3.5, §5",
    "defense_capot": "defenders who take all 8 tricks score the capot pile instead of the failure base, or an ordinary failure. §5b",
    "capot_test": "a capot is recorded as the team that won all tricks, or is also recognised when a team has 0 card points. §5b",
    "announcements": "play with announcements (tierce, quarte, quinte, carrés). §2.8, §5",
    "announcement_scoring": "only the team with the best announcement scores (all of its own), or each team scores its own. §5b",
    "announcement_tie": "equal best announcements: cancel all (FFB coinche, after points, top card, trump), trump then the team nearest the dealer, or the first announced. §2.8, §5",
    "announcement_ranking": "best announcements compared by points (carré over sequence, then top card: FFB coinche), or sequences by length first (a run of six beats a run of five, both worth 100). §2.8; issue 14",
    "card_reuse_in_announcements": "one card in two announcements: forbidden (FFB coinche, seed 3) or a carré plus a sequence allowed (seed 2). §2.8, §5",
    "announcements_count_for_contract": "announcements count toward the contract (FFB coinche, seed 2). §5",
    "sans_atout_tout_atout": "sans-atout and tout-atout deals are allowed (FFB optional variant, §11). §1",
    "tout_atout_points": "tout-atout card points: the contrée table (out of 162), or raw classic values out of 258 scaled by 162/258. §1",
    "contree_scoring_mode": "points faits, points faits + demandés, or points annoncés. §3.4, §5",
    "contract_success": "contrée contract made with the bid only (FFB contrée 2016) or the bid and more than the defense (FFB coinche 2015). §3.3, §5",
    "bid_range": "allowed number bids (by tens; a minimum of 82 is followed by 90): 80–160, 80–180, 82–160, 82–180, 90–180. §3.1, §5, §5b",
    "min_bid_82_counts_as": "a bid of 82 is scored as 82, or as 80 ('80 means 82'). §5b",
    "capot_bid_value": "the contract value of a capot bid: 250 (FFB), 260 (seed 4), 270 (Cannes), or as some score sheets count it 162, 252 or 500. §3.1, §5; issue 14",
    "capot_value_contree": "contrée: the pile of a team that takes all 8 tricks (252, 250, 262, 162). §5b",
    "capot_bid_made": "made capot bid: capot pile + capot value, 162 + capot value, flat 500 × M, flat 250 × M, or the capot pile alone × M (e.g. 262). §5b (the §5 'capot_contree' row); issue 14",
    "capot_bid_failed": "failed capot bid: failure base + capot value, or flat 500 × M. §5b (the §5 'capot_contree' row)",
    "generale_made": "générale (one player takes all 8 tricks): off, a contract of 500, flat 500 × M, or flat 1000 × M. §3.1, §5b",
    "generale_failed": "failed générale: off, failure base + 500, flat 500 × M, or flat 1000 × M. §5b",
    "contre_multiplier": "contre multiplies by 2. §3.2, §5",
    "surcontre_multiplier": "surcontre multiplies by 4 (FFB 2015/16) or 3 ([FFB-EL], Cannes). §3.2, §5",
    "multiplier_target": "what contre/surcontre multiply: the contract only (base + C×M), the whole score ((base + C)×M), or a fixed amount (base×M, points faits 320/640). §3.4, §5",
    "doubled_winner_base": "doubled deal: the winner takes the whole pile (160/162), the whole pile or its capot pile, or its own points. §5b",
    "doubled_loser_score": "doubled deal: the loser scores 0 or keeps its own points. §5",
    "belote_when_doubled": "doubled deal: belote unmultiplied and scored as usual, to the winner unmultiplied, or multiplied with its holder's score. §3.5, §5b",
    "rounding": "none, nearest 10 with 5 up, nearest 10 with 6 up, or taker rounded and defense the complement to 160. §2.9, §3.7, §5",
    "rounding_stage": "what is rounded: points after the contract check (FFB), points before it, or each team's final deal score. §5b",
    "last_deal_exact": "the game's last deal is scored to the point (no rounding): [FFB-EL], Cannes. §3.7, §5",
    "penalty_points": "points given to the opponents of a penalised team (renonce, misdeal): 162 (clubs) or 160 (contrée). §4",
    "penalty_adds_contract": "the penalty adds the contract (Cannes: 160 + the contract). §4",
    "game_end": "a game ends at a points target or after a number of deals. §2.10, §4",
    "target": "the points target (501, 701, 1000, 1001, 1500, 2000, 2001, 3000...). §2.10, §3.8, §5",
    "deals_per_game": "deals in a game when game_end is 'deals' (void deals are not counted). §4",
    "end_condition": "the target is reached (≥, FFB) or must be exceeded (>). §2.10, §5",
    "both_cross_rule": "both teams cross on the same deal: higher wins and a tie means another deal (FFB), higher wins and a tie is a draw, always a draw, or the last taker wins. §2.10, §5",
    "capot_belote_cannot_finish": "a capot (or failed) team cannot reach the target with its belote alone (FFB web, 2015 texts). §2.10, §5",
    "score_cap_winner": "a game's recorded score: the winner's at most this (0: no cap); the sheet's totals are not changed. Issue 14 (contest regulations)",
    "score_cap_loser": "a game's recorded score: the loser's at most this (0: no cap; not above the winner's cap). Issue 14",
    "time_up": "time called during a game: it ends as it stands, after the deal being played, or after time_up_deals more deals (void deals not counted); the higher total wins, equal totals are a draw. §4 (Cannes 2001 points / 40 min)",
    "time_up_deals": "the number of deals still played once time is called, with time_up = after_more_deals. §4",
    "match_games": "games in a match (1: a match is one game). Seed 002 ('2 manches de 1000 points'), §4",
    "match_format": "a match: best of match_games (over once a team has won more than half), or all games played; most games won, then points, then a draw. Seed 002, §4",
    "redeal_on_all_pass": "all pass: the next dealer deals (FFB), the same dealer redeals, or a forced third round. §2.1, §5",
    "second_round_suit": "classic second round: any suit, or any suit but the turned-up one. §2.1, §5",
    "games_per_contest": "parties in a contest (e.g. 4 × 12 deals). §4",
    "tournament_ranking": "contest ranking: sum of points; wins then points then points conceded; 3/1/0 match points. §4, §5",
    "tournament_pairing": "contest pairing: draw then by standing, a draw every round, fixed rotation, Swiss by goal-average. §4, §5",
}

_INT_CHOICES: Final[dict[str, tuple[int, ...]]] = {
    "deal_total": (162,),
    "capot_value": (252, 250, 262, 242, 162),
    "min_bid_82_counts_as": (82, 80),
    "capot_bid_value": (250, 260, 270, 162, 252, 500),
    "capot_value_contree": (252, 250, 262, 162),
    "contre_multiplier": (2,),
    "surcontre_multiplier": (4, 3),
    "penalty_points": (162, 160),
}
_INT_RANGES: Final[dict[str, tuple[int, int]]] = {
    "target": (1, 100_000),
    "deals_per_game": (1, 200),
    "games_per_contest": (1, 100),
    "score_cap_winner": (0, 100_000),
    "score_cap_loser": (0, 100_000),
    "time_up_deals": (1, 50),
    "match_games": (1, 15),
}


def _field_type(f: dataclasses.Field[Any]) -> Any:
    # Annotations are strings (from __future__ import annotations): resolve them among the
    # option enums (int and bool are builtins).
    return eval(f.type, dict(vars(options))) if isinstance(f.type, str) else f.type


def _build_specs() -> dict[str, OptionSpec]:
    specs: dict[str, OptionSpec] = {}
    for f in dataclasses.fields(options.RuleOptions):
        if not f.init:
            continue
        typ = _field_type(f)
        desc = _DESCRIPTIONS[f.name]
        if typ is bool:
            specs[f.name] = OptionSpec(f.name, "bool", (False, True), f.default, desc)
        elif typ is int:
            if f.name in _INT_RANGES:
                specs[f.name] = OptionSpec(
                    f.name, "int", _INT_RANGES[f.name], f.default, desc, ranged=True
                )
            else:
                specs[f.name] = OptionSpec(f.name, "int", _INT_CHOICES[f.name], f.default, desc)
        else:
            specs[f.name] = OptionSpec(f.name, "enum", tuple(m.value for m in typ), f.default, desc)
    return specs


SPECS: Final = _build_specs()
OPTIONS: Final[Mapping[str, OptionSpec]] = MappingProxyType(SPECS)
ENUM_TYPES: Final[dict[str, type[Enum]]] = {
    f.name: _field_type(f)
    for f in dataclasses.fields(options.RuleOptions)
    if f.init and SPECS[f.name].kind == "enum"
}


def coerce(name: str, value: object) -> object:
    """``value`` as option ``name`` holds it (an enum from its string), checked; coded errors."""
    spec = SPECS.get(name)
    if spec is None:
        raise EngineError("rules.unknown_option", f"unknown option {name!r}", {"option": name})
    if spec.kind == "enum":
        enum_type = ENUM_TYPES[name]
        if isinstance(value, enum_type):
            return value
        try:
            return enum_type(value)
        except ValueError:
            raise EngineError(
                "rules.invalid_value",
                f"option {name!r} cannot be {value!r}",
                {"option": name, "value": jsonable(value), "allowed": list(spec.choices)},
            ) from None
    spec.check(value)
    return value
