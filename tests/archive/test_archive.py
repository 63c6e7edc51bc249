"""A contest's JSON archive round-trips exactly: every row compared field by field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command

from archive.contest_archive import (
    ArchiveError,
    archived_models,
    dumps,
    export_contest,
    loads,
)
from archive.contest_import import import_contest
from tournaments.models import Contest

CLUB = "saint-aubin"  # the demo club (seed_demo)


def _contest_rows(contest_id: int) -> dict[str, list[dict[str, Any]]]:
    """Every row of every archived model, keyed by model, as plain values."""
    rows = {}
    for model, lookup in archived_models():
        rows[model._meta.label] = list(
            model.objects.filter(**{lookup: contest_id}).order_by("pk").values()
        )
    return rows


@pytest.fixture
def demo_contest(db: Any) -> Contest:
    """The demo contest (24 teams, round 1 published) with deals, a correction, a confirmed
    sheet, the contest log and a standings snapshot: every kind of row the archive holds."""
    import uuid

    from scoring import services
    from scoring.adapters import DealFacts
    from scoring.models import ScoreSheet
    from standings import services as standings

    call_command("seed_demo")
    contest = Contest.objects.order_by("pk").first()
    sheet = ScoreSheet.objects.filter(
        table__round__contest=contest, kind=ScoreSheet.Kind.DEALS
    ).first()
    for points in (100, 62, 120):
        sheet.refresh_from_db()
        services.record_deal(
            sheet.pk,
            DealFacts(taker="a", trump="hearts", taker_points=points, belote_team="b"),
            version=sheet.version,
            client_id=uuid.uuid4(),
            device="phone-a",
        )
    sheet.refresh_from_db()
    services.correct_deal(
        sheet.pk,
        3,
        DealFacts(taker="a", trump="spades", taker_points=130),
        version=sheet.version,
        client_id=uuid.uuid4(),
        organiser=True,
    )
    standings.rebuild(contest.pk, force=True)
    return contest


@pytest.mark.django_db
def test_round_trip_is_exact(demo_contest: Contest) -> None:
    contest_id = demo_contest.pk
    before = _contest_rows(contest_id)
    for label in (
        "tournaments.Entry",
        "tournaments.Table",
        "tournaments.AuditEvent",
        "scoring.ScoreSheet",
        "scoring.DealRecord",
        "scoring.DealCorrection",
        "standings.StandingsSnapshot",
    ):
        assert before[label], f"the fixture must hold {label} rows"
    text = dumps(export_contest(contest_id))
    demo_contest.delete()
    assert not Contest.objects.filter(pk=contest_id).exists()

    assert import_contest(loads(text), club=CLUB) == contest_id

    after = _contest_rows(contest_id)
    assert after == before
    # Exporting again gives the same archive, byte for byte.
    assert dumps(export_contest(contest_id)) == text


@pytest.mark.django_db
def test_every_contest_model_is_archived_or_excluded() -> None:
    """A new model hanging off a contest cannot be forgotten by the archive."""
    from archive.contest_archive import EXCLUDED_MODELS

    archived = {m._meta.label for m, _ in archived_models()}
    contest = apps.get_model("tournaments.Contest")
    shared = {
        "tournaments.Club",
        "seasons.Season",
        "tournaments.Player",
        "tournaments.Membership",
    }

    def reaches_contest(model: Any, depth: int = 0) -> bool:
        if model is contest:
            return True
        if depth > 4:
            return False
        for field in model._meta.get_fields():
            if (field.many_to_one or field.one_to_one) and (
                field.concrete
                and field.related_model is not None
                and reaches_contest(field.related_model, depth + 1)
            ):
                return True
        return False

    for model in apps.get_app_config("tournaments").get_models():
        if model._meta.label not in shared and reaches_contest(model):
            assert model._meta.label in archived | set(EXCLUDED_MODELS), model._meta.label
    for app_label in ("scoring", "standings", "publishing", "seasons"):
        for model in apps.get_app_config(app_label).get_models():
            if model._meta.label not in shared and reaches_contest(model):
                assert model._meta.label in archived | set(EXCLUDED_MODELS), model._meta.label


@pytest.mark.django_db
def test_archive_written_before_the_app_split_is_read(demo_contest: Contest) -> None:
    """Version-1 archives name the standings and prize models by their old ``scoring`` labels."""
    contest_id = demo_contest.pk
    before = _contest_rows(contest_id)
    archive = export_contest(contest_id)
    old_labels = {
        "standings.standingsstate": "scoring.standingsstate",
        "standings.standingssnapshot": "scoring.standingssnapshot",
        "publishing.prize": "scoring.prize",
    }
    for row in archive["objects"]:
        row["model"] = old_labels.get(row["model"], row["model"])
    assert "scoring.standingssnapshot" in {row["model"] for row in archive["objects"]}
    demo_contest.delete()

    assert import_contest(loads(dumps(archive)), club=CLUB) == contest_id
    assert _contest_rows(contest_id) == before


@pytest.mark.django_db
def test_import_refuses_existing_contest_and_bad_files(demo_contest: Contest) -> None:
    text = dumps(export_contest(demo_contest.pk))
    with pytest.raises(ArchiveError, match="existe déjà"):
        import_contest(loads(text), club=CLUB)
    with pytest.raises(ArchiveError, match="JSON valide"):
        loads(b"\xff\xfe pas du json")
    with pytest.raises(ArchiveError, match="pas une archive"):
        loads(json.dumps({"format": "autre"}))
    data = json.loads(text)
    data["version"] = 99
    with pytest.raises(ArchiveError, match="Version"):
        loads(json.dumps(data))


@pytest.mark.django_db
def test_failed_import_leaves_nothing(demo_contest: Contest) -> None:
    data = export_contest(demo_contest.pk)
    demo_contest.delete()
    # Corrupt the last team: everything before it was saved, and must roll back.
    last_entry = [o for o in data["objects"] if o["model"] == "tournaments.entry"][-1]
    last_entry["fields"]["number"] = "pas un nombre"
    with pytest.raises(ArchiveError):
        import_contest(json.loads(dumps(data)), club=CLUB)
    assert not Contest.objects.filter(pk=data["contest"]["id"]).exists()
    # An unknown field is refused the same way.
    data = json.loads(dumps(data))
    last_entry = [o for o in data["objects"] if o["model"] == "tournaments.entry"][-1]
    last_entry["fields"]["number"] = 99
    last_entry["fields"]["inconnu"] = 1
    with pytest.raises(ArchiveError):
        import_contest(data, club=CLUB)
    assert not Contest.objects.filter(pk=data["contest"]["id"]).exists()


@pytest.mark.django_db
def test_imported_players_join_the_club_register(demo_contest: Contest) -> None:
    """The archive's players, written raw, enter the club's register (``PlayerClub``); a
    player of the register whose home club is another one is reused on import, not refused."""
    from tournaments.models import Club, Player, PlayerClub

    contest_id, club = demo_contest.pk, demo_contest.club
    guest = Player.objects.filter(club=club).first()
    assert guest is not None
    other = Club.objects.create(name="Club de Vannes", slug="vannes")
    Player.objects.filter(pk=guest.pk).update(club=other)  # now a guest of the demo club
    PlayerClub.objects.get_or_create(player=guest, club=other)
    data = dumps(export_contest(contest_id))
    demo_contest.delete()
    Player.objects.exclude(pk=guest.pk).delete()
    PlayerClub.objects.filter(club=club).exclude(player=guest).delete()

    assert import_contest(loads(data), club=CLUB) == contest_id
    in_club = set(PlayerClub.objects.filter(club=club).values_list("player_id", flat=True))
    assert in_club == set(Player.objects.registry_of(club).values_list("pk", flat=True))
    assert Player.objects.get(pk=guest.pk).club == other  # reused, home club kept


@pytest.mark.django_db
def test_a_qualifier_of_a_season_with_its_final_elsewhere_imports(club: Any) -> None:
    """The archive of one contest of a season whose final is another contest holds the season
    (its final named by key) but not that final: it imports, the season reused as it stands."""
    from seasons import services as season_services
    from tests.tournaments.conftest import make_contest

    season = season_services.create_season(club, name="Challenge")
    qualifier = make_contest(club, season=season)
    final = make_contest(club, slug="finale", name="Finale")
    season_services.set_final(season, final, first_of_each=1, first_of_season=None)
    contest_id = qualifier.pk
    text = dumps(export_contest(contest_id))
    qualifier.delete()

    assert import_contest(loads(text), club=club.slug) == contest_id
    season.refresh_from_db()
    assert season.final_contest_id == final.pk
    assert Contest.objects.get(pk=contest_id).season_id == season.pk
    # Into an instance without the season: it comes back, without a final it does not hold.
    Contest.objects.filter(pk=contest_id).delete()
    season.delete()
    assert import_contest(loads(text), club=club.slug) == contest_id
    imported = Contest.objects.select_related("season").get(pk=contest_id)
    assert imported.season is not None and imported.season.final_contest_id is None
