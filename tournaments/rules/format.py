"""The format of a partie (or of a phase): its game end and its score cap, over the contest's rules.

What it owns: :class:`FormatForm`, the reusable form of the engine options a partie or a
phase may play differently from the contest (``FORMAT_OPTIONS``: the game end — number of
deals, target, end condition — and the score cap of a game, winner at most X, loser at most
Y), checked by the engine against the rules it overrides; :class:`PartieFormatForm`, the same
with the partie's duration (a timed partie); :class:`ClockForm`, the clock's buttons;
:func:`format_panel`, what the round and follow pages show of both; :func:`format_line` and
:func:`format_changes`, the French words of a format and of what differs from the contest's.

It never saves: views pass ``overrides()`` (only the options that differ from the base rules,
as JSON values) to ``tournaments.services.rounds.format``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.belote import rules as engine_rules
from engine.errors import EngineError
from tournaments.adapters import ruleset_of
from tournaments.messages.codes import engine_error_message
from tournaments.models import Round
from tournaments.rules.contest import LABELS, VALUE_LABELS
from tournaments.services.rounds.clock import MAX_MINUTES, clock_of
from tournaments.services.rounds.format import FORMAT_OPTIONS, base_rules  # in the form's order


def _choices(name: str) -> list[tuple[str, str]]:
    spec = engine_rules.OPTIONS[name]
    labels = VALUE_LABELS.get(name, {})
    return [(str(v), str(labels.get(v, v))) for v in spec.choices]


def _int_field(name: str) -> forms.IntegerField:
    low, high = engine_rules.OPTIONS[name].choices
    assert isinstance(low, int) and isinstance(high, int)  # ranged int options
    return forms.IntegerField(label=LABELS[name], min_value=low, max_value=high)


def _cap_message(exc: EngineError) -> str | None:
    options = (getattr(exc, "params", None) or {}).get("options") or []
    if "score_cap_loser" in options:
        return _("Le score du perdant ne peut pas être plafonné plus haut que celui du gagnant.")
    return None


class FormatForm(forms.Form):
    """The game end and score cap of a partie or phase, initialised from ``rules`` (the rules
    it plays now) and checked by the engine over ``base`` (the rules it overrides)."""

    game_end = forms.ChoiceField(label=LABELS["game_end"])
    deals_per_game = _int_field("deals_per_game")
    target = _int_field("target")
    end_condition = forms.ChoiceField(label=LABELS["end_condition"])
    score_cap_winner = _int_field("score_cap_winner")
    score_cap_loser = _int_field("score_cap_loser")

    def __init__(
        self,
        data: Any = None,
        *,
        base: engine_rules.Ruleset,
        rules: engine_rules.Ruleset | None = None,
        prefix: str | None = None,
    ) -> None:
        super().__init__(data, prefix=prefix)
        self.base = base
        current = (rules or base).to_json()
        for name in ("game_end", "end_condition"):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)  # declared as one above
            field.choices = _choices(name)
        for name in FORMAT_OPTIONS:
            self.fields[name].initial = current[name]
        self.rules: engine_rules.Ruleset | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            self.rules = self.base.replace(**self.overrides())
        except EngineError as exc:
            message = _cap_message(exc) or engine_error_message(exc)
            option = (getattr(exc, "params", None) or {}).get("option")
            if _cap_message(exc):
                option = "score_cap_loser"
            if option in self.fields:
                self.add_error(option, message)
            else:
                raise forms.ValidationError(message) from exc
        return data

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the base rules, as JSON values ({} = as the base)."""
        data = self.cleaned_data
        base = self.base.to_json()
        values: dict[str, Any] = {}
        for name in FORMAT_OPTIONS:
            if name not in data:
                continue
            value = data[name]
            if engine_rules.OPTIONS[name].kind == "int":
                value = int(value)
            if value != base[name]:
                values[name] = value
        return values


class PartieFormatForm(FormatForm):
    """A partie's format, and its duration (empty: a partie without a clock)."""

    clock_minutes = forms.IntegerField(
        label=gettext_lazy("Durée de la partie, en minutes (vide : sans chrono)"),
        min_value=1,
        max_value=MAX_MINUTES,
        required=False,
    )

    def __init__(
        self,
        data: Any = None,
        *,
        base: engine_rules.Ruleset,
        rules: engine_rules.Ruleset | None = None,
        minutes: int | None = None,
        clock_started: bool = False,
    ) -> None:
        super().__init__(data, base=base, rules=rules)
        self.fields["clock_minutes"].initial = minutes
        if clock_started:
            self.fields["clock_minutes"].disabled = True
            self.fields["clock_minutes"].help_text = _(
                "Le chrono est lancé : prolongez-le depuis le suivi des tables."
            )


