"""Following the tables of a partie live: what every sheet says, read in one query.

What it owns
------------
* :func:`contest_progress`: for every round of a contest, how many tables are finished,
  confirmed, contested and late, and which are still waiting (``tournaments.ports.
  RoundProgress``). Registered on the port ``tournaments.ports.progress_source`` at start-up
  (``scoring.wiring``): the cockpit shows it and the next draw by ranking is refused from it.
* :func:`table_rows`: one row per table of a round for the organiser's follow page (deals
  entered, running totals, state, last deal, late, the links to type its paper sheet).
* :func:`later_draw_warning`: the French warning shown when a result of a partie changes
  after its ranking paired a later partie.
* ``LATE_AFTER_MINUTES``: a table with no deal for that long is "late".

What it must not do
-------------------
It never writes and never decides access (the views do, through ``tournaments.access``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Max
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.pairing import PairingMethod
from scoring.models import ScoreSheet
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Round
from tournaments.ports import RoundProgress, TableProgress

# No deal entered for this long on a table in play (or since the draw was published, for a
# table that has not started): the organiser goes and sees.
LATE_AFTER_MINUTES = 15

_DONE = (ScoreSheet.Status.FINISHED, ScoreSheet.Status.CONFIRMED)
_CONTESTED = (ScoreSheet.Status.DISPUTED, ScoreSheet.Status.TO_VERIFY)


def state_key(status: str, kind: str, deal_count: int) -> tuple[str, str]:
    """(css key, French label) of a sheet's state, as the follow page shows it."""
    if kind == ScoreSheet.Kind.BYE:
        return "bye", _("exempt")
    if kind == ScoreSheet.Kind.FORFEIT:
        return "forfeit", _("forfait")
    if status == ScoreSheet.Status.OPEN:
        if deal_count == 0:
            return "not_started", _("pas commencée")
        return "running", _("en jeu, %(n)d donne(s)") % {"n": deal_count}
    return str(status), str(ScoreSheet.Status(status).label)


def is_late(
    status: str,
    kind: str,
    last_activity: datetime.datetime | None,
    now: datetime.datetime,
) -> bool:
    """An open deal-by-deal sheet whose last deal (or the draw) is older than the limit."""
    if status != ScoreSheet.Status.OPEN or kind != ScoreSheet.Kind.DEALS:
        return False
    if last_activity is None:
        return False
    return now - last_activity > datetime.timedelta(minutes=LATE_AFTER_MINUTES)


def _progress(rows: list[dict[str, Any]], now: datetime.datetime) -> dict[int, RoundProgress]:
    grouped: dict[int, list[TableProgress]] = {}
    for row in rows:
        key, label = state_key(row["status"], row["kind"], row["deal_count"])
        last = row["last_deal"] or row["started_at"] or row["table__round__published_at"]
        grouped.setdefault(row["table__round__number"], []).append(
            TableProgress(
                round=row["table__round__number"],
                table=row["table__number"],
                state=key,
                label=label,
                finished=row["status"] in _DONE,
                confirmed=row["status"] == ScoreSheet.Status.CONFIRMED,
                late=is_late(row["status"], row["kind"], last, now),
            )
        )
    progress: dict[int, RoundProgress] = {}
    for number, tables in grouped.items():
        played = [t for t in tables if t.state != "bye"]
        progress[number] = RoundProgress(
            tables=len(played),
            finished=sum(1 for t in played if t.finished),
            confirmed=sum(1 for t in played if t.confirmed),
            disputed=sum(1 for t in played if t.state in _CONTESTED),
            late=sum(1 for t in played if t.late),
            started=sum(1 for t in played if t.state != "not_started"),
            waiting=tuple(t for t in tables if not t.confirmed),
        )
    return progress


