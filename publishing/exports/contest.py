"""Exports of a contest's data as CSV, XLSX and ODS files (tablib).

What it owns
------------
* Datasets, one function each, with French column headers: :func:`entries_dataset` (the
  registered teams), :func:`results_dataset` (one line per table and round: teams, totals,
  state), :func:`deals_dataset` (one line per deal, the longest: 24,576 lines for 512 teams
  and 8 rounds of 12 deals) and :func:`standings_dataset` (the rows of a stored snapshot,
  ``publishing.exports.standings``, re-exported here).
  Each reads the database in a fixed number of queries and streams big tables in chunks.
* Files are written by ``publishing.exports.spreadsheets.render`` (safe to open: no name ever runs
  as a formula), re-exported here.
* :func:`run_job` runs an :class:`ExportJob` (called by the Celery task ``run_export``):
  idempotent (a finished job is left alone), progress stored as it goes, the file saved in the
  default storage, a failure recorded with a French message instead of raising.
* :func:`purge_expired` deletes finished jobs and their files ``EXPORT_KEEP_HOURS`` after
  they ended (a download holds names and scores: it should not linger on a shared laptop).

What it must not do
-------------------
Decide who may export what: the organiser views check access, the public export gives only
the published standings snapshot.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable, Sequence

import tablib
from django.conf import settings
from django.core.files.base import ContentFile
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from publishing.exports.individual import players_dataset
from publishing.exports.phases import phase_labels, where_columns
from publishing.exports.spreadsheets import CONTENT_TYPES, FORMATS, render
from publishing.exports.standings import standings_dataset
from publishing.models import ExportJob
from scoring.forms import TRUMP_LABELS
from scoring.messages import outcome_label
from scoring.models import DealRecord, ScoreSheet
from standings import services as standings
from tournaments.models import Contest, Entry, Table

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], None]  # (rows done, rows total)

CHUNK = 2000


def _no_progress(done: int, total: int) -> None:
    return None


def _yes_no(value: bool) -> str:
    return _("oui") if value else _("non")


def _team_label(entry: Entry | None) -> str:
    if entry is None:
        return ""
    return entry.name or f"{entry.player1.last_name} – {entry.player2.last_name}"


# --- Datasets ---------------------------------------------------------------------------------


def entries_dataset(contest: Contest, progress: Progress = _no_progress) -> tablib.Dataset:
    data = tablib.Dataset(
        headers=[
            _("N°"),
            _("Équipe"),
            _("Joueur 1"),
            _("Licence 1"),
            _("Joueur 2"),
            _("Licence 2"),
            _("Club d'origine"),
            _("Payé"),
            _("Pointé"),
            _("Entre à la partie"),
            _("Retirée après la partie"),
            _("Tirage"),
        ],
        title=str(_("Équipes")),
    )
    entries = list(
        Entry.objects.filter(contest=contest, formed_for_round__isnull=True)
        .select_related("player1", "player2")
        .order_by("number")
    )
    for entry in entries:
        data.append(
            [
                entry.number,
                entry.name,
                entry.player1.full_name,
                entry.player1.licence,
                entry.player2.full_name,
                entry.player2.licence,
                entry.home_club,
                _yes_no(entry.paid),
                _yes_no(entry.checked_in),
                entry.joined_at_round,
                entry.withdrawn_after_round if entry.withdrawn_after_round is not None else "",
                entry.lot,
            ]
        )
    progress(len(entries), len(entries))
    return data


def _tables(contest: Contest, rounds: Sequence[int] | None = None) -> list[Table]:
    qs = Table.objects.filter(round__contest=contest)
    if rounds is not None:
        qs = qs.filter(round__number__in=list(rounds))
    return list(
        qs.select_related(
            "round__phase",
            "entry_a__player1",
            "entry_a__player2",
            "entry_b__player1",
            "entry_b__player2",
            "score_sheet",
        ).order_by("round__number", "number")
    )


def _sheet(table: Table) -> ScoreSheet | None:
    try:
        return table.score_sheet
    except ScoreSheet.DoesNotExist:
        return None


def results_dataset(
    contest: Contest, progress: Progress = _no_progress, *, rounds: Sequence[int] | None = None
) -> tablib.Dataset:
    # A contest in phases says where each match sits (publishing.exports.phases).
    phases = phase_labels(contest)
    extra = [_("Phase"), _("Poule ou tableau"), _("Tour")] if phases is not None else []
    data = tablib.Dataset(
        headers=[
            _("Partie"),
            _("Table"),
            _("N° équipe A"),
            _("Équipe A"),
            _("N° équipe B"),
            _("Équipe B"),
            _("Saisie"),
            _("État"),
            _("Total A"),
            _("Total B"),
            _("Vainqueur"),
            _("Donnes"),
            # A match of several games: "2–1 (1012–640, 480–1001, 1003–720)"; else empty.
            _("Manches"),
            *extra,
        ],
        title=str(_("Résultats")),
    )
    tables = _tables(contest, rounds)
    for table in tables:
        sheet = _sheet(table)
        winner = ""
        if sheet is not None and sheet.winner in ("a", "b"):
            won = table.entry_a if sheet.winner == "a" else table.entry_b
            winner = str(won.number) if won is not None else ""
        elif sheet is not None and sheet.winner == "draw":
            winner = _("égalité")
        data.append(
            [
                table.round.number,
                table.number,
                table.entry_a.number,
                _team_label(table.entry_a),
                table.entry_b.number if table.entry_b is not None else "",
                _team_label(table.entry_b) if table.entry_b is not None else _("exempt"),
                sheet.get_kind_display() if sheet is not None else "",
                sheet.get_status_display() if sheet is not None else _("pas commencée"),
                sheet.total_a if sheet is not None else "",
                sheet.total_b if sheet is not None else "",
                winner,
                sheet.deal_count if sheet is not None else 0,
                sheet.match_score if sheet is not None else "",
                *where_columns(phases, table),
            ]
        )
    progress(len(tables), len(tables))
    return data


def deals_dataset(
    contest: Contest, progress: Progress = _no_progress, *, rounds: Sequence[int] | None = None
) -> tablib.Dataset:
    data = tablib.Dataset(
        headers=[
            _("Partie"),
            _("Table"),
            _("Donne"),
            _("Type"),
            _("N° équipe A"),
            _("N° équipe B"),
            _("Preneur"),
            _("Atout"),
            _("Contrat"),
            _("Contre"),
            _("Points du preneur"),
            _("Belote"),
            _("Capot"),
            _("Score A"),
            _("Score B"),
            _("Cumul A"),
            _("Cumul B"),
            _("Résultat"),
            _("Saisi"),
            _("Saisi le"),
            _("Manche"),  # the game of the table's match (1 in a one-game contest)
        ],
        title=str(_("Donnes")),
    )
    qs = DealRecord.objects.filter(sheet__table__round__contest=contest)
    if rounds is not None:
        qs = qs.filter(sheet__table__round__number__in=list(rounds))
    total = qs.count()
    rows = qs.order_by("sheet__table__round__number", "sheet__table__number", "number").values_list(
        "sheet__table__round__number",
        "sheet__table__number",
        "number",
        "kind",
        "penalty",
        "sheet__table__entry_a__number",
        "sheet__table__entry_b__number",
        "taker",
        "trump",
        "bid",
        "bid_kind",
        "contre",
        "taker_points",
        "belote_team",
        "capot_team",
        "score_a",
        "score_b",
        "running_a",
        "running_b",
        "outcome",
        "source",
        "entered_at",
        "game",
    )

    kinds = dict(DealRecord.Kind.choices)
    penalties = dict(DealRecord.Penalty.choices)
    sources = dict(DealRecord.Source.choices)
    contres = {0: "", 1: _("contré"), 2: _("surcontré")}
    done = 0
    tz = timezone.get_current_timezone()
    for row in rows.iterator(chunk_size=CHUNK):
        (
            rnd,
            table,
            number,
            kind,
            penalty,
            num_a,
            num_b,
            taker,
            trump,
            bid,
            bid_kind,
            contre,
            taker_points,
            belote,
            capot,
            score_a,
            score_b,
            running_a,
            running_b,
            outcome,
            source,
            entered_at,
            game,
        ) = row
        team_number = {"a": num_a, "b": num_b}
        contract = bid if bid is not None else (bid_kind or "")
        data.append(
            [
                rnd,
                table,
                number,
                str(penalties.get(penalty, penalty)) if penalty else str(kinds.get(kind, kind)),
                num_a,
                num_b if num_b is not None else "",
                team_number.get(taker, ""),
                trump_label(trump),
                contract,
                str(contres.get(contre, contre)),
                taker_points if taker_points is not None else "",
                team_number.get(belote, "") if belote else "",
                team_number.get(capot, "") if capot else "",
                score_a,
                score_b,
                running_a,
                running_b,
                outcome_label(outcome) if outcome else "",
                str(sources.get(source, source)),
                entered_at.astimezone(tz).strftime("%Y-%m-%d %H:%M:%S") if entered_at else "",
                game,
            ]
        )
        done += 1
        if done % CHUNK == 0:
            progress(done, total)
    progress(done, max(total, done))
    return data


def trump_label(value: str) -> str:
    if not value:
        return ""

    for trump, label in TRUMP_LABELS.items():
        if trump == value:
            return str(label)
    return value


# --- Files ------------------------------------------------------------------------------------


def filename(contest: Contest, kind: str, fmt: str) -> str:
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    return f"{slugify(contest.slug) or 'concours'}-{kind}-{stamp}.{fmt}"


def dataset_for(contest: Contest, kind: str, progress: Progress = _no_progress) -> tablib.Dataset:
    """The organiser's dataset of ``kind`` (every round; the live standings)."""
    if kind == ExportJob.Kind.ENTRIES:
        return entries_dataset(contest, progress)
    if kind == ExportJob.Kind.RESULTS:
        return results_dataset(contest, progress)
    if kind == ExportJob.Kind.DEALS:
        return deals_dataset(contest, progress)
    if kind == ExportJob.Kind.STANDINGS:
        snapshot = standings.live_snapshot(contest.pk)
        if snapshot is None:
            standings.rebuild(contest.pk, force=True)
            snapshot = standings.live_snapshot(contest.pk)
        if snapshot is None:
            return tablib.Dataset(title=str(_("Classement")))
        data = standings_dataset(snapshot)
        progress(len(snapshot.rows), len(snapshot.rows))
        return data
    if kind == ExportJob.Kind.PLAYERS:
        standings.rebuild(contest.pk)  # a no-op when up to date
        snapshot = standings.live_snapshot(contest.pk)
        if snapshot is None:
            return tablib.Dataset(title=str(_("Classement individuel")))
        progress(len(snapshot.individual_rows), len(snapshot.individual_rows))
        return players_dataset(snapshot)
    raise ValueError(f"unknown export kind {kind!r}")


