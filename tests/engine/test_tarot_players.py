"""The marque at 3, 4 and 5 players (FFT 2012): each defender −X; the taker 2X at three, 3X
at four; at five with a called king, taker 2X and partner X, or 4X alone (the king in the
chien or his own); a table of five playing at four with a rotating mort who scores 0.
Half points only where the count can end in a half: at three and at five with a king."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.tarot.model import Role

from .tarot_helpers import FFT, rules, score

MORT = rules(five_players="mort")


@pytest.mark.parametrize(
    ("players", "seats", "scores", "roles"),
    [
        (3, {}, (-31, 62, -31), "DTD"),
        (4, {}, (-31, 93, -31, -31), "DTDD"),
        (5, {"partner": 3}, (-31, 62, -31, 31, -31), "DTDPD"),
        (5, {"partner": None}, (-31, 124, -31, -31, -31), "DTDDD"),
        (5, {"partner": 1}, (-31, 124, -31, -31, -31), "DTDDD"),  # he called his own king
    ],
)
def test_the_taker_partner_and_defenders_share_x(
    players: int, seats: dict[str, int | None], scores: tuple[int, ...], roles: str
) -> None:
    r = score(FFT, players, 1, "petite", 47, 2, **seats)
    assert r.value == 31 and r.scores == scores
    letters = {Role.TAKER: "T", Role.PARTNER: "P", Role.DEFENDER: "D", Role.MORT: "M"}
    assert "".join(letters[role] for role in r.roles()) == roles


@pytest.mark.parametrize("mort", [0, 2, 3, 4])
def test_five_with_a_mort_plays_at_four_and_the_mort_scores_zero(mort: int) -> None:
    r = score(MORT, 5, 1, "garde", 47, 2, mort=mort)
    expected = [-62] * 5
    expected[1], expected[mort] = 186, 0
    assert r.scores == tuple(expected) and r.roles()[mort] is Role.MORT


def test_the_mort_plays_at_four_whole_points_and_four_players_poignees() -> None:
    with pytest.raises(EngineError) as refused:
        score(MORT, 5, 1, "garde", 47.5, 2, mort=0)
    assert refused.value.code == "tarot.half_point_at_four"
    # A simple poignée is 10 trumps at four (8 at five with a king): a triple (15) and a
    # double (13) are too many.
    with pytest.raises(EngineError) as refused:
        score(MORT, 5, 1, "garde", 47, 2, mort=0, poignees=((1, "triple"), (2, "double")))
    assert refused.value.params["trumps"] == 28


def test_at_four_the_count_is_always_whole() -> None:
    with pytest.raises(EngineError) as refused:
        score(FFT, 4, 1, "garde", 47.5, 2)
    assert refused.value.code == "tarot.half_point_at_four"
    assert refused.value.params == {"points": 47.5}


@pytest.mark.parametrize(
    ("points", "bouts", "made", "margin"),
    [
        (55.5, 0, False, 1),
        (56.5, 0, True, 1),
        (50.5, 1, False, 1),
        (36.5, 3, True, 1),
        (0.5, 0, False, 56),
    ],
)
def test_the_half_goes_to_the_side_that_wins(
    points: float, bouts: int, made: bool, margin: int
) -> None:
    r = score(FFT, 3, 0, "petite", points, bouts)
    assert (r.made, r.margin) == (made, margin)


@pytest.mark.parametrize(
    ("players", "seats", "code"),
    [
        (4, {"partner": 2}, "tarot.partner_not_allowed"),
        (3, {"partner": 2}, "tarot.partner_not_allowed"),
        (4, {"mort": 2}, "tarot.mort_not_allowed"),
        (5, {"partner": 2, "mort": 3}, "tarot.mort_not_allowed"),
        (5, {"partner": 7}, "tarot.unknown_player"),
        (6, {}, "tarot.invalid_players"),
        (2, {}, "tarot.invalid_players"),
    ],
)
def test_a_partner_or_mort_where_the_table_has_none(
    players: int, seats: dict[str, int], code: str
) -> None:
    with pytest.raises(EngineError) as refused:
        score(FFT, players, 1, "garde", 47, 2, **seats)
    assert refused.value.code == code


def test_a_table_with_a_mort_needs_one_who_does_not_take() -> None:
    with pytest.raises(EngineError) as refused:
        score(MORT, 5, 1, "garde", 47, 2)
    assert (refused.value.code, refused.value.params) == ("tarot.missing_field", {"field": "mort"})
    with pytest.raises(EngineError) as refused:
        score(MORT, 5, 1, "garde", 47, 2, mort=1)
    assert refused.value.code == "tarot.mort_plays"
    with pytest.raises(EngineError) as refused:
        score(MORT, 5, 1, "garde", 47, 2, mort=2, poignees=((2, "simple"),))
    assert refused.value.code == "tarot.mort_plays"
    with pytest.raises(EngineError) as refused:
        score(MORT, 5, 1, "garde", 47, 2, mort=2, partner=3)
    assert refused.value.code == "tarot.partner_not_allowed"
