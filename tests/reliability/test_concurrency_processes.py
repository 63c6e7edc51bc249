"""Twenty OS processes scoring at once on PostgreSQL: nothing lost, duplicated or reordered.

Issue 7, point 4. Twenty processes (``multiprocessing`` with the *spawn* context, so each is a
fresh interpreter with its own Django and its own database connection, like gunicorn workers)
post through the real table-link views (Django's test ``Client``, the phones' URLs) to four
tables of two contests, the same test database as this test (committed data:
``django_db(transaction=True)``):

* table 1 (8 processes) and table 2 (4): 12-deal games, so they finish, get deals removed
  (back in play), finish again and are confirmed while the other processes keep posting;
* tables 3 and 4 (4 each): 40-deal games, long enough to keep taking deals all along.

Each process, after a start barrier, mixes new deals (some re-sent at once, some forms shared
with a "twin" process that sends the same form, same client id, at its own pace), corrections
of the last deal, removals of the last deal, confirmations, and re-sends of old forms. After a
409 "the sheet changed" it re-sends the same form (same client id) with the fresh version.
After every action it checks, in one SQL statement (one snapshot), that the sheet's totals are
the sum of its deals.

Then the test asserts: no answer other than 200/302/400/409; every acknowledged deal is on its
sheet exactly once with the number it was acknowledged with, or was removed by an acknowledged
removal; nothing unacknowledged appears; deal numbers are 1..n; deal ids grow with the number
(lock order); totals, running totals and scores equal a fresh fold of the stored facts by the
engine; versions count every write; a confirmed sheet is, at the end, identical to what its
confirming process read just after confirming, and the contest log has no event on it after
``sheet.confirm``.

Run (about 30-60 s, most of it 20 interpreters starting)::

    DEBUG=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_dev_rel \
        .venv/bin/python -m pytest tests/reliability/test_concurrency_processes.py -q -s

This module imports no Django model at import time: the spawned children import it before
they call ``django.setup()``.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import random
import re
import time
import uuid
from collections import Counter
from typing import Any

import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PROCESSES = 20
# Processes per table (table number -> count); tables 1-2 play 12-deal games, 3-4 40-deal ones.
LAYOUT = {1: 8, 2: 4, 3: 4, 4: 4}
ACTIONS_PER_PROCESS = 16
CHILD_DEADLINE_S = 90.0  # each child stops acting after this, whatever it has left
OK_STATUSES = {200, 302, 400, 409}
TWIN_NS = uuid.UUID("6f1d3c70-6c43-4b8e-9a55-5b0f3e7c7a11")
_DEAL_NUMBER = re.compile(r"#donne-(\d+)$")


# --- The child process ---------------------------------------------------------------------------


def _facts_of_client_id(client_id: uuid.UUID) -> dict[str, str]:
    """A deal's form fields, derived from its client id so that a re-sent form is identical."""
    rng = random.Random(client_id.int)
    return {
        "taker": rng.choice("ab"),
        "trump": rng.choice(["hearts", "spades", "clubs", "diamonds"]),
        "taker_points": str(rng.randint(40, 162)),
        "belote_team": rng.choice(["", "", "", "a", "b"]),
        "capot_team": "",
        "action": "save",
    }


