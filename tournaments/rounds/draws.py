"""Read helpers for a round's draw, shared by organiser and public pages.

What it owns: fetching a round's tables with both teams and their players in one query, and
turning them into rows "by table" and "by team in alphabetical order", and naming who sits
the partie out (a mêlée's byes, a mixed contest's players left without a partner). It never
writes and
never checks access (callers got the round from ``tournaments.access`` or from the public
published-only queries).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import melee_adapters
from tournaments.models import Contest, Entry, Round, SoloEntry, Table, name_key


def tables_of(round_: Round) -> list[Table]:
    """The round's tables with both entries and their players (one query)."""
    return list(
        Table.objects.filter(round=round_)
        .select_related(
            "entry_a__player1", "entry_a__player2", "entry_b__player1", "entry_b__player2"
        )
        .order_by("number")
    )


def team_label(entry: Entry) -> str:
    """A team as printed on the draw: "12. Les As (Martin – Durand)" or "12. Martin – Durand"."""
    if entry.formed_for_round is not None:  # a mêlée's pair of one partie: full names
        return entry.display_name
    players = f"{entry.player1.last_name} – {entry.player2.last_name}"
    if entry.name:
        return f"{entry.number}. {entry.name} ({players})"
    return f"{entry.number}. {players}"


@dataclass(frozen=True)
class TableRow:
    number: int
    team_a: str
    team_b: str
    is_bye: bool


@dataclass(frozen=True)
class TeamRow:
    team: str
    table: int
    opponent: str
    sort_key: str


def by_table(tables: list[Table]) -> list[TableRow]:
    bye = _("exempte")
    return [
        TableRow(
            number=t.number,
            team_a=team_label(t.entry_a),
            team_b=team_label(t.entry_b) if t.entry_b is not None else bye,
            is_bye=t.entry_b is None,
        )
        for t in tables
    ]


def _sort_key(entry: Entry) -> str:
    if entry.name:
        return name_key(entry.name)
    return name_key(entry.player1.last_name, entry.player2.last_name)


def by_team(tables: list[Table]) -> list[TeamRow]:
    """One row per team, alphabetical (team name, or the players' last names)."""
    rows: list[TeamRow] = []
    bye = _("exempte")
    for t in tables:
        a, b = t.entry_a, t.entry_b
        rows.append(TeamRow(team_label(a), t.number, team_label(b) if b else bye, _sort_key(a)))
        if b is not None:
            rows.append(TeamRow(team_label(b), t.number, team_label(a), _sort_key(b)))
    rows.sort(key=lambda r: (r.sort_key, r.team))
    return rows


def left_alone(round_: Round) -> list[str]:
    """A mixed contest's players left without a partner who sit out (its leftover policy is
    the bye): present, not a volunteer, registered by this partie and still alone."""
    contest = round_.contest
    if (
        contest.entry_mode != Contest.EntryMode.MIXED
        or contest.leftover_policy != Contest.LeftoverPolicy.BYE
    ):
        return []
    alone = SoloEntry.objects.filter(
        contest=contest, checked_in=True, joined_at_round__lte=round_.number
    ).waiting_for_partner()
    return [solo.player.full_name for solo in alone.select_related("player").order_by("number")]


def melee_byes(round_: Round) -> list[str]:
    """A mêlée partie's players who sit out (its byes), by name."""
    if not melee_adapters.is_melee_round(round_):
        return []
    return [b.solo.player.full_name for b in round_.solo_byes.select_related("solo__player")]


def sitting_out(round_: Round) -> list[str]:
    """Everyone who does not play this partie, beside its tables."""
    return melee_byes(round_) + left_alone(round_)
