"""French words for what the engine says: error codes, breakdown lines, deal outcomes and the
games of a match ("Manche 2 (revanche)").

The engine speaks in stable codes (``engine.errors.ERROR_CODES``, breakdown line codes,
outcomes) and never in sentences; this module is the one place that turns them into the
messages players and organisers read. Every engine error code has a message here (a test
checks it), so an impossible deal always gets its reason in French, never a crash.

It must not score anything nor touch the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine.belote.rules import MatchFormat, Ruleset

# --- Engine error codes ---------------------------------------------------------------------

ERROR_MESSAGES: dict[str, Promise] = {
    # Rulesets
    "rules.not_an_object": _("Les règles du concours sont illisibles : prévenez l'organisateur."),
    "rules.unknown_preset": _("Le modèle de règles du concours est inconnu."),
    "rules.unknown_option": _("Les règles du concours contiennent une option inconnue."),
    "rules.invalid_value": _("Une option des règles du concours a une valeur non autorisée."),
    "rules.inconsistent": _("Deux options des règles du concours se contredisent."),
    # Deals: shape
    "deal.not_an_object": _("La donne saisie est illisible."),
    "deal.unknown_field": _("La donne contient une information inconnue."),
    "deal.invalid_value": _("Une valeur de la donne n'est pas valable."),
    "deal.missing_taker": _("Indiquez l'équipe qui a pris."),
    "deal.missing_points": _("Indiquez les points faits par le preneur."),
    "deal.missing_bid": _("Indiquez le contrat annoncé (un nombre, capot ou générale)."),
    "deal.missing_penalised_team": _("Indiquez l'équipe pénalisée."),
    "deal.invalid_carry_in": _("La réserve du litige doit être un nombre entier positif."),
    # Deals: impossible facts
    "deal.points_out_of_range": _("Les points d'une équipe vont de 0 à 162, dix de der compris."),
    "deal.points_do_not_add_up": _(
        "Les points des deux équipes doivent faire 162 au total, dix de der compris."
    ),
    "deal.capot_without_all_points": _(
        "L'équipe capot doit avoir tous les points (162) : vérifiez les points ou le capot."
    ),
    "deal.dix_de_der_impossible": _(
        "Le dix de der est impossible ici : l'équipe qui a fait le dernier pli a au moins 10 "
        "points et ne peut pas être capot."
    ),
    "deal.belote_at_sans_atout": _("Il n'y a pas de belote à sans-atout."),
    "deal.too_many_belotes": _("Une seule belote par donne (jusqu'à quatre à tout-atout)."),
    "deal.belote_conflict": _("La belote est indiquée deux fois : gardez une seule saisie."),
    "deal.trump_not_allowed": _("Sans-atout et tout-atout ne se jouent pas dans ce concours."),
    "deal.bid_in_classic": _("À la belote classique, il n'y a pas d'enchère."),
    "deal.bid_out_of_range": _("Ce contrat n'est pas une enchère autorisée par les règles."),
    "deal.invalid_contract": _(
        "Un capot ou une générale ne se chiffre pas : choisissez l'un ou l'autre."
    ),
    "deal.contre_in_classic": _("À la belote classique, on ne contre pas."),
    "deal.surcontre_without_contre": _("Il faut un contre pour surcontrer."),
    "deal.generale_without_contree": _("La générale ne s'annonce qu'à la contrée ou à la coinche."),
    "deal.generale_disabled": _("La générale ne se joue pas dans ce concours."),
    "deal.announcements_disabled": _("Ce concours se joue sans annonces (sauf la belote)."),
    "deal.announcement_invalid": _(
        "Une annonce est mal saisie (type, couleur, hauteur ou longueur)."
    ),
    "deal.announcement_impossible_sequence": _(
        "Cette suite ne tient pas sous sa carte la plus haute."
    ),
    "deal.announcement_sequence_too_long": _("Une suite a au plus huit cartes."),
    "deal.announcement_duplicate_carre": _("Il n'y a qu'un carré de chaque hauteur."),
    "deal.card_used_twice": _(
        "Une même carte sert dans deux annonces, ce que les règles interdisent."
    ),
    "deal.announcements_exceed_hand": _(
        "Les annonces d'une équipe demandent plus de cartes qu'elle n'en a (16)."
    ),
    "deal.announcement_tie_unresolved": _(
        "Les deux meilleures annonces sont égales : indiquez laquelle l'emporte."
    ),
    "deal.penalty_team_invalid": _("Seule une pénalité désigne une équipe pénalisée."),
    "deal.field_not_applicable": _(
        "Une information saisie ne change rien à cette donne : retirez-la ou vérifiez la donne."
    ),
    "deal.tricks_inconsistent": _(
        "Les plis indiqués contredisent la donne (huit plis en tout, capot, points, dernier pli)."
    ),
    "deal.capot_bid_value_mismatch": _(
        "La valeur du capot annoncé ne correspond pas à celle des règles du concours."
    ),
    "deal.score_mismatch": _(
        "Les scores écrits sur la feuille ne correspondent pas au calcul : vérifiez la donne."
    ),
    # Games
    "game.not_an_object": _("La partie saisie est illisible."),
    "game.already_over": _("La partie est déjà terminée : aucune donne ne peut être ajoutée."),
    "game.invalid_totals": _(
        "Les totaux et le nombre de donnes doivent être des nombres entiers positifs."
    ),
    "game.invalid_start": _(
        "Le départ de la partie est impossible (totaux, réserve ou nombre de donnes déjà jouées)."
    ),
    "game.invalid_time_up": _("L'arrêt au temps demandé est impossible pour cette partie."),
    "game.not_over": _("La partie n'est pas terminée : son score final n'est pas encore connu."),
    "game.match_over": _("Le match est déjà décidé : aucune partie ne peut y être ajoutée."),
    "game.table_check_not_applicable": _(
        "Le contrôle de la feuille ne s'applique qu'à la belote classique sans annonces ni arrondi."
    ),
    # Pairing (tournaments shows these when drawing a round; listed so that every code has one)
    "pairing.unknown_method": _("La méthode d'appariement est inconnue."),
    "pairing.not_enough_teams": _("Il faut au moins deux équipes présentes pour tirer une partie."),
    "pairing.duplicate_entrant": _("Une équipe figure deux fois dans la liste à apparier."),
    "pairing.invalid_rank": _("Un rang d'équipe doit être un nombre entier à partir de 1."),
    "pairing.invalid_round": _("Le numéro de partie doit être un nombre entier à partir de 1."),
    "pairing.too_many_rounds": _("Trop de parties pour un toutes-rondes avec ce nombre d'équipes."),
    "pairing.invalid_time_budget": _("Le temps de calcul de l'appariement doit être positif."),
    "pairing.invalid_history": _("L'historique des parties associe une équipe à elle-même."),
    "pairing.inconsistent_roster": _(
        "Les arrivées tardives et les retraits des équipes se contredisent."
    ),
    # Standings
    "standings.invalid_result": _("Un résultat de partie est mal formé."),
    "standings.team_twice_in_round": _("Une équipe a deux résultats dans la même partie."),
    "standings.unknown_team": _("Un résultat cite une équipe qui n'est pas inscrite au concours."),
    "standings.unknown_method": _("La méthode de classement est inconnue."),
    "standings.unknown_tiebreak": _("Un critère de départage est inconnu."),
    "standings.duplicate_tiebreak": _("Un critère de départage est cité deux fois."),
    "standings.invalid_config": _("Les réglages du classement sont invalides."),
    "standings.invalid_round": _("La partie du classement doit être un nombre entier positif."),
    "standings.missing_lot": _(
        "Le départage par tirage au sort demande un tirage pour chaque équipe."
    ),
    # Phases: pools, brackets, qualification (shown when the organiser builds a phase)
    "phases.invalid_teams": _("La liste des équipes de la phase est mal formée."),
    "phases.not_enough_teams": _("Cette phase demande davantage d'équipes."),
    "phases.invalid_pools": _("Le nombre ou la taille des poules n'est pas valable."),
    "phases.invalid_seed": _("La graine du tirage doit être un nombre entier positif."),
    "phases.result_outside_pool": _(
        "Un résultat de poule oppose deux équipes qui ne devaient pas se rencontrer."
    ),
    "phases.invalid_rule": _("Une règle de qualification a une valeur non valable."),
    "phases.not_enough_qualified": _(
        "La règle de qualification demande plus d'équipes qu'il n'y en a."
    ),
    "phases.invalid_bracket": _("Une option du tableau final n'est pas valable."),
    "phases.unknown_match": _("Ce match ne fait pas partie du tableau."),
    "phases.match_not_ready": _("Les équipes de ce match ne sont pas encore connues."),
    "phases.invalid_winner": _("Le vainqueur indiqué ne joue pas ce match."),
    "phases.not_enough_losers": _("Il n'y a pas assez de perdants à repêcher dans ce tour."),
    "phases.bracket_not_finished": _(
        "Le classement final attend que tous les matchs du tableau soient joués."
    ),
    # Mêlée and tarot seating (shown when the organiser draws a partie of players alone)
    "seating.unknown_game": _("Le jeu doit être la belote ou le tarot."),
    "seating.not_enough_players": _("Il faut au moins quatre joueurs présents pour une partie."),
    "seating.duplicate_player": _("Un joueur figure deux fois dans la liste."),
    "seating.invalid_player": _("Un joueur ou son score est mal indiqué."),
    "seating.unknown_player": _(
        "L'historique cite un joueur qui n'est ni présent ni parti : vérifiez la liste."
    ),
    "seating.invalid_history": _("L'historique des parties est mal formé."),
    "seating.invalid_partie": _("Le numéro de partie doit suivre l'historique."),
    "seating.invalid_option": _("Une option du placement des joueurs n'est pas valable."),
    # Individual standings (mêlée) and seasons (shown on the organiser's ranking pages)
    "individual.invalid_result": _("Un résultat de partie d'un joueur est mal formé."),
    "individual.unknown_player": _("Un résultat cite un joueur qui n'est pas inscrit."),
    "individual.player_twice_in_partie": _("Un joueur a deux résultats dans la même partie."),
    "individual.invalid_config": _("Les réglages du classement individuel sont invalides."),
    "individual.unknown_tiebreak": _("Un critère de départage individuel est inconnu."),
    "individual.duplicate_tiebreak": _("Un critère de départage individuel est cité deux fois."),
    "individual.missing_lot": _(
        "Le départage par tirage au sort demande un tirage pour chaque joueur."
    ),
    "individual.invalid_lineup": _(
        "La composition d'une équipe manque ou est mal indiquée pour une partie."
    ),
    "season.invalid_contest": _("Un concours de la saison est mal indiqué ou cité deux fois."),
    "season.invalid_result": _("Un résultat final d'un concours de la saison est mal formé."),
    "season.entrant_twice": _("Un joueur ou une équipe a deux résultats dans un même concours."),
    "season.missing_parties": _(
        "Le barème par partie demande le détail des parties de chaque résultat."
    ),
    "season.invalid_rules": _("Une règle du challenge a une valeur non valable."),
    "season.unknown_tiebreak": _("Un critère de départage du challenge est inconnu."),
    "season.missing_lot": _("Le départage par tirage au sort demande un tirage pour chacun."),
    "season.invalid_clubs": _(
        "Le classement des clubs demande un classement par joueur et le club de chacun."
    ),
    "season.invalid_qualification": _("Une règle de qualification a une valeur non valable."),
    # Command line (never reached from the web, listed so that every code has a message)
    "cli.invalid_json": _("Les données ne sont pas du JSON valable."),
    "cli.unknown_command": _("Commande inconnue."),
    "cli.unknown_game": _("Jeu inconnu."),
    "cli.internal_error": _("Erreur interne du moteur de calcul : prévenez l'organisateur."),
}

UNKNOWN_ERROR = _("Cette donne est impossible d'après les règles du concours.")

# Where a deal error belongs on the deal form (field name), when it belongs to one field.
ERROR_FIELDS: dict[str, str] = {
    "deal.missing_taker": "taker",
    "deal.missing_points": "taker_points",
    "deal.points_out_of_range": "taker_points",
    "deal.points_do_not_add_up": "taker_points",
    "deal.capot_without_all_points": "capot_team",
    "deal.dix_de_der_impossible": "taker_points",
    "deal.belote_at_sans_atout": "belote_team",
    "deal.too_many_belotes": "belote_team",
    "deal.belote_conflict": "belote_team",
    "deal.trump_not_allowed": "trump",
    "deal.bid_in_classic": "bid",
    "deal.bid_out_of_range": "bid",
    "deal.missing_bid": "bid",
    "deal.invalid_contract": "bid",
    "deal.contre_in_classic": "contre",
    "deal.surcontre_without_contre": "contre",
    "deal.generale_without_contree": "bid",
    "deal.generale_disabled": "bid",
    "deal.announcements_disabled": "announcements_a",
    "deal.announcement_invalid": "announcements_a",
    "deal.announcement_impossible_sequence": "announcements_a",
    "deal.announcement_sequence_too_long": "announcements_a",
    "deal.announcement_duplicate_carre": "announcements_a",
    "deal.card_used_twice": "announcements_a",
    "deal.announcements_exceed_hand": "announcements_a",
    "deal.announcement_tie_unresolved": "announcements_a",
    "deal.missing_penalised_team": "taker",
    "deal.penalty_team_invalid": "taker",
}


def error_message(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The French message for an engine error code (a generic one for an unknown code)."""
    message = ERROR_MESSAGES.get(code, UNKNOWN_ERROR)
    return _format(str(message), params or {})


