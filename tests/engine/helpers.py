"""Shared helpers for the engine tests (no Django)."""

from engine.belote.deal import Deal, DealScore, Team, score_deal
from engine.belote.rules import Ruleset, make_ruleset

A, B = Team.A, Team.B


def rules(name: str, **overrides: object) -> Ruleset:
    return make_ruleset(name, **overrides)


def score(
    r: Ruleset | str, carry_in: int = 0, last_deal: bool = False, **deal: object
) -> DealScore:
    rs = make_ruleset(r) if isinstance(r, str) else r
    result = score_deal(rs, Deal(**deal), carry_in, last_deal=last_deal)  # type: ignore[arg-type]
    assert_breakdown_adds_up(result)
    return result


def assert_breakdown_adds_up(result: DealScore) -> None:
    lines = result.breakdown
    assert sum(ln.points for ln in lines if ln.team is Team.A) == result.score_a
    assert sum(ln.points for ln in lines if ln.team is Team.B) == result.score_b
