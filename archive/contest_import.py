"""Importing a contest's archive into one club, trusting nothing in the file.

What it owns: the checks an archive passes before anything is written, then the all-or-nothing
write. An archive may only hold rows of the contest models (``archived_models``) and the club's
shared rows (the club itself, its season and the players its teams use); every link between rows
must point inside the archive (or to a user named in it); every row belongs to the club the
archive is imported into (``club``), whatever club the file names. Users are referenced by name
only: one missing here is created without password, staff or superuser status, and never gets a
membership. Each refusal is an :class:`ArchiveError` with a French message.

What it must not do: write a row of any other model (users' permissions, memberships, another
club's players or contests), change a row that already exists, or print anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.core.serializers.base import DeserializationError
from django.db import IntegrityError, connection, models, transaction
from django.utils.translation import gettext as _

from archive.contest_archive import MOVED_MODELS, ArchiveError, archived_models
from seasons.models import Season
from tournaments.models import Club, Contest, Player, PlayerClub, name_key

CLUB = "tournaments.club"
SEASON = "seasons.season"  # "tournaments.season" in an older layout's archive (MOVED_MODELS)
SHARED = {SEASON: Season, "tournaments.player": Player}
USERNAME_MAX = 150


@dataclass
class _Row:
    label: str  # lower case, as Django's serializer writes it
    model: type[models.Model]
    pk: int
    fields: dict[str, Any]


@dataclass
class _Plan:
    """What the archive would write, once every check has passed."""

    contest_id: int
    club_row: _Row
    rows: list[_Row]
    users: dict[str, dict[str, str]]
    reused: set[tuple[str, int]] = field(default_factory=set)


def _allowed_models() -> dict[str, type[models.Model]]:
    allowed: dict[str, type[models.Model]] = {CLUB: Club}
    allowed |= SHARED
    for model, _lookup in archived_models():
        allowed[model._meta.label_lower] = model
    return allowed


def _malformed(detail: str) -> ArchiveError:
    return ArchiveError(_("L'archive est mal formée : %(detail)s.") % {"detail": detail})


def _row(raw: Any, allowed: dict[str, type[models.Model]]) -> _Row:
    """One object of the archive, its shape checked: a known model, an integer key, its fields."""
    if not isinstance(raw, dict) or not isinstance(raw.get("model"), str):
        raise _malformed(_("un objet n'a pas de modèle"))
    label = raw["model"].lower()
    label = MOVED_MODELS.get(label, label)  # a model of an older layout, by its label now
    model = allowed.get(label)
    if model is None:
        raise ArchiveError(
            _(
                "L'archive contient des lignes que l'import n'accepte pas (modèle « %(model)s ») : "
                "seules les lignes du concours et les joueurs et la saison de son club le sont."
            )
            % {"model": raw["model"][:80]}
        )
    pk, fields = raw.get("pk"), raw.get("fields")
    if not isinstance(pk, int) or isinstance(pk, bool) or pk <= 0:
        raise _malformed(_("une ligne de %(model)s n'a pas de clé valide") % {"model": label})
    if not isinstance(fields, dict):
        raise _malformed(
            _("la ligne %(model)s n°%(pk)s n'a pas de champs") % {"model": label, "pk": pk}
        )
    for name in fields:
        try:
            found: Any = model._meta.get_field(str(name))
        except FieldDoesNotExist:
            found = None
        if not isinstance(found, models.Field) or not found.concrete or found.primary_key:
            raise _malformed(
                _("champ inconnu « %(field)s » dans %(model)s")
                % {"field": str(name)[:80], "model": label}
            )
    return _Row(label, model, pk, fields)


def _users(archive: dict[str, Any]) -> dict[str, dict[str, str]]:
    """The users the archive names: user name → first and last names (nothing else is read)."""
    users: dict[str, dict[str, str]] = {}
    for user in archive["users"]:
        name = user.get("username") if isinstance(user, dict) else None
        if not isinstance(name, str) or not name.strip() or len(name) > USERNAME_MAX:
            raise _malformed(_("un utilisateur de l'archive n'a pas de nom valide"))
        first, last = user.get("first_name", ""), user.get("last_name", "")
        users[name] = {
            "first_name": first[:150] if isinstance(first, str) else "",
            "last_name": last[:150] if isinstance(last, str) else "",
        }
    return users


def _check_links(rows: list[_Row], club_pk: int, users: dict[str, dict[str, str]]) -> set[str]:
    """Every link of every row points inside the archive; returns the user names used."""
    keys: dict[str, set[int]] = {}
    for row in rows:
        keys.setdefault(row.label, set()).add(row.pk)
    user_label = get_user_model()._meta.label_lower
    used: set[str] = set()
    for row in rows:
        for f in row.model._meta.concrete_fields:
            if not f.is_relation or f.related_model is None:
                continue
            value = row.fields.get(f.name)
            target = f.related_model._meta.label_lower  # type: ignore[union-attr]
            if value is None:
                continue
            if target == user_label:
                if not (isinstance(value, list) and len(value) == 1 and value[0] in users):
                    raise _malformed(
                        _("%(model)s n°%(pk)s désigne un utilisateur absent de l'archive")
                        % {"model": row.label, "pk": row.pk}
                    )
                used.add(value[0])
            elif target == CLUB:
                if value != club_pk:
                    raise ArchiveError(
                        _(
                            "La ligne %(model)s n°%(pk)s appartient à un autre club : rien n'a été importé."
                        )
                        % {"model": row.label, "pk": row.pk}
                    )
            elif not isinstance(value, int) or value not in keys.get(target, set()):
                raise ArchiveError(
                    _(
                        "La ligne %(model)s n°%(pk)s désigne une ligne absente de l'archive "
                        "(%(target)s n°%(value)s) : rien n'a été importé."
                    )
                    % {"model": row.label, "pk": row.pk, "target": target, "value": str(value)[:40]}
                )
    return used


def _final_elsewhere(rows: list[_Row], contest_id: int) -> None:
    """A season whose final is another contest than the archive's (a qualifier's archive): the
    archive does not hold that final, so the season comes without it (a season already here is
    reused as it stands). Any other link outside the archive is still refused."""
    for row in rows:
        if row.label == SEASON and row.fields.get("final_contest") not in (None, contest_id):
            row.fields["final_contest"] = None


def _plan(archive: dict[str, Any]) -> _Plan:
    """Read the archive and check its shape and links (nothing read from the database)."""
    allowed = _allowed_models()
    rows: list[_Row] = []
    seen: set[tuple[str, int]] = set()
    for raw in archive["objects"]:
        row = _row(raw, allowed)
        if (row.label, row.pk) in seen:
            raise _malformed(
                _("la ligne %(model)s n°%(pk)s figure deux fois")
                % {"model": row.label, "pk": row.pk}
            )
        seen.add((row.label, row.pk))
        rows.append(row)
    clubs = [r for r in rows if r.label == CLUB]
    contests = [r for r in rows if r.label == "tournaments.contest"]
    declared = archive.get("contest")
    contest_id = declared.get("id") if isinstance(declared, dict) else None
    if len(clubs) != 1 or len(contests) != 1 or contests[0].pk != contest_id:
        raise _malformed(
            _("il faut exactement un club et un concours, celui que l'archive annonce")
        )
    _final_elsewhere(rows, contest_id)
    users = _users(archive)
    used = _check_links(rows, clubs[0].pk, users)
    return _Plan(
        contest_id=contests[0].pk,
        club_row=clubs[0],
        rows=[r for r in rows if r.label != CLUB],
        users={name: users[name] for name in sorted(used)},
    )


def _same_shared(existing: models.Model, row: _Row, club: Club) -> bool:
    """A season or player already here is reused when it is the same one, in the same club (a
    player: in the club's register, which holds players of other clubs added by licence)."""
    if isinstance(existing, Player):
        if not Player.objects.registry_of(club).filter(pk=existing.pk).exists():
            return False
    elif getattr(existing, "club_id", None) != club.pk:
        return False
    names = ("name",) if row.label == SEASON else ("last_name", "first_name", "licence")
    return all(getattr(existing, n) == row.fields.get(n) for n in names)


def _check_database(plan: _Plan, club: Club) -> None:
    """Refuse keys already held here (a season or player of the same club is reused)."""
    if Contest.objects.filter(pk=plan.contest_id).exists():
        raise ArchiveError(
            _(
                "Ce concours existe déjà dans cette base : supprimez-le avant de réimporter l'archive."
            )
        )
    by_label: dict[str, list[_Row]] = {}
    for row in plan.rows:
        by_label.setdefault(row.label, []).append(row)
    for label, rows in by_label.items():
        model = rows[0].model
        existing = model._default_manager.in_bulk([r.pk for r in rows])
        for row in rows:
            found = existing.get(row.pk)
            if found is None:
                continue
            if label in SHARED and _same_shared(found, row, club):
                plan.reused.add((label, row.pk))
                continue
            raise ArchiveError(
                _(
                    "Conflit : %(what)s n°%(pk)s existe déjà ici avec un autre contenu ou dans un autre club."
                )
                % {"what": model._meta.verbose_name, "pk": row.pk}
            )


def _target_club(plan: _Plan, slug: str) -> Club | None:
    """The club the archive goes into: an existing one, or None when the archive's club, by
    this very slug, is to be created (a first import into an empty instance)."""
    club = Club.objects.filter(slug=slug).first()
    if club is None and plan.club_row.fields.get("slug") != slug:
        raise ArchiveError(_("Aucun club « %(slug)s » dans cette base.") % {"slug": slug[:60]})
    return club


def _create_club(row: _Row) -> Club:
    values = {k: row.fields[k] for k in ("name", "slug", "city") if k in row.fields}
    pk = row.pk if not Club.objects.filter(pk=row.pk).exists() else None
    club = Club(pk=pk, **values)
    club.full_clean()
    club.save(force_insert=True)
    return club


def _create_users(users: dict[str, dict[str, str]]) -> None:
    """Users the archive names and this base lacks: no password, no staff, no membership."""
    user_model = get_user_model()
    existing = set(
        user_model._default_manager.filter(username__in=list(users)).values_list(
            "username", flat=True
        )
    )
    for name, names in users.items():
        if name in existing:
            continue
        user = user_model(username=name, is_staff=False, is_superuser=False, **names)
        user.set_unusable_password()
        user.full_clean(exclude=["password"])
        user.save(force_insert=True)


def _write(plan: _Plan, club: Club) -> None:
    for row in plan.rows:
        if (row.label, row.pk) in plan.reused:
            continue
        fields = dict(row.fields)
        if "club" in fields:
            fields["club"] = club.pk
        if row.label == "tournaments.player":  # the serializer bypasses Player.save()
            fields["name_key"] = name_key(
                str(fields.get("last_name")), str(fields.get("first_name"))
            )
        raw = {"model": row.label, "pk": row.pk, "fields": fields}
        # Each value is converted by its field (a wrong type fails here); the model's own
        # validation is not run: it would refuse rows the application itself wrote.
        for item in serializers.deserialize("python", [raw]):
            item.save(force_insert=True)
        if row.label == "tournaments.player":  # the raw save skips Player.save(): its register
            PlayerClub.objects.get_or_create(player_id=row.pk, club=club)


def import_contest(archive: dict[str, Any], *, club: str) -> int:
    """Create the archive's contest in the club ``club`` (a slug); return the contest's id.

    Every check runs before the first write; the write is all or nothing.
    """
    plan = _plan(archive)
    try:
        with transaction.atomic():
            target = _target_club(plan, club)
            _check_database(plan, target or Club(pk=-1))
            target = target or _create_club(plan.club_row)
            _create_users(plan.users)
            _write(plan, target)
    except (
        DeserializationError,
        ValidationError,
        IntegrityError,
        ValueError,
        TypeError,
        LookupError,
    ) as exc:
        raise ArchiveError(
            _("L'archive ne peut pas être importée (rien n'a été écrit) : %(reason)s")
            % {"reason": _reason(exc)}
        ) from None
    _advance_sequences({row.model for row in plan.rows} | {Club, get_user_model()})
    return plan.contest_id


def _advance_sequences(written: set[type[models.Model]]) -> None:
    """On PostgreSQL, move each key sequence past the keys the archive brought (rows were
    written with their own keys), never backwards (a concurrent insert may hold a higher one)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in sorted(written, key=lambda m: m._meta.db_table):
            pk = model._meta.pk
            if not isinstance(pk, models.AutoField):
                continue
            table, column = model._meta.db_table, pk.column
            cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [f'"{table}"', column])
            sequence = cursor.fetchone()[0]
            if sequence is None:
                continue
            cursor.execute(
                f'SELECT setval(%s, GREATEST((SELECT COALESCE(MAX("{column}"), 1) FROM "{table}"), '
                f"(SELECT last_value FROM {sequence})))",
                [sequence],
            )


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return (
            "; ".join(f"{k} : {', '.join(map(str, v))}" for k, v in exc.message_dict.items())
            if hasattr(exc, "error_dict")
            else "; ".join(exc.messages)
        )
    return str(exc)[:300]
