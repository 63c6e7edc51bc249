"""The forms of the plan of phases: one form per phase (a formset, in playing order) and the
choice of a ready-made plan.

Each form checks its shape and turns itself into a :class:`PhaseSpec`
(:meth:`PhaseForm.spec`); whether the plan can be played is the service's and the engine's
to say (``services.phases.plan.check_plan``). Forms never save.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.messages.phases import POOL_METHODS, RULE_KINDS
from tournaments.models import Phase
from tournaments.services.phases.core import PhaseSpec
from tournaments.services.phases.plan import READY_PLANS

PLACES = (
    ("2", _("la finale seulement")),
    ("4", _("jusqu'à la 4e place")),
    ("8", _("jusqu'à la 8e place (matchs de classement)")),
    ("0", _("toutes les places")),
)
SOURCES = (
    ("pools", _("les équipes des poules non qualifiées pour le tableau principal")),
    ("losers", _("les perdants du premier tour du tableau principal")),
)


class PhaseForm(forms.Form):
    # Empty: no phase (the formset's spare form left as it is adds nothing).
    kind = forms.ChoiceField(
        label=_("Type de phase"),
        choices=[("", _("— pas de phase —")), *Phase.Kind.choices],
        required=False,
    )
    name = forms.CharField(label=_("Nom (facultatif)"), max_length=80, required=False)
    rounds_count = forms.IntegerField(
        label=_("Nombre de parties"),
        min_value=1,
        max_value=30,
        required=False,
        help_text=_(
            "Pour les parties selon le classement ou tirées au sort ; calculé pour les poules et les tableaux."
        ),
    )
    pool_size = forms.IntegerField(
        label=_("Équipes par poule"), min_value=2, max_value=16, required=False, initial=4
    )
    pool_method = forms.ChoiceField(
        label=_("Formation des poules"), choices=list(POOL_METHODS.items()), required=False
    )
    places = forms.ChoiceField(label=_("Places jouées"), choices=PLACES, required=False)
    third_place = forms.BooleanField(label=_("Match pour la 3e place"), required=False)
    source = forms.ChoiceField(label=_("Consolante pour"), choices=SOURCES, required=False)
    from_place = forms.IntegerField(
        label=_("Consolante : à partir de la place de poule (facultatif)"),
        min_value=1,
        max_value=16,
        required=False,
    )
    rule = forms.ChoiceField(
        label=_("Qualifiées depuis la phase précédente"),
        choices=[("", _("toutes les équipes")), *RULE_KINDS.items()],
        required=False,
    )
    rule_count = forms.IntegerField(
        label=_("Combien (ou à partir de quelle place)"), min_value=1, max_value=512, required=False
    )
    best_place = forms.IntegerField(
        label=_("En plus, les meilleurs à la place…"), min_value=1, max_value=16, required=False
    )
    best_count = forms.IntegerField(
        label=_("… combien d'entre eux"), min_value=1, max_value=64, required=False
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        rule = data.get("rule") or ""
        if rule and rule != "best_at_place" and not data.get("rule_count"):
            self.add_error("rule_count", _("Indiquez combien d'équipes se qualifient."))
        if rule == "best_at_place" and not (data.get("best_place") and data.get("best_count")):
            self.add_error("best_place", _("Indiquez la place et le nombre d'équipes."))
        if bool(data.get("best_place")) != bool(data.get("best_count")):
            self.add_error("best_count", _("Indiquez la place et le nombre d'équipes."))
        return data

    def spec(self) -> PhaseSpec:
        d = self.cleaned_data
        kind = d["kind"]
        settings: dict[str, Any] = {}
        if kind == "pools":
            settings = {
                "pool_size": d.get("pool_size") or 4,
                "method": d.get("pool_method") or "draw",
            }
        elif kind in ("knockout", "consolante", "repechage"):
            settings = {
                "places": int(d.get("places") or 2),
                "third_place": bool(d.get("third_place")),
            }
            if kind == "consolante":
                settings["source"] = d.get("source") or "pools"
                if d.get("from_place") and settings["source"] == "pools":
                    settings["from_place"] = d["from_place"]
        rules: list[dict[str, Any]] = []
        rule, count = d.get("rule") or "", d.get("rule_count")
        if rule == "pool_places":
            rules.append({"kind": rule, "first": count, "last": None})
        elif rule in ("first_per_pool", "first_n", "first_overall"):
            rules.append({"kind": rule, "count": count})
        if d.get("best_place") and d.get("best_count"):
            rules.append(
                {"kind": "best_at_place", "place": d["best_place"], "count": d["best_count"]}
            )
        return PhaseSpec(
            kind,
            d.get("name") or "",
            d.get("rounds_count") or 1,
            settings,
            {"rules": rules} if rules else {},
        )


def initial_of(spec: PhaseSpec) -> dict[str, Any]:
    """A saved phase as the form's initial values."""
    s, rules = spec.settings, spec.qualification.get("rules") or []
    out: dict[str, Any] = {
        "kind": spec.kind,
        "name": spec.name,
        "rounds_count": spec.rounds_count,
        "pool_size": s.get("pool_size", 4),
        "pool_method": s.get("method", "draw"),
        "places": str(s.get("places", 2)),
        "third_place": bool(s.get("third_place")),
        "source": s.get("source", "pools"),
        "from_place": s.get("from_place"),
    }
    for rule in rules:
        if rule.get("kind") == "best_at_place":
            out["best_place"], out["best_count"] = rule.get("place"), rule.get("count")
        else:
            out["rule"] = rule.get("kind")
            out["rule_count"] = rule.get("count", rule.get("first"))
    return out


PhaseFormSet = forms.formset_factory(
    PhaseForm, extra=1, can_delete=True, max_num=8, validate_max=True
)


class ReadyPlanForm(forms.Form):
    plan = forms.ChoiceField(
        label=_("Partir d'un plan tout prêt"), choices=[(p.key, p.label) for p in READY_PLANS]
    )