def contest_progress(contest: Contest) -> dict[int, RoundProgress]:
    """Round number -> its sheets' progress, for every round that has sheets (one query)."""
    rows = list(
        ScoreSheet.objects.filter(table__round__contest=contest)
        .annotate(last_deal=Max("deals__entered_at"))
        .order_by("table__round__number", "table__number")
        .values(
            "table__round__number",
            "table__round__published_at",
            "table__number",
            "status",
            "kind",
            "deal_count",
            "started_at",
            "last_deal",
        )
    )
    return _progress(rows, timezone.now())


def _names(table: Any) -> dict[str, str]:
    return {
        "a": table.entry_a.display_name,
        "b": table.entry_b.display_name if table.entry_b_id else _("exempt"),
    }


def table_rows(round_: Round) -> list[dict[str, Any]]:
    """One row per table of the round: names, state, deals, totals, last deal, late, links."""
    contest = round_.contest
    sheets = list(
        ScoreSheet.objects.filter(table__round=round_)
        .annotate(last_deal=Max("deals__entered_at"))
        .select_related(
            "table__entry_a__player1",
            "table__entry_a__player2",
            "table__entry_b__player1",
            "table__entry_b__player2",
        )
        .order_by("table__number")
    )
    now = timezone.now()
    kwargs = {
        "club_slug": contest.club.slug,
        "contest_id": contest.pk,
        "round_number": round_.number,
    }
    rows = []
    for sheet in sheets:
        sheet.table.round = round_
        key, label = state_key(sheet.status, sheet.kind, sheet.deal_count)
        last = sheet.last_deal or sheet.started_at or round_.published_at
        table_kwargs = kwargs | {"table_number": sheet.table.number}
        rows.append(
            {
                "sheet": sheet,
                "number": sheet.table.number,
                "names": _names(sheet.table),
                "state": key,
                "label": label,
                "late": is_late(sheet.status, sheet.kind, last, now),
                "last_deal": sheet.last_deal,
                "is_bye": sheet.kind == ScoreSheet.Kind.BYE,
                "url": reverse("scoring:sheet", kwargs=table_kwargs),
                "token_url": reverse("scoring:sheet_token", kwargs=table_kwargs),
            }
        )
    return rows


def counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    """How many tables are in each state (the follow page's summary line)."""
    found: dict[str, int] = {}
    for row in rows:
        found[row["state"]] = found.get(row["state"], 0) + 1
    late = sum(1 for row in rows if row["late"])
    if late:
        found["late"] = late
    return found


def later_draw_warning(round_: Round) -> str:
    """French warning when a later partie was already drawn by ranking ("" otherwise).

    Changing a result of ``round_`` then changes the ranking that paired that partie, but not
    its draw: the organiser must know, and say why in the correction's reason.
    """
    contest = round_.contest
    later = list(
        Round.objects.filter(contest=contest, number__gt=round_.number)
        .order_by("number")
        .values_list("number", flat=True)
    )
    ranking = PairingMethod.RANKING
    drawn = [n for n in later if tournaments_adapters.engine_method(contest, n) is ranking]
    if not drawn:
        return ""
    return _(
        "La partie %(later)s a déjà été tirée selon le classement qui suivait cette partie : "
        "changer ce résultat ne refait pas son tirage (il a été fait sur l'ancien résultat). "
        "Indiquez le motif de la correction."
    ) % {"later": ", ".join(str(n) for n in drawn)}


def missing_reason(round_: Round, reason: str) -> str:
    """The refusal of a result change without a reason after a later draw by ranking ("" when
    the change may go ahead): the reason goes to the sheet's history."""
    if " ".join((reason or "").split()):
        return ""
    warning = later_draw_warning(round_)
    if not warning:
        return ""
    return _("Motif obligatoire : %(warning)s") % {"warning": warning}


__all__ = [
    "LATE_AFTER_MINUTES",
    "contest_progress",
    "counts",
    "is_late",
    "later_draw_warning",
    "missing_reason",
    "state_key",
    "table_rows",
]
