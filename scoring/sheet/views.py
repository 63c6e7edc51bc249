"""What the table pages and the organiser pages of score entry share: how a sheet is shown,
and how a refused write is answered.

The views themselves live in ``scoring.table`` (secret table links, no account) and
``scoring.organiser`` (club members, through ``tournaments.access``). This
module turns a sheet, its deals and its history into template context, draws QR codes (segno,
inline SVG), keeps the table phone's device cookie, and maps every ``services.ServiceError`` to
its answer (:func:`refused`). It never writes.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import segno
from django import forms
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.belote.deal import DealScore
from engine.belote.game import GameState
from engine.belote.rules import GameEnd, Ruleset
from scoring import adapters, services
from scoring.forms import ANNOUNCEMENT_LABELS, RANK_LABELS, SUIT_LABELS, TRUMP_LABELS
from scoring.messages import breakdown_label, game_label, match_title, outcome_label
from scoring.models import DealRecord, ScoreSheet
from tournaments.rules.format import format_line

DEVICE_COOKIE = "atout_device"
_DEVICE_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass
class BreakdownRow:
    label: str
    points_a: int | None
    points_b: int | None


@dataclass
class DealRow:
    number: int
    kind: str
    taker_name: str
    description: str
    score_a: int
    score_b: int
    running_a: int
    running_b: int
    outcome: str
    breakdown: list[BreakdownRow] = field(default_factory=list)
    entered_at: Any = None
    source: str = ""
    game: int = 1
    game_label: str = ""  # set in a match of several games: the block the deal opens or is in


def team_names(sheet: ScoreSheet) -> dict[str, str]:
    table = sheet.table
    return {
        "a": table.entry_a.display_name,
        "b": table.entry_b.display_name if table.entry_b is not None else _("exempt"),
    }


def team_numbers(sheet: ScoreSheet) -> dict[str, str]:
    """ "Éq. 11": the teams as the deal list names them (its columns are headed so, and the
    scoreboard above shows the number with the name); short enough for a phone's row."""
    table = sheet.table
    entry_b = table.entry_b
    return {
        "a": _("Éq. %(n)s") % {"n": table.entry_a.number},
        "b": _("Éq. %(n)s") % {"n": entry_b.number} if entry_b is not None else _("exempt"),
    }


def breakdown_rows(lines: list[dict[str, Any]]) -> list[BreakdownRow]:
    """One row per code, with team A's and team B's points side by side."""
    rows: dict[str, BreakdownRow] = {}
    for line in lines:
        code = str(line.get("code", ""))
        row = rows.setdefault(code, BreakdownRow(breakdown_label(code), None, None))
        points = int(line.get("points", 0))
        if line.get("team") == "a":
            row.points_a = (row.points_a or 0) + points
        else:
            row.points_b = (row.points_b or 0) + points
    return list(rows.values())


def describe_deal(record: DealRecord, names: dict[str, str]) -> str:
    """A short French line: "♥ Cœur, 100 points, belote A" / "Renonce de 3. Martin – Durand"."""
    if record.kind == DealRecord.Kind.PENALTY:
        return _("%(penalty)s de %(team)s") % {
            "penalty": record.get_penalty_display().capitalize(),
            "team": names.get(record.taker, ""),
        }
    parts: list[str] = []
    if record.bid_kind == "points" and record.bid:
        parts.append(_("contrat %(bid)d") % {"bid": record.bid})
    elif record.bid_kind == "capot":
        parts.append(_("contrat capot"))
    elif record.bid_kind == "generale":
        parts.append(_("contrat générale"))
    if record.contre == 1:
        parts.append(_("contré"))
    elif record.contre == 2:
        parts.append(_("surcontré"))
    if record.trump:
        parts.append(str(_trump_label(record.trump)))
    if record.capot_team:
        parts.append(_("capot %(team)s") % {"team": names.get(record.capot_team, "")})
    elif record.taker_points is not None:
        parts.append(_("%(points)d points au preneur") % {"points": record.taker_points})
    if record.belote_team:
        parts.append(_("belote %(team)s") % {"team": names.get(record.belote_team, "")})
    ann = record.announcements if isinstance(record.announcements, dict) else {}
    for item in ann.get("items", []):
        parts.append(announcement_text(item))
    return ", ".join(parts)


def _trump_label(value: str) -> str:
    for trump, label in TRUMP_LABELS.items():
        if trump.value == value:
            return str(label)
    return value


def announcement_text(item: dict[str, Any]) -> str:
    kind = next((str(v) for k, v in ANNOUNCEMENT_LABELS.items() if k.value == item.get("kind")), "")
    rank = next((str(v) for k, v in RANK_LABELS.items() if k.value == item.get("rank")), "")
    suit = next((str(v) for k, v in SUIT_LABELS.items() if k.value == item.get("suit")), "")
    team = str(item.get("team", "")).upper()
    return " ".join(p for p in (kind, rank, suit, f"({team})") if p)


