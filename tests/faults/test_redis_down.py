"""Drill 2: Redis (the Celery broker and the shared cache) goes down during a contest.

Four tables play whole 12-deal games through gunicorn (team A's phone enters the deals, team
B's phone confirms) with Redis up, then four other tables with Redis killed (``SIGKILL``: no
save, a crash). Every game end and confirmation changes results, so ``results_changed`` tries
to queue a standings rebuild through the broker each time.

Asserted: with Redis down every deal and confirmation is still recorded (302), at normal speed
(p95 compared with Redis up); the standings snapshot is marked stale; the public standings page
still answers; once Redis is back, the periodic reconciliation (``scoring.reconcile_standings``,
sent through the broker as the beat sends it) makes the snapshot right again.
"""

from __future__ import annotations

import re
import threading
import time
import uuid
from typing import Any

import pytest

from tests.faults.harness import App, Phone, deal_number, log, percentile, wait_until

pytestmark = pytest.mark.faults

CATCH_UP_TIMEOUT_S = 60.0


def _play_game(
    app: App, table: dict[str, Any], times: list[tuple[str, float]], errors: list[str]
) -> None:
    """Twelve deals from team A's phone, then team B's phone confirms."""
    phone_a, phone_b = Phone(app.gunicorn_port), Phone(app.gunicorn_port)
    phone_a.get(table["url"])
    phone_b.get(table["url"])
    version = 0
    for n in range(1, 13):
        form = {
            "version": str(version),
            "client_id": str(uuid.uuid4()),
            "taker": "ab"[n % 2],
            "trump": "spades",
            "taker_points": str(90 + n),
            "belote_team": "",
            "capot_team": "",
            "action": "save",
        }
        started = time.monotonic()
        status, headers, _ = phone_a.post(table["url"] + "donne/", form)
        times.append(("last" if n == 12 else "deal", time.monotonic() - started))
        if status != 302 or deal_number(headers) != n:
            errors.append(f"table {table['table']} deal {n}: {status} {headers.get('Location')}")
            return
        version = n
    started = time.monotonic()
    status, _headers, _ = phone_b.post(table["url"] + "confirmer/", {"version": "12", "team": "b"})
    times.append(("confirm", time.monotonic() - started))
    if status != 302:
        errors.append(f"table {table['table']} confirm: {status}")