def _format(template: str, params: Mapping[str, Any]) -> str:
    """``str.format`` that leaves a message unchanged when a placeholder has no value."""
    names = {name for _, name, _, _ in Formatter().parse(template) if name}
    if not names:
        return template
    if not names <= set(params):
        return template
    return template.format(**{n: params[n] for n in names})


# --- Breakdown lines and outcomes -----------------------------------------------------------

BREAKDOWN_LABELS: dict[str, Promise] = {
    "cards": _("points des plis"),
    "dix_de_der": _("dix de der"),
    "capot": _("capot"),
    "whole_deal": _("toute la donne (contrat contré)"),
    "failure": _("chute du preneur"),
    "belote": _("belote-rebelote"),
    "announcements": _("annonces"),
    "contract": _("contrat"),
    "multiplier": _("contre / surcontre"),
    "rounding": _("arrondi"),
    "litige_reserve": _("réserve du litige"),
    "penalty": _("pénalité"),
}

OUTCOME_LABELS: dict[str, Promise] = {
    "made": _("contrat rempli"),
    "capot": _("capot du preneur"),
    "failed": _("dedans"),
    "failed_capot": _("dedans, capot de la défense"),
    "litige": _("litige : points du preneur en réserve"),
    "split": _("litige à la dernière donne : chacun ses points"),
    "void": _("donne blanche"),
    "penalty": _("pénalité"),
}


def breakdown_label(code: str) -> str:
    return str(BREAKDOWN_LABELS.get(code, code))


def outcome_label(code: str) -> str:
    return str(OUTCOME_LABELS.get(code, code))


# --- Matches of several games ---------------------------------------------------------------


def game_label(rules: Ruleset, number: int) -> str:
    """ "Manche 2 (revanche)": a best of three names its games as the clubs do."""
    if rules.match_format is MatchFormat.BEST_OF and rules.match_games == 3 and number > 1:
        name = gettext("revanche") if number == 2 else gettext("belle")
        return gettext("Manche %(n)d (%(name)s)") % {"n": number, "name": name}
    return gettext("Manche %(n)d") % {"n": number}


def match_title(rules: Ruleset) -> str:
    if rules.match_format is MatchFormat.BEST_OF:
        return gettext("Match en %(w)d manches gagnantes (au plus %(n)d)") % {
            "w": rules.match_games // 2 + 1,
            "n": rules.match_games,
        }
    return gettext("Match en %(n)d manches") % {"n": rules.match_games}
