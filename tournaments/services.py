"""Every write of the tournaments app: contests, players, entries, rounds and their draws.

What it owns
------------
Named functions that change data, each in one ``transaction.atomic`` block that locks what it
changes (``select_for_update`` on the contest or the round, so two organisers clicking at once
queue up instead of corrupting the draw). They call the engine through ``tournaments.adapters``
and store both the inputs (seed, method) and the results (tables, "why" report).

A refusal is a :class:`ServiceError` with a stable ``code`` and a French ``message`` for the
organiser; nothing is written when one is raised.

What it must not do
-------------------
It never checks who the user is (``tournaments.access`` did that before), never renders, and
never imports ``scoring`` (results come through ``adapters``).

Domain words: contest/concours, entry/équipe, round/manche (partie), table, bye/exempt,
draft/brouillon, publish/publier, rematch/revanche, swap/échange, move/déplacement.

Hand edits of a draft draw and their undo: each swap or move stores a ``RoundEdit`` holding the
whole layout of the round before and after the change (a few hundred integers even at 200
teams). "Undo" restores the ``before`` layout of the last edit and deletes it, so edits undo one
by one in reverse order. Redrawing or publishing the round clears its edits.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max, ProtectedError, RestrictedError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.errors import EngineError
from engine.pairing import pair_round
from tournaments import adapters, audit, signals
from tournaments.messages import engine_error_message
from tournaments.models import (
    Club,
    Contest,
    Entry,
    Player,
    Round,
    RoundEdit,
    Season,
    Table,
    name_key,
)

Layout = list[tuple[int, int, int | None]]  # (table number, entry_a pk, entry_b pk or None)

# Contest fields that define the rules and format: frozen once round 1 is published.
RULE_FIELDS: tuple[str, ...] = (
    "preset",
    "ruleset",
    "rounds_count",
    "ranking_method",
    "tiebreaks",
    "match_points",
    "bye_policy",
    "bye_points",
    "pairing_method",
    "avoid_same_club",
)
# Fields that may change at any time.
INFO_FIELDS: tuple[str, ...] = ("name", "slug", "date", "venue", "season", "is_public")


class ServiceError(Exception):
    """A refused change: ``code`` is stable, ``message`` is French and shown to the organiser."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


ROUND_STATE_FIELDS = ("status", "published_at", "show_draw", "show_results", "show_standings")


def _record_change(
    contest: Contest | int,
    action: str,
    target: Any,
    before: dict[str, Any] | None,
    fields: Iterable[str] | None = None,
) -> None:
    """Log ``target``'s change since ``before`` (nothing when nothing changed)."""
    after = audit.snapshot(target, fields)
    if after != before:
        audit.record(contest, action, target, before=before, after=after)


def _round_state(round_: Round, layout: Layout) -> dict[str, Any]:
    return {
        "number": round_.number,
        "status": round_.status,
        "method": round_.method,
        "seed": round_.seed,
        "tables": _layout_json(layout),
    }


def _lock_contest(contest: Contest) -> Contest:
    return Contest.objects.select_for_update().select_related("club").get(pk=contest.pk)


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("contest__club").get(pk=round_.pk)


# --- Seasons and players ----------------------------------------------------------------------


@transaction.atomic
def create_season(club: Club, *, name: str, starts_on: Any = None, ends_on: Any = None) -> Season:
    name = " ".join(name.split())
    if Season.objects.filter(club=club, name__iexact=name).exists():
        raise ServiceError("season.duplicate", _("Une saison porte déjà ce nom dans ce club."))
    return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)


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


def _clean(text: str) -> str:
    return " ".join((text or "").split())


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
    first_name, last_name, licence = _clean(first_name), _clean(last_name), licence.strip()
    if not first_name or not last_name:
        raise ServiceError("player.name_missing", _("Le prénom et le nom sont obligatoires."))
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


# --- Contests ---------------------------------------------------------------------------------


