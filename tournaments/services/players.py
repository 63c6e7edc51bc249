"""A club's players: finding one by licence or name, creating or changing one.

A player belongs to one club; two homonyms need a licence to tell them apart. Must not register
teams (``entries``) nor check who the user is.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
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


def get_or_create_player(
    club: Club, first_name: str, last_name: str, licence: str = ""
) -> tuple[Player, bool]:
    """The club's player by that licence or name, created when there is none. Two requests
    creating the same player at once both get the one that was saved."""
    found = find_player(club, first_name, last_name, licence)
    if found is not None:
        return found, False
    try:
        created = save_player(club, first_name=first_name, last_name=last_name, licence=licence)
    except ServiceError:
        found = find_player(club, first_name, last_name, licence)
        if found is None:
            raise
        return found, False
    return created, True
