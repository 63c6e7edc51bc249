"""The named tarot presets: each a ``Ruleset`` built from one rule text, citing its source.

This module owns ``PRESETS`` (name → ``Preset``: title, source, rules; the default,
``fft_2012``, first), ``preset_named``, ``make_ruleset`` (a preset with overrides) and one
function per preset whose docstring is its source.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from engine.tarot.errors import EngineError
from engine.tarot.rules.options import GameEnd, PoigneeTrumps, PoigneeValues
from engine.tarot.rules.ruleset import Ruleset

__all__ = ["DEFAULT_PRESET", "PRESETS", "Preset", "make_ruleset", "preset_named"]


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    title: str
    source: str
    rules: Ruleset


def fft_2012() -> Ruleset:
    """FFT 2012, règlement officiel (transcription: ``MayoFaro/comptageTarot``,
    ``assets/reglement/reglement.md``).

    Contracts prise ×1, garde ×2, garde sans ×4, garde contre ×6 ("Le calcul des scores");
    25 + the margin, times the contract; poignées 10/13/15 trumps at four worth 20/30/40, not
    multiplied, to the side that wins ("La Poignée"); 13/15/18 at three ("Le jeu à 3
    joueurs"), 8/10/13 at five with a called king ("Le jeu à 5 joueurs"); petit au bout 10 ×
    the contract ("Le Petit au Bout"); chelem +400 / +200 / −200, +200 to each defender for a
    chelem by the defence ("Le chelem"); the marque of "La marque en donnes libres" (taker 3X
    at four, 2X at three, 2X + X at five, 4X alone); no misère, no pousse, no rounding. The
    game's length is the contest's ("Le classement en donnes libres"): ``game_end = open``.
    """
    return Ruleset()


def seed_002() -> Ruleset:
    """The seed page ``seeds/002_74095ede7e719c54.txt``, "LE TAROT".

    Its multiplier table is lost in the stored text; its example "le preneur, lors d'une
    garde, mène le petit au bout. Il marque donc 60 points … chacun de ses adversaires perd
    20" gives garde ×2, so the FFT multipliers. "Les poignées valent 10 points pour une simple,
    30 … double et 40 … triple" (``10_30_40``); trumps "poignée (10 atouts), double (13),
    triple (15)" at four, "13, 15 et 22" at three, "8, 10 et 15" at five (``seed_002``);
    "misère d'atout … misère de têtes … Les misères valent chacune 10 points … il marque 30
    points, et chacun des autres joueurs en perd 10" (misères on, 10); at five, a called king,
    taker 2X, partner X, alone 4X. "La partie se finit à 1000 points" (``target`` 1000). The
    page gives no chelem values: the FFT's.
    """
    return Ruleset(
        poignee_trumps=PoigneeTrumps.SEED_002,
        poignee_values=PoigneeValues.V10_30_40,
        miseres=True,
        misere_value=10,
        game_end=GameEnd.TARGET,
        target=1000,
    )


DEFAULT_PRESET: Final = "fft_2012"

PRESETS: Final = MappingProxyType(
    {
        "fft_2012": Preset(
            "fft_2012", "FFT 2012 (règlement officiel)", fft_2012.__doc__ or "", fft_2012()
        ),
        "seed_002": Preset(
            "seed_002", "The seed page 002 (tarot)", seed_002.__doc__ or "", seed_002()
        ),
    }
)


def preset_named(name: str) -> Preset:
    preset = PRESETS.get(name)
    if preset is None:
        raise EngineError(
            "tarot.unknown_preset",
            f"no tarot preset named {name!r}",
            {"preset": name, "allowed": sorted(PRESETS)},
        )
    return preset


def make_ruleset(preset: str | Ruleset, **overrides: object) -> Ruleset:
    """A preset (by name, or a ruleset) with some options overridden.

    ``make_ruleset("fft_2012", miseres=True)``. Unknown options and values raise the same coded
    errors as ``ruleset_from_json``.
    """
    base = preset if isinstance(preset, Ruleset) else preset_named(preset).rules
    return base.replace(**overrides) if overrides else base