def _check_slug(club: Club, slug: str, exclude: int | None = None) -> None:
    others = Contest.objects.filter(club=club, slug=slug)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    if others.exists():
        raise ServiceError(
            "contest.duplicate_slug",
            _("Un autre concours du club utilise déjà l'identifiant « %(slug)s ».")
            % {"slug": slug},
        )


def _with_ruleset(values: Mapping[str, Any], current: Contest) -> dict[str, Any]:
    """``values`` with ``ruleset`` rebuilt from ``preset`` + ``rule_options`` and the format."""
    merged = dict(values)
    options = merged.pop("rule_options", None)
    if options is None and not any(
        n in merged for n in ("preset", "rounds_count", "ranking_method", "pairing_method")
    ):
        return merged
    if options is None:
        options = {
            k: v
            for k, v in (current.ruleset or {}).items()
            if k not in ("games_per_contest", "tournament_ranking", "tournament_pairing")
        }
    try:
        merged["ruleset"] = adapters.ruleset_json(
            merged.get("preset") or current.preset or "club_contest",
            options,
            rounds_count=merged.get("rounds_count", current.rounds_count),
            ranking_method=merged.get("ranking_method", current.ranking_method),
            pairing_method=merged.get("pairing_method", current.pairing_method),
        )
    except EngineError as exc:
        raise ServiceError(exc.code, engine_error_message(exc)) from exc
    return merged


@transaction.atomic
def create_contest(club: Club, values: Mapping[str, Any]) -> Contest:
    """Create a contest in registration from cleaned values (info fields, format fields,
    ``preset`` and ``rule_options``: the engine ruleset is built and stored as JSON)."""
    _check_slug(club, values["slug"])
    contest = Contest(club=club, status=Contest.Status.REGISTRATION)
    values = _with_ruleset({"preset": "club_contest", "rule_options": {}} | dict(values), contest)
    for name in INFO_FIELDS + RULE_FIELDS:
        if name in values:
            setattr(contest, name, values[name])
    contest.save()
    audit.record(contest, "contest.create", contest, after=audit.snapshot(contest))
    return contest


@transaction.atomic
def update_contest(contest: Contest, values: Mapping[str, Any]) -> Contest:
    """Change a contest. Once its rules are frozen, any change to the rules is refused."""
    locked = _lock_contest(contest)
    before = audit.snapshot(locked)
    # Recomputed even when frozen: an unchanged ruleset compares equal and passes.
    values = _with_ruleset(values, locked)
    changed_rules = [n for n in RULE_FIELDS if n in values and getattr(locked, n) != values[n]]
    if locked.rules_frozen and changed_rules:
        raise ServiceError(
            "contest.rules_frozen",
            _(
                "Les règles et le format ne peuvent plus changer : le concours a commencé "
                "(première manche publiée le %(date)s)."
            )
            % {"date": timezone.localtime(locked.rules_frozen_at).strftime("%d/%m/%Y %H:%M")},
        )
    if "slug" in values:
        _check_slug(locked.club, values["slug"], exclude=locked.pk)
    if "rounds_count" in values:
        last = locked.rounds.aggregate(m=Max("number"))["m"] or 0
        if values["rounds_count"] < last:
            raise ServiceError(
                "contest.rounds_below_existing",
                _("Le concours a déjà %(count)s manches : impossible d'en prévoir moins.")
                % {"count": last},
            )
    for name in INFO_FIELDS + RULE_FIELDS:
        if name in values:
            setattr(locked, name, values[name])
    locked.save()
    _record_change(locked, "contest.update", locked, before)
    return locked