class _Phone:
    """One process's phone on one table: posts through the views, keeps what was acknowledged."""

    def __init__(self, index: int, table: dict[str, Any], twin: int) -> None:
        from django.test import Client

        self.index = index
        self.table = table
        self.twin = twin
        self.rng = random.Random(1000 + index)
        self.client = Client()
        self.base = table["url"]
        self.statuses: Counter[int] = Counter()
        self.sent_forms: list[dict[str, str]] = []  # acknowledged deal forms (to re-send later)
        self.deals: dict[str, int] = {}  # client id -> number it was acknowledged with
        self.corrections: list[str] = []
        self.deletions: list[str] = []
        self.confirmations: list[dict[str, Any]] = []
        self.inconsistent: list[str] = []
        self.twin_counter = 0

    # Reading the sheet (as the phone's page does after every answer).
    def current(self) -> tuple[int, str, int]:
        from scoring.models import ScoreSheet

        return (
            ScoreSheet.objects.filter(pk=self.table["sheet_id"])
            .values_list("version", "status", "deal_count")
            .get()
        )

    def check_totals(self) -> None:
        """Totals equal the sum of the deals, read in ONE statement (one snapshot)."""
        from django.db import connection

        from scoring.models import DealRecord, ScoreSheet

        sql = (
            f"SELECT s.total_a, s.total_b, s.deal_count, COALESCE(SUM(d.score_a), 0), "
            f"COALESCE(SUM(d.score_b), 0), COUNT(d.id), COALESCE(MAX(d.number), 0) "
            f"FROM {ScoreSheet._meta.db_table} s "
            f"LEFT JOIN {DealRecord._meta.db_table} d ON d.sheet_id = s.id "
            f"WHERE s.id = %s GROUP BY s.id"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.table["sheet_id"]])
            total_a, total_b, count, sum_a, sum_b, rows, last = cursor.fetchone()
        if (total_a, total_b, count, count) != (sum_a, sum_b, rows, last):
            self.inconsistent.append(f"{(total_a, total_b, count)} vs {(sum_a, sum_b, rows, last)}")

    def post(self, path: str, data: dict[str, Any]) -> Any:
        response = self.client.post(self.base + path, data)
        self.statuses[response.status_code] += 1
        return response

    # Actions.
    def new_form(self) -> dict[str, str]:
        if self.rng.random() < 0.25:
            # A form this process shares with its twin: the same client id, the same facts.
            self.twin_counter += 1
            client_id = uuid.uuid5(
                TWIN_NS, f"{self.table['number']}-{self.twin}-{self.twin_counter}"
            )
        else:
            client_id = uuid.uuid4()
        return {"client_id": str(client_id), **_facts_of_client_id(client_id)}

    def send_deal(self, form: dict[str, str], *, version: int | None = None) -> None:
        """Post a deal form; after a 409 re-send it (same client id) on the fresh version."""
        for _ in range(30):
            data = dict(form, version=str(self.current()[0] if version is None else version))
            response = self.post("donne/", data)
            if response.status_code == 302:
                match = _DEAL_NUMBER.search(response["Location"])
                assert match, response["Location"]
                self.deals[form["client_id"]] = int(match.group(1))
                self.sent_forms.append(data)
                return
            if response.status_code != 409 or version is not None:
                return
            if "a changé depuis" not in response.content.decode():
                return  # refused for good (closed sheet, removed deal): not a stale form
            _version, status, _count = self.current()
            if status != "open":
                return  # finished or confirmed: nothing more to add
        raise AssertionError("30 stale answers in a row")

    def correct_last(self) -> None:
        version, _status, count = self.current()
        if not count:
            return
        client_id = str(uuid.uuid4())
        data = {
            **_facts_of_client_id(uuid.uuid4()),
            "client_id": client_id,
            "version": str(version),
            "reason": "recopie",
        }
        response = self.post(f"donne/{count}/corriger/", data)
        if response.status_code == 302 and response["Location"].endswith(f"#donne-{count}"):
            self.corrections.append(client_id)

    def delete_last(self) -> None:
        version, _status, count = self.current()
        if not count:
            return
        client_id = str(uuid.uuid4())
        data = {"version": str(version), "client_id": client_id, "reason": "erreur"}
        if self.post("donne/supprimer/", data).status_code == 302:
            self.deletions.append(client_id)

    def confirm(self) -> None:
        from scoring.models import ScoreSheet

        version, _status, _count = self.current()
        team = "ab"[self.index % 2]
        if self.post("confirmer/", {"version": str(version), "team": team}).status_code != 302:
            return
        sheet = ScoreSheet.objects.get(pk=self.table["sheet_id"])
        if sheet.status != ScoreSheet.Status.CONFIRMED:
            return  # a redirect with an error message (e.g. nothing to confirm)
        self.confirmations.append(
            {"sheet_id": sheet.pk, "version": sheet.version, "deals": _deal_rows(sheet.pk)}
        )

    def resend_old(self) -> None:
        if self.sent_forms:
            form = self.rng.choice(self.sent_forms)
            self.post("donne/", form)

    def run(self, actions: int, deadline: float) -> None:
        self.client.get(self.base)  # the page: the phone gets its device cookie
        for _ in range(actions):
            if time.monotonic() > deadline:
                break
            _version, status, _count = self.current()
            roll = self.rng.random()
            if status == "finished" and roll < 0.6:
                self.confirm() if roll < 0.4 else self.delete_last()
            elif roll < 0.55:
                form = self.new_form()
                self.send_deal(form)
                if self.rng.random() < 0.15 and self.sent_forms:
                    self.post("donne/", self.sent_forms[-1])  # the same POST again, at once
            elif roll < 0.72:
                self.correct_last()
            elif roll < 0.82:
                self.delete_last()
            elif roll < 0.9:
                self.confirm()
            else:
                self.resend_old()
            self.check_totals()


