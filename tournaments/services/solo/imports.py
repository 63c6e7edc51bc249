"""A CSV file of players who come alone, checked line by line as the desk checks one player, and
written in one transaction.

Owns the import's checks and its write: each line is the desk's registration of one player
(``services.solo.registration``: closed contest, fixed teams, every partie published; a player already
registered alone or in a team), found in the club's register or created as
``get_or_create_player`` does (homonyms need a licence; a licence is one person's). A line that
the desk would refuse is refused with the desk's message and its line number, and a file with
any refused line writes nothing; a valid file registers every player at once or none.

Must not read files (``tournaments.solo.imports.preview`` does) nor check who the user is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Club, Contest, Player, SoloEntry, name_key
from tournaments.services.base import ServiceError, lock_contest
from tournaments.services.clubs.players import (
    check_new_player,
    clean_names,
    find_player,
    get_or_create_player,
)
from tournaments.services.solo.registration import (
    SoloValues,
    add_solo,
    check_player_free,
    check_takes_newcomers,
)


class SoloLine(Protocol):
    """One player of the file: the line number, what the desk's player field gives, and the
    desk's paid and present boxes."""

    line: int
    first_name: str
    last_name: str
    licence: str
    paid: bool
    checked_in: bool


@dataclass(frozen=True)
class LineCheck:
    """What the desk would do with a line: register ``player`` (``None``: a new player of the
    register), or refuse it (``refusal``, French, starting with the line number)."""

    line: int
    player: Player | None
    refusal: str = ""


class SoloImportRefused(ServiceError):
    """Lines refused: nothing was written. ``refusals``: (line number, French message)."""

    def __init__(self, refusals: Sequence[tuple[int, str]]) -> None:
        message = ngettext(
            "%(count)s ligne refusée : rien n'a été importé.",
            "%(count)s lignes refusées : rien n'a été importé.",
            len(refusals),
        ) % {"count": len(refusals)}
        super().__init__("solo_import.refused", message, status=409)
        self.refusals = list(refusals)


def _at_line(line: int, reason: str) -> str:
    return _("Ligne %(line)s : %(reason)s") % {"line": line, "reason": reason}


def _resolve(club: Club, row: SoloLine) -> Player | None:
    """The register's player the desk would take for this line, ``None`` for a new one; the
    desk's refusals (no name, homonyms without licence, another person's licence) raise."""
    first, last, licence = clean_names(row.first_name, row.last_name, row.licence)
    player = find_player(club, first, last, licence)
    if player is None:
        namesakes = Player.objects.registry_of(club).filter(name_key=name_key(last, first))
        check_new_player(first, last, licence, namesakes.exists())
        return None
    if licence and player.name_key != name_key(last, first):
        raise ServiceError(
            "solo_import.licence_taken",
            _("la licence %(licence)s est celle de %(other)s, pas de %(name)s.")
            % {"licence": licence, "other": player.full_name, "name": f"{first} {last}"},
            status=400,
        )
    return player


def check_lines(contest: Contest, rows: Iterable[SoloLine]) -> list[LineCheck]:
    """Every line checked as the desk would register it, and against the lines above it (the
    same player twice). Writes nothing; a refusal of the whole contest (closed, fixed teams,
    too late) raises :class:`ServiceError` before any line."""
    check_takes_newcomers(contest)
    checks: list[LineCheck] = []
    seen: dict[str, int] = {}
    for row in rows:
        full = f"{row.first_name} {row.last_name}"
        try:
            player = _resolve(contest.club, row)
            if player is not None:
                check_player_free(contest, player)
        except ServiceError as exc:
            checks.append(LineCheck(row.line, None, _at_line(row.line, exc.message)))
            continue
        key = (
            f"P:{player.pk}"
            if player is not None
            else f"N:{name_key(row.last_name, row.first_name)}:{row.licence.casefold()}"
        )
        if key in seen:
            refusal = _("Ligne %(line)s : %(name)s figure déjà ligne %(other)s.") % {
                "line": row.line,
                "name": full,
                "other": seen[key],
            }
            checks.append(LineCheck(row.line, player, refusal))
            continue
        seen[key] = row.line
        checks.append(LineCheck(row.line, player))
    return checks


def import_solos(contest: Contest, rows: Iterable[SoloLine]) -> list[SoloEntry]:
    """Register every player of the file alone, in one transaction: all of them or none.

    The lines are checked again under the contest's lock (the desk may have registered one
    since the preview); any refusal raises :class:`SoloImportRefused` and nothing stays.
    """
    rows = list(rows)
    with transaction.atomic():
        locked = lock_contest(contest)
        refusals = [(c.line, c.refusal) for c in check_lines(locked, rows) if c.refusal]
        if refusals:
            raise SoloImportRefused(refusals)
        created: list[SoloEntry] = []
        for row in rows:
            try:
                player, _new = get_or_create_player(
                    locked.club, row.first_name, row.last_name, row.licence
                )
                values = SoloValues(player=player, paid=row.paid, checked_in=row.checked_in)
                created.append(add_solo(locked, values))
            except ServiceError as exc:
                # Two lines the checks told apart that the register takes for one player
                # (a name without licence, then with one): refused as the desk refuses it.
                raise SoloImportRefused([(row.line, _at_line(row.line, exc.message))]) from exc
    return created