@transaction.atomic
def finish_contest(contest: Contest) -> Contest:
    locked = _lock_contest(contest)
    if locked.status != Contest.Status.RUNNING:
        raise ServiceError("contest.not_running", _("Seul un concours en cours peut être clos."))
    if locked.rounds.filter(status=Round.Status.DRAFT).exists():
        raise ServiceError(
            "contest.draft_round",
            _("Publiez ou supprimez d'abord la manche en brouillon."),
        )
    before = audit.snapshot(locked, ["status"])
    locked.status = Contest.Status.FINISHED
    locked.save(update_fields=["status"])
    _record_change(locked, "contest.finish", locked, before, ["status"])
    return locked


# --- Entries ----------------------------------------------------------------------------------


def _last_published(contest: Contest) -> int:
    return contest.rounds.exclude(status=Round.Status.DRAFT).aggregate(m=Max("number"))["m"] or 0


def _check_open(contest: Contest) -> None:
    if contest.status == Contest.Status.FINISHED:
        raise ServiceError(
            "contest.finished", _("Le concours est terminé : les inscriptions sont closes.")
        )


def _check_pair(contest: Contest, player1: Player, player2: Player, exclude: int | None) -> None:
    if player1.pk == player2.pk:
        raise ServiceError(
            "entry.same_player", _("Une équipe se compose de deux joueurs différents.")
        )
    if player1.club_id != contest.club_id or player2.club_id != contest.club_id:
        raise ServiceError("entry.foreign_player", _("Ce joueur n'appartient pas au club."))
    taken = Entry.objects.filter(contest=contest, withdrawn_after_round__isnull=True).exclude(
        pk=exclude
    )
    for player in (player1, player2):
        clash = taken.filter(player1=player).first() or taken.filter(player2=player).first()
        if clash is not None:
            raise ServiceError(
                "entry.player_taken",
                _("%(player)s est déjà inscrit(e) dans l'équipe n° %(number)s.")
                % {"player": player.full_name, "number": clash.number},
            )


@dataclass(frozen=True)
class EntryValues:
    player1: Player
    player2: Player
    name: str = ""
    home_club: str = ""
    paid: bool = False
    checked_in: bool = False


def _next_number(contest: Contest) -> int:
    return (Entry.objects.filter(contest=contest).aggregate(m=Max("number"))["m"] or 0) + 1


@transaction.atomic
def add_entry(contest: Contest, values: EntryValues) -> Entry:
    """Register a team. Once round N is published, a new team joins at round N + 1."""
    locked = _lock_contest(contest)
    _check_open(locked)
    _check_pair(locked, values.player1, values.player2, exclude=None)
    joined = _last_published(locked) + 1
    if joined > locked.rounds_count:
        raise ServiceError(
            "entry.too_late",
            _("Toutes les manches sont publiées : plus aucune équipe ne peut entrer."),
        )
    entry = Entry.objects.create(
        contest=locked,
        number=_next_number(locked),
        name=_clean(values.name),
        home_club=_clean(values.home_club),
        player1=values.player1,
        player2=values.player2,
        paid=values.paid,
        checked_in=values.checked_in,
        joined_at_round=joined,
        lot=random.SystemRandom().randint(1, 1_000_000),
    )
    audit.record(locked, "entry.create", entry, after=audit.snapshot(entry))
    return entry


@transaction.atomic
def update_entry(entry: Entry, values: EntryValues) -> Entry:
    """Change a team's players, name, club and flags."""
    contest = _lock_contest(entry.contest)
    _check_open(contest)
    _check_pair(contest, values.player1, values.player2, exclude=entry.pk)
    locked = Entry.objects.select_for_update().get(pk=entry.pk)
    before = audit.snapshot(locked)
    locked.player1, locked.player2 = values.player1, values.player2
    locked.name, locked.home_club = _clean(values.name), _clean(values.home_club)
    locked.paid, locked.checked_in = values.paid, values.checked_in
    locked.save()
    _record_change(contest, "entry.update", locked, before)
    return locked


FLAGS = ("paid", "checked_in")