def format_line(rules: engine_rules.Ruleset) -> str:
    """ "Partie en 12 donnes" / "Partie en 2001 points", with its score cap if any."""
    if rules.game_end is engine_rules.GameEnd.DEALS:
        text = _("Partie en %(n)d donnes") % {"n": rules.deals_per_game}
    elif rules.end_condition is engine_rules.EndCondition.EXCEED:
        text = _("Partie en %(n)d points (à dépasser)") % {"n": rules.target}
    else:
        text = _("Partie en %(n)d points") % {"n": rules.target}
    cap = cap_line(rules)
    return f"{text}, {cap}" if cap else text


def cap_line(rules: engine_rules.Ruleset) -> str:
    """ "score plafonné à 1280 pour le gagnant et 664 pour le perdant", or ""."""
    winner, loser = rules.score_cap_winner, rules.score_cap_loser
    if winner and loser:
        return _("score plafonné à %(w)d pour le gagnant et %(l)d pour le perdant") % {
            "w": winner,
            "l": loser,
        }
    if winner:
        return _("score plafonné à %(w)d") % {"w": winner}
    if loser:
        return _("score du perdant plafonné à %(l)d") % {"l": loser}
    return ""


def format_changes(base: engine_rules.Ruleset, rules: engine_rules.Ruleset) -> str:
    """The partie's format when it differs from ``base`` (the contest's), else ""."""
    if all(getattr(base, name) == getattr(rules, name) for name in FORMAT_OPTIONS):
        return ""
    return format_line(rules)


def overrides_text(overrides: dict[str, Any]) -> str:
    """A stored partie format (``Round.rules_overrides``) in French, for the journal."""
    if not overrides:
        return _("comme le concours")
    parts: list[str] = []
    if "deals_per_game" in overrides or overrides.get("game_end") == "deals":
        parts.append(_("%(n)s donnes") % {"n": overrides.get("deals_per_game", "?")})
    if "target" in overrides or overrides.get("game_end") == "target":
        parts.append(_("%(n)s points") % {"n": overrides.get("target", "?")})
    if "end_condition" in overrides:
        label = VALUE_LABELS["end_condition"].get(overrides["end_condition"], "?")
        parts.append(_("but %(how)s") % {"how": label})
    for name, text in (
        ("score_cap_winner", _("gagnant plafonné à %(n)s")),
        ("score_cap_loser", _("perdant plafonné à %(n)s")),
    ):
        if name in overrides:
            parts.append(text % {"n": overrides[name] or _("sans plafond")})
    return ", ".join(parts)


class ClockForm(forms.Form):
    """An organiser's button on a partie's clock: start, pause, resume, or extend by N minutes."""

    ACTIONS = ("start", "pause", "resume", "extend")

    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    minutes = forms.IntegerField(
        label=gettext_lazy("Minutes de plus"), min_value=1, max_value=120, required=False
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("action") == "extend" and not data.get("minutes"):
            self.add_error("minutes", _("Indiquez de combien de minutes prolonger la partie."))
        return data


def format_panel(round_: Round, form: PartieFormatForm | None = None) -> dict[str, Any]:
    """The format panel and the clock of a partie, for the round and follow pages."""
    extras: dict[str, Any] = {
        "clock": clock_of(round_),
        "clock_form": ClockForm(initial={"minutes": 5}),
        "format_note": "",
        "format_form": None,
        "format_error": "",
    }
    try:
        base = base_rules(round_)
        rules = base.replace(**(round_.rules_overrides or {}))
    except EngineError as exc:
        extras["format_error"] = engine_error_message(exc)
        return extras
    with contextlib.suppress(EngineError):  # the contest's own rules are shown elsewhere
        extras["format_note"] = format_changes(ruleset_of(round_.contest), rules)
    extras["format_form"] = form or PartieFormatForm(
        base=base,
        rules=rules,
        minutes=round_.clock_minutes,
        clock_started=round_.clock_started_at is not None,
    )
    return extras


__all__ = [
    "FORMAT_OPTIONS",
    "ClockForm",
    "FormatForm",
    "PartieFormatForm",
    "cap_line",
    "format_changes",
    "format_line",
    "format_panel",
    "overrides_text",
]
