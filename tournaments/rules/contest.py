"""The rules of a contest in plain French: a form built from ``engine.belote.rules.OPTIONS``.

What it owns: the French wording of every engine rule option and of each of its values,
grouped the way an organiser thinks (format of a partie, contract, litige, announcements,
contrée, rounding, dealing), the form that edits them from a preset, and the summary shown on
the contest page. Every option of the engine appears (a test checks it), except the three that
the contest's own format fields decide (``games_per_contest``, ``tournament_ranking``,
``tournament_pairing``: ``adapters.ruleset_json`` fills them in).

It never saves: views pass ``values()`` to ``services``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.belote import rules as engine_rules
from engine.errors import EngineError
from tournaments import adapters
from tournaments.messages.codes import engine_error_message
from tournaments.models import Contest

# Options decided by the contest's format fields, not shown in the rules form.
FORMAT_OPTIONS = ("games_per_contest", "tournament_ranking", "tournament_pairing")

DEFAULT_PRESET = "club_contest"

PRESET_TITLES: dict[str, Any] = {
    "club_contest": gettext_lazy(
        "Concours de club typique : 4 parties de 12 donnes, belote seule, capot 252"
    ),
    "ffb_classic_2016": gettext_lazy("Belote classique, règlement FFB 2016"),
    "classic_seed_000": gettext_lazy(
        "Belote classique : égalité = dedans, capot 250, partie en 1000"
    ),
    "classic_seed_001": gettext_lazy("Belote classique : contrat à 82, capot 252, partie en 501"),
    "classic_announcements": gettext_lazy("Belote classique avec annonces"),
    "ffb_contree_2016": gettext_lazy("Contrée FFB 2016, points faits + demandés"),
    "ffb_contree_points_faits": gettext_lazy("Contrée FFB, points faits"),
    "contree_points_annonces": gettext_lazy("Contrée, points annoncés"),
    "ffb_coinche_2015": gettext_lazy("Coinche FFB 2015 (avec annonces)"),
    "cannes_contree_2016": gettext_lazy("Contrée de Cannes 2016 (×2/×3, arrondi à 6, 2001 points)"),
}

# (section title, [option names]) in display order.
SECTIONS: list[tuple[Any, list[str]]] = [
    (gettext_lazy("Jeu et format des parties"), ["variant", "game_end", "deals_per_game", "target",
                                      "end_condition", "both_cross_rule",
                                      "capot_belote_cannot_finish", "deal_total"]),
    (gettext_lazy("Contrat et capot (belote classique)"), ["contract_rule", "belote_counts_for_contract",
                                                "capot_value", "failed_points",
                                                "failed_defense_extras", "belote_on_failure",
                                                "defense_capot", "capot_test"]),
    (gettext_lazy("Égalité (litige)"), ["tie_rule", "litige_reserve_to", "litige_last_deal"]),
    (gettext_lazy("Annonces"), ["announcements", "announcement_scoring", "announcement_ranking", "announcement_tie",
                     "card_reuse_in_announcements", "announcements_count_for_contract"]),
    (gettext_lazy("Sans-atout et tout-atout"), ["sans_atout_tout_atout", "tout_atout_points"]),
    (gettext_lazy("Contrée et coinche"), ["contree_scoring_mode", "contract_success", "bid_range",
                               "min_bid_82_counts_as", "capot_bid_value", "capot_value_contree",
                               "capot_bid_made", "capot_bid_failed", "generale_made",
                               "generale_failed", "contre_multiplier", "surcontre_multiplier",
                               "multiplier_target", "doubled_winner_base",
                               "doubled_loser_score", "belote_when_doubled"]),
    (gettext_lazy("Arrondi"), ["rounding", "rounding_stage", "last_deal_exact"]),
    (gettext_lazy("Temps limité, plafonds et matchs"), ["time_up", "time_up_deals", "score_cap_winner",
                                                  "score_cap_loser", "match_games", "match_format"]),
    (gettext_lazy("Pénalités et donne"), ["penalty_points", "penalty_adds_contract",
                               "redeal_on_all_pass", "second_round_suit"]),
]  # fmt: skip

LABELS: dict[str, Any] = {
    "variant": gettext_lazy("Jeu"),
    "deal_total": gettext_lazy("Points d'une donne"),
    "capot_value": gettext_lazy("Valeur du capot"),
    "contract_rule": gettext_lazy("Le preneur a fait son contrat quand"),
    "belote_counts_for_contract": gettext_lazy("La belote compte pour faire le contrat"),
    "tie_rule": gettext_lazy("En cas d'égalité (81-81)"),
    "litige_reserve_to": gettext_lazy("Les points mis en réserve vont à"),
    "litige_last_deal": gettext_lazy("Litige à la dernière donne"),
    "failed_points": gettext_lazy("Points de la défense quand le preneur chute"),
    "failed_defense_extras": gettext_lazy("La défense ajoute, sur une chute"),
    "belote_on_failure": gettext_lazy("Belote du preneur qui chute"),
    "defense_capot": gettext_lazy("Capot fait par la défense"),
    "capot_test": gettext_lazy("Reconnaître un capot"),
    "announcements": gettext_lazy("Jouer avec les annonces (tierce, cinquante, cent, carrés)"),
    "announcement_scoring": gettext_lazy("Qui marque les annonces"),
    "announcement_tie": gettext_lazy("Annonces égales"),
    "announcement_ranking": gettext_lazy("La meilleure annonce est"),
    "time_up": gettext_lazy("Quand le temps est écoulé, la partie s'arrête"),
    "time_up_deals": gettext_lazy("Donnes encore jouées après le temps"),
    "score_cap_winner": gettext_lazy("Score du gagnant plafonné à (0 : sans plafond)"),
    "score_cap_loser": gettext_lazy("Score du perdant plafonné à (0 : sans plafond)"),
    "match_games": gettext_lazy("Manches par match à chaque table (1 : une seule)"),
    "match_format": gettext_lazy("Un match se joue"),
    "card_reuse_in_announcements": gettext_lazy("Une carte dans deux annonces"),
    "announcements_count_for_contract": gettext_lazy("Les annonces comptent pour faire le contrat"),
    "sans_atout_tout_atout": gettext_lazy("Sans-atout et tout-atout autorisés"),
    "tout_atout_points": gettext_lazy("Points au tout-atout"),
    "contree_scoring_mode": gettext_lazy("Décompte en contrée"),
    "contract_success": gettext_lazy("Contrat réussi en contrée quand"),
    "bid_range": gettext_lazy("Enchères possibles"),
    "min_bid_82_counts_as": gettext_lazy("Une annonce de 82 se marque"),
    "capot_bid_value": gettext_lazy("Valeur d'un contrat capot"),
    "capot_value_contree": gettext_lazy("Valeur du capot en contrée"),
    "capot_bid_made": gettext_lazy("Capot annoncé et réussi"),
    "capot_bid_failed": gettext_lazy("Capot annoncé et chuté"),
    "generale_made": gettext_lazy("Générale réussie"),
    "generale_failed": gettext_lazy("Générale chutée"),
    "contre_multiplier": gettext_lazy("Coefficient du contre"),
    "surcontre_multiplier": gettext_lazy("Coefficient du surcontre"),
    "multiplier_target": gettext_lazy("Ce que multiplient contre et surcontre"),
    "doubled_winner_base": gettext_lazy("Donne contrée : le gagnant marque"),
    "doubled_loser_score": gettext_lazy("Donne contrée : le perdant marque"),
    "belote_when_doubled": gettext_lazy("Belote sur une donne contrée"),
    "rounding": gettext_lazy("Arrondi des points"),
    "rounding_stage": gettext_lazy("Ce qui est arrondi"),
    "last_deal_exact": gettext_lazy("Dernière donne comptée au point près"),
    "penalty_points": gettext_lazy("Pénalité (renonce, maldonne) : points aux adversaires"),
    "penalty_adds_contract": gettext_lazy("La pénalité ajoute le contrat"),
    "game_end": gettext_lazy("Une partie se termine"),
    "target": gettext_lazy("Points à atteindre"),
    "deals_per_game": gettext_lazy("Nombre de donnes par partie"),
    "end_condition": gettext_lazy("Le but est atteint quand une équipe"),
    "both_cross_rule": gettext_lazy("Les deux équipes passent le but à la même donne"),
    "capot_belote_cannot_finish": gettext_lazy(
        "Une équipe capot ou dedans ne peut pas finir la partie avec sa seule belote"
    ),
    "redeal_on_all_pass": gettext_lazy("Tout le monde passe"),
    "second_round_suit": gettext_lazy("Au second tour d'enchères, on peut prendre à"),
}

VALUE_LABELS: dict[str, dict[Any, Any]] = {
    "variant": {"classic": gettext_lazy("belote classique (à la retourne)"), "contree": gettext_lazy("contrée"),
                "coinche": gettext_lazy("coinche (contrée avec annonces)")},
    "contract_rule": {"more_than_defense": gettext_lazy("il a strictement plus que la défense (FFB)"),
                      "at_least_82": gettext_lazy("il a au moins 82 points"),
                      "at_least_defense": gettext_lazy("il a au moins autant que la défense")},
    "tie_rule": {"litige_carry": gettext_lazy("litige : les points du preneur sont mis en réserve"),
                 "taker_fails": gettext_lazy("le preneur est dedans"),
                 "taker_succeeds": gettext_lazy("le preneur a fait son contrat")},
    "litige_reserve_to": {"next_successful_taker": gettext_lazy("au prochain preneur qui réussit (FFB)"),
                          "next_deal_winner": gettext_lazy("au gagnant de la donne suivante")},
    "litige_last_deal": {"same_as_other_deals": gettext_lazy("comme aux autres donnes"),
                         "each_scores_own": gettext_lazy("chaque équipe marque ses points")},
    "failed_points": {"162": gettext_lazy("162"), "160": gettext_lazy("160"), "162_plus_contract": gettext_lazy("162 + le contrat"),
                      "160_plus_contract": gettext_lazy("160 + le contrat"),
                      "contract_only": gettext_lazy("le contrat seul")},
    "failed_defense_extras": {
        "own_belote_and_all_announcements": gettext_lazy("sa belote et toutes les annonces"),
        "none": gettext_lazy("rien (points de chute seuls)")},
    "belote_on_failure": {"kept_by_holder": gettext_lazy("gardée par l'équipe qui l'a"),
                          "to_defense": gettext_lazy("donnée à la défense"), "lost": gettext_lazy("perdue"),
                          "never_scored": gettext_lazy("la belote n'est jamais marquée")},
    "defense_capot": {"capot_value": gettext_lazy("la défense marque le capot"),
                      "ordinary_failure": gettext_lazy("comme une chute ordinaire")},
    "capot_test": {"all_tricks": gettext_lazy("une équipe a fait tous les plis"),
                   "opponents_no_points": gettext_lazy("aussi quand l'adversaire a 0 point")},
    "announcement_scoring": {"best_team_only": gettext_lazy("seule l'équipe qui a la meilleure annonce"),
                             "each_team_own": gettext_lazy("chaque équipe marque les siennes")},
    "announcement_ranking": {"points": gettext_lazy("celle qui vaut le plus de points (FFB)"),
                             "sequence_length_first": gettext_lazy(
                                 "pour les suites, la plus longue d'abord (six cartes battent cinq)")},
    "time_up": {"as_it_stands": gettext_lazy("telle quelle, au score atteint"),
                "after_current_deal": gettext_lazy("après la donne en cours"),
                "after_more_deals": gettext_lazy("après un nombre de donnes de plus")},
    "match_format": {"best_of": gettext_lazy("au meilleur des manches (partie, revanche, belle)"),
                     "all_games": gettext_lazy("en jouant toutes les manches")},
    "announcement_tie": {"cancel": gettext_lazy("aucune ne compte (FFB)"),
                         "trump_then_nearest_dealer": gettext_lazy("l'atout, puis le plus près du donneur"),
                         "first_announced": gettext_lazy("la première annoncée")},
    "card_reuse_in_announcements": {"forbidden": gettext_lazy("interdit"),
                                    "carre_and_sequence": gettext_lazy("permis pour un carré et une suite")},
    "tout_atout_points": {"table_152": gettext_lazy("barème de contrée (sur 162)"),
                          "raw_258": gettext_lazy("valeurs classiques sur 258, ramenées à 162")},
    "contree_scoring_mode": {"points_faits": gettext_lazy("points faits"),
                             "points_faits_plus_demandes": gettext_lazy("points faits + demandés"),
                             "points_annonces": gettext_lazy("points annoncés")},
    "contract_success": {"bid_only": gettext_lazy("il atteint son enchère"),
                         "bid_and_more_than_defense": gettext_lazy("il atteint son enchère et bat la défense")},
    "bid_range": {"80_160": gettext_lazy("de 80 à 160"), "80_180": gettext_lazy("de 80 à 180"),
                  "82_160": gettext_lazy("de 82 à 160"), "82_180": gettext_lazy("de 82 à 180"),
                  "90_180": gettext_lazy("de 90 à 180")},
    "capot_bid_made": {"as_contract": gettext_lazy("capot + valeur du contrat"),
                       "as_contract_without_capot_bonus": gettext_lazy("162 + valeur du contrat"),
                       "fixed_500": gettext_lazy("500 × coefficient"), "fixed_250": gettext_lazy("250 × coefficient"),
                       "capot_pile_only": gettext_lazy("le capot seul × coefficient (ex. 262)")},
    "capot_bid_failed": {"as_contract": gettext_lazy("chute + valeur du contrat"),
                         "fixed_500": gettext_lazy("500 × coefficient")},
    "generale_made": {"off": gettext_lazy("pas de générale"), "as_contract": gettext_lazy("contrat de 500"),
                      "fixed_500": gettext_lazy("500 × coefficient"), "fixed_1000": gettext_lazy("1000 × coefficient")},
    "multiplier_target": {"contract_only": gettext_lazy("le contrat seulement"),
                          "whole_score": gettext_lazy("tout le score de la donne"),
                          "fixed_amount": gettext_lazy("un montant fixe (320 / 640)")},
    "doubled_winner_base": {"whole_pile": gettext_lazy("toute la donne (160/162)"),
                            "whole_pile_or_capot_pile": gettext_lazy("toute la donne, ou le capot"),
                            "own_points": gettext_lazy("ses propres points")},
    "doubled_loser_score": {"zero": gettext_lazy("0"), "keeps_own_points": gettext_lazy("ses propres points")},
    "belote_when_doubled": {"kept_by_holder": gettext_lazy("gardée, non multipliée"),
                            "to_winner": gettext_lazy("au gagnant, non multipliée"),
                            "multiplied": gettext_lazy("multipliée avec le score de l'équipe")},
    "rounding": {"none": gettext_lazy("aucun, au point près"),
                 "nearest_10_5_up": gettext_lazy("à la dizaine, 5 vers le haut (85 → 90)"),
                 "nearest_10_6_up": gettext_lazy("à la dizaine, 6 vers le haut (85 → 80)"),
                 "taker_rounded_defense_complement": gettext_lazy(
                     "preneur arrondi, défense = complément à 160")},
    "rounding_stage": {
        "points_after_contract_check": gettext_lazy("les points, après avoir jugé le contrat (FFB)"),
        "points_before_contract_check": gettext_lazy("les points, avant de juger le contrat"),
        "final_deal_score": gettext_lazy("le score final de la donne")},
    "game_end": {"target": gettext_lazy("à un nombre de points"), "deals": gettext_lazy("après un nombre de donnes")},
    "end_condition": {"reach": gettext_lazy("atteint le but (≥)"), "exceed": gettext_lazy("dépasse le but (>)")},
    "both_cross_rule": {
        "higher_wins_tie_extra_deal": gettext_lazy("la plus haute gagne, égalité : une donne de plus (FFB)"),
        "higher_wins_tie_draw": gettext_lazy("la plus haute gagne, égalité : partie nulle"),
        "draw": gettext_lazy("partie nulle"), "last_taker_wins": gettext_lazy("le dernier preneur gagne")},
    "redeal_on_all_pass": {"next_dealer": gettext_lazy("le joueur suivant donne (FFB)"),
                           "same_dealer": gettext_lazy("le même donneur redonne"),
                           "forced_third_round": gettext_lazy("troisième tour obligatoire")},
    "second_round_suit": {"any_suit": gettext_lazy("n'importe quelle couleur"),
                          "other_than_turned_up": gettext_lazy("une autre couleur que la retourne")},
}  # fmt: skip
VALUE_LABELS["generale_failed"] = VALUE_LABELS["generale_made"]

SHOWN_OPTIONS = [name for _title, names in SECTIONS for name in names]


def _value_label(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    label = VALUE_LABELS.get(name, {}).get(value)
    return str(label) if label is not None else str(value)


def _field_for(name: str, spec: Any, frozen: bool) -> forms.Field:
    label = LABELS.get(name, name)
    field: forms.Field
    if spec.kind == "bool":
        field = forms.BooleanField(label=label, required=False)
    elif spec.kind == "int" and spec.ranged:
        low, high = spec.choices
        field = forms.IntegerField(label=label, min_value=low, max_value=high)
    elif spec.kind == "int":
        field = forms.TypedChoiceField(
            label=label, choices=[(v, str(v)) for v in spec.choices], coerce=int
        )
    else:
        field = forms.ChoiceField(
            label=label, choices=[(v, _value_label(name, v)) for v in spec.choices]
        )
    field.disabled = frozen
    return field


class RulesForm(forms.Form):
    """A preset and every rule option, initialised from the preset (or the stored ruleset)."""

    preset = forms.ChoiceField(label=gettext_lazy("Modèle de règles"))

    def __init__(
        self,
        data: Any = None,
        *,
        preset: str | None = None,
        stored: dict[str, Any] | None = None,
        frozen: bool = False,
    ) -> None:
        preset = preset if preset in engine_rules.PRESETS else None
        super().__init__(data)
        self.frozen = frozen
        preset_field = self.fields["preset"]
        assert isinstance(preset_field, forms.ChoiceField)  # declared as one above
        preset_field.choices = [
            (name, PRESET_TITLES.get(name, p.title)) for name, p in engine_rules.PRESETS.items()
        ]
        self.fields["preset"].disabled = frozen
        if stored:
            try:
                base = engine_rules.ruleset_from_json(stored).to_json()
            except EngineError:
                base = engine_rules.Ruleset().to_json()
        else:
            base = engine_rules.make_ruleset(preset or DEFAULT_PRESET).to_json()
        self.fields["preset"].initial = preset or DEFAULT_PRESET
        for name in SHOWN_OPTIONS:
            spec = engine_rules.OPTIONS[name]
            self.fields[name] = _field_for(name, spec, frozen)
            self.fields[name].initial = base.get(name, spec.default)

    def sections(self) -> list[tuple[Any, list[forms.BoundField]]]:
        return [(title, [self[name] for name in names]) for title, names in SECTIONS]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors or self.frozen:
            return data
        options = {name: data[name] for name in SHOWN_OPTIONS if name in data}
        try:
            engine_rules.make_ruleset(data["preset"], **options)
        except EngineError as exc:
            option = getattr(exc, "params", {}).get("option")
            message = engine_error_message(exc)
            if option in self.fields:
                self.add_error(option, message)
            else:
                raise forms.ValidationError(message) from exc
        return data

    def values(self) -> dict[str, Any]:
        """``preset`` and ``rule_options`` for ``services`` (which builds the ruleset JSON)."""
        data = self.cleaned_data
        return {
            "preset": data["preset"],
            "rule_options": {name: data[name] for name in SHOWN_OPTIONS if name in data},
        }


def rules_summary(contest: Contest) -> list[tuple[str, str]]:
    """``(label, value)`` lines describing the contest's rules in French."""
    try:
        rules = adapters.ruleset_of(contest).to_json()
    except EngineError as exc:
        return [(_("Règles"), engine_error_message(exc))]
    variant = rules.get("variant")
    lines = [(str(LABELS["variant"]), _value_label("variant", variant))]
    if rules.get("game_end") == "deals":
        fmt = _("%(deals)s donnes par partie") % {"deals": rules.get("deals_per_game")}
    else:
        fmt = _("partie en %(target)s points") % {"target": rules.get("target")}
    lines.append((_("Format"), fmt))
    for name in ("contract_rule", "capot_value", "tie_rule", "announcements", "rounding"):
        if variant != "classic" and name in ("contract_rule", "capot_value", "tie_rule"):
            continue
        lines.append((str(LABELS[name]), _value_label(name, rules.get(name))))
    if variant != "classic":
        for name in ("contree_scoring_mode", "bid_range", "surcontre_multiplier"):
            lines.append((str(LABELS[name]), _value_label(name, rules.get(name))))
    return lines
