"""The draw of a partie in a contest in phases: which phase it belongs to, the start of a
phase (its qualification from the previous one, its pools or brackets drawn by the engine),
and the partie's tables (a pool partie's matches, a bracket round's matches with its byes, or
a Swiss or drawn partie of the qualified teams).

``services.rounds.lifecycle`` calls :func:`draw_partie` instead of the pairing when the contest has a
plan of phases (:func:`has_plan`); a contest without phases never comes here. Starting a
phase writes its ``Phase.state`` (entrants in seed order, the seed, the "why" report) and
the number of parties it needs, inside the caller's transaction, and journals it.
Must not touch results (they come through ``tournaments.adapters``).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import pairing as engine_pairing
from engine import phases as ep
from engine.errors import EngineError
from tournaments import adapters, audit
from tournaments.messages.codes import engine_error_message
from tournaments.messages.phases import phase_error_message
from tournaments.models import Contest, Entry, Phase, Round, Table
from tournaments.services.base import ServiceError
from tournaments.services.layouts import Layout
from tournaments.services.phases import core
from tournaments.services.phases.read import PhasesView, PhaseView, read_phases, winner_of


def has_plan(contest: Contest) -> bool:
    return Phase.objects.filter(contest=contest).exists()


def allows_several_byes(round_: Round) -> bool:
    """Pools (one bye per odd pool) and brackets (byes of the top seeds) seat several teams
    alone in one partie; a Swiss partie keeps the one-bye rule."""
    phase = round_.phase
    return phase is not None and phase.kind not in core.RANKING_KINDS


def _refuse(exc: EngineError) -> ServiceError:
    if exc.code.startswith("phases."):
        return ServiceError(exc.code, phase_error_message(exc))
    return ServiceError(exc.code, engine_error_message(exc))


def _items(report: ep.PhaseReport) -> list[dict[str, Any]]:
    return [
        {
            "code": f"phase.{item.code.value}",
            "params": {k: list(v) if isinstance(v, tuple) else v for k, v in item.params.items()},
        }
        for item in report.items
    ]


def _present(contest: Contest, number: int) -> list[int]:
    """The teams present for partie ``number``, by entry number."""
    return [
        e.pk
        for e in Entry.objects.filter(contest=contest, checked_in=True).order_by("number")
        if e.is_active_in(number)
    ]


# --- which phase a partie belongs to ------------------------------------------------------


def _exhausted(view: PhasesView, phase: PhaseView) -> bool:
    """No partie of the phase (or of its stage) is left to draw."""
    if phase.pools is not None:
        return len(phase.rounds) >= phase.pools.rounds
    if phase.kind in core.RANKING_KINDS:
        return len(phase.rounds) >= phase.spec.rounds_count
    stage = view.stage(phase)
    return all(m.complete for m in stage)


def _target(view: PhasesView, number: int, redraw: Round | None) -> tuple[PhaseView, bool]:
    """The phase of partie ``number`` and whether the partie starts it."""
    if redraw is not None and redraw.phase_id is not None:
        phase = next(p for p in view.phases if p.phase.pk == redraw.phase_id)
        return phase, bool(phase.rounds) and phase.rounds[0] == number
    last = view.of_round(number - 1) if number > 1 else None
    if last is None:
        return view.phases[0], True
    if not _exhausted(view, last):
        return last, False
    specs = [p.spec for p in view.phases]
    following = core.stage_members(specs, core.stage_lead(specs, last.index))[-1] + 1
    if following >= len(view.phases):
        raise ServiceError(
            "phase.all_played",
            _("Toutes les phases du concours sont jouées : il n'y a plus de partie à tirer."),
        )
    return view.phases[following], True


# --- the start of a phase -----------------------------------------------------------------


def _source_rankings(view: PhasesView, phase: PhaseView) -> tuple[ep.PoolRanking, ...]:
    specs = [p.spec for p in view.phases]
    source = core.source_index(specs, phase.index)
    if source is None:
        return ()
    previous = view.phases[source]
    if not previous.complete:
        raise ServiceError(
            "phase.previous_unfinished",
            ngettext(
                "La phase « %(name)s » n'est pas terminée : %(count)s résultat manque.",
                "La phase « %(name)s » n'est pas terminée : %(count)s résultats manquent.",
                max(previous.pending, 1),
            )
            % {"name": previous.title, "count": max(previous.pending, 1)},
        )
    return previous.rankings


def _repechage_field(view: PhasesView, phase: PhaseView, seed: int) -> ep.Repechage:
    """The winners of the previous phase's last partie, and losers drawn back into the field."""
    previous = view.phases[phase.index - 1]
    last = previous.rounds[-1] if previous.rounds else None
    results = [r for r in adapters.finished_results(view.contest) if r.round == last]
    winners, losers = [], []
    for r in results:
        if r.team_b is None:
            winners.append(r.team_a)
            continue
        w = winner_of(r)
        if w is None:
            raise ServiceError(
                "phase.drawn_match",
                _(
                    "Une table de la partie %(n)s est à égalité : désignez d'abord l'équipe "
                    "qualifiée sur sa feuille."
                )
                % {"n": last},
            )
        winners.append(w)
        losers.append(r.team_a if w == r.team_b else r.team_b)
    return ep.repechage(winners, [t for t in losers if t is not None], seed=seed)


