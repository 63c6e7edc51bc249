"""Teams of a contest: registration, changes, paid and checked-in flags, withdrawal, deletion.

A team registered after round N is published joins at round N + 1; a player plays in one team at a
time. Must not draw rounds nor import files (``import_batch`` registers an import's teams with
the same checks, on data it reads once per batch).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Contest, Entry, Player, Round, Table
from tournaments.services.base import (
    ServiceError,
    change_field,
    clean,
    lock_contest,
    lock_entry,
    record_change,
)


def last_published(contest: Contest) -> int:
    return contest.rounds.exclude(status=Round.Status.DRAFT).aggregate(m=Max("number"))["m"] or 0


def check_open(contest: Contest) -> None:
    if contest.status == Contest.Status.FINISHED:
        raise ServiceError(
            "contest.finished", _("Le concours est terminé : les inscriptions sont closes.")
        )


def check_takes_teams(contest: Contest) -> None:
    """The (locked) contest registers teams: not finished, not a mêlée."""
    check_open(contest)
    if contest.entry_mode == Contest.EntryMode.MELEE:
        raise ServiceError(
            "entry.melee",
            _("Une mêlée n'a pas d'équipes formées : inscrivez les joueurs seuls, un par un."),
        )


def check_two_players(player1: Player, player2: Player) -> None:
    # ``is``: the import's players not saved yet are told apart by identity (no pk yet).
    if player1 is player2 or (player1.pk is not None and player1.pk == player2.pk):
        raise ServiceError(
            "entry.same_player", _("Une équipe se compose de deux joueurs différents.")
        )


def player_taken(player: Player, number: int) -> ServiceError:
    """The refusal of a player already in the contest's team ``number``."""
    return ServiceError(
        "entry.player_taken",
        _("%(player)s est déjà inscrit(e) dans l'équipe n° %(number)s.")
        % {"player": player.full_name, "number": number},
    )


def check_pair(contest: Contest, player1: Player, player2: Player, exclude: int | None) -> None:
    check_two_players(player1, player2)
    in_registry = Player.objects.registry_of(contest.club_id).filter(
        pk__in=[player1.pk, player2.pk]
    )
    if in_registry.count() != 2:
        raise ServiceError("entry.foreign_player", _("Ce joueur n'appartient pas au club."))
    taken = Entry.objects.filter(
        contest=contest, withdrawn_after_round__isnull=True, formed_for_round__isnull=True
    )
    if exclude is not None:
        taken = taken.exclude(pk=exclude)
    for player in (player1, player2):
        clash = taken.filter(player1=player).first() or taken.filter(player2=player).first()
        if clash is not None:
            raise player_taken(player, clash.number)


def joining_round(contest: Contest, last_published: int) -> int:
    """The partie a team registered now enters at (after the last published one)."""
    joined = last_published + 1
    if joined > contest.rounds_count:
        raise ServiceError(
            "entry.too_late",
            _("Toutes les parties sont publiées : plus aucune équipe ne peut entrer."),
        )
    return joined


@dataclass(frozen=True)
class EntryValues:
    player1: Player
    player2: Player
    name: str = ""
    home_club: str = ""
    paid: bool = False
    checked_in: bool = False


def next_number(contest: Contest) -> int:
    return (Entry.objects.filter(contest=contest).aggregate(m=Max("number"))["m"] or 0) + 1


def new_entry(contest: Contest, values: EntryValues, *, number: int, joined: int) -> Entry:
    """The team ``add_entry`` inserts (not saved): cleaned names, its lot drawn."""
    return Entry(
        contest=contest,
        number=number,
        name=clean(values.name),
        home_club=clean(values.home_club),
        player1=values.player1,
        player2=values.player2,
        paid=values.paid,
        checked_in=values.checked_in,
        joined_at_round=joined,
        lot=random.SystemRandom().randint(1, 1_000_000),
    )


@transaction.atomic
def add_entry(contest: Contest, values: EntryValues) -> Entry:
    """Register a team. Once round N is published, a new team joins at round N + 1."""
    locked = lock_contest(contest)
    check_takes_teams(locked)
    check_pair(locked, values.player1, values.player2, exclude=None)
    joined = joining_round(locked, last_published(locked))
    entry = new_entry(locked, values, number=next_number(locked), joined=joined)
    entry.save(force_insert=True)
    audit.record(locked, "entry.create", entry, after=audit.snapshot(entry))
    return entry


@transaction.atomic
def update_entry(entry: Entry, values: EntryValues) -> Entry:
    """Change a team's players, name, club and flags."""
    contest = lock_contest(entry.contest)
    check_open(contest)
    check_pair(contest, values.player1, values.player2, exclude=entry.pk)
    locked = lock_entry(entry)
    before = audit.snapshot(locked)
    locked.player1, locked.player2 = values.player1, values.player2
    locked.name, locked.home_club = clean(values.name), clean(values.home_club)
    locked.paid, locked.checked_in = values.paid, values.checked_in
    locked.save()
    record_change(contest, "entry.update", locked, before)
    return locked


FLAGS = ("paid", "checked_in")


@transaction.atomic
def set_entry_flag(entry: Entry, flag: str, value: bool) -> Entry:
    """Mark a team paid / checked in (or not)."""
    if flag not in FLAGS:
        raise ServiceError("entry.unknown_flag", _("Action inconnue."), status=404)
    locked = lock_entry(entry)
    change_field(locked.contest_id, f"entry.{flag}", locked, flag, value)
    return locked


@transaction.atomic
def withdraw_entry(entry: Entry) -> Entry:
    """The team leaves after the last published round (it is left out of the next draws)."""
    contest = lock_contest(entry.contest)
    locked = lock_entry(entry)
    if locked.withdrawn_after_round is not None:
        raise ServiceError("entry.already_withdrawn", _("Cette équipe est déjà retirée."))
    after = max(last_published(contest), locked.joined_at_round - 1)
    change_field(contest, "entry.withdraw", locked, "withdrawn_after_round", after)
    return locked


@transaction.atomic
def reinstate_entry(entry: Entry) -> Entry:
    """Bring a withdrawn team back from the next round on."""
    contest = lock_contest(entry.contest)
    check_open(contest)
    locked = lock_entry(entry)
    if locked.withdrawn_after_round is None:
        raise ServiceError("entry.not_withdrawn", _("Cette équipe n'est pas retirée."))
    last = last_published(contest)
    if locked.withdrawn_after_round < last:
        raise ServiceError(
            "entry.missed_rounds",
            _(
                "Cette équipe a manqué des parties publiées : inscrivez-la à nouveau comme "
                "équipe tardive."
            ),
        )
    check_pair(contest, locked.player1, locked.player2, exclude=locked.pk)
    change_field(contest, "entry.reinstate", locked, "withdrawn_after_round", None)
    return locked


@transaction.atomic
def delete_entry(entry: Entry) -> None:
    """Remove a team registered by mistake: only while it sits at no table."""
    contest = lock_contest(entry.contest)
    if Table.objects.filter(entry_a=entry).exists() or Table.objects.filter(entry_b=entry).exists():
        raise ServiceError(
            "entry.has_tables",
            _("Cette équipe figure déjà dans un tirage : retirez-la plutôt que de la supprimer."),
        )
    audit.record(contest, "entry.delete", entry, before=audit.snapshot(entry))
    entry.delete()
