"""A club's players: finding one by licence or name, creating or changing one.

A player belongs to one club; two homonyms need a licence to tell them apart. Must not register
teams (``entries``) nor check who the user is.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Player, name_key
from tournaments.services.base import ServiceError, clean


def find_player(club: Club, first_name: str, last_name: str, licence: str = "") -> Player | None:
    """The club's player with this licence, or else with this name (accents and case aside)."""
    licence = licence.strip()
    if licence:
        found = Player.objects.filter(club=club, licence__iexact=licence).first()
        if found is not None:
            return found
    key = name_key(last_name, first_name)
    same_name = list(Player.objects.filter(club=club, name_key=key)[:2])
    if len(same_name) == 1 and (not licence or not same_name[0].licence):
        return same_name[0]
    if licence:
        return None
    return same_name[0] if same_name else None


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
    first_name, last_name, licence = clean(first_name), clean(last_name), licence.strip()
    if not first_name or not last_name:
        raise ServiceError(
            "player.name_missing", _("Le prénom et le nom sont obligatoires."), status=400
        )
    others = Player.objects.filter(club=club)
    if player is not None:
        others = others.exclude(pk=player.pk)
    if licence and others.filter(licence__iexact=licence).exists():
        raise ServiceError(
            "player.duplicate_licence",
            _("Un autre joueur du club a déjà la licence %(licence)s.") % {"licence": licence},
        )
    if others.filter(name_key=name_key(last_name, first_name), licence=licence).exists():
        raise ServiceError(
            "player.duplicate_name",
            _(
                "%(name)s existe déjà dans le club. Indiquez un numéro de licence pour "
                "distinguer deux homonymes."
            )
            % {"name": f"{first_name} {last_name}"},
        )
    if player is None:
        player = Player(club=club)
    player.first_name, player.last_name, player.licence = first_name, last_name, licence
    player.save()
    return player


def get_or_create_player(
    club: Club, first_name: str, last_name: str, licence: str = ""
) -> tuple[Player, bool]:
    found = find_player(club, first_name, last_name, licence)
    if found is not None:
        return found, False
    return save_player(club, first_name=first_name, last_name=last_name, licence=licence), True
