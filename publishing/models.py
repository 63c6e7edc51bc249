"""What the organiser releases besides the standings: the prize list and export jobs.

* :class:`Prize`: the prize list ("palmarès", "lots") of a contest, by rank or range of ranks.
* :class:`ExportJob`: a CSV/XLSX/ODS export run by a Celery worker, with its progress and file.

The tables keep the names they had in the ``scoring`` app (``db_table``): the models moved with
a state-only migration.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Contest

__all__ = ["ExportJob", "Prize"]


class Prize(models.Model):
    """A prize of the final ranking: ranks ``rank_from`` to ``rank_to`` each receive ``label``."""

    contest = models.ForeignKey(
        Contest, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("concours")
    )
    rank_from = models.PositiveIntegerField(_("du rang"))
    rank_to = models.PositiveIntegerField(_("au rang"))
    label = models.CharField(_("lot"), max_length=200)

    class Meta:
        db_table = "scoring_prize"
        ordering = ["contest", "rank_from"]
        verbose_name = _("lot")
        verbose_name_plural = _("lots")
        constraints = [
            models.UniqueConstraint(fields=["contest", "rank_from"], name="prize_unique_rank"),
            models.CheckConstraint(condition=Q(rank_from__gte=1), name="prize_rank_positive"),
            models.CheckConstraint(
                condition=Q(rank_to__gte=F("rank_from")), name="prize_range_ordered"
            ),
        ]

    def __str__(self) -> str:
        if self.rank_from == self.rank_to:
            return f"{self.rank_from} : {self.label}"
        return f"{self.rank_from}–{self.rank_to} : {self.label}"

    def covers(self, rank: int) -> bool:
        return self.rank_from <= rank <= self.rank_to


class ExportJob(models.Model):
    """An export of a contest's data to a file, run by ``publishing.tasks.run_export``."""

    class Kind(models.TextChoices):
        ENTRIES = "entries", _("équipes inscrites")
        RESULTS = "results", _("résultats des tables")
        DEALS = "deals", _("donnes")
        STANDINGS = "standings", _("classement")
        PLAYERS = "players", _("classement individuel")

    class Format(models.TextChoices):
        CSV = "csv", "CSV"
        XLSX = "xlsx", "Excel (XLSX)"
        ODS = "ods", "OpenDocument (ODS)"

    class Status(models.TextChoices):
        PENDING = "pending", _("en attente")
        RUNNING = "running", _("en cours")
        DONE = "done", _("prêt")
        FAILED = "failed", _("échec")

    contest = models.ForeignKey(
        Contest, on_delete=models.CASCADE, related_name="export_jobs", verbose_name=_("concours")
    )
    kind = models.CharField(_("contenu"), max_length=16, choices=Kind.choices)
    format = models.CharField(_("format"), max_length=8, choices=Format.choices)
    status = models.CharField(
        _("état"), max_length=16, choices=Status.choices, default=Status.PENDING
    )
    progress = models.PositiveSmallIntegerField(_("avancement (%)"), default=0)
    rows_total = models.PositiveIntegerField(_("lignes à écrire"), default=0)
    rows_done = models.PositiveIntegerField(_("lignes écrites"), default=0)
    file = models.FileField(_("fichier"), upload_to="exports/%Y/%m/", blank=True)
    filename = models.CharField(_("nom du fichier"), max_length=200, blank=True, default="")
    error = models.CharField(_("erreur"), max_length=300, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("demandé par"),
    )
    created_at = models.DateTimeField(_("demandé le"), auto_now_add=True)
    started_at = models.DateTimeField(_("commencé le"), null=True, blank=True)
    finished_at = models.DateTimeField(_("terminé le"), null=True, blank=True)

    class Meta:
        db_table = "scoring_exportjob"
        ordering = ["-created_at", "-pk"]
        verbose_name = _("export")
        verbose_name_plural = _("exports")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["entries", "results", "deals", "standings", "players"]),
                name="export_kind_valid_players",
            ),
            models.CheckConstraint(
                condition=Q(format__in=["csv", "xlsx", "ods"]), name="export_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["pending", "running", "done", "failed"]),
                name="export_status_valid",
            ),
            models.CheckConstraint(condition=Q(progress__lte=100), name="export_progress_range"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.format}) — {self.get_status_display()}"

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
