"""A mêlée's models as ``engine.seating`` values: who is present, the history, the scores.

What it owns
------------
* :func:`seating_request` gathers, for partie N of a mêlée contest, the solo players present
  (``SoloEntry`` checked in, joined, not withdrawn; volunteers only when the contest lends
  them), the history of the earlier parties read from their pair entries
  (``Entry.formed_for_round``), their tables and their exempt players (``SoloBye``), the
  stored seed, and, when the contest draws by ranking, each player's score so far.
* The players' scores for a draw by ranking: ``standings`` registers each player's current
  individual score on the port ``tournaments.ports.player_scores``; without one (``standings``
  not installed), :func:`player_scores` falls back on purpose to :func:`points_so_far`, the sum
  of the points of the pairs the player sat in, read from the finished games
  (``tournaments.adapters.finished_results``).
* :func:`report_json`: the seating's "why" report as stored on ``Round.report``.

What it must not do: write, import ``scoring`` or a higher app, or make sentences (the French
lines are ``tournaments.messages.melee``). Player ids given to the engine are ``Player`` pks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine import seating as engine_seating
from tournaments import adapters, ports
from tournaments.models import Contest, Entry, Round, SoloBye, SoloEntry, Table

MELEE_METHOD = "melee"


def points_so_far(contest: Contest, before_round: int) -> dict[int, float]:
    """Player pk -> the points of the pairs he played in, over the parties before
    ``before_round`` (the finished games only; volunteers included, the caller drops them)."""
    players = {
        pk: (p1, p2)
        for pk, p1, p2 in Entry.objects.filter(
            contest=contest, formed_for_round__lt=before_round
        ).values_list("pk", "player1_id", "player2_id")
    }
    totals: dict[int, float] = defaultdict(float)
    for result in adapters.finished_results(contest):
        if result.round >= before_round:
            continue
        for team, score in ((result.team_a, result.score_a), (result.team_b, result.score_b)):
            for player in players.get(team or 0, ()):
                totals[player] += score
    return dict(totals)


def player_scores(contest: Contest, before_round: int) -> dict[int, float]:
    """Player pk -> score after the parties before ``before_round``: the individual standings'
    value (``ports.player_scores``), else the points of the finished games."""
    source = ports.player_scores.get_or(points_so_far)
    return dict(source(contest, before_round))


def similar_ranking(contest: Contest, number: int) -> bool:
    """A mêlée drawn "tirage, puis selon le classement" seats players of close scores together
    from partie 2 on."""
    return number > 1 and contest.pairing_method == Contest.PairingMethod.DRAW_THEN_RANKING


@dataclass(frozen=True)
class MeleeInput:
    request: engine_seating.SeatingRequest
    solos: dict[int, SoloEntry]  # player pk -> the contest's solo entry
    volunteers: frozenset[int]  # player pks of the volunteers seated in this partie


def _history(
    contest: Contest, before_round: int
) -> tuple[list[engine_seating.PastPartie], set[int]]:
    """The past parties (numbered 1..N-1, as the engine wants) and every player met there."""
    pairs = {
        pk: (p1, p2)
        for pk, p1, p2 in Entry.objects.filter(
            contest=contest, formed_for_round__lt=before_round
        ).values_list("pk", "player1_id", "player2_id")
    }
    tables: dict[int, list[engine_seating.Table]] = defaultdict(list)
    rows = (
        Table.objects.filter(round__contest=contest, round__number__lt=before_round)
        .order_by("round__number", "number")
        .values_list("round__number", "number", "entry_a_id", "entry_b_id")
    )
    seen: set[int] = set()
    for number, table, a, b in rows:
        if a not in pairs or b is None or b not in pairs:
            continue  # not a mêlée table of two drawn pairs
        pa, pb = pairs[a], pairs[b]
        seen.update(pa + pb)
        tables[number].append(engine_seating.Table(table, (*pa, *pb), (pa, pb)))
    exempt: dict[int, list[int]] = defaultdict(list)
    for number, player in SoloBye.objects.filter(
        round__contest=contest, round__number__lt=before_round
    ).values_list("round__number", "solo__player_id"):
        exempt[number].append(player)
        seen.add(player)
    history = [
        engine_seating.PastPartie(n, tuple(tables[n]), tuple(sorted(exempt[n])))
        for n in range(1, before_round)
    ]
    return history, seen


def present_solos(contest: Contest, number: int) -> list[SoloEntry]:
    """The solo players who play partie ``number``: checked in, joined, not withdrawn."""
    solos = SoloEntry.objects.filter(contest=contest, checked_in=True).select_related("player")
    return sorted((s for s in solos if s.is_active_in(number)), key=lambda s: s.number)


def volunteers_needed(players: int) -> int:
    """Seats left empty at the last table of four."""
    return (-players) % 4


def seating_request(contest: Contest, number: int, *, seed: int | None = None) -> MeleeInput:
    """Everything ``engine.seating.seat_partie`` needs for partie ``number`` of a mêlée."""
    solos = {
        s.player_id: s for s in SoloEntry.objects.filter(contest=contest).select_related("player")
    }
    present = present_solos(contest, number)
    real = [s for s in present if not s.is_volunteer]
    lent: list[SoloEntry] = []
    if contest.leftover_policy == Contest.LeftoverPolicy.VOLUNTEER:
        # The first volunteers registered complete the last table; too few to complete it,
        # none plays (a volunteer never takes a player's turn to sit out).
        volunteers = [s for s in present if s.is_volunteer]
        needed = volunteers_needed(len(real))
        lent = volunteers[:needed] if len(volunteers) >= needed else []
    seated = real + lent
    history, seen = _history(contest, number)
    ids = {s.player_id for s in seated}
    departed = tuple(sorted((set(solos) | seen) - ids))
    scores = player_scores(contest, number) if similar_ranking(contest, number) else {}
    volunteer_ids = frozenset(s.player_id for s in lent)
    players = tuple(
        engine_seating.Player(
            s.player_id,
            None if not scores or s.player_id in volunteer_ids else scores.get(s.player_id, 0.0),
        )
        for s in seated
    )
    request = engine_seating.SeatingRequest(
        players=players,
        game=engine_seating.Game.BELOTE,
        history=tuple(history),
        partie=number,
        seed=seed,
        options=engine_seating.SeatingOptions(
            similar_ranking=bool(scores), planned_parties=contest.rounds_count
        ),
        departed=departed,
    )
    return MeleeInput(request=request, solos=solos, volunteers=volunteer_ids)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def report_json(result: engine_seating.SeatingResult) -> list[dict[str, Any]]:
    """The seating's report as stored on ``Round.report``: its items (ids are ``Player`` pks),
    then one ``constraint`` item per goal."""
    items: list[dict[str, Any]] = [
        {"code": str(item.code), "params": {k: _plain(v) for k, v in item.params.items()}}
        for item in result.report.items
    ]
    for check in result.report.constraints:
        items.append(
            {
                "code": "constraint",
                "params": {
                    "constraint": str(check.constraint),
                    "held": check.held,
                    "verdict": str(check.verdict),
                    "violations": check.violations,
                    "minimum": check.minimum,
                },
            }
        )
    return items


def is_melee_round(round_: Round) -> bool:
    return round_.method == MELEE_METHOD


def volunteer_player_ids(contest: Contest) -> set[int]:
    """Every volunteer of the contest (registered as one, or lent as a pair's player 2)."""
    ids = set(
        SoloEntry.objects.filter(contest=contest, is_volunteer=True).values_list(
            "player_id", flat=True
        )
    )
    ids.update(
        Entry.objects.filter(contest=contest, player2_is_volunteer=True).values_list(
            "player2_id", flat=True
        )
    )
    return ids


def players_of(entries: Iterable[Entry]) -> dict[int, tuple[int, int]]:
    return {e.pk: (e.player1_id, e.player2_id) for e in entries}