@transaction.atomic
def set_entry_flag(entry: Entry, flag: str, value: bool) -> Entry:
    """Mark a team paid / checked in (or not)."""
    if flag not in FLAGS:
        raise ServiceError("entry.unknown_flag", _("Action inconnue."))
    locked = Entry.objects.select_for_update().get(pk=entry.pk)
    before = audit.snapshot(locked, [flag])
    setattr(locked, flag, value)
    locked.save(update_fields=[flag])
    _record_change(locked.contest_id, f"entry.{flag}", locked, before, [flag])
    return locked


@transaction.atomic
def withdraw_entry(entry: Entry) -> Entry:
    """The team leaves after the last published round (it is left out of the next draws)."""
    contest = _lock_contest(entry.contest)
    locked = Entry.objects.select_for_update().get(pk=entry.pk)
    if locked.withdrawn_after_round is not None:
        raise ServiceError("entry.already_withdrawn", _("Cette équipe est déjà retirée."))
    after = max(_last_published(contest), locked.joined_at_round - 1)
    before = audit.snapshot(locked, ["withdrawn_after_round"])
    locked.withdrawn_after_round = after
    locked.save(update_fields=["withdrawn_after_round"])
    _record_change(contest, "entry.withdraw", locked, before, ["withdrawn_after_round"])
    return locked


@transaction.atomic
def reinstate_entry(entry: Entry) -> Entry:
    """Bring a withdrawn team back from the next round on."""
    contest = _lock_contest(entry.contest)
    _check_open(contest)
    locked = Entry.objects.select_for_update().get(pk=entry.pk)
    if locked.withdrawn_after_round is None:
        raise ServiceError("entry.not_withdrawn", _("Cette équipe n'est pas retirée."))
    last = _last_published(contest)
    if locked.withdrawn_after_round < last:
        raise ServiceError(
            "entry.missed_rounds",
            _(
                "Cette équipe a manqué des manches publiées : inscrivez-la à nouveau comme "
                "équipe tardive."
            ),
        )
    _check_pair(contest, locked.player1, locked.player2, exclude=locked.pk)
    before = audit.snapshot(locked, ["withdrawn_after_round"])
    locked.withdrawn_after_round = None
    locked.save(update_fields=["withdrawn_after_round"])
    _record_change(contest, "entry.reinstate", locked, before, ["withdrawn_after_round"])
    return locked


@transaction.atomic
def delete_entry(entry: Entry) -> None:
    """Remove a team registered by mistake: only while it sits at no table."""
    contest = _lock_contest(entry.contest)
    if Table.objects.filter(entry_a=entry).exists() or Table.objects.filter(entry_b=entry).exists():
        raise ServiceError(
            "entry.has_tables",
            _("Cette équipe figure déjà dans un tirage : retirez-la plutôt que de la supprimer."),
        )
    audit.record(contest, "entry.delete", entry, before=audit.snapshot(entry))
    entry.delete()


def import_entries(contest: Contest, rows: Iterable[Any]) -> list[Entry]:
    """Register the validated rows of a CSV import in one transaction (all or nothing).

    Each row has ``player1``/``player2`` as ``(first_name, last_name, licence)``, ``name``,
    ``home_club``, ``paid``, ``checked_in``.
    """
    created: list[Entry] = []
    with transaction.atomic():
        _lock_contest(contest)
        for row in rows:
            p1, _new1 = get_or_create_player(contest.club, *row.player1)
            p2, _new2 = get_or_create_player(contest.club, *row.player2)
            created.append(
                add_entry(
                    contest,
                    EntryValues(
                        player1=p1,
                        player2=p2,
                        name=row.name,
                        home_club=row.home_club,
                        paid=row.paid,
                        checked_in=row.checked_in,
                    ),
                )
            )
    return created


# --- Rounds: draw, hand edits, publication ----------------------------------------------------


def _layout(round_: Round) -> Layout:
    return [
        (n, a, b)
        for n, a, b in Table.objects.filter(round=round_)
        .order_by("number")
        .values_list("number", "entry_a_id", "entry_b_id")
    ]


