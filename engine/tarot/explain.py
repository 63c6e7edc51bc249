"""The breakdown of a deal a player can check: "25 + 8 = 33 × 2 = 66, petit au bout +20…".

This module owns ``explain`` (the labelled lines of a deal's value X, which add up to X, then
one line per misère) and ``sentence`` (the whole sum in one line, with each seat's marque).
It follows ``engine.tarot.value.deal_value`` line by line, only when a breakdown is read:
scoring a deal never builds one (tests check the lines add up to the value). Players are
named by the caller ("seat 0"... otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.tarot.cards import NEEDED
from engine.tarot.model import BreakdownLine, Deal, MisereKind, Side
from engine.tarot.rules import Ruleset
from engine.tarot.value import (
    CHELEM_ANNOUNCED,
    CHELEM_DEFENSE,
    CHELEM_FAILED,
    CHELEM_UNANNOUNCED,
    CONTRACT_BASE,
    PETIT_AU_BOUT,
    margin_of,
)

__all__ = ["explain", "sentence"]

_MISERE_NAMES: Final = {MisereKind.ATOUT: "misère d'atout", MisereKind.TETE: "misère de têtes"}


def _half(halves: int) -> str:
    """Points written as on a sheet: 49, 40½."""
    return f"{halves // 2}½" if halves & 1 else str(halves // 2)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def _names(d: Deal, names: Sequence[str] | None) -> Sequence[str]:
    return names if names is not None else [f"seat {i}" for i in range(d.players)]


def _base_line(rules: Ruleset, d: Deal, multiplier: int) -> tuple[BreakdownLine, bool]:
    made, exact, margin = margin_of(rules.derived, d)
    step = rules.derived.rounding_step
    facts = f"{_half(d.halves)} points, {NEEDED[d.bouts]} needed with {d.bouts} bouts"
    if d.halves & 1:
        facts += f", the half to the {'taker' if made else 'defence'}"
    verdict = ("juste fait" if exact == 0 else f"passe de {exact}") if made else f"chute de {exact}"
    shown = str(margin) if step == 1 else f"{margin} ({exact} rounded to {step})"
    total = CONTRACT_BASE + margin
    base = total * multiplier
    if made:
        label = f"{facts}: {verdict}; 25 + {shown} = {total} × {multiplier} = {base}"
    else:
        label = f"{facts}: {verdict}; −(25 + {shown}) = −{total} × {multiplier} = −{base}"
    return BreakdownLine("base", base if made else -base, label), made


def explain(
    rules: Ruleset, d: Deal, names: Sequence[str] | None = None
) -> tuple[BreakdownLine, ...]:
    """The labelled parts of the deal's value (they add up to it), then its misères."""
    if d.passed:
        return ()
    who = _names(d, names)
    derived = rules.derived
    multiplier = derived.multipliers[d.contract]
    base, made = _base_line(rules, d, multiplier)
    lines = [base]
    if d.petit_au_bout is not None:
        taker = d.petit_au_bout is Side.TAKER
        points = PETIT_AU_BOUT * multiplier
        side = "the taker's side" if taker else "the defence"
        label = f"petit au bout by {side}: 10 × {multiplier} = {points}"
        lines.append(BreakdownLine("petit_au_bout", points if taker else -points, label))
    winner = "the taker's side" if made else "the defence"
    for seat, kind in d.poignees:
        value = derived.poignee_values[kind]
        label = (
            f"poignée {kind.value} shown by {who[seat]}: {value} to the side that wins, {winner}"
        )
        lines.append(BreakdownLine("poignee", value if made else -value, label, seat))
    lines.extend(_chelem_lines(d))
    lines.extend(_misere_lines(d, who, derived.misere_value))
    return tuple(lines)


def _chelem_lines(d: Deal) -> list[BreakdownLine]:
    lines = []
    if d.chelem is Side.TAKER and d.chelem_announced:
        label = f"chelem announced and made: {CHELEM_ANNOUNCED}, not multiplied"
        lines.append(BreakdownLine("chelem", CHELEM_ANNOUNCED, label))
    elif d.chelem is Side.TAKER:
        label = f"chelem made, not announced: {CHELEM_UNANNOUNCED}"
        lines.append(BreakdownLine("chelem", CHELEM_UNANNOUNCED, label))
    elif d.chelem_announced:
        label = f"chelem announced and failed: −{CHELEM_FAILED}"
        lines.append(BreakdownLine("chelem", -CHELEM_FAILED, label))
    if d.chelem is Side.DEFENSE:
        label = f"chelem by the defence: {CHELEM_DEFENSE} to each defender"
        lines.append(BreakdownLine("chelem_defense", -CHELEM_DEFENSE, label))
    return lines


def _misere_lines(d: Deal, who: Sequence[str], value: int) -> list[BreakdownLine]:
    others = d.players - 1 - (d.mort is not None)
    return [
        BreakdownLine(
            "misere",
            value,
            f"{_MISERE_NAMES[kind]} of {who[seat]}: +{value * others}, each other player −{value}",
            seat,
        )
        for seat, kind in d.miseres
    ]


def sentence(
    lines: Sequence[BreakdownLine],
    value: int,
    scores: Sequence[int],
    roles: Sequence[str],
    names: Sequence[str],
) -> str:
    """The whole deal in one line: each part of X, X, then each seat's marque."""
    parts = [lines[0].label.split("; ", 1)[-1]] if lines else []
    parts += [
        f"{ln.label.split(':')[0]} {_signed(ln.points)}" for ln in lines[1:] if ln.code != "misere"
    ]
    parts += [ln.label for ln in lines if ln.code == "misere"]
    marque = ", ".join(
        f"{name} ({role}) {_signed(score)}"
        for name, role, score in zip(names, roles, scores, strict=True)
    )
    head = ", ".join(parts)
    shown = str(value) if value >= 0 else f"−{-value}"
    return f"{head} = {shown}: {marque}" if head else f"passed: {marque}"