def _start(view: PhasesView, phase: PhaseView, number: int, seed: int) -> list[dict[str, Any]]:
    """Qualify and draw the phase (and the consolantes of its stage); returns the report."""
    rankings = _source_rankings(view, phase)
    spec = phase.spec
    report: list[dict[str, Any]] = []
    if phase.kind == core.REPECHAGE:
        drawn = _repechage_field(view, phase, seed)
        entrants, report = drawn.field, _items(drawn.report)
    elif rankings:
        q = core.qualify_for(spec, rankings, seed)
        entrants, report = q.ids(), _items(q.report)
    else:
        present = _present(view.contest, number)
        entrants = core.shuffled(present, seed) if phase.is_bracket else tuple(present)
        report = _items(
            ep.PhaseReport((ep.PhaseReportItem(ep.PhaseReportCode.SEED, {"seed": seed}),))
        )
    states = {phase.index: {"entrants": list(entrants), "seed": seed, "first_round": number}}
    if phase.is_bracket:
        specs = [p.spec for p in view.phases]
        for i in core.stage_members(specs, phase.index)[1:]:
            member = view.phases[i]
            if member.spec.settings.get("source") == "losers":
                states[i] = {"source": "losers", "first_round": number}
                continue
            q = core.qualify_for(member.spec, rankings, seed, exclude=entrants)
            states[i] = {"entrants": list(q.ids()), "seed": seed, "first_round": number}
            report += _items(q.report)
    for i, state in states.items():
        target = view.phases[i].phase
        target.state = state | {"report": report if i == phase.index else []}
        target.save(update_fields=["state"])
        view.phases[i].rounds = [number]
    audit.record(
        view.contest,
        "phase.start",
        None,
        # The journal writes its sentence from these facts, in the reader's language.
        after={
            "name": phase.phase.name,
            "kind": phase.phase.kind,
            "partie": number,
            "teams": len(entrants),
        },
        target_repr=ngettext(
            "%(phase)s, partie %(n)s : %(count)s équipe",
            "%(phase)s, partie %(n)s : %(count)s équipes",
            len(entrants),
        )
        % {"phase": phase.title, "n": number, "count": len(entrants)},
    )
    return report