def _write_layout(round_: Round, layout: Layout) -> None:
    Table.objects.filter(round=round_).delete()
    Table.objects.bulk_create(
        Table(round=round_, number=n, entry_a_id=a, entry_b_id=b) for n, a, b in layout
    )


def _layout_json(layout: Layout) -> list[list[int | None]]:
    return [[n, a, b] for n, a, b in layout]


def _layout_from_json(data: Any) -> Layout:
    return [(int(n), int(a), None if b is None else int(b)) for n, a, b in data]


def _pair(contest: Contest, number: int, seed: int | None) -> tuple[Layout, dict[str, Any]]:
    try:
        data = adapters.pairing_request(contest, number, seed=seed)
        result = pair_round(data.request)
    except EngineError as exc:
        raise ServiceError(exc.code, engine_error_message(exc)) from exc
    return adapters.tables_of(result), {
        "seed": result.seed,
        "method": str(result.method),
        "report": adapters.report_json(result),
    }


def _check_draft(round_: Round) -> None:
    if round_.status != Round.Status.DRAFT:
        raise ServiceError(
            "round.not_draft",
            _("La manche %(number)s est publiée : son tirage ne se modifie plus.")
            % {"number": round_.number},
        )


@transaction.atomic
def generate_round(contest: Contest, *, seed: int | None = None) -> Round:
    """Draw the next round as a draft (not visible to the public until published)."""
    locked = _lock_contest(contest)
    if locked.status == Contest.Status.FINISHED:
        raise ServiceError("contest.finished", _("Le concours est terminé."))
    rounds = list(locked.rounds.order_by("number"))
    if rounds and rounds[-1].status == Round.Status.DRAFT:
        raise ServiceError(
            "round.draft_exists",
            _("La manche %(number)s est encore en brouillon : publiez-la ou refaites son tirage.")
            % {"number": rounds[-1].number},
        )
    number = len(rounds) + 1 if not rounds else rounds[-1].number + 1
    if number > locked.rounds_count:
        raise ServiceError(
            "round.all_drawn",
            ngettext(
                "Le concours compte %(count)s manche, déjà tirée.",
                "Le concours compte %(count)s manches, toutes déjà tirées.",
                locked.rounds_count,
            )
            % {"count": locked.rounds_count},
        )
    layout, facts = _pair(locked, number, seed)
    round_ = Round.objects.create(contest=locked, number=number, status=Round.Status.DRAFT, **facts)
    _write_layout(round_, layout)
    audit.record(locked, "round.generate", round_, after=_round_state(round_, layout))
    return round_


@transaction.atomic
def redraw_round(round_: Round, *, seed: int | None = None) -> Round:
    """Draw the round again (a new seed unless one is given) while it has no result."""
    locked = _lock_round(round_)
    _lock_contest(locked.contest)
    activity = adapters.round_activity(locked)
    if activity:
        raise ServiceError(
            "round.has_results",
            _("Impossible de refaire le tirage : des résultats existent (%(what)s).")
            % {"what": ", ".join(activity)},
        )
    if (
        locked.status != Round.Status.DRAFT
        and locked.contest.rounds.filter(number__gt=locked.number).exists()
    ):
        raise ServiceError(
            "round.not_last", _("Seul le tirage de la dernière manche peut être refait.")
        )
    before = _round_state(locked, _layout(locked))
    layout, facts = _pair(locked.contest, locked.number, seed)
    for name, value in facts.items():
        setattr(locked, name, value)
    locked.save(update_fields=list(facts))
    locked.edits.all().delete()
    _write_layout(locked, layout)
    audit.record(
        locked.contest_id, "round.redraw", locked, before=before, after=_round_state(locked, layout)
    )
    return locked


