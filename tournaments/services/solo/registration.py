"""Players registered alone (mêlée and mixed contests): registration, flags, withdrawal.

A solo player registered after partie N is published joins at partie N + 1; a player is in a
contest once, alone or in a fixed team. Volunteers (``is_volunteer``) complete a table, their
points count for nobody. Must not draw parties (``melee``) nor pair solo players for the whole
contest (``mixed``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Contest, Entry, Player, SoloEntry
from tournaments.services.base import ServiceError, change_field, lock_contest
from tournaments.services.entries.registration import check_open, last_published


@dataclass(frozen=True)
class SoloValues:
    player: Player
    paid: bool = False
    checked_in: bool = False
    is_volunteer: bool = False


def check_takes_solos(contest: Contest) -> None:
    if contest.entry_mode == Contest.EntryMode.PAIRS:
        raise ServiceError(
            "solo.pairs_only",
            _(
                "Ce concours se joue en équipes formées : choisissez la mêlée ou le mode mixte "
                "dans « Règles et format » pour inscrire des joueurs seuls."
            ),
        )


def check_player_free(
    contest: Contest, player: Player, exclude: int | None = None, *, lent: bool = False
) -> None:
    """The player belongs to the club's register and is not already in the contest (``lent``:
    a volunteer lent as a partner may be one registered as a volunteer)."""
    if not Player.objects.registry_of(contest.club_id).filter(pk=player.pk).exists():
        raise ServiceError("solo.foreign_player", _("Ce joueur n'appartient pas au club."))
    solos = SoloEntry.objects.filter(contest=contest, player=player)
    if lent:
        solos = solos.filter(is_volunteer=False)
    if exclude is not None:
        solos = solos.exclude(pk=exclude)
    solo = solos.first()
    if solo is not None:
        raise ServiceError(
            "solo.player_taken",
            _("%(player)s est déjà inscrit(e) seul(e), n° %(number)s.")
            % {"player": player.full_name, "number": solo.number},
        )
    teams = Entry.objects.filter(
        contest=contest, formed_for_round__isnull=True, withdrawn_after_round__isnull=True
    )
    team = teams.filter(player1=player).first() or teams.filter(player2=player).first()
    if team is not None:
        raise ServiceError(
            "solo.in_team",
            _("%(player)s est déjà inscrit(e) dans l'équipe n° %(number)s.")
            % {"player": player.full_name, "number": team.number},
        )


def lock_solo(solo: SoloEntry) -> SoloEntry:
    try:
        return SoloEntry.objects.select_for_update().select_related("player").get(pk=solo.pk)
    except SoloEntry.DoesNotExist:
        raise ServiceError(
            "solo.gone", _("Ce joueur n'est plus inscrit : il vient d'être supprimé."), status=404
        ) from None


def check_takes_newcomers(contest: Contest) -> int:
    """What refuses any solo registration, whoever the player (closed contest, fixed teams,
    every partie published); else the partie a newcomer joins at."""
    check_open(contest)
    check_takes_solos(contest)
    joined = last_published(contest) + 1
    if joined > contest.rounds_count:
        raise ServiceError(
            "solo.too_late",
            _("Toutes les parties sont publiées : plus aucun joueur ne peut entrer."),
        )
    return joined


@transaction.atomic
def add_solo(contest: Contest, values: SoloValues) -> SoloEntry:
    """Register a player alone. Once partie N is published, he joins at partie N + 1."""
    locked = lock_contest(contest)
    joined = check_takes_newcomers(locked)
    check_player_free(locked, values.player)
    number = (SoloEntry.objects.filter(contest=locked).aggregate(m=Max("number"))["m"] or 0) + 1
    solo = SoloEntry.objects.create(
        contest=locked,
        number=number,
        player=values.player,
        paid=values.paid,
        checked_in=values.checked_in,
        is_volunteer=values.is_volunteer,
        joined_at_round=joined,
        lot=random.SystemRandom().randint(1, 1_000_000),
    )
    audit.record(locked, "solo.create", solo, after=audit.snapshot(solo))
    return solo


SOLO_FLAGS = ("paid", "checked_in", "is_volunteer")


@transaction.atomic
def set_solo_flag(solo: SoloEntry, flag: str, value: bool) -> SoloEntry:
    """Mark a solo player paid / present / volunteer (or not)."""
    if flag not in SOLO_FLAGS:
        raise ServiceError("solo.unknown_flag", _("Action inconnue."), status=404)
    locked = lock_solo(solo)
    if flag == "is_volunteer" and locked.entry_id is not None:
        raise ServiceError(
            "solo.paired",
            _("Ce joueur est déjà dans une équipe formée : défaites-la d'abord."),
        )
    change_field(locked.contest_id, f"solo.{flag}", locked, flag, value)
    return locked


@transaction.atomic
def withdraw_solo(solo: SoloEntry) -> SoloEntry:
    """The player leaves after the last published partie (left out of the next draws)."""
    contest = lock_contest(solo.contest)
    locked = lock_solo(solo)
    if locked.withdrawn_after_round is not None:
        raise ServiceError("solo.already_withdrawn", _("Ce joueur est déjà retiré."))
    after = max(last_published(contest), locked.joined_at_round - 1)
    change_field(contest, "solo.withdraw", locked, "withdrawn_after_round", after)
    return locked


@transaction.atomic
def reinstate_solo(solo: SoloEntry) -> SoloEntry:
    """Bring a withdrawn player back from the next partie on."""
    contest = lock_contest(solo.contest)
    check_open(contest)
    locked = lock_solo(solo)
    if locked.withdrawn_after_round is None:
        raise ServiceError("solo.not_withdrawn", _("Ce joueur n'est pas retiré."))
    if locked.withdrawn_after_round < last_published(contest):
        raise ServiceError(
            "solo.missed_rounds",
            _("Ce joueur a manqué des parties publiées : il ne peut plus revenir."),
        )
    change_field(contest, "solo.reinstate", locked, "withdrawn_after_round", None)
    return locked


@transaction.atomic
def delete_solo(solo: SoloEntry) -> None:
    """Remove a player registered by mistake: only while he has played no partie."""
    contest = lock_contest(solo.contest)
    locked = lock_solo(solo)
    played = (
        Entry.objects.filter(contest=contest, formed_for_round__isnull=False)
        .filter(player1=locked.player)
        .exists()
        or Entry.objects.filter(
            contest=contest, formed_for_round__isnull=False, player2=locked.player
        ).exists()
    )
    if played or locked.byes.exists() or locked.entry_id is not None:
        raise ServiceError(
            "solo.has_played",
            _(
                "Ce joueur figure déjà dans un tirage ou une équipe : retirez-le plutôt que de "
                "le supprimer."
            ),
        )
    audit.record(contest, "solo.delete", locked, before=audit.snapshot(locked))
    locked.delete()
