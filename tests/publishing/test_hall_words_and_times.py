"""Times and words of the hall pages (issue 16): every time is shown in the instance's time zone
(``TIME_ZONE``, Europe/Paris) whatever the database hands back (SQLite and PostgreSQL alike:
the suite runs on both); rounds are « parties »; French plurals ("0 donne", "1 partie
gagnée"); the English draw header says "versus", never "double"."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from standings import services as standings
from standings.models import StandingsSnapshot
from tests.standings.factory import played_contest as _played


def played_contest(club: Any, **kwargs: Any) -> Any:
    """A played contest whose every round shows its draw, results and standings."""
    from publishing import services as publishing

    contest = _played(club, **kwargs)
    for round_ in contest.rounds.all():
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    return contest


# 14:42 UTC is 15:42 in Paris in winter, 16:42 in summer.
WINTER = datetime.datetime(2026, 1, 15, 14, 42, tzinfo=datetime.UTC)
SUMMER = datetime.datetime(2026, 7, 15, 14, 42, tzinfo=datetime.UTC)


@pytest.mark.django_db
@pytest.mark.parametrize(("when", "shown"), [(WINTER, "15:42"), (SUMMER, "16:42")])
def test_standings_computed_at_is_in_paris_time(
    club: Any, when: datetime.datetime, shown: str
) -> None:
    contest = played_contest(club, teams=6, rounds=1)
    standings.rebuild(contest.pk)
    StandingsSnapshot.objects.filter(contest=contest).update(computed_at=when)
    page = Client().get(f"/concours/{club.slug}/{contest.slug}/classement/").content.decode()
    assert f"Calculé à {shown}." in page, page[
        page.find("Calculé") - 10 : page.find("Calculé") + 40
    ]
    assert "14:42" not in page


@pytest.mark.django_db
def test_the_projector_clock_runs_in_the_instance_time_zone(club: Any, settings: Any) -> None:
    contest = played_contest(club, teams=4, rounds=1)
    standings.rebuild(contest.pk)
    page = Client().get(f"/concours/{club.slug}/{contest.slug}/projecteur/").content.decode()
    assert 'data-time-zone="Europe/Paris"' in page
    settings.TIME_ZONE = "America/Guadeloupe"
    page = Client().get(f"/concours/{club.slug}/{contest.slug}/projecteur/").content.decode()
    assert 'data-time-zone="America/Guadeloupe"' in page


@pytest.mark.django_db
def test_public_pages_say_partie_never_manche(club: Any) -> None:
    contest = played_contest(club, teams=6, rounds=2)
    standings.rebuild(contest.pk)
    base = f"/concours/{club.slug}/{contest.slug}/"
    client = Client()
    for path in ("", "classement/", "resultats/2/", "equipe/1/", "partie/2/", "projecteur/"):
        response = client.get(base + path)
        assert response.status_code == 200, path
        text = response.content.decode()
        assert "manche" not in text.lower(), (path, text[text.lower().find("manche") - 80 :][:160])
    team = client.get(base + "equipe/1/").content.decode()
    assert "Rang après la partie 2" in team and "partie(s)" not in team


def test_french_plurals() -> None:
    from django.template import Context, Template

    template = Template(
        "{% load i18n %}{% blocktranslate count n=n %}{{ n }} donne{% plural %}{{ n }} donnes"
        "{% endblocktranslate %}|{% blocktranslate count w=n with p=10 %}{{ p }} points, {{ w }}"
        " partie gagnée{% plural %}{{ p }} points, {{ w }} parties gagnées{% endblocktranslate %}"
    )
    with translation.override("fr"):
        shown = [template.render(Context({"n": n})) for n in (0, 1, 2)]
    assert shown == [
        "0 donne|10 points, 0 partie gagnée",
        "1 donne|10 points, 1 partie gagnée",
        "2 donnes|10 points, 2 parties gagnées",
    ]
    with translation.override("en"):
        assert template.render(Context({"n": 0})) == "0 deals|10 points, 0 rounds won"


@pytest.mark.django_db
def test_the_english_draw_header_says_versus(club: Any) -> None:
    contest = played_contest(club, teams=4, rounds=1)
    base = f"/concours/{club.slug}/{contest.slug}/partie/1/"
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    draw = client.get(base).content.decode()
    assert "<th>versus</th>" in draw
    assert ">double<" not in draw.lower()
    projection = client.get(base + "projection/").content.decode()
    assert '<span class="draw-vs">versus</span>' in projection and "Draw of round 1" in projection
    # French is unchanged.
    french = Client().get(base).content.decode()
    assert "<th>contre</th>" in french
