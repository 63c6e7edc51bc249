"""The play of a contest: its phases, its rounds ("manche" / "partie") with their draw and
clock, the tables of each round, and the solo players sitting a partie out (``SoloBye``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.contests import Contest
from tournaments.models.entries import Entry, SoloEntry


class Phase(models.Model):
    """One phase of a contest in phases (pools, then a main bracket and a consolante…).

    A contest without phases is one implicit Swiss phase, exactly as before. ``rules_overrides``
    are engine ``Ruleset`` options (game end, score caps, match of several games, time's-up)
    that the parties of this phase play instead of the contest's; a partie's own overrides
    come on top (``tournaments.adapters.round_ruleset``).
    """

    class Kind(models.TextChoices):
        SWISS = "swiss", _("parties selon le classement")
        DRAW = "draw", _("tirage à chaque partie")
        POOLS = "pools", _("poules (toutes rondes)")
        KNOCKOUT = "knockout", _("tableau à élimination directe")
        CONSOLANTE = "consolante", _("consolante")
        REPECHAGE = "repechage", _("repêchage")

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="phases")
    number = models.PositiveSmallIntegerField(_("ordre"))
    kind = models.CharField(_("type"), max_length=12, choices=Kind.choices)
    name = models.CharField(_("nom"), max_length=80, blank=True)
    rounds_count = models.PositiveSmallIntegerField(_("nombre de parties"), default=1)
    # The phase's own settings (pool size, seeding, bracket size, placement matches…) and its
    # qualification rule from the previous phase, as plain JSON checked by services/phases.
    settings = models.JSONField(_("réglages"), default=dict, blank=True)
    qualification = models.JSONField(_("qualification"), default=dict, blank=True)
    rules_overrides = models.JSONField(_("format des parties"), default=dict, blank=True)
    # What was drawn when the phase started (services/phases): its entrants in seed order, the
    # seed of its draw and its "why" report; empty until then. The pools and brackets are
    # rebuilt from it by the engine, deterministically, with the results.
    state = models.JSONField(_("tirage de la phase"), default=dict, blank=True)

    class Meta:
        ordering = ["contest", "number"]
        verbose_name = _("phase")
        verbose_name_plural = _("phases")
        constraints = [
            models.UniqueConstraint(fields=["contest", "number"], name="phase_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="phase_number_positive"),
        ]

    def __str__(self) -> str:
        return self.name or str(self.get_kind_display())


class Round(models.Model):
    """One round ("manche", "partie") of a contest: its draw, then its games."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("brouillon")
        PUBLISHED = "published", _("publiée")
        CLOSED = "closed", _("close")

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("numéro"))
    phase = models.ForeignKey(
        Phase,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rounds",
        verbose_name=_("phase"),
    )
    # This partie's own format (engine Ruleset options over the contest's and its phase's).
    rules_overrides = models.JSONField(_("format de la partie"), default=dict, blank=True)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    method = models.CharField(_("méthode"), max_length=20, blank=True)
    seed = models.BigIntegerField(_("graine du tirage"), null=True, blank=True)
    # The pairing's "why" report (engine.pairing report items as JSON).
    report = models.JSONField(_("rapport d'appariement"), default=list, blank=True)
    published_at = models.DateTimeField(_("publiée le"), null=True, blank=True)
    # What the public may see of this round (publishing is decided per round).
    show_draw = models.BooleanField(_("tirage public"), default=False)
    show_results = models.BooleanField(_("résultats publics"), default=False)
    show_standings = models.BooleanField(_("classement public"), default=False)
    # The clock of a timed partie (``tournaments.services.rounds.clock`` writes it and computes the
    # time left): its duration, when it started, when it was paused (None while running),
    # the seconds spent paused before, and the minutes added by the organiser.
    clock_minutes = models.PositiveSmallIntegerField(_("durée (minutes)"), null=True, blank=True)
    clock_started_at = models.DateTimeField(_("chrono lancé le"), null=True, blank=True)
    clock_paused_at = models.DateTimeField(_("chrono en pause depuis"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(_("secondes de pause"), default=0)
    clock_extra_minutes = models.PositiveSmallIntegerField(_("minutes ajoutées"), default=0)

    class Meta:
        ordering = ["contest", "number"]
        verbose_name = _("partie")
        verbose_name_plural = _("parties")
        constraints = [
            models.UniqueConstraint(fields=["contest", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "published", "closed"]), name="round_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.contest} — partie {self.number}"


class Table(models.Model):
    """A table of a round: two entries, or one entry with a bye ("exempt")."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField(_("table"))
    # RESTRICT, not PROTECT: a team seated at a table cannot be deleted on its own, but deleting
    # the whole contest (admin, archive restore) deletes its rounds, tables and teams together.
    entry_a = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, related_name="tables_as_a", verbose_name=_("équipe A")
    )
    entry_b = models.ForeignKey(
        Entry,
        on_delete=models.RESTRICT,
        related_name="tables_as_b",
        null=True,
        blank=True,
        verbose_name=_("équipe B"),
    )
    # The numbers this table had before the organiser moved it (a table taken out of service,
    # ``services.plan_changes``): a QR code printed with an old number still opens its sheet.
    former_numbers = models.JSONField(_("anciens numéros"), default=list, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.UniqueConstraint(fields=["round", "entry_a"], name="table_entry_a_once"),
            models.UniqueConstraint(fields=["round", "entry_b"], name="table_entry_b_once"),
            models.CheckConstraint(condition=~Q(entry_a=F("entry_b")), name="table_two_teams"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} — table {self.number}"

    @property
    def is_bye(self) -> bool:
        return self.entry_b_id is None


class SoloBye(models.Model):
    """A solo player who sits out a mêlée partie ("exempt"): a bye of one, credited by the
    contest's bye policy in the individual standings (no table, no score sheet)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="solo_byes")
    solo = models.ForeignKey(
        SoloEntry, on_delete=models.RESTRICT, related_name="byes", verbose_name=_("joueur")
    )

    class Meta:
        ordering = ["round", "solo"]
        verbose_name = _("exempt de la partie")
        verbose_name_plural = _("exempts de la partie")
        constraints = [
            models.UniqueConstraint(fields=["round", "solo"], name="solo_bye_once_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.round} — {self.solo}"
