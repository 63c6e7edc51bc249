"""French words of the seasons: the engine's season error codes and report codes as sentences,
the barème and tie-break labels, and the cockpit's "5e journée sur 12".

What it owns: translations only (``engine.seasons`` gives codes and params, never sentences).
What it must not do: read or write the database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

__all__ = [
    "BAREME_LABELS",
    "CREDIT_LABELS",
    "SEASON_TIEBREAK_LABELS",
    "error_message",
    "journee_line",
    "report_line",
]

CREDIT_LABELS: Mapping[str, Any] = {
    "player": gettext_lazy("par joueur (chacun reçoit le résultat de son équipe)"),
    "pair": gettext_lazy("par équipe (les deux mêmes joueurs)"),
}
BAREME_LABELS: Mapping[str, Any] = {
    "placement_formula": gettext_lazy(
        "points selon la place : un point par équipe battue, plus un"
    ),
    "placement_table": gettext_lazy("points selon la place, d'après un tableau (1er 100, 2e 90…)"),
    "partie": gettext_lazy(
        "points par partie (gagnée 4 + score, perdue 2 + score, exempt 3 + 1000)"
    ),
}
SEASON_TIEBREAK_LABELS: Mapping[str, Any] = {
    "wins": gettext_lazy("parties gagnées"),
    "score": gettext_lazy("total des points marqués"),
    "attended": gettext_lazy("concours joués"),
    "best_place": gettext_lazy("meilleure place"),
    "lot": gettext_lazy("tirage au sort"),
}
SCORE_MODE_LABELS: Mapping[str, Any] = {
    "tiebreak": gettext_lazy("le score départage les égalités de points"),
    "combined": gettext_lazy("points et score additionnés en un seul nombre"),
}
_FIELD_LABELS: Mapping[str, Any] = {
    "best_of": gettext_lazy("meilleurs concours retenus"),
    "min_contests": gettext_lazy("concours minimum pour le classement"),
    "prize_min_contests": gettext_lazy("concours minimum pour un lot"),
    "tiebreaks": gettext_lazy("départages"),
    "bareme.points": gettext_lazy("tableau des points"),
    "bareme.score_divisor": gettext_lazy("diviseur du score"),
}


def error_message(exc: Any) -> str:
    """A French sentence for a ``SeasonError`` (``season.*``)."""
    code = getattr(exc, "code", "")
    p: Mapping[str, Any] = getattr(exc, "params", None) or {}
    if code == "season.invalid_rules":
        field = str(p.get("field", ""))
        label = _FIELD_LABELS.get(field.split("[")[0], field)
        return _("Règle de saison invalide : %(field)s (valeur %(value)s).") % {
            "field": label,
            "value": p.get("value", "?"),
        }
    if code == "season.unknown_tiebreak":
        return _("Départage inconnu : %(name)s.") % {"name": p.get("name", "?")}
    if code == "season.missing_lot":
        return _("Le départage par tirage au sort n'est pas possible pour une saison.")
    if code == "season.invalid_clubs":
        return _("Le classement des clubs demande un classement par joueur.")
    if code == "season.invalid_qualification":
        return _(
            "La règle de qualification est invalide (elle doit suivre le classement de la saison)."
        )
    if code in ("season.entrant_twice", "season.invalid_result", "season.invalid_contest"):
        return _("Les résultats d'un concours de la saison sont incohérents (%(code)s).") % {
            "code": code
        }
    if code == "season.missing_parties":
        return _("Le barème par partie demande le détail des parties de chaque concours.")
    return _("La saison ne peut pas être classée (%(code)s).") % {"code": code or "?"}


Names = Callable[[Any], str]  # an entrant (list of player ids) -> its name


def _rank(value: Any) -> str:
    return str(value) if value is not None else "—"


def report_line(item: Mapping[str, Any], who: Names, contest_name: Names) -> str:
    """One stored report item (``{code, params}``) as a French sentence."""
    code = item.get("code", "")
    p: Mapping[str, Any] = item.get("params") or {}
    entrant = who(p.get("entrant"))
    contest = contest_name(p.get("contest"))
    if code == "contest_not_counted":
        return _("%(contest)s n'est pas compté au classement de la saison (finale).") % {
            "contest": contest
        }
    if code == "contest_dropped":
        return _(
            "%(who)s : %(contest)s non retenu (seuls les %(n)s meilleurs concours comptent)."
        ) % {
            "who": entrant,
            "contest": contest,
            "n": p.get("best_of", "?"),
        }
    if code == "below_attendance":
        return _("%(who)s : %(n)s concours joués sur %(min)s exigés, hors classement.") % {
            "who": entrant,
            "n": p.get("attended", 0),
            "min": p.get("minimum", 0),
        }
    if code == "no_prize":
        return _("%(who)s : classé, mais %(n)s concours joués sur %(min)s exigés pour un lot.") % {
            "who": entrant,
            "n": p.get("attended", 0),
            "min": p.get("minimum", 0),
        }
    if code == "shared_rank":
        return _("%(rank)s place partagée : égalité parfaite.") % {"rank": ordinal(p.get("rank"))}
    if code == "tie_broken":
        key = SEASON_TIEBREAK_LABELS.get(str(p.get("key")), p.get("key"))
        return _("%(who)s devant %(above)s à égalité de points, départagé par : %(key)s.") % {
            "who": who(p.get("above")),
            "above": entrant,
            "key": key,
        }
    if code == "no_club":
        return _("%(who)s : club inconnu, hors classement des clubs.") % {"who": entrant}
    if code == "club_member_not_counted":
        return _(
            "%(who)s ne compte pas pour son club (hors des %(n)s meilleurs ou non classé)."
        ) % {
            "who": entrant,
            "n": p.get("best", "?"),
        }
    return _qualification_line(code, p, entrant, contest)


def ordinal(value: Any) -> str:
    """1re, 2e, 3e… (French ordinals of a place)."""
    if value == 1:
        return _("1re")
    return _("%(n)se") % {"n": _rank(value)}


def _source(p: Mapping[str, Any], contest: str) -> str:
    if p.get("contest") is None:
        return _("%(place)s du classement de la saison") % {"place": ordinal(p.get("place"))}
    return _("%(place)s de %(contest)s") % {"place": ordinal(p.get("place")), "contest": contest}


def _qualification_line(code: str, p: Mapping[str, Any], entrant: str, contest: str) -> str:
    if code == "qualified":
        return _("%(order)s. %(who)s qualifié(e) : %(source)s.") % {
            "order": p.get("order", "?"),
            "who": entrant,
            "source": _source(p, contest),
        }
    if code == "already_qualified":
        return _("%(who)s : %(source)s, déjà qualifié(e) par ailleurs.") % {
            "who": entrant,
            "source": _source(p, contest),
        }
    if code == "tie_at_cut":
        return _(
            "Égalité à la %(place)s place (%(where)s) : départagée par l'ordre du classement."
        ) % {
            "place": ordinal(p.get("place")),
            "where": contest if p.get("contest") is not None else _("classement de la saison"),
        }
    if code == "short":
        return _("%(where)s : %(found)s qualifiés trouvés sur %(wanted)s demandés.") % {
            "where": contest if p.get("contest") is not None else _("Classement de la saison"),
            "found": p.get("found", 0),
            "wanted": p.get("wanted", 0),
        }
    return str(code)


def journee_line(season_name: str, position: int, total: int) -> str:
    """ "Challenge d'hiver : 5e journée sur 12" (1re for the first)."""
    if position == 1:
        return _("%(season)s : 1re journée sur %(total)s") % {"season": season_name, "total": total}
    return _("%(season)s : %(n)se journée sur %(total)s") % {
        "season": season_name,
        "n": position,
        "total": total,
    }
