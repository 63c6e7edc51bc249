"""Merging a duplicate player into another: the duplicate's teams, registers and licence go to
the player kept, the duplicate is removed, each contest concerned logs it with both names.

Must not check who the user is (``tournaments.access`` gave a player of the organiser's club),
create players nor register teams.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Club, Contest, Entry, Player, PlayerClub, Replacement, SoloEntry
from tournaments.services.base import ServiceError


def _who(player: Player) -> dict[str, object]:
    return {"id": player.pk, "joueur": player.full_name, "licence": player.licence}


def _check_teams(entries: list[Entry], duplicate: Player, keep: Player) -> None:
    """Refuse when the merge would put the kept player twice in one team or one contest."""
    for entry in entries:
        if {entry.player1_id, entry.player2_id} == {duplicate.pk, keep.pk}:
            raise ServiceError(
                "player.merge_same_team",
                _(
                    "%(a)s et %(b)s jouent ensemble dans l'équipe n° %(number)s de « %(contest)s » : "
                    "ce ne sont pas la même personne."
                )
                % {
                    "a": duplicate.full_name,
                    "b": keep.full_name,
                    "number": entry.number,
                    "contest": entry.contest.name,
                },
            )
    contests = {entry.contest_id for entry in entries}
    clash = (
        Entry.objects.filter(contest_id__in=contests)
        .filter(Q(player1=keep) | Q(player2=keep))
        .select_related("contest")
        .first()
    )
    if clash is not None:
        raise ServiceError(
            "player.merge_same_contest",
            _(
                "%(a)s et %(b)s sont inscrits tous deux au concours « %(contest)s » : "
                "ce ne sont pas la même personne."
            )
            % {"a": duplicate.full_name, "b": keep.full_name, "contest": clash.contest.name},
        )


def _check_solos(duplicate: Player, keep: Player) -> set[int]:
    """The contests where ``duplicate`` registered alone; refused when ``keep`` is in one too
    (alone or in a team: two people)."""
    contests = set(
        SoloEntry.objects.select_for_update()
        .filter(player=duplicate)
        .values_list("contest_id", flat=True)
    )
    clash = (
        Contest.objects.filter(pk__in=contests)
        .filter(Q(solo_entries__player=keep) | Q(entries__player1=keep) | Q(entries__player2=keep))
        .first()
    )
    if clash is not None:
        raise ServiceError(
            "player.merge_same_contest",
            _(
                "%(a)s et %(b)s sont inscrits tous deux au concours « %(contest)s » : "
                "ce ne sont pas la même personne."
            )
            % {"a": duplicate.full_name, "b": keep.full_name, "contest": clash.name},
        )
    return contests


@transaction.atomic
def _check_replacements(duplicate: Player, keep: Player) -> None:
    pair = Q(outgoing=duplicate, incoming=keep) | Q(outgoing=keep, incoming=duplicate)
    if Replacement.objects.filter(pair).exists():
        raise ServiceError(
            "player.merge_replacement",
            _(
                "Ces deux joueurs se sont remplacés dans une équipe : ils ne peuvent être fusionnés."
            ),
        )


def merge_players(club: Club, duplicate: Player, keep: Player) -> Player:
    """Merge ``duplicate`` (a player whose home club is ``club``) into ``keep`` (a player of
    ``club``'s register): every team (player 1 or 2) and register follows; return ``keep``."""
    locked = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[duplicate.pk, keep.pk])
    }
    if duplicate.pk == keep.pk:
        raise ServiceError("player.merge_self", _("Choisissez un autre joueur."), status=400)
    if duplicate.pk not in locked or keep.pk not in locked:
        raise ServiceError("player.gone", _("Ce joueur n'existe plus."), status=404)
    duplicate, keep = locked[duplicate.pk], locked[keep.pk]
    if (
        duplicate.club_id != club.pk
        or not Player.objects.registry_of(club).filter(pk=keep.pk).exists()
    ):
        raise ServiceError("player.foreign", _("Ce joueur n'appartient pas au club."), status=404)
    entries = list(
        Entry.objects.select_for_update()
        .filter(Q(player1=duplicate) | Q(player2=duplicate))
        .select_related("contest")
        .order_by("contest_id", "number")
    )
    _check_teams(entries, duplicate, keep)
    solo_contests = _check_solos(duplicate, keep)
    _check_replacements(duplicate, keep)
    before, after = _who(duplicate), _who(keep)
    Entry.objects.filter(player1=duplicate).update(player1=keep)
    Entry.objects.filter(player2=duplicate).update(player2=keep)
    SoloEntry.objects.filter(player=duplicate).update(player=keep)
    # A replacement's players follow too (one between the two merged players cannot exist:
    # _check_replacements refused it).
    Replacement.objects.filter(outgoing=duplicate).update(outgoing=keep)
    Replacement.objects.filter(incoming=duplicate).update(incoming=keep)
    registers = set(PlayerClub.objects.filter(player=duplicate).values_list("club_id", flat=True))
    registers -= set(PlayerClub.objects.filter(player=keep).values_list("club_id", flat=True))
    PlayerClub.objects.bulk_create(PlayerClub(player=keep, club_id=c) for c in sorted(registers))
    licence = duplicate.licence
    text = f"{duplicate.full_name} → {keep.full_name}"
    for contest_id in sorted({entry.contest_id for entry in entries} | solo_contests):
        audit.record(contest_id, "player.merge", keep, before=before, after=after, target_repr=text)
    duplicate.delete()
    if licence and not keep.licence:
        keep.licence = licence
        keep.save(update_fields=["licence"])
    return keep
