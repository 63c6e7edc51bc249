"""French words for a contest in phases: the engine's ``phases.*`` error codes, the phases'
"why" report (qualification, pools, brackets, repêchage), the places of the prize list
(vainqueur, finaliste, vainqueur de la consolante…) and the names of bracket rounds.

It must not write anything nor import ``scoring``; every string goes through Django's
translation functions (French is the source).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.messages.codes import report_lines

POOL_METHODS: dict[str, Any] = {
    "draw": gettext_lazy("tirées au sort"),
    "serpentine": gettext_lazy("selon le classement précédent (serpentin)"),
    "pots": gettext_lazy("par chapeaux (têtes de série tirées)"),
}

RULE_KINDS: dict[str, Any] = {
    "first_per_pool": gettext_lazy("les premiers de chaque poule"),
    "best_at_place": gettext_lazy("les meilleurs à une place (les meilleurs troisièmes…)"),
    "pool_places": gettext_lazy("des places de poule (de… à…)"),
    "first_n": gettext_lazy("les premiers du classement"),
    "first_overall": gettext_lazy("les premiers par victoires, puis points"),
}


def phase_error_message(exc: Any) -> str:
    """A French sentence for a ``PhaseError`` (``phases.*``) met while planning or drawing."""
    code = getattr(exc, "code", "")
    p: Mapping[str, Any] = getattr(exc, "params", None) or {}
    match code:
        case "phases.not_enough_teams":
            return _(
                "Cette phase demande au moins %(minimum)s équipes ; elle n'en a que %(count)s."
            ) % {"minimum": p.get("minimum", 2), "count": p.get("count", 0)}
        case "phases.invalid_pools":
            return _(
                "Le nombre ou la taille des poules n'est pas possible avec ces équipes "
                "(chaque poule doit compter au moins deux équipes)."
            )
        case "phases.not_enough_qualified":
            return _(
                "La règle de qualification n°%(rule)s demande %(wanted)s équipes, "
                "il n'y en a que %(found)s."
            ) % {
                "rule": int(p.get("rule", 0)) + 1,
                "wanted": p.get("wanted", "?"),
                "found": p.get("found", "?"),
            }
        case "phases.invalid_rule":
            return _("La règle de qualification n°%(rule)s a une valeur non valable.") % {
                "rule": int(p.get("rule", 0)) + 1
            }
        case "phases.invalid_bracket":
            return _("Une option du tableau n'est pas valable.")
        case "phases.not_enough_losers":
            return _(
                "Il n'y a pas assez de perdants à repêcher : il en faudrait %(needed)s, "
                "il y en a %(losers)s."
            ) % {"needed": p.get("needed", "?"), "losers": p.get("losers", "?")}
        case "phases.bracket_not_finished":
            return _("Le tableau n'est pas terminé : %(count)s match(s) restent à jouer.") % {
                "count": p.get("pending", "?")
            }
        case "phases.invalid_seed":
            return _("La graine du tirage doit être un nombre entier positif.")
        case "phases.result_outside_pool" | "phases.unknown_match" | "phases.match_not_ready":
            return _("Un résultat ne correspond à aucun match prévu de la phase.")
        case "phases.invalid_winner":
            return _("Le vainqueur indiqué ne joue pas ce match.")
        case "phases.invalid_teams":
            return _("La liste des équipes de la phase est mal formée.")
    return _("Le moteur a refusé l'opération (%(code)s).") % {"code": code}


def bracket_name(name: str) -> str:
    if name == "consolante":
        return _("Consolante")
    if name == "main":
        return _("Tableau principal")
    return name


def stage_name(round_of: int, places: tuple[int, int] | list[int]) -> str:
    """ "Finale", "Demi-finales", "Quarts de finale", "Huitièmes"…, or "Places 5 à 8"."""
    first, last = int(places[0]), int(places[1])
    if first > 1:
        if round_of == 2:
            return _("Match pour la %(n)se place") % {"n": first}
        return _("Places %(a)s à %(b)s") % {"a": first, "b": last}
    names = {
        2: pgettext("bracket round", "Finale"),
        4: pgettext("bracket round", "Demi-finales"),
        8: pgettext("bracket round", "Quarts de finale"),
        16: pgettext("bracket round", "Huitièmes de finale"),
        32: pgettext("bracket round", "Seizièmes de finale"),
    }
    return names.get(round_of, _("Tour de %(n)s") % {"n": round_of})


def place_title(tier: str, title: str, place: int) -> str:
    """The prize list's words for a place: "Vainqueur", "Finaliste", "Vainqueur de la
    consolante", "3e", "Quart de finaliste"…"""
    consolante = tier == "consolante"
    match title:
        case "winner":
            return _("Vainqueur de la consolante") if consolante else _("Vainqueur")
        case "finalist":
            return _("Finaliste de la consolante") if consolante else _("Finaliste")
        case "third":
            return _("3e de la consolante") if consolante else _("3e")
        case "fourth":
            return _("4e de la consolante") if consolante else _("4e")
        case "semi_finalist":
            return _("Demi-finaliste de la consolante") if consolante else _("Demi-finaliste")
        case "quarter_finalist":
            return (
                _("Quart de finaliste de la consolante") if consolante else _("Quart de finaliste")
            )
    return _("%(n)se") % {"n": place}


