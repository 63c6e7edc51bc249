"""A club's players: finding one by licence or name, its homonyms, creating or changing one,
adding a player of another club of the instance to the club's register by licence.

A player has one home club and may be in the register of other clubs (``PlayerClub``); two
homonyms of a register need a licence to tell them apart, and a name shared by several players is
never resolved by taking the first. Must not register teams (``entries``), merge players
(``player_merge``) nor check who the user is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Club, Contest, Entry, Player, PlayerClub, name_key
from tournaments.services.base import ServiceError, clean


def find_player(club: Club, first_name: str, last_name: str, licence: str = "") -> Player | None:
    """The register's player with this licence, or else the only one with this name (accents
    and case aside); ``None`` when there is none or several (the caller asks which one)."""
    licence = licence.strip()
    registry = Player.objects.registry_of(club)
    if licence:
        found = registry.filter(licence__iexact=licence).first()
        if found is not None:
            return found
    return only_namesake(
        list(registry.filter(name_key=name_key(last_name, first_name))[:2]), licence
    )


def only_namesake(same_name: Sequence[Player], licence: str) -> Player | None:
    """``find_player``'s rule once no player holds the licence: the register's only player
    bearing the name (``same_name``: at least the first two of them), unless the line and that
    player both have a licence (two licences, two people)."""
    if len(same_name) == 1 and (not licence or not same_name[0].licence):
        return same_name[0]
    return None


def check_new_player(first_name: str, last_name: str, licence: str, namesakes: bool) -> None:
    """What ``get_or_create_player`` refuses before creating a player it did not find: a name
    that several players of the register share (``namesakes``), typed without a licence."""
    if not licence.strip() and namesakes:
        raise _several(first_name, last_name)


def clean_names(first_name: str, last_name: str, licence: str) -> tuple[str, str, str]:
    """A new or changed player's names and licence as saved; refuses a missing name."""
    first_name, last_name, licence = clean(first_name), clean(last_name), licence.strip()
    if not first_name or not last_name:
        raise ServiceError(
            "player.name_missing", _("Le prénom et le nom sont obligatoires."), status=400
        )
    return first_name, last_name, licence


@dataclass(frozen=True)
class Homonym:
    """A player of the register bearing a typed name, with what tells them apart."""

    player: Player
    clubs: list[str]
    last_contest: Contest | None


def homonyms(club: Club, first_name: str, last_name: str) -> list[Homonym]:
    """The register's players with this name (accents and case aside): licence, clubs, and the
    last contest of ``club`` they played in (another club's contests are not shown)."""
    found = list(
        Player.objects.registry_of(club)
        .filter(name_key=name_key(last_name, first_name))
        .select_related("club")
        .prefetch_related("clubs")
        .order_by("licence", "pk")[:20]
    )
    result = []
    for player in found:
        last = (
            Entry.objects.filter(contest__club=club)
            .filter(Q(player1=player) | Q(player2=player))
            .select_related("contest")
            .order_by("-contest__date", "-contest__pk")
            .first()
        )
        others = sorted(c.name for c in player.clubs.all() if c.pk != player.club_id)
        result.append(
            Homonym(
                player=player,
                clubs=[player.club.name, *others],
                last_contest=last.contest if last is not None else None,
            )
        )
    return result


@transaction.atomic
def save_player(
    club: Club,
    *,
    first_name: str,
    last_name: str,
    licence: str = "",
    player: Player | None = None,
) -> Player:
    """Create a player (``player=None``) or change one; refuse a duplicate name or licence."""
    first_name, last_name, licence = clean_names(first_name, last_name, licence)
    others = Player.objects.registry_of(club)
    if player is not None:
        others = others.exclude(pk=player.pk)
    if licence and others.filter(licence__iexact=licence).exists():
        raise ServiceError(
            "player.duplicate_licence",
            _("Un autre joueur du club a déjà la licence %(licence)s.") % {"licence": licence},
        )
    if others.filter(name_key=name_key(last_name, first_name), licence=licence).exists():
        raise _duplicate_name(first_name, last_name)
    if player is None:
        player = Player(club=club)
    player.first_name, player.last_name, player.licence = first_name, last_name, licence
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError as exc:
        # The same player saved a moment ago by a concurrent request (a double click): the
        # unique constraints of the club's register refuse the second one.
        raise _duplicate_name(first_name, last_name) from exc
    return player


def _duplicate_name(first_name: str, last_name: str) -> ServiceError:
    return ServiceError(
        "player.duplicate_name",
        _(
            "%(name)s existe déjà dans le club. Indiquez un numéro de licence pour "
            "distinguer deux homonymes."
        )
        % {"name": f"{first_name} {last_name}"},
    )


def _several(first_name: str, last_name: str) -> ServiceError:
    return ServiceError(
        "player.homonyms",
        _("Plusieurs joueurs du club s'appellent %(name)s : indiquez la licence de celui qui joue.")
        % {"name": f"{first_name} {last_name}"},
    )


def get_or_create_player(
    club: Club, first_name: str, last_name: str, licence: str = ""
) -> tuple[Player, bool]:
    """The register's player by that licence or name, created when there is none. Two requests
    creating the same player at once both get the one that was saved. A name shared by several
    players of the register, without a licence, is refused (never the first one taken)."""
    found = find_player(club, first_name, last_name, licence)
    if found is not None:
        return found, False
    if not licence.strip():
        registry = Player.objects.registry_of(club)
        namesakes = registry.filter(name_key=name_key(last_name, first_name)).exists()
        check_new_player(first_name, last_name, licence, namesakes)
    try:
        created = save_player(club, first_name=first_name, last_name=last_name, licence=licence)
    except ServiceError:
        found = find_player(club, first_name, last_name, licence)
        if found is None:
            raise
        return found, False
    return created, True


@transaction.atomic
def add_to_registry(club: Club, licence: str) -> Player:
    """Add the instance's player holding exactly this licence to ``club``'s register (the
    player is not copied: their home club stays theirs). No search by name: another club's
    players are not browsed."""
    licence = licence.strip()
    if not licence:
        raise ServiceError(
            "player.licence_missing", _("Indiquez le numéro de licence du joueur."), status=400
        )
    holders = list(Player.objects.filter(licence__iexact=licence)[:2])
    if not holders:
        raise ServiceError(
            "player.unknown_licence",
            _("Aucun joueur n'a la licence %(licence)s sur cette instance.") % {"licence": licence},
            status=404,
        )
    if len(holders) > 1:
        raise ServiceError(
            "player.shared_licence",
            _(
                "Plusieurs joueurs de clubs différents ont la licence %(licence)s : demandez à "
                "leurs clubs de fusionner les doublons."
            )
            % {"licence": licence},
        )
    player = holders[0]
    if Player.objects.registry_of(club).filter(pk=player.pk).exists():
        raise ServiceError(
            "player.already_in_registry",
            _("%(name)s est déjà dans le registre du club.") % {"name": player.full_name},
        )
    PlayerClub.objects.get_or_create(player=player, club=club)
    return player