def deal_rows(
    sheet: ScoreSheet, records: list[DealRecord] | None = None, match: MatchView | None = None
) -> list[DealRow]:
    """The deal list's rows; in a match, each row names its game (the list shows a block per
    game, its cumul starting again at 0)."""
    names = team_numbers(sheet)
    if records is None:
        records = list(sheet.deals.order_by("number"))
    labels = match.labels if match is not None else {}
    return [
        DealRow(
            number=r.number,
            kind=r.kind,
            taker_name=names.get(r.taker, ""),
            description=describe_deal(r, names),
            score_a=r.score_a,
            score_b=r.score_b,
            running_a=r.running_a,
            running_b=r.running_b,
            outcome=outcome_label(r.outcome),
            breakdown=breakdown_rows(r.breakdown if isinstance(r.breakdown, list) else []),
            entered_at=r.entered_at,
            source=r.get_source_display(),
            game=r.game,
            game_label=labels.get(r.game, ""),
        )
        for r in records
    ]


@dataclass
class MatchGame:
    """One game of a table's match as a sheet shows it (``winner``: "a", "b", "draw" or "")."""

    number: int
    label: str
    score_a: int
    score_b: int
    winner: str
    winner_name: str
    in_play: bool = False


@dataclass
class MatchView:
    """A table's match of several games: its format, games won, and each game (the one in
    play last, with its running totals)."""

    title: str
    won_a: int
    won_b: int
    decided: bool
    games: list[MatchGame]
    labels: dict[int, str]
    current: MatchGame | None = None


def time_called(sheet: ScoreSheet, rules: Ruleset | None) -> str:
    """What calling time left the table, by the contest's rule ('' when it was not called): the
    organiser's page of the sheet (the table's phone says it in its own words, ``time_note``)."""
    called = services.time_called_of(sheet, rules)
    if called is None:
        return ""
    if called.finished:
        return _("Temps appelé après la donne %(n)s : la partie est terminée.") % {
            "n": called.after
        }
    return ngettext(
        "Temps appelé après la donne %(n)s : encore %(left)s donne à jouer.",
        "Temps appelé après la donne %(n)s : encore %(left)s donnes à jouer.",
        called.deals_left,
    ) % {"n": called.after, "left": called.deals_left}


def match_view(sheet: ScoreSheet, rules: Ruleset | None) -> MatchView | None:
    """The sheet's match as shown (``None`` for a one-game match: the sheet is its game)."""
    if rules is None or rules.match_games <= 1:
        return None
    names = team_names(sheet)
    decided = sheet.winner != ScoreSheet.Winner.NONE
    games: list[MatchGame] = []
    played_a = played_b = 0
    for number, g in enumerate([g for g in sheet.games if isinstance(g, dict)], start=1):
        a, b, w = int(g.get("a", 0)), int(g.get("b", 0)), str(g.get("w", ""))
        played_a, played_b = played_a + a, played_b + b
        label = game_label(rules, number)
        games.append(MatchGame(number, label, a, b, w or "draw", names.get(w, _("égalité"))))
    current = None
    if not decided and sheet.kind == ScoreSheet.Kind.DEALS:
        number = len(games) + 1
        current = MatchGame(
            number,
            game_label(rules, number),
            max(sheet.total_a - played_a, 0),
            max(sheet.total_b - played_b, 0),
            "",
            "",
            in_play=True,
        )
        games.append(current)
    labels = {n: game_label(rules, n) for n in range(1, rules.match_games + 1)}
    return MatchView(
        match_title(rules), sheet.games_a, sheet.games_b, decided, games, labels, current
    )


def sheet_rules(sheet: ScoreSheet) -> Ruleset | None:
    """The sheet's rules for showing it, or ``None`` when they cannot be read."""
    try:
        return services.rules_of(sheet)
    except services.ServiceError:
        return None


@dataclass
class Preview:
    score_a: int
    score_b: int
    total_a: int
    total_b: int
    outcome: str
    breakdown: list[BreakdownRow]
    game_over: bool
    winner: str
    in_match: bool = False  # the game is one of a match of several games


def preview_of(score: DealScore, after: GameState, names: dict[str, str]) -> Preview:
    winner = ""
    if after.game_over:
        letter = adapters.team_letter(after.winner)
        winner = names.get(letter, "") if letter else _("égalité")
    return Preview(
        score_a=score.score_a,
        score_b=score.score_b,
        total_a=after.total_a,
        total_b=after.total_b,
        outcome=outcome_label(str(score.outcome)),
        breakdown=breakdown_rows(adapters.breakdown_json(score)),
        game_over=after.game_over,
        winner=winner,
        in_match=after.rules.match_games > 1,
    )


def game_format(rules: Ruleset | None) -> str:
    """The partie's format as the sheet shows it (its own: deals or target, score cap)."""
    if rules is None:
        return ""
    if rules.match_games > 1:
        # "Match en 2 manches gagnantes (au plus 3), manches en 12 donnes"
        if rules.game_end is GameEnd.DEALS:
            game = _("manches en %(n)d donnes") % {"n": rules.deals_per_game}
        else:
            game = _("manches en %(n)d points") % {"n": rules.target}
        return f"{match_title(rules)}, {game}"
    return format_line(rules)


