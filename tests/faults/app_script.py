"""Small jobs run *inside* Atout on the drills' private services (a separate process).

``python tests/faults/app_script.py <command> '<json params>'`` sets Django up with the
environment the drill gives it (``DATABASE_URL`` etc. of the private services), does one job
through the app's own code, and prints ``{"result": ...}`` as its last line. The drills' test
process never imports Django models itself: it talks to the app over HTTP, like a phone, and
asks this script for what only the app can tell (is the snapshot stale, what it should be).
"""

from __future__ import annotations

import datetime
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _club() -> Any:
    from tournaments.models import Club

    club, _ = Club.objects.get_or_create(
        slug="pannes", defaults={"name": "Club des pannes", "city": "Lorient"}
    )
    return club


def fixture(
    slug: str,
    tables: int = 4,
    deals_per_game: int = 12,
    organiser: bool = False,
    public_standings: bool = False,
) -> Any:
    """A running contest, round 1 published with ``tables`` tables: their table links."""
    from django.urls import reverse

    from engine.belote.rules import make_ruleset
    from scoring import services
    from tournaments.models import Contest, Entry, Player, Round, Table

    club = _club()
    contest = Contest.objects.create(
        club=club,
        name=f"Concours {slug}",
        slug=slug,
        date=datetime.date(2026, 12, 5),
        status=Contest.Status.RUNNING,
        preset="club_contest",
        ruleset=make_ruleset("club_contest", deals_per_game=deals_per_game).to_json(),
        is_public=True,
    )
    players = Player.objects.bulk_create(
        Player(club=club, first_name=f"P{i}", last_name=slug, name_key=f"{slug} p{i}")
        for i in range(4 * tables)
    )
    entries = Entry.objects.bulk_create(
        Entry(contest=contest, number=n + 1, player1=players[2 * n], player2=players[2 * n + 1])
        for n in range(2 * tables)
    )
    round_ = Round.objects.create(
        contest=contest,
        number=1,
        status=Round.Status.PUBLISHED,
        show_results=public_standings,
        show_standings=public_standings,
    )
    out = []
    for t in range(tables):
        table = Table.objects.create(
            round=round_, number=t + 1, entry_a=entries[2 * t], entry_b=entries[2 * t + 1]
        )
        sheet = services.sheet_of_table(table)
        url = reverse(
            "table:sheet",
            kwargs={"round_number": 1, "table_number": t + 1, "token": sheet.token},
        )
        out.append({"table": t + 1, "sheet_id": sheet.pk, "url": url})
    result: dict[str, Any] = {"contest_id": contest.pk, "tables": out}
    if organiser:
        result["session"] = _organiser_session(club)
        result["contest_url"] = reverse(
            "tournaments:contest", kwargs={"club_slug": club.slug, "contest_id": contest.pk}
        )
    return result


def _organiser_session(club: Any) -> dict[str, str]:
    """A logged-in organiser's session cookie (as after the login form)."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from tournaments.models import Membership

    user, created = get_user_model().objects.get_or_create(username="orga-pannes")
    if created:
        user.set_password("motdepasse-de-panne-42")
        user.save()
        Membership.objects.create(user=user, club=club, role="organiser")
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key or ""}


def big_contest(slug: str, teams: int, rounds: int) -> Any:
    """A contest of ``teams`` teams with ``rounds`` finished rounds (totals only), stale."""
    from standings import events
    from tests.standings.factory import played_contest

    started = time.monotonic()
    contest = played_contest(_club(), teams=teams, rounds=rounds, slug=slug)
    events.mark_stale(contest.pk)
    return {"contest_id": contest.pk, "seconds": round(time.monotonic() - started, 1)}


def time_rebuild(contest_id: int, repeat: int = 2) -> Any:
    """Seconds per forced rebuild, in this process (to size the contest of the worker drill)."""
    from standings import services as standings

    times = []
    for _ in range(repeat):
        started = time.monotonic()
        standings.rebuild(contest_id, force=True)
        times.append(time.monotonic() - started)
    # Leave the contest stale again for the drill.
    from standings import events

    events.mark_stale(contest_id)
    return times


def standings_state(contest_id: int) -> Any:
    """Is the snapshot stale, and is the live snapshot exactly what a fresh computation gives?"""
    from scoring.adapters import finished_results
    from standings import services as standings
    from standings.models import StandingsSnapshot, StandingsState
    from standings.services import _entry_infos, compute_rows

    state = StandingsState.objects.filter(contest_id=contest_id).first()
    snapshot = standings.live_snapshot(contest_id)
    out: dict[str, Any] = {
        "stale": standings.is_stale(contest_id),
        "results_version": state.results_version if state else 0,
        "snapshot": None,
    }
    if snapshot is not None:
        from tournaments.models import Contest

        contest = Contest.objects.get(pk=contest_id)
        results = finished_results(contest_id)
        expected = compute_rows(contest, _entry_infos(contest_id), results, [snapshot.as_of_round])[
            snapshot.as_of_round
        ]
        out["snapshot"] = {
            "as_of_round": snapshot.as_of_round,
            "source_version": snapshot.source_version,
            "results_count": snapshot.results_count,
            "teams_count": snapshot.teams_count,
            "rows_right": snapshot.rows == expected,
            "results_now": sum(1 for r in results if r.round <= snapshot.as_of_round),
            "rows_for_round": StandingsSnapshot.objects.filter(
                contest_id=contest_id, as_of_round=snapshot.as_of_round
            ).count(),
            "computed_at": snapshot.computed_at.isoformat(),
        }
    return out


def mark_stale(contest_id: int) -> Any:
    """What ``results_changed`` does first when a result changes (without queueing)."""
    from standings import events

    events.mark_stale(contest_id)
    return True


def send(task: str, args: list[Any] | None = None) -> Any:
    """Send a task through the broker, as the beat or ``results_changed`` does."""
    from standings import tasks

    result = getattr(tasks, task).apply_async(args=args or [], retry=False)
    return result.id


def deals(sheet_ids: list[int]) -> Any:
    """Every deal of these sheets: (sheet, number, client id), and each sheet's counters."""
    from scoring.models import DealRecord, ScoreSheet

    rows = list(
        DealRecord.objects.filter(sheet_id__in=sheet_ids)
        .order_by("sheet_id", "number")
        .values_list("sheet_id", "number", "client_id", "score_a", "score_b")
    )
    sheets = {
        s.pk: [s.version, s.deal_count, s.total_a, s.total_b, s.status]
        for s in ScoreSheet.objects.filter(pk__in=sheet_ids)
    }
    return {
        "deals": [[s, n, str(c), a, b] for s, n, c, a, b in rows],
        "sheets": {str(k): v for k, v in sheets.items()},
    }


COMMANDS = {
    "fixture": fixture,
    "big_contest": big_contest,
    "time_rebuild": time_rebuild,
    "standings_state": standings_state,
    "send": send,
    "mark_stale": mark_stale,
    "deals": deals,
}


def main() -> None:
    import django

    django.setup()
    command, params = sys.argv[1], json.loads(sys.argv[2] if len(sys.argv) > 2 else "{}")
    result = COMMANDS[command](**params)
    print(json.dumps({"result": result}))


if __name__ == "__main__":
    main()