def _normalise(layout: Layout) -> Layout:
    """Drop empty tables, seat a lone team as A, number playing tables first, byes after."""
    seats: list[tuple[int, int, int | None]] = []
    for n, a, b in layout:
        if a is None and b is None:
            continue
        if a is None:
            a, b = b, None
        seats.append((n, a, b))  # type: ignore[arg-type]
    playing = [s for s in seats if s[2] is not None]
    alone = [s for s in seats if s[2] is None]
    ordered = sorted(playing, key=lambda s: s[0]) + sorted(alone, key=lambda s: s[0])
    return [(i, a, b) for i, (_n, a, b) in enumerate(ordered, start=1)]


def conflicts(contest: Contest, round_: Round, layout: Layout, only: set[int]) -> list[str]:
    """French warnings for tables of ``layout`` holding one of ``only`` (entry pks): rematches,
    same home club, and a team sitting alone (a bye) when another team already has one."""
    entries = {
        e.pk: e for e in Entry.objects.filter(contest=contest).select_related("player1", "player2")
    }
    history = adapters.history_of(adapters.previous_tables(contest, round_.number))
    warnings: list[str] = []
    byes = [a for _n, a, b in layout if b is None]
    for number, a, b in layout:
        if a not in only and b not in only:
            continue
        if b is None:
            if len(byes) > 1:
                warnings.append(
                    _("Table %(table)s : %(team)s est seule à sa table (plusieurs exempts).")
                    % {"table": number, "team": entries[a].display_name}
                )
            elif history.bye_count(a):
                warnings.append(
                    _("Table %(table)s : %(team)s a déjà été exempte.")
                    % {"table": number, "team": entries[a].display_name}
                )
            continue
        met = history.meetings(a, b)
        if met:
            warnings.append(
                _("Table %(table)s : revanche, %(a)s et %(b)s se sont déjà rencontrées.")
                % {"table": number, "a": entries[a].display_name, "b": entries[b].display_name}
            )
        key_a, key_b = adapters.club_key(entries[a]), adapters.club_key(entries[b])
        if key_a and key_a == key_b:
            warnings.append(
                _("Table %(table)s : %(a)s et %(b)s sont du même club (%(club)s).")
                % {
                    "table": number,
                    "a": entries[a].display_name,
                    "b": entries[b].display_name,
                    "club": entries[a].home_club,
                }
            )
    return warnings


def _record_edit(
    round_: Round, kind: str, description: str, before: Layout, after: Layout, user: Any
) -> RoundEdit:
    after = _normalise(after)
    # Only the tables whose pair of teams changed are checked, so the warnings speak of this
    # edit and not of a rematch the engine was forced into earlier.
    before_pairs = {frozenset((a, b)) for _n, a, b in before}
    touched = {
        e
        for _n, a, b in after
        if frozenset((a, b)) not in before_pairs
        for e in (a, b)
        if e is not None
    }
    warnings = conflicts(round_.contest, round_, after, touched)
    _write_layout(round_, after)
    audit.record(
        round_.contest_id,
        f"round.{kind}",
        round_,
        before={"tables": _layout_json(before)},
        after={
            "tables": _layout_json(after),
            "description": str(description),
            "warnings": warnings,
        },
    )
    sequence = (round_.edits.aggregate(m=Max("sequence"))["m"] or 0) + 1
    return RoundEdit.objects.create(
        round=round_,
        sequence=sequence,
        kind=kind,
        description=description,
        warnings=warnings,
        before=_layout_json(before),
        after=_layout_json(after),
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )


def _seat_of(layout: Layout, entry_pk: int) -> tuple[int, int]:
    for index, (_n, a, b) in enumerate(layout):
        if a == entry_pk:
            return index, 1
        if b == entry_pk:
            return index, 2
    raise ServiceError("round.entry_not_seated", _("Cette équipe ne figure pas dans ce tirage."))