def _deal_rows(sheet_id: int) -> list[tuple[Any, ...]]:
    from scoring.models import DealRecord

    return [
        tuple(row)
        for row in DealRecord.objects.filter(sheet_id=sheet_id)
        .order_by("number")
        .values_list(
            "pk", "number", "client_id", "taker", "trump", "taker_points", "belote_team",
            "score_a", "score_b", "running_a", "running_b", "updated_at",
        )
    ]  # fmt: skip


def child_main(
    index: int,
    db_name: str,
    table: dict[str, Any],
    twin: int,
    barrier: Any,
    results: Any,
) -> None:
    """Entry point of one spawned process: Django on the parent's test database, then act."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["LOG_LEVEL"] = "ERROR"  # 20 processes' "Conflict" warnings say nothing useful
    started = time.monotonic()
    try:
        import django

        django.setup()
        from django.db import connections
        from django.test.utils import setup_test_environment

        setup_test_environment()  # "testserver" allowed, as in the parent's tests
        connections["default"].settings_dict["NAME"] = db_name
        connections["default"].ensure_connection()
        phone = _Phone(index, table, twin)
        barrier.wait(timeout=120)
        began = time.monotonic()
        phone.run(ACTIONS_PER_PROCESS, began + CHILD_DEADLINE_S)
        results.put(
            {
                "index": index,
                "table": table["number"],
                "deals": phone.deals,
                "corrections": phone.corrections,
                "deletions": phone.deletions,
                "confirmations": phone.confirmations,
                "statuses": dict(phone.statuses),
                "inconsistent": phone.inconsistent,
                "setup_s": began - started,
                "run_s": time.monotonic() - began,
            }
        )
    except BaseException as exc:  # reported to the parent, which fails the test
        import traceback

        results.put({"index": index, "error": f"{exc!r}\n{traceback.format_exc()}"})
        with contextlib.suppress(Exception):
            barrier.abort()
    finally:
        try:
            from django.db import connections as conns

            conns.close_all()
        except Exception:
            pass


# --- The test --------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); run it with DATABASE_URL")


def _make_tables(club: Any) -> list[dict[str, Any]]:
    from django.urls import reverse

    from engine.belote.rules import make_ruleset
    from scoring import services
    from tests.scoring.conftest import make_contest, make_round
    from tournaments.models import Entry, Player

    short = make_contest(club, "club_contest", "procs-courts")  # 12 deals a game
    long = make_contest(club, "club_contest", "procs-longs")
    long.ruleset = make_ruleset("club_contest", deals_per_game=40).to_json()
    long.save()
    tables = []
    for contest, numbers in ((short, (1, 2)), (long, (3, 4))):
        teams = []
        for n in range(1, 5):
            p1, p2 = (
                Player.objects.create(club=club, first_name=f"{first}{n}", last_name=contest.slug)
                for first in ("Anne", "Paul")
            )
            teams.append(Entry.objects.create(contest=contest, number=n, player1=p1, player2=p2))
        round_ = make_round(contest, 1, [(teams[0], teams[1]), (teams[2], teams[3])])
        for local, number in enumerate(numbers, start=1):
            sheet = services.sheet_of_table(round_.tables.get(number=local))
            url = reverse(
                "table:sheet",
                kwargs={"round_number": 1, "table_number": local, "token": sheet.token},
            )
            tables.append(
                {"number": number, "sheet_id": sheet.pk, "url": url, "contest_id": contest.pk}
            )
    return tables


def _engine_fold(sheet: Any, deals: list[Any]) -> list[str]:
    """Differences between the stored scores and a fresh fold of the stored facts."""
    from engine.belote.game import GameState
    from scoring import adapters, services

    rules = services.rules_of(sheet)
    state = GameState(rules)
    problems = []
    for deal in deals:
        state = state.apply(adapters.engine_deal(adapters.facts_of(deal)))
        score = state.entries[-1].score
        expected = adapters.scored_fields(score)
        if (deal.score_a, deal.score_b) != (expected["score_a"], expected["score_b"]):
            problems.append(f"deal {deal.number}: score {(deal.score_a, deal.score_b)}")
        if (deal.running_a, deal.running_b) != (state.total_a, state.total_b):
            problems.append(f"deal {deal.number}: running {(deal.running_a, deal.running_b)}")
    if (sheet.total_a, sheet.total_b, sheet.reserve) != (
        state.total_a,
        state.total_b,
        state.reserve,
    ):
        problems.append(f"sheet totals {(sheet.total_a, sheet.total_b, sheet.reserve)}")
    finished = sheet.status in ("finished", "confirmed")
    if finished != state.game_over:
        problems.append(f"status {sheet.status} but game_over={state.game_over}")
    return problems


def test_twenty_processes_score_four_tables_at_once(club: Any) -> None:
    from django.db import connection

    from scoring.models import DealCorrection, DealRecord, ScoreSheet
    from tournaments.models import AuditEvent

    tables = _make_tables(club)
    by_number = {t["number"]: t for t in tables}
    assignment = [n for n, count in LAYOUT.items() for _ in range(count)]
    assert len(assignment) == PROCESSES

    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(PROCESSES)
    results = ctx.Queue()
    db_name = connection.settings_dict["NAME"]
    started = time.monotonic()
    procs = []
    seen: Counter[int] = Counter()
    for index, number in enumerate(assignment):
        twin = seen[number] // 2  # processes 0-1 of a table are twins, 2-3, ...
        seen[number] += 1
        procs.append(
            ctx.Process(
                target=child_main,
                args=(index, db_name, by_number[number], twin, barrier, results),
                daemon=True,
            )
        )
    for proc in procs:
        proc.start()
    reports = []
    try:
        for _ in procs:
            reports.append(results.get(timeout=240))
    except queue.Empty:
        pytest.fail(f"only {len(reports)} of {PROCESSES} processes reported within 240 s")
    finally:
        for proc in procs:
            proc.join(timeout=30)
            if proc.is_alive():
                proc.kill()
    elapsed = time.monotonic() - started
    errors = [r["error"] for r in reports if "error" in r]
    assert not errors, errors[0]

    statuses: Counter[int] = Counter()
    for r in reports:
        statuses.update({int(k): v for k, v in r["statuses"].items()})
    assert set(statuses) <= OK_STATUSES, statuses  # never a 500
    inconsistent = [i for r in reports for i in r["inconsistent"]]
    assert not inconsistent, inconsistent[:5]

    acknowledged: dict[str, int] = {}
    for r in reports:
        for client_id, number in r["deals"].items():
            # Twins may both be told about the same deal: the same number each time.
            assert acknowledged.setdefault(client_id, number) == number, client_id
    acked_corrections = [c for r in reports for c in r["corrections"]]
    acked_deletions = [c for r in reports for c in r["deletions"]]

    deals = list(
        DealRecord.objects.filter(sheet_id__in=[t["sheet_id"] for t in tables]).order_by(
            "sheet_id", "number"
        )
    )
    in_db = [str(d.client_id) for d in deals]
    deleted = [
        str(c.before.get("client_id"))
        for c in DealCorrection.objects.filter(
            sheet_id__in=[t["sheet_id"] for t in tables], action=DealCorrection.Action.DELETED
        )
    ]
    # Every acknowledged deal is there once, or was removed by an acknowledged removal.
    assert len(in_db) == len(set(in_db)), "a deal recorded twice"
    assert not set(in_db) & set(deleted), "a removed deal came back"
    assert sorted(in_db + deleted) == sorted(acknowledged), "lost or unacknowledged deals"
    assert len(deleted) == len(acked_deletions)
    for d in deals:
        assert acknowledged[str(d.client_id)] == d.number, f"deal {d.client_id} renumbered"

    summary = []
    for table in tables:
        sheet = ScoreSheet.objects.get(pk=table["sheet_id"])
        sheet_deals = [d for d in deals if d.sheet_id == sheet.pk]
        numbers = [d.number for d in sheet_deals]
        assert numbers == list(range(1, len(sheet_deals) + 1)), f"table {table['number']} gaps"
        ids = [d.pk for d in sheet_deals]
        assert ids == sorted(ids), f"table {table['number']}: deals out of lock order"
        assert sheet.deal_count == len(sheet_deals)
        assert not _engine_fold(sheet, sheet_deals), _engine_fold(sheet, sheet_deals)
        corrections = Counter(
            DealCorrection.objects.filter(sheet=sheet).values_list("action", flat=True)
        )
        removed = corrections[DealCorrection.Action.DELETED]
        confirmed = 1 if sheet.status == ScoreSheet.Status.CONFIRMED else 0
        writes = len(sheet_deals) + 2 * removed + corrections[DealCorrection.Action.CORRECTED]
        assert sheet.version == writes + confirmed, f"table {table['number']}: version"
        summary.append(
            f"t{table['number']}: {len(sheet_deals)} deals, {removed} removed, "
            f"{corrections[DealCorrection.Action.CORRECTED]} corrected, {sheet.status}"
        )
    all_corrected = DealCorrection.objects.filter(
        sheet_id__in=[t["sheet_id"] for t in tables], action=DealCorrection.Action.CORRECTED
    ).values_list("client_id", flat=True)
    assert sorted(str(c) for c in all_corrected) == sorted(acked_corrections)

    # A confirmed sheet never changes: identical to what its confirming process read.
    confirmations = [c for r in reports for c in r["confirmations"]]
    for seen_then in confirmations:
        sheet = ScoreSheet.objects.get(pk=seen_then["sheet_id"])
        assert sheet.status == ScoreSheet.Status.CONFIRMED
        assert sheet.version == seen_then["version"]
        assert _deal_rows(sheet.pk) == seen_then["deals"]
    for table in tables:
        sheet = ScoreSheet.objects.select_related("table__round").get(pk=table["sheet_id"])
        if sheet.status != ScoreSheet.Status.CONFIRMED:
            continue
        label = f"Partie 1, table {sheet.table.number}"
        events = list(
            AuditEvent.objects.filter(contest_id=table["contest_id"], target_repr=label)
            .order_by("id")
            .values_list("action", flat=True)
        )
        assert events.count("sheet.confirm") == 1
        assert events[-1] == "sheet.confirm", events[-5:]
    confirmed_tables = {c["sheet_id"] for c in confirmations}

    setup = [r["setup_s"] for r in reports]
    run = [r["run_s"] for r in reports]
    print(
        f"\n[concurrency] {PROCESSES} processes, {elapsed:.1f} s in all "
        f"(start-up {min(setup):.1f}-{max(setup):.1f} s, acting {min(run):.1f}-{max(run):.1f} s); "
        f"answers {dict(sorted(statuses.items()))}; {len(acknowledged)} deals acknowledged, "
        f"{len(in_db)} kept, {len(deleted)} removed, {len(acked_corrections)} corrections, "
        f"{len(confirmations)} confirmation answers on {len(confirmed_tables)} sheets; "
        + "; ".join(summary)
    )
