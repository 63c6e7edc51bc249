"""Mixed contests: solo players paired for the whole contest into ordinary fixed teams.

The organiser puts two solo players together, or draws the pairs (seeded, reproducible: the
seed goes to the journal); a solo player left over gets a volunteer partner (leftover policy
``volunteer``: ``Entry.player2_is_volunteer``, his points count for nobody) or sits out until
another solo player comes (policy ``bye``). Each pair is a normal ``Entry`` (the pairing, the
sheets and the team standings know nothing else); a team formed after partie N is published
enters at partie N + 1. A team that has not played yet can be undone. Must not draw parties.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Contest, Entry, Player, SoloEntry, Table
from tournaments.services.base import ServiceError, lock_contest, lock_entry
from tournaments.services.entries.registration import check_open, last_published
from tournaments.services.solo.registration import check_player_free


def _check_mixed(contest: Contest) -> None:
    if contest.entry_mode != Contest.EntryMode.MIXED:
        raise ServiceError(
            "mixed.not_mixed",
            _("Seul un concours en mode mixte forme des équipes de joueurs seuls."),
        )
    check_open(contest)
    if last_published(contest) + 1 > contest.rounds_count:
        raise ServiceError(
            "mixed.too_late",
            _("Toutes les parties sont publiées : plus aucune équipe ne peut entrer."),
        )


def _free_solos(contest: Contest, solos: list[SoloEntry]) -> list[SoloEntry]:
    """The given solo players locked, each still alone, a player and not withdrawn."""
    locked = list(
        SoloEntry.objects.select_for_update()
        .select_related("player")
        .filter(contest=contest, pk__in=[s.pk for s in solos])
        .order_by("number")
    )
    if len(locked) != len({s.pk for s in solos}):
        raise ServiceError(
            "solo.gone", _("Ce joueur n'est plus inscrit : il vient d'être supprimé."), status=404
        )
    for solo in locked:
        if solo.entry_id is not None or solo.withdrawn_after_round is not None:
            raise ServiceError(
                "mixed.not_alone",
                _("%(player)s n'est plus seul : il est déjà en équipe ou retiré.")
                % {"player": solo.player.full_name},
            )
        if solo.is_volunteer:
            raise ServiceError(
                "mixed.volunteer",
                _("%(player)s est bénévole : prêtez-le comme partenaire bénévole.")
                % {"player": solo.player.full_name},
            )
    return locked


def _create_team(
    contest: Contest, player1: Player, player2: Player, *, volunteer: bool = False
) -> Entry:
    number = (Entry.objects.filter(contest=contest).aggregate(m=Max("number"))["m"] or 0) + 1
    return Entry.objects.create(
        contest=contest,
        number=number,
        player1=player1,
        player2=player2,
        player2_is_volunteer=volunteer,
        checked_in=True,
        paid=False,
        joined_at_round=last_published(contest) + 1,
        lot=random.SystemRandom().randint(1, 1_000_000),
    )


def _pair(contest: Contest, first: SoloEntry, second: SoloEntry) -> Entry:
    entry = _create_team(contest, first.player, second.player)
    entry.paid = first.paid and second.paid
    entry.save(update_fields=["paid"])
    SoloEntry.objects.filter(pk__in=[first.pk, second.pk]).update(entry=entry)
    return entry


@transaction.atomic
def pair_solos(contest: Contest, first: SoloEntry, second: SoloEntry) -> Entry:
    """The organiser puts two solo players in one team for the whole contest."""
    locked = lock_contest(contest)
    _check_mixed(locked)
    if first.pk == second.pk:
        raise ServiceError(
            "mixed.same_player", _("Choisissez deux joueurs différents."), status=400
        )
    a, b = _free_solos(locked, [first, second])
    entry = _pair(locked, a, b)
    audit.record(locked, "solo.pair", entry, after=audit.snapshot(entry))
    return entry


@dataclass(frozen=True)
class PairDraw:
    seed: int
    teams: list[Entry]
    leftover: SoloEntry | None


@transaction.atomic
def draw_pairs(contest: Contest, *, seed: int | None = None) -> PairDraw:
    """Draw the teams of every present solo player still alone (volunteers aside).

    The same seed and the same players give the same teams. An odd player out stays alone:
    the organiser lends him a volunteer, or he sits out (the contest's leftover policy)."""
    locked = lock_contest(contest)
    _check_mixed(locked)
    solos = list(
        SoloEntry.objects.select_for_update()
        .select_related("player")
        .filter(contest=locked, checked_in=True)
        .waiting_for_partner()
        .order_by("number")
    )
    if len(solos) < 2:
        raise ServiceError(
            "mixed.not_enough",
            _("Il faut au moins deux joueurs seuls présents (pointés) pour tirer des équipes."),
        )
    seed = secrets.randbits(32) if seed is None else seed
    random.Random(seed).shuffle(solos)
    teams = [_pair(locked, solos[i], solos[i + 1]) for i in range(0, len(solos) - 1, 2)]
    leftover = solos[-1] if len(solos) % 2 else None
    audit.record(
        locked,
        "solo.pair_draw",
        after={
            "seed": seed,
            "teams": [t.number for t in teams],
            "leftover": leftover.player.full_name if leftover else None,
        },
    )
    return PairDraw(seed, teams, leftover)


@transaction.atomic
def lend_volunteer(contest: Contest, solo: SoloEntry, volunteer: Player) -> Entry:
    """A solo player left over plays with a volunteer whose points count for nobody."""
    locked = lock_contest(contest)
    _check_mixed(locked)
    if locked.leftover_policy != Contest.LeftoverPolicy.VOLUNTEER:
        raise ServiceError(
            "mixed.no_volunteers",
            _(
                "Ce concours ne prête pas de partenaire bénévole : le joueur seul restant est "
                "exempt (voir « Règles et format »)."
            ),
        )
    (alone,) = _free_solos(locked, [solo])
    if volunteer.pk == alone.player_id:
        raise ServiceError(
            "mixed.same_player", _("Choisissez deux joueurs différents."), status=400
        )
    check_player_free(locked, volunteer, lent=True)
    entry = _create_team(locked, alone.player, volunteer, volunteer=True)
    SoloEntry.objects.filter(pk=alone.pk).update(entry=entry)
    audit.record(locked, "solo.volunteer", entry, after=audit.snapshot(entry))
    return entry


@transaction.atomic
def unpair(contest: Contest, entry: Entry) -> None:
    """Undo a team of solo players that has played no partie: its players are alone again."""
    locked_contest = lock_contest(contest)
    locked = lock_entry(entry)
    if not locked.solo_players.exists():
        raise ServiceError("mixed.not_solo_team", _("Cette équipe ne vient pas de joueurs seuls."))
    if (
        Table.objects.filter(entry_a=locked).exists()
        or Table.objects.filter(entry_b=locked).exists()
    ):
        raise ServiceError(
            "mixed.has_played",
            _("Cette équipe figure déjà dans un tirage : elle ne peut plus être défaite."),
        )
    audit.record(locked_contest, "solo.unpair", locked, before=audit.snapshot(locked))
    locked.solo_players.update(entry=None)
    locked.delete()
