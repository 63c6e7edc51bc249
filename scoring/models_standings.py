"""Standings snapshots, prizes and export jobs: what the standings service leaves behind.

What it owns
------------
* :class:`StandingsState`: one row per contest holding ``results_version``, bumped by score
  entry inside its own transaction (``scoring.events.results_changed``). A snapshot records the
  version it was built from (``source_version``): ``results_version > source_version`` means
  "stale", and the periodic reconciliation (``scoring.tasks.reconcile_standings``) looks for
  exactly that.
* :class:`StandingsSnapshot`: the ranked rows of a contest as of a round ("classement après la
  manche N"), as the engine computed them, with each team's number and name.
  Public pages read them and never compute anything. A rebuild rewrites *every* round's row of
  the contest in one statement (an upsert, atomic by itself): the rounds it computed get their
  rows, the others become empty placeholders with ``is_valid=False``, so no reader ever finds
  rows left over from an earlier build.
* :class:`Prize`: the prize list ("palmarès", "lots") of a contest, by rank or range of ranks.
* :class:`ExportJob`: a CSV/XLSX/ODS export run by a Celery worker, with its progress and file.

What it must not do
-------------------
No computation (``engine.standings`` ranks, ``scoring.standings`` stores) and no access rule
(``tournaments.access`` and the views decide who sees what).

Domain words: standings/classement, round/manche (partie), rank/rang, prize/lot, export.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Contest

__all__ = ["ExportJob", "Prize", "StandingsSnapshot", "StandingsState"]


class StandingsState(models.Model):
    """Per-contest versions: results changed (bumped by score entry) and standings built."""

    contest = models.OneToOneField(
        Contest,
        on_delete=models.CASCADE,
        related_name="standings_state",
        verbose_name=_("concours"),
    )
    # +1 in the score-entry transaction each time a result of the contest changes.
    results_version = models.PositiveBigIntegerField(_("version des résultats"), default=0)
    results_changed_at = models.DateTimeField(_("résultats modifiés le"), null=True, blank=True)

    class Meta:
        verbose_name = _("état du classement")
        verbose_name_plural = _("états des classements")

    def __str__(self) -> str:
        return f"{self.contest_id}: {self.results_version}"


class StandingsSnapshot(models.Model):
    """The contest's standings as of a round, as stored by ``scoring.standings.rebuild``.

    ``rows`` is a list of dicts, best first: ``rank``, ``shared``, ``entry`` (Entry pk),
    ``number``, ``name``, ``players``, the engine's counters (``played``, ``wins``, ``draws``,
    ``losses``, ``byes``, ``forfeits_won``, ``forfeits_lost``, ``points_for``,
    ``points_against``, ``difference``, ``match_points``, ``best_game``), ``tiebreaks`` (values
    in the order of ``config["tiebreaks"]``). The rank over rounds is computed on demand
    (``scoring.standings.rank_history``).
    """

    contest = models.ForeignKey(
        Contest,
        on_delete=models.CASCADE,
        related_name="standings_snapshots",
        verbose_name=_("concours"),
    )
    # Rows count the results of rounds 1..as_of_round (0: before any result).
    as_of_round = models.PositiveSmallIntegerField(_("après la manche"))
    # False: a placeholder written by the last build for a round it did not compute.
    is_valid = models.BooleanField(_("calculé"), default=True)
    # The last round whose standings were public when this was built (0: none): a visibility
    # changed elsewhere is noticed by comparing it with the rounds' flags.
    public_round = models.PositiveSmallIntegerField(_("manche publique au calcul"), default=0)
    rows = models.JSONField(_("lignes"), default=list)
    config = models.JSONField(_("règles de classement"), default=dict)
    teams_count = models.PositiveIntegerField(_("équipes"), default=0)
    results_count = models.PositiveIntegerField(_("résultats"), default=0)
    # The results_version read before the results: the rows hold at least those results.
    source_version = models.PositiveBigIntegerField(_("version des résultats"), default=0)
    # sha256 of everything the rows were computed from: same inputs, same fingerprint.
    fingerprint = models.CharField(_("empreinte"), max_length=64)
    computed_at = models.DateTimeField(_("calculé le"))

    class Meta:
        ordering = ["contest", "-as_of_round"]
        verbose_name = _("classement calculé")
        verbose_name_plural = _("classements calculés")
        constraints = [
            models.UniqueConstraint(
                fields=["contest", "as_of_round"], name="standings_snapshot_one_per_round"
            ),
            models.CheckConstraint(
                condition=Q(is_valid=True) | Q(teams_count=0), name="standings_placeholder_empty"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.contest_id} après la manche {self.as_of_round}"


class Prize(models.Model):
    """A prize of the final ranking: ranks ``rank_from`` to ``rank_to`` each receive ``label``."""

    contest = models.ForeignKey(
        Contest, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("concours")
    )
    rank_from = models.PositiveIntegerField(_("du rang"))
    rank_to = models.PositiveIntegerField(_("au rang"))
    label = models.CharField(_("lot"), max_length=200)

    class Meta:
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
    """An export of a contest's data to a file, run by ``scoring.tasks.run_export``."""

    class Kind(models.TextChoices):
        ENTRIES = "entries", _("équipes inscrites")
        RESULTS = "results", _("résultats des tables")
        DEALS = "deals", _("donnes")
        STANDINGS = "standings", _("classement")

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
        ordering = ["-created_at", "-pk"]
        verbose_name = _("export")
        verbose_name_plural = _("exports")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["entries", "results", "deals", "standings"]),
                name="export_kind_valid",
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
