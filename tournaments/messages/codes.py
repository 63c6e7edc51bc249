"""French words for the engine's codes as the organiser meets them in the tournaments app.

What it owns: the translation of pairing/standings/rules error codes into French sentences,
the "why" report of a draw (``Round.report`` items) into French lines naming the teams, and
the French names of the standings tie-breaks. It must not write anything nor import
``scoring``. Every string goes through Django's translation functions (French is the source).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

TIEBREAK_LABELS: dict[str, Any] = {
    "wins": gettext_lazy("parties gagnées"),
    "points_for": gettext_lazy("points marqués"),
    "points_against": gettext_lazy("points encaissés (le moins d'abord)"),
    "difference": gettext_lazy("différence de points"),
    "match_points": gettext_lazy("points de match (barème)"),
    "best_game": gettext_lazy("meilleure partie"),
    "first_game": gettext_lazy("score de la première partie"),
    "direct_encounter": gettext_lazy("confrontation directe"),
    "buchholz_wins": gettext_lazy("Buchholz : victoires des adversaires"),
    "buchholz_points": gettext_lazy("Buchholz : points des adversaires"),
    "buchholz_match_points": gettext_lazy("Buchholz : points de match des adversaires"),
    "buchholz_cut1_wins": gettext_lazy("Buchholz tronqué : victoires des adversaires"),
    "buchholz_cut1_points": gettext_lazy("Buchholz tronqué : points des adversaires"),
    "buchholz_cut1_match_points": gettext_lazy(
        "Buchholz tronqué : points de match des adversaires"
    ),
    "median_buchholz_wins": gettext_lazy("Buchholz médian : victoires des adversaires"),
    "median_buchholz_points": gettext_lazy("Buchholz médian : points des adversaires"),
    "median_buchholz_match_points": gettext_lazy(
        "Buchholz médian : points de match des adversaires"
    ),
    "lot": gettext_lazy("tirage au sort"),
}

# The players' ranking's tie-breaks (engine.individual.INDIVIDUAL_TIEBREAKS), in French.
INDIVIDUAL_TIEBREAK_LABELS: dict[str, Any] = {
    "first_partie": gettext_lazy("meilleure première partie"),
    "wins": gettext_lazy("parties gagnées"),
    "points_for": gettext_lazy("points marqués"),
    "points_against": gettext_lazy("points encaissés (le moins d'abord)"),
    "difference": gettext_lazy("différence de points"),
    "match_points": gettext_lazy("points de match (barème)"),
    "best_game": gettext_lazy("meilleure partie"),
    "opponents_buchholz_points": gettext_lazy(
        "Buchholz : points des adversaires (partenaires exclus)"
    ),
    "opponents_buchholz_wins": gettext_lazy(
        "Buchholz : victoires des adversaires (partenaires exclus)"
    ),
    "opponents_buchholz_match_points": gettext_lazy(
        "Buchholz : points de match des adversaires (partenaires exclus)"
    ),
    "lot": gettext_lazy("tirage au sort"),
}


def engine_error_message(exc: Any) -> str:
    """A French sentence for an ``EngineError`` met while pairing, ranking or reading rules."""
    code = getattr(exc, "code", "")
    p: Mapping[str, Any] = getattr(exc, "params", None) or {}
    match code:
        case "pairing.not_enough_teams":
            return _(
                "Il faut au moins %(minimum)s équipes présentes pour faire un tirage "
                "(%(count)s pointée(s) pour cette partie)."
            ) % {"minimum": p.get("minimum", 2), "count": p.get("count", 0)}
        case "pairing.too_many_rounds":
            return _(
                "Avec %(teams)s équipes, un « toutes rondes » compte au plus %(max)s parties : "
                "la partie %(round)s est impossible."
            ) % {
                "teams": p.get("teams", "?"),
                "max": p.get("max_rounds", "?"),
                "round": p.get("round_number", "?"),
            }
        case "pairing.inconsistent_roster":
            return _(
                "Les parties d'entrée et de retrait d'une équipe sont incohérentes : "
                "vérifiez les équipes tardives et retirées."
            )
        case "pairing.unknown_method":
            return _("Méthode d'appariement inconnue.")
        case "pairing.invalid_history" | "pairing.duplicate_entrant":
            return _("Les tirages précédents sont incohérents : une équipe y figure deux fois.")
        case "standings.unknown_tiebreak" | "standings.duplicate_tiebreak":
            return _("La liste des départages du concours est invalide.")
        case "rules.unknown_preset":
            return _("Ce modèle de règles n'existe pas.")
        case "rules.unknown_option":
            return _("Les règles mentionnent une option inconnue (%(option)s).") % {
                "option": p.get("option", p.get("name", "?"))
            }
        case "rules.invalid_value":
            return _("Une option des règles a une valeur non autorisée (%(option)s).") % {
                "option": p.get("option", p.get("name", "?"))
            }
        case "rules.inconsistent":
            return _("Deux options des règles se contredisent.")
        case "rules.not_an_object":
            return _("Les règles enregistrées sont illisibles.")
    if code.startswith("standings."):
        return _("Le classement du concours est mal configuré (%(code)s).") % {"code": code}
    return _("Le moteur a refusé l'opération (%(code)s).") % {"code": code}


def _team(entries: Mapping[int, Any], pk: Any) -> str:
    entry = entries.get(pk) if isinstance(pk, int) else None
    return entry.display_name if entry is not None else _("équipe inconnue")


def _teams(entries: Mapping[int, Any], pks: Any) -> str:
    return ", ".join(_team(entries, pk) for pk in (pks or []))


_METHODS = {
    "random": gettext_lazy("tirage au sort"),
    "ranking": gettext_lazy("selon le classement"),
    "round_robin": gettext_lazy("toutes rondes"),
}


def _bye_line(p: Mapping[str, Any], entries: Mapping[int, Any]) -> str:
    """The line of a ``bye_assigned`` item: who sits out, and why that team."""
    reason = {
        "lowest_ranked_without_bye": _(
            "la moins bien classée parmi celles qui n'ont jamais été exemptes"
        ),
        "lowest_ranked_fewest_byes": _(
            "la moins bien classée parmi celles qui ont été le moins souvent exemptes"
        ),
        "drawn_by_lot": ngettext(
            "tirée au sort parmi %(count)s équipe possible",
            "tirée au sort parmi %(count)s équipes possibles",
            int(p.get("eligible") or 0),
        )
        % {"count": p.get("eligible")},
        "round_robin_schedule": _("selon le calendrier des toutes rondes"),
    }.get(str(p.get("reason")), str(p.get("reason")))
    text = _("Exempt : %(team)s (%(reason)s).") % {
        "team": _team(entries, p.get("team")),
        "reason": reason,
    }
    if p.get("passed_over"):
        text += " " + _("Passées avant elle pour éviter une revanche : %(teams)s.") % {
            "teams": _teams(entries, p.get("passed_over"))
        }
    return text


def _rematch_forced_line(p: Mapping[str, Any], entries: Mapping[int, Any]) -> str:
    """The line of a ``rematch_forced`` item: the table and why no other draw existed."""
    reason = {
        "no_rematch_free_pairing": _("aucun tirage sans revanche n'existe"),
        "round_robin_schedule": _("imposée par le calendrier des toutes rondes"),
        "time_budget": _("le calcul a dû s'arrêter avant de trouver mieux"),
    }.get(str(p.get("reason")), str(p.get("reason")))
    text = _("Table %(table)s : revanche inévitable entre %(a)s et %(b)s (%(reason)s).") % {
        "table": p.get("table"),
        "a": _team(entries, p.get("team_a")),
        "b": _team(entries, p.get("team_b")),
        "reason": reason,
    }
    return text


def report_lines(report: Any, entries: Mapping[int, Any]) -> list[tuple[str, str]]:
    """``(level, French line)`` for each item of a stored "why" report.

    ``level`` is ``"info"`` or ``"warning"`` (a rematch or a club conflict that stays).
    """
    lines: list[tuple[str, str]] = []
    for item in report if isinstance(report, list) else []:
        if not isinstance(item, dict):
            continue
        code, p = item.get("code"), item.get("params") or {}
        level, text = "info", ""
        match code:
            case "seed":
                text = _("Méthode : %(method)s ; graine du tirage : %(seed)s.") % {
                    "method": _METHODS.get(str(p.get("method")), p.get("method")),
                    "seed": p.get("seed"),
                }
            case "late_entry":
                text = _("%(team)s entre dans le concours à cette partie.") % {
                    "team": _team(entries, p.get("team"))
                }
            case "withdrawal":
                text = _("%(team)s s'est retirée après la partie précédente.") % {
                    "team": _team(entries, p.get("team"))
                }
            case "rank_tie_drawn":
                text = _("Rang %(rank)s partagé : ordre tiré au sort entre %(teams)s.") % {
                    "rank": p.get("rank"),
                    "teams": _teams(entries, p.get("teams")),
                }
            case "bye_assigned":
                text = _bye_line(p, entries)
            case "rematch_avoided":
                text = _("Revanche évitée : %(a)s contre %(b)s.") % {
                    "a": _team(entries, p.get("team_a")),
                    "b": _team(entries, p.get("team_b")),
                }
            case "rematch_forced":
                level, text = "warning", _rematch_forced_line(p, entries)
            case "club_conflict_avoided":
                text = _("Deux équipes du club %(club)s séparées : %(a)s et %(b)s.") % {
                    "club": p.get("club"),
                    "a": _team(entries, p.get("team_a")),
                    "b": _team(entries, p.get("team_b")),
                }
            case "club_conflict":
                level = "warning"
                text = _("Table %(table)s : %(a)s et %(b)s sont du même club.") % {
                    "table": p.get("table"),
                    "a": _team(entries, p.get("team_a")),
                    "b": _team(entries, p.get("team_b")),
                }
            case "paired_away":
                text = _(
                    "Table %(table)s : %(a)s (rang %(ra)s) joue %(b)s (rang %(rb)s), "
                    "à %(gap)s places d'écart pour éviter une revanche."
                ) % {
                    "table": p.get("table"),
                    "a": _team(entries, p.get("team_a")),
                    "ra": p.get("rank_a"),
                    "b": _team(entries, p.get("team_b")),
                    "rb": p.get("rank_b"),
                    "gap": p.get("gap"),
                }
            case "fallback_used":
                level = "warning"
                text = ngettext(
                    "Calcul simplifié pour %(count)s équipe (temps de calcul limité).",
                    "Calcul simplifié pour %(count)s équipes (temps de calcul limité).",
                    int(p.get("teams") or 0),
                ) % {"count": p.get("teams")}
            case "strategy":
                continue
            case _:
                text = str(code)
        lines.append((level, text))
    return lines
