"""The FFT 2012 rulebook's worked examples ("La marque en donnes libres", "La Poignée", "Le
Petit au Bout", the rules at 3 and 5 players), each scored as the rulebook scores it."""

from __future__ import annotations

import pytest

from .tarot_helpers import FFT, score

TAKER, DEF = "taker", "defense"


def lines(result: object) -> dict[str, int]:
    out: dict[str, int] = {}
    for ln in result.breakdown:  # type: ignore[attr-defined]
        out[ln.code] = out.get(ln.code, 0) + ln.points
    return out


def test_garde_poignee_petit_au_bout_49_points_with_two_bouts() -> None:
    # "49 - 41 = 8; 25 + 8 = 33 × 2 = 66; Poignée 20; Petit au Bout 10 × 2 = 20; + 106.
    # Chaque Défenseur marque -106 et le preneur marque 106 × 3 = +318."
    r = score(FFT, 4, 0, "garde", 49, 2, petit=TAKER, poignees=((0, "simple"),))
    assert lines(r) == {"base": 66, "poignee": 20, "petit_au_bout": 20}
    assert r.value == 106 and r.scores == (318, -106, -106, -106)


def test_garde_sans_won_by_4_petit_au_bout_lost() -> None:
    # "(25 + 4) × 4 = 116; il faut retrancher 40 pour le Petit au Bout; + 76 … +228."
    r = score(FFT, 4, 2, "garde_sans", 45, 2, petit=DEF)
    assert lines(r) == {"base": 116, "petit_au_bout": -40}
    assert r.scores == (-76, -76, 228, -76)


def test_prise_failed_by_7_with_a_poignee_and_the_petit_au_bout() -> None:
    # "25 + 7 + 20 (Poignée) - 10 (Petit au Bout) = 42. Chaque Défenseur marque + 42. Le
    # preneur marque -42 × 3 = -126." (one bout, the petit: 51 needed, 44 made)
    r = score(FFT, 4, 3, "petite", 44, 1, petit=TAKER, poignees=((3, "simple"),))
    assert lines(r) == {"base": -32, "poignee": -20, "petit_au_bout": 10}
    assert r.value == -42 and r.scores == (42, 42, 42, -126)


def test_garde_won_by_11_the_defence_showed_a_poignee() -> None:
    # "(25 + 11) × 2 = 72, plus 20 de Poignée (payée par la Défense) … +92. Le preneur marque
    # +276 et chaque Défenseur -92."
    r = score(FFT, 4, 1, "garde", 62, 1, poignees=((2, "simple"),))
    assert lines(r) == {"base": 72, "poignee": 20}
    assert r.scores == (-92, 276, -92, -92)


def test_garde_chelem_announced_and_made_the_defence_kept_the_excuse() -> None:
    # "Avec 2 Bouts, le preneur réalise 87 points. Il gagne de 87 - 41 = 46. (46 + 25) × 2 +
    # 20 (Poignée) + 20 (Petit au Bout) + 400 (Chelem annoncé) = 582 … +1746."
    r = score(
        FFT, 4, 0, "garde", 87, 2, petit=TAKER, poignees=((0, "simple"),),
        chelem=TAKER, announced=True,
    )  # fmt: skip
    assert lines(r) == {"base": 142, "poignee": 20, "petit_au_bout": 20, "chelem": 400}
    assert r.value == 582 and r.scores == (1746, -582, -582, -582)


@pytest.mark.parametrize(
    ("contract", "points", "bouts", "prime"),
    [("garde_sans", 40, 2, -40), ("petite", 30, 2, -10), ("petite", 60, 1, -10)],
)
def test_petit_au_bout_taken_by_a_defender_whatever_the_result(
    contract: str, points: int, bouts: int, prime: int
) -> None:
    # "Le camp déclarant donne une prime de 10 × 4 = 40 à chaque défenseur. Si malgré la
    # perte du Petit, le camp déclarant gagne son contrat, la prime est alors déduite de ses
    # gains." The same at a prise: 10.
    with_petit = score(FFT, 4, 0, contract, points, bouts, petit=DEF)
    without = score(FFT, 4, 0, contract, points, bouts)
    assert lines(with_petit)["petit_au_bout"] == prime
    assert with_petit.value - without.value == prime


@pytest.mark.parametrize(("points", "prime"), [(50, 30), (30, -30)])
def test_the_taker_shows_a_double_poignee(points: int, prime: int) -> None:
    # "S'il gagne, chaque défenseur donne … une prime de 30. S'il perd, c'est lui qui donne
    # cette prime à chaque défenseur."
    r = score(FFT, 4, 0, "garde", points, 2, poignees=((0, "double"),))
    assert lines(r)["poignee"] == prime


@pytest.mark.parametrize(("points", "prime"), [(50, 20), (30, -20)])
def test_a_defender_shows_ten_trumps(points: int, prime: int) -> None:
    # "Si le camp déclarant gagne, chaque défenseur lui donne une prime de 20. Si le camp
    # déclarant perd, chaque défenseur reçoit une prime de 20."
    r = score(FFT, 4, 0, "garde", points, 2, poignees=((2, "simple"),))
    assert lines(r)["poignee"] == prime


@pytest.mark.parametrize("players", [3, 5])
def test_half_points_at_three_and_five(players: int) -> None:
    # "Si le preneur réalise 40 points ½ avec 2 Bouts, le ½ point va à la défense. Il réalise
    # donc 40 points et chute son contrat de UN point. … 41 points ½ … passe son contrat de
    # UN point."
    seats = {"partner": 2} if players == 5 else {}
    failed = score(FFT, players, 0, "petite", 40.5, 2, **seats)
    assert (failed.made, failed.margin, failed.value) == (False, 1, -26)
    made = score(FFT, players, 0, "petite", 41.5, 2, **seats)
    assert (made.made, made.margin, made.value) == (True, 1, 26)
    assert "the half to the defence" in failed.breakdown[0].label


def test_the_marque_at_three_and_at_five() -> None:
    # At three "les points du preneur sont multipliés par 2"; at five 2/3 for the taker, 1/3
    # for the partner, the taker alone "encaisse la totalité".
    assert score(FFT, 3, 1, "petite", 49, 2).scores == (-33, 66, -33)
    assert score(FFT, 5, 1, "petite", 49, 2, partner=3).scores == (-33, 66, -33, 33, -33)
    assert score(FFT, 5, 1, "petite", 49, 2, partner=None).scores == (-33, 132, -33, -33, -33)