def _play(app: App, tables: list[dict[str, Any]]) -> tuple[list[tuple[str, float]], list[str]]:
    times: list[tuple[str, float]] = []
    errors: list[str] = []
    threads = [threading.Thread(target=_play_game, args=(app, t, times, errors)) for t in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return times, errors


def _summary(times: list[tuple[str, float]]) -> dict[str, float]:
    every = [t for _k, t in times]
    publishing = [t for k, t in times if k != "deal"]
    return {
        "n": len(every),
        "p50": percentile(every, 50) * 1000,
        "p95": percentile(every, 95) * 1000,
        "max": max(every) * 1000,
        "publishing_p95": percentile(publishing, 95) * 1000,
        "publishing_max": max(publishing) * 1000,
    }


def _fmt(s: dict[str, float]) -> str:
    return (
        f"{s['n']:.0f} POSTs, p50 {s['p50']:.0f} ms, p95 {s['p95']:.0f} ms, max {s['max']:.0f} ms; "
        f"result-changing POSTs (last deal, confirmation) p95 {s['publishing_p95']:.0f} ms, "
        f"max {s['publishing_max']:.0f} ms"
    )


@pytest.fixture(scope="module")
def drill(stack: App) -> dict[str, Any]:
    fixture = stack.script("fixture", slug="panne-redis", tables=8, public_standings=True)
    contest_id = fixture["contest_id"]
    up_tables, down_tables = fixture["tables"][:4], fixture["tables"][4:]
    out: dict[str, Any] = {"contest_id": contest_id}
    stack.start_worker()
    try:
        times, errors = _play(stack, up_tables)
        out["up"], out["up_errors"] = _summary(times), errors
        out["fresh_with_redis"] = wait_until(
            lambda: (
                not (s := stack.script("standings_state", contest_id=contest_id))["stale"] and s
            ),
            30,
            "standings rebuilt by the worker with Redis up",
            interval=1,
        )
        stack.redis.stop()
        killed_at = time.monotonic()
        try:
            times, errors = _play(stack, down_tables)
            out["down"], out["down_errors"] = _summary(times), errors
            out["state_down"] = stack.script("standings_state", contest_id=contest_id)
            page = Phone(stack.gunicorn_port).get("/concours/pannes/panne-redis/classement/")
            out["public_page_down"] = page[0]
            out["healthz_down"] = Phone(stack.gunicorn_port).get("/healthz")[0]
            out["login_down"] = _login_attempt(stack)
        finally:
            out["down_s"] = time.monotonic() - killed_at
            stack.redis.start()
        back_at = time.monotonic()
        # The worker reconnects by itself (broker_connection_retry); wait for it, then run the
        # reconciliation as the beat does every 30 s.
        wait_until(
            lambda: len(re.findall(r"Connected to redis://", stack.worker_text())) >= 2,
            30,
            "worker reconnected to Redis",
            interval=0.5,
        )
        out["worker_reconnect_s"] = time.monotonic() - back_at
        stack.script("send", task="reconcile_standings")

        wait_until(lambda: _fresh(stack, contest_id), CATCH_UP_TIMEOUT_S, "standings catch up")
        out["catch_up_s"] = time.monotonic() - back_at
        out["state_after"] = stack.script("standings_state", contest_id=contest_id)
    finally:
        stack.stop_worker()
        if not stack.redis.ping():
            stack.redis.start()
    log(f"drill 2 Redis up:   {_fmt(out['up'])}")
    log(f"drill 2 Redis down: {_fmt(out['down'])} (Redis down {out['down_s']:.1f} s)")
    log(
        f"drill 2: with Redis down the snapshot is stale={out['state_down']['stale']} "
        f"(results version {out['state_down']['results_version']}, snapshot built at "
        f"{out['state_down']['snapshot']['source_version']}); public standings page "
        f"{out['public_page_down']}, /healthz {out['healthz_down']}, login POST "
        f"{out['login_down']}"
    )
    log(
        f"drill 2: Redis back; worker reconnected in {out['worker_reconnect_s']:.1f} s, "
        f"snapshot right again {out['catch_up_s']:.1f} s after Redis returned "
        f"({out['state_after']['snapshot']['results_count']} results)"
    )
    return out


def _fresh(app: App, contest_id: int) -> bool:
    results_version, built = app.standings_versions(contest_id)
    return built is not None and built >= results_version


def _login_attempt(app: App) -> int:
    """An organiser logging in (the login throttle counts failures in the cache)."""
    browser = Phone(app.gunicorn_port)
    browser.get("/compte/connexion/")
    status, _, _ = browser.post(
        "/compte/connexion/", {"username": "orga-pannes", "password": "pas-le-bon-mot-de-passe"}
    )
    return status


def test_entry_goes_on_at_normal_speed_without_redis(drill: dict[str, Any]) -> None:
    assert not drill["up_errors"] and not drill["down_errors"], drill["down_errors"]
    assert drill["down"]["n"] == drill["up"]["n"] == 4 * 13
    # Normal speed: the p95 with Redis down within 300 ms of (or below) the p95 with it up,
    # and no POST paying a broker or cache timeout (1 s connect timeout) at the slowest.
    assert drill["down"]["p95"] <= drill["up"]["p95"] + 300
    assert drill["down"]["publishing_max"] < 1000


def test_standings_are_marked_stale_while_redis_is_down(drill: dict[str, Any]) -> None:
    state = drill["state_down"]
    assert state["stale"]
    assert state["snapshot"]["source_version"] < state["results_version"]
    assert drill["public_page_down"] == 200  # served uncached, the last snapshot
    assert drill["healthz_down"] == 503  # the broker is down: monitors are told


def test_standings_catch_up_when_redis_returns(drill: dict[str, Any]) -> None:
    snapshot = drill["state_after"]["snapshot"]
    assert snapshot["rows_right"]
    assert snapshot["results_count"] == snapshot["results_now"] == 8
    assert snapshot["source_version"] == drill["state_after"]["results_version"]
    assert snapshot["rows_for_round"] == 1


def test_organiser_can_still_log_in_while_redis_is_down(drill: dict[str, Any]) -> None:
    """The login throttle counts failures in the cache; without Redis the login page still
    answers (here a wrong password: the form again, 200), never a 500."""
    assert drill["login_down"] == 200
