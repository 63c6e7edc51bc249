"""A contest's phases as the pages show them: pools tables, bracket columns, the prize list.

What it owns: turning :class:`tournaments.services.phases.read.PhasesView` into plain rows with
the teams' names and French words (the organiser's phases page, the cockpit, the public pools
and bracket pages, the projector, the prints and the exports all render these), and the
French summary of a plan (:func:`plan_lines`). It never writes, never checks access, and
runs one query (the teams' names) on top of the reading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import phases as ep
from tournaments.messages.phases import POOL_METHODS, bracket_name, place_title, stage_name
from tournaments.models import Contest, Entry, Phase
from tournaments.services.phases import core
from tournaments.services.phases.draw import upcoming
from tournaments.services.phases.read import PhasesView, PhaseView, read_phases, table_labels

KIND_LABELS = dict(Phase.Kind.choices)


@dataclass
class PoolTable:
    name: str
    rows: list[dict[str, Any]]
    complete: bool
    played: int
    scheduled: int


@dataclass
class BracketColumn:
    label: str
    matches: list[dict[str, Any]]


@dataclass
class BracketBlock:
    label: str  # "Tableau principal", "Places 5 à 8", "Match pour la 3e place"
    columns: list[BracketColumn]


@dataclass
class BracketShow:
    key: str  # "main" or "consolante"
    title: str
    blocks: list[BracketBlock]
    winner: str
    finished: bool


@dataclass
class PhaseShow:
    number: int
    title: str
    kind: str
    kind_label: str
    started: bool
    complete: bool
    lines: list[str] = field(default_factory=list)
    pools: list[PoolTable] = field(default_factory=list)
    ranking: list[dict[str, Any]] = field(default_factory=list)
    bracket: BracketShow | None = None
    error: str = ""


def entry_names(contest: Contest) -> dict[int, Entry]:
    return {
        e.pk: e for e in Entry.objects.filter(contest=contest).select_related("player1", "player2")
    }


def _name(entries: Mapping[int, Entry], team: int | None) -> str:
    if team is None:
        return ""
    entry = entries.get(team)
    return entry.display_name if entry is not None else "?"


def _row(place: int, row: Any, entries: Mapping[int, Entry]) -> dict[str, Any]:
    return {
        "place": place,
        "team": _name(entries, row.team),
        "entry": row.team,
        "played": row.played,
        "wins": row.wins,
        "losses": row.losses,
        "match_points": row.match_points,
        "difference": row.difference,
        "points_for": row.points_for,
    }


def _pools(view: PhaseView, entries: Mapping[int, Entry]) -> list[PoolTable]:
    return [
        PoolTable(
            r.pool,
            [_row(i, row, entries) for i, row in enumerate(r.rows, start=1)],
            r.complete,
            r.played,
            r.scheduled,
        )
        for r in view.rankings
    ]


def _source_words(source: ep.Source, names: Mapping[str, str]) -> str:
    if source.kind is ep.SourceKind.SEED:
        return _("tête de série %(n)s") % {"n": source.ref}
    label = names.get(str(source.ref), "")
    if source.kind is ep.SourceKind.WINNER:
        return _("vainqueur %(m)s") % {"m": label}
    return _("perdant %(m)s") % {"m": label}


def _bracket(bracket: ep.Bracket, entries: Mapping[int, Entry]) -> BracketShow:
    blocks: dict[tuple[int, int], dict[int, list[ep.BracketMatch]]] = {}
    for m in bracket.matches:
        blocks.setdefault(m.places, {}).setdefault(m.round, []).append(m)
    names = {m.id: f"{stage_name(m.round_of, m.places)} {m.number}" for m in bracket.matches}
    shown: list[BracketBlock] = []
    for places, rounds in sorted(blocks.items()):
        columns = []
        for _number, matches in sorted(rounds.items()):
            first = matches[0]
            columns.append(
                BracketColumn(
                    stage_name(first.round_of, places),
                    [
                        {
                            "a": _name(entries, m.team_a) or _source_words(m.source_a, names),
                            "b": _name(entries, m.team_b) or _source_words(m.source_b, names),
                            "known_a": m.team_a is not None,
                            "known_b": m.team_b is not None,
                            "won_a": m.winner is not None and m.winner == m.team_a,
                            "won_b": m.winner is not None and m.winner == m.team_b,
                            "decided": m.decided,
                        }
                        for m in matches
                    ],
                )
            )
        if places[0] == 1:
            label = bracket_name(bracket.name)
        elif places[1] - places[0] == 1:
            label = stage_name(2, places)
        else:
            label = _("Places %(a)s à %(b)s") % {"a": places[0], "b": places[1]}
        shown.append(BracketBlock(label, columns))
    return BracketShow(
        bracket.name,
        bracket_name(bracket.name),
        shown,
        _name(entries, bracket.winner) if bracket.finished else "",
        bracket.finished,
    )


def phase_lines(view: PhaseView) -> list[str]:
    """ "4 poules de 4, tirées au sort : 3 parties, 2 jouées." and the like."""
    lines = []
    played = len(view.rounds)
    if view.pools is not None:
        lines.append(
            ngettext("%(count)s poule", "%(count)s poules", len(view.pools.pools))
            % {"count": len(view.pools.pools)}
            + ", "
            + str(POOL_METHODS.get(str(view.spec.settings.get("method")), ""))
            + " — "
            + ngettext(
                "%(done)s partie tirée sur %(count)s.",
                "%(done)s parties tirées sur %(count)s.",
                played,
            )
            % {"done": played, "count": view.pools.rounds}
        )
    elif view.bracket is not None:
        lines.append(
            ngettext("%(count)s équipe", "%(count)s équipes", len(view.entrants))
            % {"count": len(view.entrants)}
            + " — "
            + ngettext("%(count)s match à jouer.", "%(count)s matchs à jouer.", view.pending)
            % {"count": view.pending}
        )
    elif view.started:
        lines.append(
            ngettext(
                "%(done)s partie tirée sur %(count)s.",
                "%(done)s parties tirées sur %(count)s.",
                played,
            )
            % {"done": played, "count": view.spec.rounds_count}
        )
    if not view.started:
        lines.append(_("Pas encore commencée."))
    elif view.complete:
        lines.append(_("Terminée."))
    return lines


def show_phases(view: PhasesView, entries: Mapping[int, Entry] | None = None) -> list[PhaseShow]:
    entries = entries if entries is not None else entry_names(view.contest)
    out = []
    for p in view.phases:
        shown = PhaseShow(
            p.phase.number,
            p.title,
            p.kind,
            str(p.phase.get_kind_display()),
            p.started,
            p.complete,
            phase_lines(p),
            error=p.error,
        )
        if p.pools is not None:
            shown.pools = _pools(p, entries)
        elif p.rankings and p.kind in core.RANKING_KINDS:
            shown.ranking = [_row(i, row, entries) for i, row in enumerate(p.rankings[0].rows, 1)]
        if p.bracket is not None:
            shown.bracket = _bracket(p.bracket, entries)
        out.append(shown)
    return out


def tie_rows(view: PhasesView, entries: Mapping[int, Entry] | None = None) -> list[dict[str, Any]]:
    """The level bracket matches still waiting for a named winner (the organiser's phases
    page links each to its sheet): partie, table and the two teams."""
    ties = view.ties
    if not ties:
        return []
    entries = entries if entries is not None else entry_names(view.contest)
    return [
        {
            "round": t.round,
            "table": t.table,
            "team_a": _name(entries, t.team_a),
            "team_b": _name(entries, t.team_b),
        }
        for t in ties
    ]


def prize_list(
    view: PhasesView, entries: Mapping[int, Entry] | None = None
) -> list[dict[str, Any]]:
    """The final placement, best first: place, team, its title ("Vainqueur de la consolante")."""
    if view.placement is None:
        return []
    entries = entries if entries is not None else entry_names(view.contest)
    return [
        {
            "place": p.place,
            "shared": p.shared,
            "entry": p.team,
            "team": _name(entries, p.team),
            "number": entries[p.team].number if p.team in entries else None,
            "title": place_title(p.tier, p.title.value, p.place),
            "tier": p.tier,
        }
        for p in view.placement.places
    ]


def plan_lines(specs: Sequence[core.PhaseSpec], simulated: core.Simulated | None) -> list[str]:
    """The plan in French, phase by phase, with what the dry run gives."""
    lines = []
    for i, spec in enumerate(specs):
        words = [spec.name or str(KIND_LABELS.get(spec.kind, spec.kind))]
        if simulated is not None:
            words.append(
                ngettext("%(count)s équipe", "%(count)s équipes", simulated.teams[i])
                % {"count": simulated.teams[i]}
            )
            if simulated.pools[i]:
                words.append(
                    ngettext("%(count)s poule", "%(count)s poules", simulated.pools[i])
                    % {"count": simulated.pools[i]}
                )
            words.append(
                ngettext("%(count)s partie", "%(count)s parties", simulated.parties[i])
                % {"count": simulated.parties[i]}
            )
        else:  # saved phases know their parties (worked out again at each phase's start)
            words.append(
                ngettext("%(count)s partie", "%(count)s parties", spec.rounds_count)
                % {"count": spec.rounds_count}
            )
        if spec.kind == core.CONSOLANTE:
            words.append(_("jouée en même temps que le tableau principal"))
        lines.append(" · ".join(words))
    return lines


def plan_total(simulated: core.Simulated | None) -> str:
    if simulated is None:
        return ""
    return ngettext(
        "En tout : %(count)s partie.", "En tout : %(count)s parties.", simulated.total
    ) % {"count": simulated.total}


def cockpit_lines(view: PhasesView, next_number: int | None) -> list[str]:
    """The cockpit's phase step: each phase's state, and what the next partie starts."""
    lines = []
    for p in view.phases:
        state = _("terminée") if p.complete else (_("en cours") if p.started else _("à venir"))
        lines.append(f"{p.phase.number}. {p.title} — {state}")
    if next_number is not None:
        coming = upcoming(view, next_number)
        if coming is not None and coming[1]:
            lines.append(
                _(
                    "La partie %(n)s commence la phase « %(name)s » : ses équipes seront qualifiées au tirage."
                )
                % {"n": next_number, "name": coming[0].title}
            )
    if view.placement is not None:
        lines.append(_("Toutes les phases sont jouées : le classement final est prêt."))
    return lines


def match_labels(view: PhasesView) -> dict[tuple[int, int, int], tuple[str, str, str]]:
    """(partie, team A, team B) -> (phase, pool or bracket, stage) for every match of a
    phase: the exports' columns and the prints."""
    out: dict[tuple[int, int, int], tuple[str, str, str]] = {}
    for number in sorted(view.round_phase):
        phase = view.of_round(number)
        if phase is None:
            continue
        for (a, b), where in table_labels(view, number).items():
            if "pool" in where:
                label = (phase.title, _("Poule %(name)s") % {"name": where["pool"]}, "")
            else:
                stage = stage_name(int(where["round_of"]), (where["first"], where["last"]))
                label = (phase.title, bracket_name(str(where["bracket"])), stage)
            out[(number, a, b)] = out[(number, b, a)] = label
    return out


def round_phases(round_: Any, entries: Mapping[int, Entry]) -> list[PhaseShow]:
    """The pools or the brackets a partie belongs to, as they stand (its round page)."""
    if round_.phase_id is None:
        return []
    view = read_phases(round_.contest)
    phase = view.of_round(round_.number) if view is not None else None
    if view is None or phase is None:
        return []
    numbers = {p.phase.number for p in view.stage(phase)}
    return [p for p in show_phases(view, entries) if p.number in numbers]
