"""Drill 4: a phone re-sends its form after a timeout; the table gets one deal, not two.

The server is made slower than the phone's patience without any test hook: the drill holds the
score sheet's row lock from another connection (``SELECT ... FOR UPDATE``), as a long write on
the same table would, so the deal POST (``scoring.table.views.deal``) waits where it takes that
lock, in the link's lookup (``scoring.access.sheet_for_link(lock=True)``), before
``scoring.services.record_deal_locked`` writes the deal in the same transaction. The phone
gives up after 1 s (its answer is lost) and sends the same form again (same client id, same
version), either after the first request went through (A) or while it is still waiting (B).
"""

from __future__ import annotations

import socket
import threading
import time
import uuid
from typing import Any

import pytest

from tests.faults.harness import App, Phone, deal_number, log

pytestmark = pytest.mark.faults

PHONE_PATIENCE_S = 1.0
LOCK_HELD_S = 2.5


def _form(version: int) -> dict[str, str]:
    return {
        "version": str(version),
        "client_id": str(uuid.uuid4()),
        "taker": "a",
        "trump": "hearts",
        "taker_points": "110",
        "belote_team": "",
        "capot_team": "",
        "action": "save",
    }


class _RowLock:
    """The sheet's row lock, held by another connection for ``seconds``."""

    def __init__(self, app: App, sheet_id: int) -> None:
        self.conn = app.pg.connect(app.db)
        self.sheet_id = sheet_id

    def __enter__(self) -> _RowLock:
        self.conn.execute(
            "SELECT id FROM scoring_scoresheet WHERE id = %s FOR UPDATE", [self.sheet_id]
        )
        return self

    def release(self) -> None:
        self.conn.commit()

    def __exit__(self, *exc: object) -> None:
        self.conn.rollback()
        self.conn.close()


def _deals(app: App, sheet_id: int) -> list[Any]:
    return app.script("deals", sheet_ids=[sheet_id])["deals"]


@pytest.fixture(scope="module")
def tables(stack: App) -> list[dict[str, Any]]:
    return stack.script("fixture", slug="renvoi", tables=2)["tables"]


def test_resent_after_the_lost_answer_records_one_deal(
    stack: App, tables: list[dict[str, Any]]
) -> None:
    table = tables[0]
    phone = Phone(stack.gunicorn_port, timeout=PHONE_PATIENCE_S)
    phone.get(table["url"])  # the page, and the phone's device cookie
    form = _form(version=0)
    with _RowLock(stack, table["sheet_id"]) as lock:
        started = time.monotonic()
        with pytest.raises((TimeoutError, socket.timeout)):
            phone.post(table["url"] + "donne/", form)
        gave_up = time.monotonic() - started
        time.sleep(LOCK_HELD_S - gave_up)
        lock.release()  # the first POST now records the deal; its answer goes nowhere
    time.sleep(0.5)
    phone.timeout = 10
    started = time.monotonic()
    status, headers, _ = phone.post(table["url"] + "donne/", form)
    resend_s = time.monotonic() - started
    assert status == 302 and deal_number(headers) == 1
    status, _headers, page = phone.get(headers["Location"].split("#")[0])
    assert status == 200 and "déjà enregistrée" in page
    deals = _deals(stack, table["sheet_id"])
    assert [(n, c) for _s, n, c, _a, _b in deals] == [(1, form["client_id"])]
    log(
        f"drill 4A: phone gave up after {gave_up:.2f} s, re-sent form answered 302 "
        f"'déjà enregistrée' in {resend_s * 1000:.0f} ms; deals on the sheet: {len(deals)}"
    )


def test_resent_while_the_first_is_still_waiting_records_one_deal(
    stack: App, tables: list[dict[str, Any]]
) -> None:
    table = tables[1]
    phone = Phone(stack.gunicorn_port, timeout=PHONE_PATIENCE_S)
    phone.get(table["url"])
    form = _form(version=0)
    answers: list[tuple[int, dict[str, str]]] = []
    with _RowLock(stack, table["sheet_id"]) as lock:
        with pytest.raises((TimeoutError, socket.timeout)):
            phone.post(table["url"] + "donne/", form)
        # The same form again, at once: both requests now wait for the lock.
        resend = Phone(stack.gunicorn_port, timeout=15)
        resend.cookies = dict(phone.cookies)

        def send_again() -> None:
            status, headers, _ = resend.post(table["url"] + "donne/", form)
            answers.append((status, headers))

        thread = threading.Thread(target=send_again)
        thread.start()
        time.sleep(LOCK_HELD_S - PHONE_PATIENCE_S)
        lock.release()
    thread.join(timeout=20)
    assert answers, "the re-sent form got no answer"
    status, headers = answers[0]
    assert status == 302 and deal_number(headers) == 1
    deals = _deals(stack, table["sheet_id"])
    assert [(n, c) for _s, n, c, _a, _b in deals] == [(1, form["client_id"])]
    sheet = _sheet(stack, table["sheet_id"])
    assert sheet[0] == 1, sheet  # one write: version 1
    log("drill 4B: two copies of the form in flight at once: one deal, version 1")


def _sheet(app: App, sheet_id: int) -> list[Any]:
    return app.script("deals", sheet_ids=[sheet_id])["sheets"][str(sheet_id)]
