"""The rules of a contest in plain French: a form built from ``engine.rules.OPTIONS``.

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

from engine import rules as engine_rules
from engine.errors import EngineError
from tournaments import adapters
from tournaments.messages import engine_error_message
from tournaments.models import Contest

L = gettext_lazy

# Options decided by the contest's format fields, not shown in the rules form.
FORMAT_OPTIONS = ("games_per_contest", "tournament_ranking", "tournament_pairing")

DEFAULT_PRESET = "club_contest"

PRESET_TITLES: dict[str, Any] = {
    "club_contest": L("Concours de club typique : 4 parties de 12 donnes, belote seule, capot 252"),
    "ffb_classic_2016": L("Belote classique, règlement FFB 2016"),
    "classic_seed_000": L("Belote classique : égalité = dedans, capot 250, partie en 1000"),
    "classic_seed_001": L("Belote classique : contrat à 82, capot 252, partie en 501"),
    "classic_announcements": L("Belote classique avec annonces"),
    "ffb_contree_2016": L("Contrée FFB 2016, points faits + demandés"),
    "ffb_contree_points_faits": L("Contrée FFB, points faits"),
    "contree_points_annonces": L("Contrée, points annoncés"),
    "ffb_coinche_2015": L("Coinche FFB 2015 (avec annonces)"),
    "cannes_contree_2016": L("Contrée de Cannes 2016 (×2/×3, arrondi à 6, 2001 points)"),
}

# (section title, [option names]) in display order.
SECTIONS: list[tuple[Any, list[str]]] = [
    (L("Jeu et format des parties"), ["variant", "game_end", "deals_per_game", "target",
                                      "end_condition", "both_cross_rule",
                                      "capot_belote_cannot_finish", "deal_total"]),
    (L("Contrat et capot (belote classique)"), ["contract_rule", "belote_counts_for_contract",
                                                "capot_value", "failed_points",
                                                "failed_defense_extras", "belote_on_failure",
                                                "defense_capot", "capot_test"]),
    (L("Égalité (litige)"), ["tie_rule", "litige_reserve_to", "litige_last_deal"]),
    (L("Annonces"), ["announcements", "announcement_scoring", "announcement_tie",
                     "card_reuse_in_announcements", "announcements_count_for_contract"]),
    (L("Sans-atout et tout-atout"), ["sans_atout_tout_atout", "tout_atout_points"]),
    (L("Contrée et coinche"), ["contree_scoring_mode", "contract_success", "bid_range",
                               "min_bid_82_counts_as", "capot_bid_value", "capot_value_contree",
                               "capot_bid_made", "capot_bid_failed", "generale_made",
                               "generale_failed", "contre_multiplier", "surcontre_multiplier",
                               "multiplier_target", "doubled_winner_base",
                               "doubled_loser_score", "belote_when_doubled"]),
    (L("Arrondi"), ["rounding", "rounding_stage", "last_deal_exact"]),
    (L("Pénalités et donne"), ["penalty_points", "penalty_adds_contract",
                               "redeal_on_all_pass", "second_round_suit"]),
]  # fmt: skip

LABELS: dict[str, Any] = {
    "variant": L("Jeu"),
    "deal_total": L("Points d'une donne"),
    "capot_value": L("Valeur du capot"),
    "contract_rule": L("Le preneur a fait son contrat quand"),
    "belote_counts_for_contract": L("La belote compte pour faire le contrat"),
    "tie_rule": L("En cas d'égalité (81-81)"),
    "litige_reserve_to": L("Les points mis en réserve vont à"),
    "litige_last_deal": L("Litige à la dernière donne"),
    "failed_points": L("Points de la défense quand le preneur chute"),
    "failed_defense_extras": L("La défense ajoute, sur une chute"),
    "belote_on_failure": L("Belote du preneur qui chute"),
    "defense_capot": L("Capot fait par la défense"),
    "capot_test": L("Reconnaître un capot"),
    "announcements": L("Jouer avec les annonces (tierce, cinquante, cent, carrés)"),
    "announcement_scoring": L("Qui marque les annonces"),
    "announcement_tie": L("Annonces égales"),
    "card_reuse_in_announcements": L("Une carte dans deux annonces"),
    "announcements_count_for_contract": L("Les annonces comptent pour faire le contrat"),
    "sans_atout_tout_atout": L("Sans-atout et tout-atout autorisés"),
    "tout_atout_points": L("Points au tout-atout"),
    "contree_scoring_mode": L("Décompte en contrée"),
    "contract_success": L("Contrat réussi en contrée quand"),
    "bid_range": L("Enchères possibles"),
    "min_bid_82_counts_as": L("Une annonce de 82 se marque"),
    "capot_bid_value": L("Valeur d'un contrat capot"),
    "capot_value_contree": L("Valeur du capot en contrée"),
    "capot_bid_made": L("Capot annoncé et réussi"),
    "capot_bid_failed": L("Capot annoncé et chuté"),
    "generale_made": L("Générale réussie"),
    "generale_failed": L("Générale chutée"),
    "contre_multiplier": L("Coefficient du contre"),
    "surcontre_multiplier": L("Coefficient du surcontre"),
    "multiplier_target": L("Ce que multiplient contre et surcontre"),
    "doubled_winner_base": L("Donne contrée : le gagnant marque"),
    "doubled_loser_score": L("Donne contrée : le perdant marque"),
    "belote_when_doubled": L("Belote sur une donne contrée"),
    "rounding": L("Arrondi des points"),
    "rounding_stage": L("Ce qui est arrondi"),
    "last_deal_exact": L("Dernière donne comptée au point près"),
    "penalty_points": L("Pénalité (renonce, maldonne) : points aux adversaires"),
    "penalty_adds_contract": L("La pénalité ajoute le contrat"),
    "game_end": L("Une partie se termine"),
    "target": L("Points à atteindre"),
    "deals_per_game": L("Nombre de donnes par partie"),
    "end_condition": L("Le but est atteint quand une équipe"),
    "both_cross_rule": L("Les deux équipes passent le but à la même donne"),
    "capot_belote_cannot_finish": L(
        "Une équipe capot ou dedans ne peut pas finir la partie avec sa seule belote"
    ),
    "redeal_on_all_pass": L("Tout le monde passe"),
    "second_round_suit": L("Au second tour d'enchères, on peut prendre à"),
}

VALUE_LABELS: dict[str, dict[Any, Any]] = {
    "variant": {"classic": L("belote classique (à la retourne)"), "contree": L("contrée"),
                "coinche": L("coinche (contrée avec annonces)")},
    "contract_rule": {"more_than_defense": L("il a strictement plus que la défense (FFB)"),
                      "at_least_82": L("il a au moins 82 points"),
                      "at_least_defense": L("il a au moins autant que la défense")},
    "tie_rule": {"litige_carry": L("litige : les points du preneur sont mis en réserve"),
                 "taker_fails": L("le preneur est dedans"),
                 "taker_succeeds": L("le preneur a fait son contrat")},
    "litige_reserve_to": {"next_successful_taker": L("au prochain preneur qui réussit (FFB)"),
                          "next_deal_winner": L("au gagnant de la donne suivante")},
    "litige_last_deal": {"same_as_other_deals": L("comme aux autres donnes"),
                         "each_scores_own": L("chaque équipe marque ses points")},
    "failed_points": {"162": L("162"), "160": L("160"), "162_plus_contract": L("162 + le contrat"),
                      "160_plus_contract": L("160 + le contrat"),
                      "contract_only": L("le contrat seul")},
    "failed_defense_extras": {
        "own_belote_and_all_announcements": L("sa belote et toutes les annonces"),
        "none": L("rien (points de chute seuls)")},
    "belote_on_failure": {"kept_by_holder": L("gardée par l'équipe qui l'a"),
                          "to_defense": L("donnée à la défense"), "lost": L("perdue"),
                          "never_scored": L("la belote n'est jamais marquée")},
    "defense_capot": {"capot_value": L("la défense marque le capot"),
                      "ordinary_failure": L("comme une chute ordinaire")},
    "capot_test": {"all_tricks": L("une équipe a fait tous les plis"),
                   "opponents_no_points": L("aussi quand l'adversaire a 0 point")},
    "announcement_scoring": {"best_team_only": L("seule l'équipe qui a la meilleure annonce"),
                             "each_team_own": L("chaque équipe marque les siennes")},
    "announcement_tie": {"cancel": L("aucune ne compte (FFB)"),
                         "trump_then_nearest_dealer": L("l'atout, puis le plus près du donneur"),
                         "first_announced": L("la première annoncée")},
    "card_reuse_in_announcements": {"forbidden": L("interdit"),
                                    "carre_and_sequence": L("permis pour un carré et une suite")},
    "tout_atout_points": {"table_152": L("barème de contrée (sur 162)"),
                          "raw_258": L("valeurs classiques sur 258, ramenées à 162")},
    "contree_scoring_mode": {"points_faits": L("points faits"),
                             "points_faits_plus_demandes": L("points faits + demandés"),
                             "points_annonces": L("points annoncés")},
    "contract_success": {"bid_only": L("il atteint son enchère"),
                         "bid_and_more_than_defense": L("il atteint son enchère et bat la défense")},
    "bid_range": {"80_160": L("de 80 à 160"), "80_180": L("de 80 à 180"),
                  "82_160": L("de 82 à 160"), "82_180": L("de 82 à 180"),
                  "90_180": L("de 90 à 180")},
    "capot_bid_made": {"as_contract": L("capot + valeur du contrat"),
                       "as_contract_without_capot_bonus": L("162 + valeur du contrat"),
                       "fixed_500": L("500 × coefficient"), "fixed_250": L("250 × coefficient")},
    "capot_bid_failed": {"as_contract": L("chute + valeur du contrat"),
                         "fixed_500": L("500 × coefficient")},
    "generale_made": {"off": L("pas de générale"), "as_contract": L("contrat de 500"),
                      "fixed_500": L("500 × coefficient"), "fixed_1000": L("1000 × coefficient")},
    "multiplier_target": {"contract_only": L("le contrat seulement"),
                          "whole_score": L("tout le score de la donne"),
                          "fixed_amount": L("un montant fixe (320 / 640)")},
    "doubled_winner_base": {"whole_pile": L("toute la donne (160/162)"),
                            "whole_pile_or_capot_pile": L("toute la donne, ou le capot"),
                            "own_points": L("ses propres points")},
    "doubled_loser_score": {"zero": L("0"), "keeps_own_points": L("ses propres points")},
    "belote_when_doubled": {"kept_by_holder": L("gardée, non multipliée"),
                            "to_winner": L("au gagnant, non multipliée"),
                            "multiplied": L("multipliée avec le score de l'équipe")},
    "rounding": {"none": L("aucun, au point près"),
                 "nearest_10_5_up": L("à la dizaine, 5 vers le haut (85 → 90)"),
                 "nearest_10_6_up": L("à la dizaine, 6 vers le haut (85 → 80)"),
                 "taker_rounded_defense_complement": L(
                     "preneur arrondi, défense = complément à 160")},
    "rounding_stage": {
        "points_after_contract_check": L("les points, après avoir jugé le contrat (FFB)"),
        "points_before_contract_check": L("les points, avant de juger le contrat"),
        "final_deal_score": L("le score final de la donne")},
    "game_end": {"target": L("à un nombre de points"), "deals": L("après un nombre de donnes")},
    "end_condition": {"reach": L("atteint le but (≥)"), "exceed": L("dépasse le but (>)")},
    "both_cross_rule": {
        "higher_wins_tie_extra_deal": L("la plus haute gagne, égalité : une donne de plus (FFB)"),
        "higher_wins_tie_draw": L("la plus haute gagne, égalité : partie nulle"),
        "draw": L("partie nulle"), "last_taker_wins": L("le dernier preneur gagne")},
    "redeal_on_all_pass": {"next_dealer": L("le joueur suivant donne (FFB)"),
                           "same_dealer": L("le même donneur redonne"),
                           "forced_third_round": L("troisième tour obligatoire")},
    "second_round_suit": {"any_suit": L("n'importe quelle couleur"),
                          "other_than_turned_up": L("une autre couleur que la retourne")},
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
        self.fields["preset"].choices = [
            (name, PRESET_TITLES.get(name, p.title)) for name, p in engine_rules.PRESETS.items()
        ]
        self.fields["preset"].disabled = frozen
        if stored:
            try:
                base = engine_rules.Ruleset.from_json(stored).to_json()
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
