"""Exports: CSV, XLSX and ODS files open and hold the right rows; jobs report progress."""

from __future__ import annotations

import io
from typing import Any
from unittest import mock

import openpyxl
import pytest
import tablib
from django.test import Client

from publishing.exports import contest as exports
from publishing.models import ExportJob
from scoring.models import DealRecord
from standings import services as standings
from tests.standings.factory import add_round, finish_round, make_contest

pytestmark = pytest.mark.django_db


@pytest.fixture
def contest(club: Any, settings: Any, tmp_path: Any) -> Any:
    settings.MEDIA_ROOT = tmp_path
    contest = make_contest(club, teams=5)
    sheets = finish_round(add_round(contest, 1, [(1, 2), (3, 4), (5, None)]), {1: (1100, 844)})
    for number in (1, 2):
        DealRecord.objects.create(
            sheet=sheets[0],
            number=number,
            taker="a" if number == 1 else "b",
            trump="hearts",
            taker_points=120,
            belote_team="b" if number == 2 else "",
            score_a=120 if number == 1 else 42,
            score_b=42 if number == 1 else 140,
            running_a=120 if number == 1 else 162,
            running_b=42 if number == 1 else 182,
            outcome="made",
        )
    standings.rebuild(contest.pk)
    return contest


def _parse(content: bytes, fmt: str) -> tablib.Dataset:
    if fmt == "csv":
        return tablib.Dataset().load(content.decode("utf-8-sig"), format="csv", delimiter=";")
    if fmt == "xlsx":
        sheet = openpyxl.load_workbook(io.BytesIO(content)).active
        values = list(sheet.values)
        return tablib.Dataset(*values[1:], headers=values[0])
    return tablib.Dataset().load(io.BytesIO(content), format="ods")


def _text(value: Any) -> str:
    """A cell as text whatever the format: ODS gives numbers as floats, XLSX blanks as None."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@pytest.mark.parametrize("fmt", exports.FORMATS)
def test_every_kind_opens_in_every_format(contest: Any, fmt: str) -> None:
    expected = {
        "entries": (5, "Équipe", {"N°": [1, 2, 3, 4, 5]}),
        "results": (3, "Total A", {"Table": [1, 2, 3]}),
        "deals": (2, "Donne", {"Donne": [1, 2], "Preneur": [1, 2], "Belote": ["", 2]}),
        "standings": (5, "Rang", {}),
    }
    for kind, (count, header, columns) in expected.items():
        content, content_type = exports.render(exports.dataset_for(contest, kind), fmt)
        assert content_type == exports.CONTENT_TYPES[fmt]
        data = _parse(content, fmt)
        assert data.height == count, (kind, fmt)
        assert header in data.headers
        for column, values in columns.items():
            assert [_text(v) for v in data[column]] == [_text(v) for v in values], (kind, fmt)


def test_standings_rows_follow_the_snapshot(contest: Any) -> None:
    data = _parse(exports.render(exports.dataset_for(contest, "standings"), "csv")[0], "csv")
    snapshot = standings.live_snapshot(contest.pk)
    assert [int(n) for n in data["N°"]] == [r["number"] for r in snapshot.rows]
    first = data.dict[0]
    assert first["N°"] == "1" and first["Points"] == "1100" and first["Rang"] == "1"


def test_results_show_byes_and_totals(contest: Any) -> None:
    data = exports.results_dataset(contest)
    bye = data.dict[2]
    assert bye["Équipe B"] == "exempt" and bye["Total A"] == 972
    assert data.dict[0]["Total A"] == 1100 and data.dict[0]["Vainqueur"] == "1"


def test_deals_export_reports_progress(contest: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(exports, "CHUNK", 1)
    calls: list[tuple[int, int]] = []
    data = exports.deals_dataset(contest, lambda done, total: calls.append((done, total)))
    assert data.height == 2
    assert calls[-1] == (2, 2) and (1, 2) in calls


def test_export_job_from_the_page_to_the_download(
    client: Client, organiser: Any, contest: Any
) -> None:
    client.force_login(organiser)
    base = f"/orga/publication/{contest.club.slug}/concours/{contest.pk}/exports/"
    response = client.post(base, {"kind": "deals", "format": "ods"})
    job = ExportJob.objects.get()
    assert response.status_code == 302 and response.url == f"{base}{job.pk}/"
    assert job.status == "done" and job.progress == 100 and job.rows_done == 2
    page = client.get(response.url).content.decode()
    assert "telecharger" in page and "hx-trigger" not in page  # finished: no more polling
    download = client.get(f"{base}{job.pk}/telecharger/")
    assert download.status_code == 200
    assert _parse(download.content, "ods").height == 2


def test_running_job_page_polls_with_a_progress_bar(
    client: Client, organiser: Any, contest: Any
) -> None:
    client.force_login(organiser)
    job = ExportJob.objects.create(
        contest=contest, kind="deals", format="csv", status="running", progress=40
    )
    url = f"/orga/publication/{contest.club.slug}/concours/{contest.pk}/exports/{job.pk}/"
    page = client.get(url).content.decode()
    assert 'hx-trigger="every 1s"' in page and 'value="40"' in page
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.startswith('\n<div id="export-job"') or 'id="export-job"' in fragment[:80]
    assert client.get(url + "telecharger/").status_code == 404


def test_failed_job_records_a_french_message(contest: Any) -> None:
    job = ExportJob.objects.create(contest=contest, kind="entries", format="xlsx")
    with mock.patch.object(exports, "entries_dataset", side_effect=RuntimeError("disk")):
        assert exports.run_job(job.pk) == "failed"
    job.refresh_from_db()
    assert job.status == "failed" and "Réessayez" in job.error


def test_done_job_is_not_rerun(contest: Any) -> None:
    job = ExportJob.objects.create(contest=contest, kind="entries", format="csv")
    assert exports.run_job(job.pk) == "done"
    with mock.patch.object(exports, "entries_dataset") as again:
        assert exports.run_job(job.pk) == "done"
        again.assert_not_called()


def test_bad_export_form_is_a_400(client: Client, organiser: Any, contest: Any) -> None:
    client.force_login(organiser)
    base = f"/orga/publication/{contest.club.slug}/concours/{contest.pk}/exports/"
    response = client.post(base, {"kind": "passwords", "format": "pdf"})
    assert response.status_code == 400
    assert "Choisissez" in response.content.decode()
    assert not ExportJob.objects.exists()


def test_outsiders_cannot_export_nor_download(
    client: Client, outsider: Any, organiser: Any, contest: Any
) -> None:
    job = ExportJob.objects.create(contest=contest, kind="entries", format="csv")
    exports.run_job(job.pk)
    client.force_login(outsider)
    base = f"/orga/publication/{contest.club.slug}/concours/{contest.pk}/exports/"
    assert client.get(base).status_code == 404
    assert client.post(base, {"kind": "entries", "format": "csv"}).status_code == 404
    assert client.get(f"{base}{job.pk}/telecharger/").status_code == 404
    client.logout()
    assert client.get(f"{base}{job.pk}/telecharger/").status_code == 302  # to the login page