@transaction.atomic
def swap_entries(round_: Round, first: Entry, second: Entry, *, user: Any = None) -> RoundEdit:
    """Exchange the seats of two teams of a draft round."""
    locked = _lock_round(round_)
    _check_draft(locked)
    if first.pk == second.pk:
        raise ServiceError("round.same_entry", _("Choisissez deux équipes différentes."))
    before = _layout(locked)
    rows = [list(row) for row in before]
    i, si = _seat_of(before, first.pk)
    j, sj = _seat_of(before, second.pk)
    rows[i][si], rows[j][sj] = second.pk, first.pk
    after: Layout = [(r[0], r[1], r[2]) for r in rows]  # type: ignore[misc]
    description = _("Échange de %(a)s (table %(ta)s) et %(b)s (table %(tb)s)") % {
        "a": first.display_name,
        "ta": before[i][0],
        "b": second.display_name,
        "tb": before[j][0],
    }
    return _record_edit(locked, RoundEdit.Kind.SWAP, description, before, after, user)


@transaction.atomic
def move_entry(round_: Round, entry: Entry, table_number: int, *, user: Any = None) -> RoundEdit:
    """Move a team to another table: to its free seat (a bye table), or to a new table when
    ``table_number`` is one past the last. A full table is refused (swap two teams instead)."""
    locked = _lock_round(round_)
    _check_draft(locked)
    before = _layout(locked)
    i, si = _seat_of(before, entry.pk)
    rows: list[list[int | None]] = [list(row) for row in before]
    numbers = [row[0] for row in before]
    if table_number == before[i][0]:
        raise ServiceError("round.same_table", _("L'équipe est déjà à cette table."))
    if table_number in numbers:
        target = rows[numbers.index(table_number)]
        if target[2] is not None:
            raise ServiceError(
                "round.table_full",
                _(
                    "La table %(table)s est complète : utilisez l'échange de deux équipes pour "
                    "y placer celle-ci."
                )
                % {"table": table_number},
            )
        target[2] = entry.pk
    elif table_number == max(numbers, default=0) + 1:
        rows.append([table_number, entry.pk, None])
    else:
        raise ServiceError(
            "round.no_such_table",
            _("La table %(table)s n'existe pas dans ce tirage.") % {"table": table_number},
        )
    rows[i][si] = None
    after: Layout = [(r[0], r[1], r[2]) for r in rows]  # type: ignore[misc]
    description = _("Déplacement de %(team)s de la table %(from)s à la table %(to)s") % {
        "team": entry.display_name,
        "from": before[i][0],
        "to": table_number,
    }
    return _record_edit(locked, RoundEdit.Kind.MOVE, description, before, after, user)


@transaction.atomic
def undo_last_edit(round_: Round) -> RoundEdit:
    """Restore the draw as it was before the last swap or move (returns the undone edit)."""
    locked = _lock_round(round_)
    _check_draft(locked)
    last = locked.edits.order_by("-sequence").first()
    if last is None:
        raise ServiceError("round.nothing_to_undo", _("Aucune modification à annuler."))
    if _layout_json(_layout(locked)) != last.after:
        raise ServiceError(
            "round.layout_changed",
            _("Le tirage a changé depuis cette modification : rechargez la page."),
        )
    _write_layout(locked, _layout_from_json(last.before))
    audit.record(
        locked.contest_id,
        "round.undo",
        locked,
        before={"tables": last.after},
        after={"tables": last.before, "undone": str(last.description)},
    )
    last.delete()
    return last


