"""French words for a mêlée draw: the seating's error codes and its "why" report.

What it owns: :func:`seating_error_message` (``seating.*`` codes of ``engine.seating``) and
:func:`report_lines` (the items stored on a mêlée ``Round.report`` by
``tournaments.melee_adapters.report_json``) as French lines naming the players. It must not
write anything nor import ``scoring``. Every string goes through Django's translation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext


def seating_error_message(exc: Any) -> str:
    """A French sentence for an ``engine.seating.SeatingError``."""
    code = getattr(exc, "code", "")
    p: Mapping[str, Any] = getattr(exc, "params", None) or {}
    messages = {
        "seating.not_enough_players": _(
            "Il faut au moins %(minimum)s joueurs présents pour tirer une partie de mêlée "
            "(%(count)s pointé(s) pour cette partie)."
        )
        % {"minimum": p.get("minimum", 4), "count": p.get("count", 0)},
        "seating.duplicate_player": _("Un joueur figure deux fois parmi les présents."),
        "seating.unknown_player": _(
            "Les tirages précédents nomment un joueur qui n'est plus inscrit (partie %(partie)s)."
        )
        % {"partie": p.get("partie", "?")},
        "seating.invalid_history": _(
            "Les tirages précédents sont incohérents (partie %(partie)s) : refaites le dernier."
        )
        % {"partie": p.get("partie", "?")},
        "seating.invalid_partie": _(
            "Les parties précédentes ne se suivent pas : la partie %(expected)s est attendue."
        )
        % {"expected": p.get("expected", "?")},
        "seating.invalid_option": _("Un réglage du tirage a une valeur non autorisée (%(option)s).")
        % {"option": p.get("option", "?")},
        "seating.invalid_player": _("Un joueur ou son score est invalide."),
        "seating.unknown_game": _("Jeu inconnu pour ce tirage."),
    }
    if code in messages:
        return messages[code]
    return _("Le moteur a refusé le tirage (%(code)s).") % {"code": code}


def _name(players: Mapping[int, str], pk: Any) -> str:
    return players.get(pk, _("joueur inconnu")) if isinstance(pk, int) else _("joueur inconnu")


_STRATEGIES = {
    "plan": gettext_lazy("calendrier calculé à l'avance pour tout le concours"),
    "search": gettext_lazy("recherche optimisée, partie par partie"),
    "exhaustive": gettext_lazy("toutes les répartitions possibles comparées"),
}
_CONSTRAINTS = {
    "no_repeated_partner": gettext_lazy("jamais deux fois le même partenaire"),
    "no_repeated_opponent": gettext_lazy("jamais deux fois le même adversaire"),
    "no_repeated_meeting": gettext_lazy("jamais deux fois à la même table"),
    "fair_exemption": gettext_lazy("exemptions à tour de rôle"),
}
_VERDICTS = {
    "held": gettext_lazy("respecté"),
    "unavoidable": gettext_lazy("impossible à respecter entièrement : minimum atteint"),
    "not_found": gettext_lazy("pas entièrement respecté (le calcul n'a pas trouvé mieux)"),
    "not_applicable": gettext_lazy("sans objet"),
}


def _exempt_line(p: Mapping[str, Any], players: Mapping[int, str]) -> str:
    before = int(p.get("exempts_before") or 0)
    if p.get("reason") == "fewest_exemptions":
        why = _("il a été moins souvent exempt que les autres")
    else:
        why = ngettext(
            "tiré au sort parmi %(count)s joueur le moins souvent exempt",
            "tiré au sort parmi %(count)s joueurs le moins souvent exempts",
            int(p.get("eligible") or 0),
        ) % {"count": p.get("eligible")}
    text = _("Exempt : %(player)s (%(why)s).") % {
        "player": _name(players, p.get("player")),
        "why": why,
    }
    if before:
        text += " " + ngettext(
            "Déjà exempt %(count)s fois.", "Déjà exempt %(count)s fois.", before
        ) % {"count": before}
    return text


def _repeat_line(code: str, p: Mapping[str, Any], players: Mapping[int, str]) -> str:
    what = {
        "repeated_partner": _("Table %(table)s : %(a)s et %(b)s sont à nouveau partenaires"),
        "repeated_opponent": _("Table %(table)s : %(a)s et %(b)s sont à nouveau adversaires"),
        "repeated_meeting": _("Table %(table)s : %(a)s et %(b)s se retrouvent à la même table"),
    }[code] % {
        "table": p.get("table"),
        "a": _name(players, p.get("player_a")),
        "b": _name(players, p.get("player_b")),
    }
    times = int(p.get("times_before") or 0)
    return (
        what
        + " "
        + ngettext("(déjà %(count)s fois).", "(déjà %(count)s fois).", times) % {"count": times}
    )


def _constraint_line(p: Mapping[str, Any]) -> tuple[str, str]:
    verdict = str(p.get("verdict"))
    text = _("%(goal)s : %(verdict)s.") % {
        "goal": str(_CONSTRAINTS.get(str(p.get("constraint")), p.get("constraint"))).capitalize(),
        "verdict": _VERDICTS.get(verdict, verdict),
    }
    if not p.get("held"):
        text += " " + _("%(count)s cas, minimum possible %(minimum)s.") % {
            "count": p.get("violations"),
            "minimum": p.get("minimum"),
        }
    return ("warning" if verdict == "not_found" else "info"), text


def report_lines(report: Any, players: Mapping[int, str]) -> list[tuple[str, str]]:
    """``(level, French line)`` for each item of a mêlée's stored report; ``players`` names
    the players by ``Player`` pk."""
    lines: list[tuple[str, str]] = []
    for item in report if isinstance(report, list) else []:
        if not isinstance(item, dict):
            continue
        code, p = str(item.get("code")), item.get("params") or {}
        level, text = "info", ""
        match code:
            case "seed":
                text = _(
                    "Mêlée : partenaires et adversaires tirés ; graine du tirage : %(seed)s."
                ) % {"seed": p.get("seed")}
            case "strategy":
                text = _("Méthode : %(strategy)s.") % {
                    "strategy": _STRATEGIES.get(str(p.get("strategy")), p.get("strategy"))
                }
            case "exempt":
                text = _exempt_line(p, players)
            case "late_arrival":
                text = _("%(player)s joue sa première partie.") % {
                    "player": _name(players, p.get("player"))
                }
            case "departure":
                text = _("%(player)s ne joue plus.") % {"player": _name(players, p.get("player"))}
            case "repeated_partner" | "repeated_opponent" | "repeated_meeting":
                level, text = "warning", _repeat_line(code, p, players)
            case "plan_abandoned":
                text = _("Le calendrier prévu est abandonné : le tirage se fait partie par partie.")
            case "lookahead":
                text = _("Tirage prévu sans répétition jusqu'à la partie %(horizon)s.") % {
                    "horizon": p.get("horizon")
                }
            case "constraint":
                level, text = _constraint_line(p)
            case _:
                text = code
        lines.append((level, text))
    return lines