def winner_name(sheet: ScoreSheet) -> str:
    if sheet.winner == ScoreSheet.Winner.DRAW:
        return _("égalité")
    if sheet.winner in ("a", "b"):
        return team_names(sheet)[sheet.winner]
    return ""


def history_rows(sheet: ScoreSheet) -> list[dict[str, Any]]:
    names = team_names(sheet)
    rows = []
    for c in sheet.corrections.select_related("by").order_by("at", "pk"):
        rows.append(
            {
                "at": c.at,
                "action": c.get_action_display(),
                "deal_number": c.deal_number,
                "before": _snapshot_text(c.before, names),
                "after": _snapshot_text(c.after, names),
                "by": c.by.get_username() if c.by else (_("à la table") if c.device else ""),
                "reason": c.reason,
            }
        )
    return rows


def _snapshot_text(data: dict[str, Any], names: dict[str, str]) -> str:
    if not data:
        return "—"
    if "score_a" in data and "taker" in data:
        record = DealRecord(
            kind=data.get("kind", "deal"),
            penalty=data.get("penalty", ""),
            taker=data.get("taker", "a"),
            trump=data.get("trump", ""),
            taker_points=data.get("taker_points"),
            capot_team=data.get("capot_team", ""),
            belote_team=data.get("belote_team", ""),
            bid=data.get("bid"),
            bid_kind=data.get("bid_kind", ""),
            contre=data.get("contre", 0),
            announcements=data.get("announcements", {}),
        )
        return _("%(taker)s prend : %(what)s → %(a)d / %(b)d") % {
            "taker": names.get(record.taker, ""),
            "what": describe_deal(record, names),
            "a": data["score_a"],
            "b": data["score_b"],
        }
    if "total_a" in data:
        return _("%(a)d / %(b)d en %(n)d donnes, %(bel)d belote(s), %(cap)d capot(s)") % {
            "a": data["total_a"],
            "b": data["total_b"],
            "n": data.get("deals_played", 0),
            "bel": data.get("belotes", 0),
            "cap": data.get("capots", 0),
        }
    if "status" in data:
        return str(ScoreSheet.Status(data["status"]).label)
    if "winner" in data:  # a knockout's tie: the team named through, or the draw it was
        winner = str(data["winner"])
        if winner in names:
            return names[winner]
        return str(ScoreSheet.Winner(winner).label) if winner in ScoreSheet.Winner.values else "—"
    if "kind" in data:
        loser = data.get("forfeit_loser", "")
        if data["kind"] == ScoreSheet.Kind.FORFEIT and loser:
            return _("forfait de %(team)s") % {"team": names.get(loser, "")}
        return str(ScoreSheet.Kind(data["kind"]).label)
    return "—"


def qr_svg(url: str, *, scale: int = 3) -> SafeString:
    """An inline SVG QR code of ``url`` (segno; no image file, no script)."""
    qr = segno.make(url, error="m")
    return mark_safe(qr.svg_inline(scale=scale, border=2, omitsize=False))


def table_link(sheet: ScoreSheet) -> str:
    table = sheet.table
    return reverse(
        "table:sheet",
        kwargs={
            "round_number": table.round.number,
            "table_number": table.number,
            "token": sheet.token,
        },
    )


def device_of(request: HttpRequest) -> str:
    """The table phone's device id (its cookie), or ``""`` when it sent none."""
    value = request.COOKIES.get(DEVICE_COOKIE, "")[:64]
    return value if _DEVICE_RE.fullmatch(value) else ""


def remember_device(request: HttpRequest, response: HttpResponse) -> None:
    """Give a phone without one its device id: a year-long cookie, ``Secure`` under HTTPS."""
    if not device_of(request):
        response.set_cookie(
            DEVICE_COOKIE,
            uuid.uuid4().hex,
            max_age=60 * 60 * 24 * 365,
            httponly=True,
            samesite="Lax",
            secure=bool(settings.SESSION_COOKIE_SECURE or request.is_secure()),
        )


def status_of(error: services.ServiceError) -> int:
    """The HTTP status of a refused write: 400 for what was typed (the engine's reason, the
    table check, a missing field), 403 for an action the role never does, 404 for a sheet
    that is gone, 409 for a stale form or a state that forbids it."""
    if isinstance(error, services.DealRefused | services.TotalsInconsistent) or error.field:
        return 400
    if error.code == "forbidden":
        return 403
    if error.code == "not_found":
        return 404
    return 409


def refused(
    error: services.ServiceError,
    show: Callable[[str, int], HttpResponse],
    form: forms.Form | None = None,
) -> HttpResponse:
    """The answer to a refused write: ``show(message, status)`` renders the page.

    With ``form``, what the user typed is kept: a 400 puts the French message on the form
    (``show`` gets no page-level message); anything else is a page-level message.
    """
    status = status_of(error)
    if form is not None and status == 400:
        field = error.field if error.field in form.fields else None
        form.add_error(field, error.message)
        return show("", status)
    return show(error.message, status)


def render(
    request: HttpRequest, template: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    return TemplateResponse(request, template, context, status=status)