@transaction.atomic
def publish_round(round_: Round) -> Round:
    """Publish a draft round: the draw becomes public; round 1 freezes the contest's rules."""
    locked = _lock_round(round_)
    contest = _lock_contest(locked.contest)
    _check_draft(locked)
    layout = _layout(locked)
    if not layout:
        raise ServiceError("round.empty", _("Ce tirage ne contient aucune table."))
    byes = sum(1 for _n, _a, b in layout if b is None)
    if byes > 1:
        raise ServiceError(
            "round.several_byes",
            _("%(count)s équipes sont seules à leur table : il ne peut y avoir qu'un exempt.")
            % {"count": byes},
        )
    now = timezone.now()
    before = audit.snapshot(locked, ROUND_STATE_FIELDS)
    locked.status = Round.Status.PUBLISHED
    locked.published_at = now
    locked.show_draw = True
    locked.save(update_fields=["status", "published_at", "show_draw"])
    locked.edits.all().delete()
    fields = []
    if contest.rules_frozen_at is None:
        contest.rules_frozen_at = now
        fields.append("rules_frozen_at")
    if contest.status in (Contest.Status.DRAFT, Contest.Status.REGISTRATION):
        contest.status = Contest.Status.RUNNING
        fields.append("status")
    if fields:
        contest.save(update_fields=fields)
    _record_change(contest, "round.publish", locked, before, ROUND_STATE_FIELDS)
    signals.round_published.send(sender=Round, round=locked)
    return locked


@transaction.atomic
def set_round_visibility(
    round_: Round, *, show_draw: bool, show_results: bool, show_standings: bool
) -> Round:
    locked = _lock_round(round_)
    if locked.status == Round.Status.DRAFT and (show_draw or show_results or show_standings):
        raise ServiceError(
            "round.not_published", _("Publiez la manche avant de la montrer au public.")
        )
    before = audit.snapshot(locked, ROUND_STATE_FIELDS)
    locked.show_draw, locked.show_results = show_draw, show_results
    locked.show_standings = show_standings
    locked.save(update_fields=["show_draw", "show_results", "show_standings"])
    _record_change(locked.contest_id, "round.visibility", locked, before, ROUND_STATE_FIELDS)
    signals.round_visibility_changed.send(sender=Round, round=locked, before=before)
    return locked


@transaction.atomic
def delete_round(round_: Round, *, confirmed: bool = False) -> list[str]:
    """Delete the last round. A published round needs ``confirmed`` (the caller showed the
    organiser what will be lost); returns the lines describing what was deleted."""
    locked = _lock_round(round_)
    _lock_contest(locked.contest)
    if locked.contest.rounds.filter(number__gt=locked.number).exists():
        raise ServiceError("round.not_last", _("Seule la dernière manche peut être supprimée."))
    lost = lost_with(locked)
    if locked.status != Round.Status.DRAFT and not confirmed:
        raise ServiceError(
            "round.confirmation_needed",
            _("Confirmez la suppression : %(what)s seront perdus.") % {"what": ", ".join(lost)},
        )
    audit.record(
        locked.contest_id,
        "round.delete",
        locked,
        before=_round_state(locked, _layout(locked)) | {"lost": [str(line) for line in lost]},
    )
    try:
        with transaction.atomic():
            locked.delete()
    except (ProtectedError, RestrictedError) as exc:
        raise ServiceError(
            "round.protected",
            _("Des résultats enregistrés empêchent de supprimer cette manche."),
        ) from exc
    return lost


def lost_with(round_: Round) -> list[str]:
    """French lines naming what deleting ``round_`` loses: its tables and any results."""
    count = Table.objects.filter(round=round_).count()
    lines = [
        ngettext("le tirage de %(count)s table", "le tirage de %(count)s tables", count)
        % {"count": count}
    ]
    return lines + adapters.round_activity(round_)


__all__ = [
    "INFO_FIELDS",
    "RULE_FIELDS",
    "EntryValues",
    "ServiceError",
    "add_entry",
    "conflicts",
    "create_contest",
    "create_season",
    "delete_entry",
    "delete_round",
    "finish_contest",
    "generate_round",
    "get_or_create_player",
    "import_entries",
    "lost_with",
    "move_entry",
    "publish_round",
    "redraw_round",
    "reinstate_entry",
    "save_player",
    "set_entry_flag",
    "set_round_visibility",
    "swap_entries",
    "undo_last_edit",
    "update_contest",
    "update_entry",
    "withdraw_entry",
]
