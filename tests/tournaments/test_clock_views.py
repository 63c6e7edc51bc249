"""The organiser's format panel and clock buttons, and the countdown on the round page, the
follow page, the cockpit, the table phones and the projector (its facts, polled by htmx).

Times are fixed by patching ``django.utils.timezone.now``; nothing sleeps.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import ScoreSheet
from tests.conftest import PASSWORD
from tests.scoring.conftest import _entries, make_contest, make_round, page_text, table_url
from tests.scoring.helpers import play_deals
from tournaments.models import Round
from tournaments.services.rounds import clock

# Near the real time: the organiser's session lasts a few hours from its login.
T0 = datetime.datetime.now(datetime.UTC).replace(second=0, microsecond=0)


@contextmanager
def at(minutes: float) -> Iterator[None]:
    with mock.patch(
        "django.utils.timezone.now", return_value=T0 + datetime.timedelta(minutes=minutes)
    ):
        yield


@pytest.fixture
def world(club: Any) -> dict[str, Any]:
    contest = make_contest(club, "club_contest", "chrono", time_up="as_it_stands")
    a, b, c, d = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(a, b), (c, d)])
    Round.objects.filter(pk=round_.pk).update(show_draw=True)
    kwargs = {"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1}
    return {"contest": contest, "round": round_, "kwargs": kwargs}


def _client(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def _round(world: dict[str, Any]) -> Round:
    return Round.objects.get(pk=world["round"].pk)


def _format_post(**values: Any) -> dict[str, Any]:
    data = {
        "game_end": "deals",
        "deals_per_game": 12,
        "target": 1000,
        "end_condition": "reach",
        "score_cap_winner": 0,
        "score_cap_loser": 0,
        "clock_minutes": "",
    }
    data.update(values)
    return data


def test_the_organiser_sets_the_format_and_duration(world: dict[str, Any], organiser: Any) -> None:
    client = _client(organiser)
    url = reverse("tournaments:round_format", kwargs=world["kwargs"])
    response = client.post(url, _format_post(deals_per_game=15, clock_minutes=40))
    assert response.status_code == 302
    round_ = _round(world)
    assert round_.rules_overrides == {"deals_per_game": 15} and round_.clock_minutes == 40
    page = page_text(client.get(reverse("tournaments:round", kwargs=world["kwargs"])))
    assert "Format de cette partie : Partie en 15 donnes (différent du concours)." in page
    assert "Chrono de 40 min" in page and "pas encore lancé" in page and "Lancer le chrono" in page


def test_a_refused_format_is_shown_on_the_round_page(world: dict[str, Any], organiser: Any) -> None:
    client = _client(organiser)
    url = reverse("tournaments:round_format", kwargs=world["kwargs"])
    response = client.post(url, _format_post(score_cap_winner=600, score_cap_loser=900))
    assert response.status_code == 400
    assert "ne peut pas être plafonné plus haut" in page_text(response)
    assert 'value="900"' in page_text(response)  # what was typed stays
    assert _round(world).rules_overrides == {}


def test_clock_buttons(world: dict[str, Any], organiser: Any) -> None:
    clock.set_duration(world["round"], 40)
    client = _client(organiser)
    url = reverse("tournaments:round_clock", kwargs=world["kwargs"])
    with at(0):
        assert client.post(url, {"action": "start"}).status_code == 302
    with at(10):
        assert client.post(url, {"action": "pause", "from": "follow"})["Location"].endswith(
            reverse("scoring:round_sheets", kwargs=world["kwargs"])
        )
        # Paused already: refused with its reason, nothing changes.
        response = client.post(url, {"action": "pause"})
        assert response.status_code == 409 and "rien à mettre en pause" in page_text(response)
    with at(12):
        assert client.post(url, {"action": "resume"}).status_code == 302
        assert client.post(url, {"action": "extend", "minutes": "5"}).status_code == 302
        assert client.post(url, {"action": "extend"}).status_code == 400
        assert client.post(url, {"action": "explode"}).status_code == 400
    with at(20):
        state = clock.clock_of(_round(world))
    assert state.state == "running" and state.remaining == (40 + 5 + 2 - 20) * 60


def test_the_clock_is_the_organisers(world: dict[str, Any], scorer: Any) -> None:
    clock.set_duration(world["round"], 40)
    url = reverse("tournaments:round_clock", kwargs=world["kwargs"])
    assert _client(scorer).post(url, {"action": "start"}).status_code == 404
    assert _round(world).clock_started_at is None


def test_round_and_follow_pages_show_the_countdown(world: dict[str, Any], organiser: Any) -> None:
    clock.set_duration(world["round"], 40)
    clock.start_clock(_round(world), now=T0)
    client = _client(organiser)
    with at(10):
        page = page_text(client.get(reverse("tournaments:round", kwargs=world["kwargs"])))
        follow = page_text(client.get(reverse("scoring:round_sheets", kwargs=world["kwargs"])))
        cockpit = page_text(
            client.get(
                reverse(
                    "tournaments:contest",
                    kwargs={
                        "club_slug": world["kwargs"]["club_slug"],
                        "contest_id": world["contest"].pk,
                    },
                )
            )
        )
    for text in (page, follow):
        assert 'data-countdown-source data-state="running" data-remaining="1800"' in text
        assert f'data-ends-at="{(T0 + datetime.timedelta(minutes=40)).isoformat()}"' in text
        assert "Mettre en pause" in text and "Prolonger" in text
        assert "js/countdown.js" in text
    end = clock.local_time(T0 + datetime.timedelta(minutes=40))
    assert f"Chrono en cours : 30:00 restantes (fin à {end})." in cockpit


def test_the_follow_page_calls_time_after_the_end(world: dict[str, Any], organiser: Any) -> None:
    clock.set_duration(world["round"], 40)
    round_ = clock.start_clock(_round(world), now=T0)
    sheet = services.sheet_of_table(round_.tables.get(number=1))
    with at(5):
        play_deals(sheet, 3)
    with at(41):
        page = page_text(
            _client(organiser).get(reverse("scoring:round_sheets", kwargs=world["kwargs"]))
        )
    sheet.refresh_from_db()
    assert (sheet.time_called_after, sheet.status) == (3, ScoreSheet.Status.FINISHED)
    assert "Temps écoulé" in page


def test_the_table_phone_shows_the_countdown_and_what_is_left(club: Any, organiser: Any) -> None:
    contest = make_contest(club, "club_contest", "plus", time_up="after_more_deals",
                           time_up_deals=2)  # fmt: skip
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    clock.set_duration(round_, 40)
    round_ = clock.start_clock(round_, now=T0)
    sheet = services.sheet_of_table(round_.tables.get())
    phone = Client()
    with at(5):
        play_deals(sheet, 2)
        page = page_text(phone.get(table_url(sheet)))
        source = page_text(phone.get(table_url(sheet, "clock")))
    assert 'data-countdown-source data-state="running" data-remaining="2100"' in page
    assert f'hx-get="{table_url(sheet, "clock")}"' in page
    assert "Activer le son" not in page  # the phones do not ring
    assert source.startswith("<span hidden data-countdown-source") and "2100" in source
    with at(41):
        page = page_text(phone.get(table_url(sheet)))
    sheet.refresh_from_db()
    assert sheet.time_called_after == 2 and sheet.status == ScoreSheet.Status.OPEN
    assert "Temps écoulé : encore 2 donnes à jouer." in page


def test_the_projector_shows_the_countdown_with_its_sound_button(
    world: dict[str, Any], client: Client
) -> None:
    contest = world["contest"]
    url = reverse("scores:projector", kwargs={"club_slug": "lorient", "contest_slug": contest.slug})
    clock_url = reverse(
        "scores:projector_clock", kwargs={"club_slug": "lorient", "contest_slug": contest.slug}
    )
    empty = client.get(clock_url)
    assert empty.status_code == 200 and "data-countdown" not in page_text(empty)
    clock.set_duration(world["round"], 40)
    clock.start_clock(_round(world), now=T0)
    with at(39):
        page = page_text(client.get(url))
        fragment = page_text(client.get(clock_url))
    assert f'hx-get="{clock_url}"' in page
    for text in (page, fragment):
        assert "Partie 1" in text and "Activer le son" in text
        assert re.search(r'data-state="running" data-remaining="60"', text)
        assert "countdown-large" in text
    with at(41):
        over = page_text(client.get(clock_url))
    assert 'data-state="over"' in over and "Temps écoulé" in over


def test_the_printed_sheet_shows_the_partie_format(world: dict[str, Any], organiser: Any) -> None:
    from tournaments.services.rounds.format import set_partie_format

    set_partie_format(world["round"], {"deals_per_game": 15}, minutes=40, timed=True)
    page = page_text(
        _client(organiser).get(reverse("publishing:print_sheets", kwargs=world["kwargs"]))
    )
    assert "Partie en 15 donnes en 40 minutes" in page
    assert "<td>15</td>" in page and "<td>16</td>" not in page
