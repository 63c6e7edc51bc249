"""Replacing a player of a fixed pair during the contest (from a given partie on).

What it owns: :func:`replace_player` checks the change (a fixed pair of a contest not closed,
a player of the pair, a player of the club's register who plays in no other team, a partie
after the last replacement of the team, a reason), records the :class:`Replacement`, puts the
incoming player in the team (``Entry.player1`` / ``player2`` are the current players) and
journals "Dupont remplace Martin dans l'équipe 4 à partir de la partie 3". The individual
standings credit the replaced player with the parties before, his replacement with the others;
the standings app hears the new row (``post_save``) and rebuilds.

What it must not do: touch results or draws (a partie already played keeps its sheets: only
who is credited for it changes), nor check who the user is.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Contest, Entry, Player, Replacement
from tournaments.services.base import ServiceError, clean, lock_contest, lock_entry
from tournaments.services.entries.registration import check_open

REASON_MAX = 200


@dataclass(frozen=True)
class ReplacementValues:
    """``outgoing``: the pair's player who leaves; ``incoming``: who plays from ``from_round``."""

    outgoing: Player
    incoming: Player
    from_round: int
    reason: str


def _check_partie(contest: Contest, entry: Entry, from_round: int) -> None:
    if not 2 <= from_round <= contest.rounds_count:
        raise ServiceError(
            "replacement.bad_partie",
            _(
                "Choisissez une partie entre 2 et %(last)s : un changement avant la première "
                "partie se fait en modifiant l'équipe."
            )
            % {"last": contest.rounds_count},
            status=400,
        )
    last = Replacement.objects.filter(entry=entry).aggregate(m=Max("from_round"))["m"]
    if last is not None and from_round <= last:
        raise ServiceError(
            "replacement.not_after_last",
            _(
                "Un remplacement est déjà enregistré à partir de la partie %(round)s : le "
                "suivant ne peut commencer qu'après."
            )
            % {"round": last},
        )


def _check_players(contest: Contest, entry: Entry, values: ReplacementValues) -> None:
    if values.outgoing.pk not in (entry.player1_id, entry.player2_id):
        raise ServiceError(
            "replacement.not_in_team",
            _("%(player)s ne joue pas dans cette équipe.") % {"player": values.outgoing.full_name},
            status=400,
        )
    if values.incoming.pk in (entry.player1_id, entry.player2_id):
        raise ServiceError(
            "replacement.already_in_team",
            _("%(player)s joue déjà dans cette équipe.") % {"player": values.incoming.full_name},
            status=400,
        )
    if not Player.objects.registry_of(contest.club_id).filter(pk=values.incoming.pk).exists():
        raise ServiceError(
            "replacement.foreign_player", _("Ce joueur n'appartient pas au club."), status=400
        )
    taken = (
        Entry.objects.filter(contest=contest, withdrawn_after_round__isnull=True)
        .exclude(pk=entry.pk)
        .filter(formed_for_round__isnull=True)
    )
    clash = (
        taken.filter(player1=values.incoming).first()
        or taken.filter(player2=values.incoming).first()
    )
    if clash is not None:
        raise ServiceError(
            "replacement.player_taken",
            _("%(player)s est déjà inscrit(e) dans l'équipe n° %(number)s.")
            % {"player": values.incoming.full_name, "number": clash.number},
        )


@transaction.atomic
def replace_player(entry: Entry, values: ReplacementValues) -> Replacement:
    """``values.incoming`` plays for the team instead of ``values.outgoing`` from partie
    ``values.from_round`` on (see the module docstring); refused with a French message."""
    contest = lock_contest(entry.contest)
    check_open(contest)
    locked = lock_entry(entry)
    if locked.formed_for_round is not None:
        raise ServiceError(
            "replacement.melee_pair",
            _(
                "Cette paire n'existe que pour la partie %(round)s (mêlée) : retirez le joueur "
                "des tirages suivants plutôt que de le remplacer."
            )
            % {"round": locked.formed_for_round},
        )
    reason = clean(values.reason)[:REASON_MAX]
    if not reason:
        raise ServiceError(
            "replacement.no_reason", _("Indiquez le motif du remplacement."), status=400
        )
    _check_partie(contest, locked, values.from_round)
    _check_players(contest, locked, values)
    replacement = Replacement.objects.create(
        entry=locked,
        from_round=values.from_round,
        outgoing=values.outgoing,
        incoming=values.incoming,
        reason=reason,
    )
    slot = "player1" if locked.player1_id == values.outgoing.pk else "player2"
    setattr(locked, slot, values.incoming)
    locked.save(update_fields=[slot])
    audit.record(
        contest,
        "entry.replace",
        locked,
        after={
            "number": locked.number,
            "from_round": values.from_round,
            "outgoing": values.outgoing.full_name,
            "incoming": values.incoming.full_name,
            "outgoing_id": values.outgoing.pk,
            "incoming_id": values.incoming.pk,
            "reason": reason,
        },
    )
    return replacement


__all__ = ["ReplacementValues", "replace_player"]