def _update_counts(view: PhasesView, current: PhaseView) -> None:
    """The parties each phase needs, from the teams it now has; the contest's total."""
    specs = [p.spec for p in view.phases]
    counts = [p.phase.rounds_count for p in view.phases]
    for p in view.phases:
        if p.pools is not None:
            counts[p.index] = p.pools.rounds
        if p.kind in core.LEAD_KINDS and p.bracket is not None:
            members = view.stage(p)
            depths = [counts[m.index] for m in members if m.bracket is None]
            for m in members:
                if m.bracket is not None:
                    losers = m.spec.settings.get("source") == "losers"
                    depths.append(core.bracket_depth(m.bracket) + (1 if losers else 0))
            for m in members:
                counts[m.index] = max(depths)
    following = core.stage_members(specs, core.stage_lead(specs, current.index))[-1] + 1
    if following < len(specs) and current.entrants:
        try:
            config = adapters.standings_config(view.contest)
            rest = core.simulate(specs[current.index :], len(current.entrants), config)
            for offset, parties in enumerate(rest.parties):
                if current.index + offset >= following:
                    counts[current.index + offset] = parties
        except EngineError:
            pass  # the plan page said so; the next phase's start refuses with the reason
    for p, count in zip(view.phases, counts, strict=True):
        if p.phase.rounds_count != count:
            p.phase.rounds_count = count
            p.phase.save(update_fields=["rounds_count"])
    total = max(1, sum(c for s, c in zip(specs, counts, strict=True) if s.kind != core.CONSOLANTE))
    Contest.objects.filter(pk=view.contest.pk).update(rounds_count=total)
    view.contest.rounds_count = total


# --- the partie's tables ------------------------------------------------------------------


def _pool_tables(phase: PhaseView, k: int) -> tuple[Layout, list[dict[str, Any]]]:
    assert phase.pools is not None
    matches = phase.pools.round_matches(k)
    layout: Layout = [(m.table, m.a, m.b) for m in matches]
    items = [{"code": "phase.match", "params": {"table": m.table, "pool": m.pool}} for m in matches]
    for b in phase.pools.byes:
        if b.round == k:
            layout.append((len(layout) + 1, b.team, None))
            items.append(
                {"code": "phase.pool_bye", "params": {"pool": b.pool, "round": k, "team": b.team}}
            )
    return layout, items


def _tabled_pairs(
    view: PhasesView, phase: PhaseView, before: int
) -> dict[frozenset[int], tuple[int, int]]:
    rows = Table.objects.filter(
        round__contest=view.contest, round__number__in=[n for n in phase.rounds if n < before]
    ).values_list("round__number", "number", "entry_a_id", "entry_b_id")
    return {frozenset((a, b)): (n, t) for n, t, a, b in rows if b is not None}


def _bracket_tables(
    view: PhasesView, phase: PhaseView, number: int, first: bool
) -> tuple[Layout, list[dict[str, Any]]]:
    stage = view.stage(phase)
    tabled = {} if first else _tabled_pairs(view, phase, number)
    layout: Layout = []
    items: list[dict[str, Any]] = []
    byes: list[int] = []
    unfinished: list[str] = []
    level = {(t.round, t.table) for t in view.ties}
    for member in stage:
        bracket = member.bracket
        if bracket is None:
            continue
        for m in bracket.to_play():
            assert m.team_a is not None and m.team_b is not None
            played = tabled.get(frozenset((m.team_a, m.team_b)))
            if played is not None:
                where = _("partie %(n)s, table %(t)s") % {"n": played[0], "t": played[1]}
                if played in level:
                    where = _("%(where)s : égalité, désignez l'équipe qualifiée sur sa feuille") % {
                        "where": where
                    }
                unfinished.append(where)
                continue
            table = len(layout) + 1
            layout.append((table, m.team_a, m.team_b))
            items.append(
                {
                    "code": "phase.match",
                    "params": {
                        "table": table,
                        "bracket": bracket.name,
                        "round_of": m.round_of,
                        "first": m.places[0],
                        "last": m.places[1],
                    },
                }
            )
        if first:
            byes += list(bracket.byes)
    if unfinished:
        raise ServiceError(
            "phase.matches_unfinished",
            _(
                "Des matchs du tableau n'ont pas encore de vainqueur (%(tables)s) : saisissez "
                "leurs résultats (après une égalité, l'équipe qualifiée se désigne sur la "
                "feuille de la table) avant de tirer la suite."
            )
            % {"tables": " ; ".join(unfinished)},
        )
    for team in byes:
        layout.append((len(layout) + 1, team, None))
    if not layout:
        raise ServiceError(
            "phase.nothing_to_play",
            _("Aucun match n'est prêt : saisissez d'abord les résultats de la partie en cours."),
        )
    return layout, items


