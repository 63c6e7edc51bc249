"""A season's final: its entries created from the qualified, in one action.

What it owns
------------
:func:`create_final_entries` takes the qualified entrants in the final's order (computed by
``seasons.standings.rebuild.season_qualification``, which also says why each one qualified) and
registers them in the final: a qualified pair becomes a fixed team, unless a team of the same
two players is already there (so running it twice creates nothing new). Qualified players of
another club are added to the final club's register first (a circuit's final). For a season
ranked per player the qualified are individuals: a final that takes solo players (mêlée or
mixed) registers each one alone (``SoloEntry``, never twice); a final of fixed pairs gets them in
its register, listed, and the organiser forms the pairs. Refused once the final has started (a
partie published, or the contest running or over). Journaled on the final.

What it must not do: decide who qualifies (the engine does), or touch any other contest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from seasons.models import Season
from tournaments import audit
from tournaments.models import Contest, Entry, Player, PlayerClub, Round, SoloEntry
from tournaments.services import ServiceError, SoloValues, add_solo
from tournaments.services.base import lock_contest

__all__ = ["FinalOutcome", "create_final_entries", "final_started"]


@dataclass
class FinalOutcome:
    created: list[Entry] = field(default_factory=list)
    solos: list[SoloEntry] = field(default_factory=list)  # registered alone (per-player season)
    already: list[tuple[int, ...]] = field(default_factory=list)  # a team of them was there
    skipped: list[tuple[int, ...]] = field(default_factory=list)  # a player already in a team
    players_added: int = 0  # added to the final club's register
    per_player: bool = False


def final_started(final: Contest) -> bool:
    if final.status in (Contest.Status.RUNNING, Contest.Status.FINISHED):
        return True
    return final.rounds.exclude(status=Round.Status.DRAFT).exists()


def _register(final: Contest, ids: set[int]) -> int:
    """Qualified players of other clubs join the final club's register (one query each way)."""
    known = set(
        PlayerClub.objects.filter(club_id=final.club_id, player_id__in=ids).values_list(
            "player_id", flat=True
        )
    )
    missing = sorted(ids - known)
    PlayerClub.objects.bulk_create(
        [PlayerClub(player_id=p, club_id=final.club_id) for p in missing], ignore_conflicts=True
    )
    return len(missing)


@transaction.atomic
def create_final_entries(
    season: Season, qualified: Sequence[tuple[int, ...]], *, per_player: bool
) -> FinalOutcome:
    """Register the qualified in the season's final (see the module docstring)."""
    if season.final_contest_id is None:
        raise ServiceError("season.no_final", _("La saison n'a pas de finale."))
    final = lock_contest(Contest.objects.get(pk=season.final_contest_id))
    if final_started(final):
        raise ServiceError(
            "season.final_started",
            _("La finale a commencé : ses équipes ne peuvent plus être créées depuis la saison."),
        )
    ids = {p for entrant in qualified for p in entrant}
    players = Player.objects.select_related("club").in_bulk(list(ids))
    outcome = FinalOutcome(per_player=per_player, players_added=_register(final, ids))
    if not per_player:
        _create_teams(final, qualified, players, outcome)
    elif final.entry_mode != Contest.EntryMode.PAIRS:
        _create_solos(final, qualified, players, outcome)
    audit.record(
        final,
        "season.qualify",
        season,
        target_repr=season.name,
        after={
            "qualified": [list(e) for e in qualified],
            "created": len(outcome.created) + len(outcome.solos),
            "already": len(outcome.already),
        },
    )
    return outcome


def _create_teams(
    final: Contest,
    qualified: Sequence[tuple[int, ...]],
    players: dict[int, Player],
    outcome: FinalOutcome,
) -> None:
    teams = Entry.objects.filter(contest=final, withdrawn_after_round__isnull=True)
    pairs = {frozenset(t) for t in teams.values_list("player1_id", "player2_id")}
    taken = {p for pair in pairs for p in pair}
    number = (Entry.objects.filter(contest=final).aggregate(m=Max("number"))["m"] or 0) + 1
    lots = random.SystemRandom()
    for entrant in qualified:
        if frozenset(entrant) in pairs:
            outcome.already.append(entrant)
            continue
        if len(entrant) != 2 or taken & set(entrant) or not all(p in players for p in entrant):
            outcome.skipped.append(entrant)
            continue
        p1, p2 = players[entrant[0]], players[entrant[1]]
        home = p1.club.name if p1.club_id != final.club_id else ""
        entry = Entry.objects.create(
            contest=final,
            number=number,
            player1=p1,
            player2=p2,
            home_club=home,
            lot=lots.randint(1, 1_000_000),
        )
        audit.record(final, "entry.create", entry, after=audit.snapshot(entry))
        outcome.created.append(entry)
        pairs.add(frozenset(entrant))
        taken.update(entrant)
        number += 1


def _create_solos(
    final: Contest,
    qualified: Sequence[tuple[int, ...]],
    players: dict[int, Player],
    outcome: FinalOutcome,
) -> None:
    """Each qualified player registered alone in a final that takes solo players."""
    present = set(SoloEntry.objects.filter(contest=final).values_list("player_id", flat=True))
    for entrant in qualified:
        for player_id in entrant:
            if player_id in present:
                outcome.already.append((player_id,))
                continue
            if player_id not in players:
                outcome.skipped.append((player_id,))
                continue
            try:
                outcome.solos.append(add_solo(final, SoloValues(player=players[player_id])))
            except ServiceError:  # already in one of the final's teams
                outcome.skipped.append((player_id,))
            present.add(player_id)