def run_job(job_id: int) -> str:
    """Run one export job to the end; returns its final status."""
    job = ExportJob.objects.select_related("contest").filter(pk=job_id).first()
    if job is None:
        return "missing"
    if job.status == ExportJob.Status.DONE:
        return str(job.status)
    now = timezone.now()
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJob.Status.RUNNING, started_at=now, progress=0, error=""
    )

    def progress(done: int, total: int) -> None:
        percent = min(99, (done * 100) // total) if total else 99
        ExportJob.objects.filter(pk=job.pk).update(
            rows_done=done, rows_total=total, progress=percent
        )

    try:
        data = dataset_for(job.contest, job.kind, progress)
        content, _type = render(data, job.format)
        name = filename(job.contest, job.kind, job.format)
        job.file.save(name, ContentFile(content), save=False)
        job.filename = name
        job.status = ExportJob.Status.DONE
        job.progress = 100
        job.rows_done = job.rows_total = len(data)
        job.finished_at = timezone.now()
        job.save(
            update_fields=[
                "file",
                "filename",
                "status",
                "progress",
                "rows_done",
                "rows_total",
                "finished_at",
            ]
        )
    except Exception:
        logger.exception("export job %s failed", job.pk)
        ExportJob.objects.filter(pk=job.pk).update(
            status=ExportJob.Status.FAILED,
            finished_at=timezone.now(),
            error=_(
                "L'export n'a pas pu être écrit. Réessayez ; si cela recommence, prévenez "
                "l'administrateur du site."
            ),
        )
        return str(ExportJob.Status.FAILED)
    return str(ExportJob.Status.DONE)


__all__ = [
    "CONTENT_TYPES",
    "FORMATS",
    "dataset_for",
    "deals_dataset",
    "entries_dataset",
    "filename",
    "render",
    "results_dataset",
    "run_job",
    "standings_dataset",
]


def purge_expired(now: datetime.datetime | None = None) -> int:
    """Delete the files and rows of jobs finished more than ``EXPORT_KEEP_HOURS`` ago; how many.

    Called by the periodic task and whenever an organiser asks for a new export (so a laptop
    without Celery beat cleans up too). A job still pending or running is never touched.
    """
    cutoff = (now or timezone.now()) - datetime.timedelta(hours=settings.EXPORT_KEEP_HOURS)
    expired = list(
        ExportJob.objects.filter(
            status__in=[ExportJob.Status.DONE, ExportJob.Status.FAILED], finished_at__lt=cutoff
        )
    )
    for job in expired:
        if job.file:
            job.file.delete(save=False)  # the storage's public API: no path handling here
        job.delete()
    if expired:
        logger.info("exports: %s expired job(s) deleted", len(expired))
    return len(expired)