def _ranking_tables(
    contest: Contest, phase: PhaseView, number: int, seed: int
) -> tuple[Layout, list[dict[str, Any]], str]:
    if phase.kind == core.DRAW or number == 1:
        method = engine_pairing.PairingMethod.RANDOM
    else:
        method = engine_pairing.PairingMethod.RANKING
    try:
        teams = phase.entrants if phase.index > 0 else None  # late entries join phase 1
        data = adapters.pairing_request(contest, number, seed=seed, method=method, teams=teams)
        result = engine_pairing.pair_round(data.request)
    except EngineError as exc:
        raise _refuse(exc) from exc
    return adapters.tables_of(result), adapters.report_json(result), str(result.method)


def draw_partie(
    contest: Contest, number: int, seed: int | None, *, redraw: Round | None = None
) -> tuple[Layout, dict[str, Any]]:
    """The tables of partie ``number`` and the round's facts (seed, method, report, phase),
    starting its phase when it is the phase's first partie. Raises ``ServiceError``."""
    view = read_phases(contest)
    assert view is not None
    phase, starting = _target(view, number, redraw)
    if phase.kind == core.CONSOLANTE:  # never drawn on its own: its stage's lead is
        phase = view.phases[core.stage_lead([p.spec for p in view.phases], phase.index)]
    seed = seed if seed is not None else secrets.randbits(32)
    try:
        report = _start(view, phase, number, seed) if starting else []
        if starting or redraw is None:
            view = read_phases(contest, assume=(number, phase.index)) or view
            phase = view.phases[phase.index]
        for message in (p.error for p in view.stage(phase) if p.error):
            raise ServiceError("phase.unreadable", message)
        layout, items, method = _tables(view, phase, number, seed, starting)
        if starting:
            report += _start_items(view, phase)
    except EngineError as exc:
        raise _refuse(exc) from exc
    _update_counts(view, phase)
    facts = {"seed": seed, "method": method, "report": report + items, "phase": phase.phase}
    return layout, facts


def _start_items(view: PhasesView, phase: PhaseView) -> list[dict[str, Any]]:
    """The pools' placement or the brackets' byes, said once at the phase's first partie."""
    items: list[dict[str, Any]] = []
    if phase.pools is not None:
        items += [i for i in _items(phase.pools.report) if i["code"] != "phase.pool_bye"]
    for member in view.stage(phase):
        if member.bracket is not None:
            items += _items(member.bracket.report)
    return items


def _tables(
    view: PhasesView, phase: PhaseView, number: int, seed: int, starting: bool
) -> tuple[Layout, list[dict[str, Any]], str]:
    if phase.kind == core.POOLS:
        if phase.pools is None:
            raise ServiceError("phase.not_started", _("Les poules ne sont pas encore tirées."))
        k = len([n for n in phase.rounds if n < number]) + 1
        if k > phase.pools.rounds:
            raise ServiceError("phase.all_played", _("Toutes les parties des poules sont tirées."))
        layout, items = _pool_tables(phase, k)
        return layout, items, phase.kind
    if phase.is_bracket:
        layout, items = _bracket_tables(view, phase, number, starting)
        return layout, items, phase.kind
    return _ranking_tables(view.contest, phase, number, seed)


def upcoming(view: PhasesView, number: int) -> tuple[PhaseView, bool] | None:
    """The phase partie ``number`` would be drawn in and whether it starts it (``None`` when
    every phase is played)."""
    try:
        phase, starting = _target(view, number, None)
    except ServiceError:
        return None
    if phase.kind == core.CONSOLANTE:
        phase = view.phases[core.stage_lead([p.spec for p in view.phases], phase.index)]
    return phase, starting


def check_hand_edit(round_: Round) -> None:
    """A pool's or a bracket's partie seats the matches its phase decided: a swap or a move
    would seat a match that is not in the pool or the bracket. Refused (redraw instead)."""
    if allows_several_byes(round_):
        raise ServiceError(
            "round.phase_tables",
            _(
                "Les matchs d'une partie de poules ou de tableau sont fixés par la phase : "
                "ils ne se modifient pas à la main (refaites le tirage si besoin)."
            ),
        )