def _team(entries: Mapping[int, Any], pk: Any) -> str:
    entry = entries.get(pk) if isinstance(pk, int) else None
    return entry.display_name if entry is not None else _("équipe inconnue")


def ordinal(n: Any) -> str:
    """A team's or a place's rank in French: "1re", "2e", "3e"."""
    return _("1re") if str(n) == "1" else _("%(n)se") % {"n": n}


def _rule_words(p: Mapping[str, Any]) -> str:
    pool, place = p.get("pool") or "", ordinal(p.get("place"))
    if pool:
        return _("%(place)s de la poule %(pool)s") % {"place": place, "pool": pool}
    return _("%(place)s du classement") % {"place": place}


def _line(code: str, p: Mapping[str, Any], entries: Mapping[int, Any]) -> tuple[str, str] | None:
    """One report item as ``(level, line)``; ``None`` for items the organiser does not need."""
    team = _team(entries, p.get("team"))
    match code:
        case "seed":
            return "info", _("Graine du tirage de la phase : %(seed)s.") % {"seed": p.get("seed")}
        case "pool_placed":
            return "info", _("%(team)s : poule %(pool)s, position %(pos)s.") % {
                "team": team,
                "pool": p.get("pool"),
                "pos": p.get("position"),
            }
        case "pool_bye":
            return "info", _("Poule %(pool)s, partie %(round)s : %(team)s est exempte.") % {
                "pool": p.get("pool"),
                "round": p.get("round"),
                "team": team,
            }
        case "qualified":
            return "info", _("%(team)s qualifiée (%(why)s), tête de série n°%(seed)s.") % {
                "team": team,
                "why": _rule_words(p),
                "seed": p.get("seed"),
            }
        case "not_qualified":
            return "info", _("Première équipe non qualifiée : %(team)s (%(why)s).") % {
                "team": team,
                "why": _rule_words(p),
            }
        case "tie_drawn":
            names = ", ".join(_team(entries, t) for t in p.get("teams") or [])
            return "warning", _("Égalité parfaite départagée par tirage au sort : %(teams)s.") % {
                "teams": names
            }
        case "seeds_swapped":
            return "info", _(
                "%(a)s et %(b)s échangées pour que deux équipes d'une même poule ne se "
                "rencontrent pas au premier tour."
            ) % {"a": _team(entries, p.get("team_a")), "b": _team(entries, p.get("team_b"))}
        case "bracket_bye":
            return "info", _("%(team)s (tête de série n°%(seed)s) est exempte du premier tour.") % {
                "team": team,
                "seed": p.get("seed"),
            }
        case "repechage_drawn":
            return "info", _("%(team)s repêchée par tirage au sort (n°%(order)s).") % {
                "team": team,
                "order": p.get("order"),
            }
        case "match":
            if p.get("pool"):
                what = _("poule %(pool)s") % {"pool": p.get("pool")}
            else:
                bracket = bracket_name(str(p.get("bracket")))
                places = (p.get("first") or 1, p.get("last") or 2)
                what = f"{bracket}, {stage_name(int(p.get('round_of') or 2), places)}"
            return "info", _("Table %(table)s : %(what)s.") % {
                "table": p.get("table"),
                "what": what,
            }
    return None


def phase_report_lines(report: Any, entries: Mapping[int, Any]) -> list[tuple[str, str]]:
    """``(level, French line)`` for the ``phase.*`` items of a stored report (other items are
    the pairing's: ``tournaments.messages.codes.report_lines`` reads them)."""
    lines: list[tuple[str, str]] = []
    for item in report if isinstance(report, list) else []:
        if not isinstance(item, dict):
            continue
        code = str(item.get("code") or "")
        if not code.startswith("phase."):
            continue
        line = _line(code.removeprefix("phase."), item.get("params") or {}, entries)
        if line is not None:
            lines.append(line)
    return lines


def partie_of_phase(done: int, count: int) -> str:
    return ngettext(
        "%(done)s partie jouée sur %(count)s.", "%(done)s parties jouées sur %(count)s.", done
    ) % {"done": done, "count": count}


def round_report_lines(report: Any, entries: Mapping[int, Any]) -> list[tuple[str, str]]:
    """The whole "why" report of a partie: the phase's items, then the pairing's (a Swiss
    phase's partie, or a contest without phases: only the pairing's)."""
    items = report if isinstance(report, list) else []
    pairing = [i for i in items if not str((i or {}).get("code", "")).startswith("phase.")]
    return phase_report_lines(items, entries) + report_lines(pairing, entries)


def match_places(report: Any) -> list[str]:
    """ "Table 3 : Tableau principal, Quarts de finale." for each table of a phase's partie
    (the printed table list and the projected draw say where each match sits)."""
    items = [i for i in (report if isinstance(report, list) else []) if isinstance(i, dict)]
    return [
        line
        for _level, line in phase_report_lines(
            [i for i in items if i.get("code") == "phase.match"], {}
        )
    ]
