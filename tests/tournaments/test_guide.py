"""The organiser's guide (issue 15 item 7): ``docs/guide-organisateur.md`` served in the app.

An organiser reads it with the site's styles and the contest's breadcrumbs; an anonymous
visitor goes to the login page; every screenshot it shows answers 200; the cockpit links to it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.conftest import login
from tournaments.views_guide import GUIDE

pytestmark = pytest.mark.django_db


def _url(contest: Any) -> str:
    return reverse("tournaments:guide", args=[contest.club.slug, contest.pk])


def _headings() -> list[str]:
    return re.findall(r"^#{1,2} (.+)$", GUIDE.read_text(encoding="utf-8"), re.M)


def test_the_guide_renders_its_headings_for_an_organiser(organiser: Any, contest: Any) -> None:
    response = login(organiser).get(_url(contest))
    assert response.status_code == 200
    html = response.content.decode()
    headings = _headings()
    assert "Quand ça se passe mal" in headings
    for heading in headings:
        assert re.search(r"<h[12][^>]*>" + re.escape(heading) + "</h", html), heading
    assert "css/atout.css" in html and "css/guide.css" in html
    # Breadcrumbs back to the club's dashboard and the contest's cockpit.
    assert f'href="{contest.club.dashboard_url}"' in html
    assert f'href="{contest.get_absolute_url()}"' in html


def test_anonymous_visitors_go_to_the_login(client: Any, contest: Any) -> None:
    response = client.get(_url(contest))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_an_outsider_gets_404(outsider: Any, contest: Any) -> None:
    assert login(outsider).get(_url(contest)).status_code == 404


def test_every_screenshot_resolves(organiser: Any, contest: Any, settings: Any) -> None:
    from django.contrib.staticfiles import finders

    # Served as ``runserver`` does (WhiteNoise reads the finders; ``make hall`` collects them).
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True

    html = login(organiser).get(_url(contest)).content.decode()
    article = html.split('id="guide"', 1)[1]
    sources = re.findall(r'<img[^>]+src="([^"]+)"', article)
    named = re.findall(r"\]\((guide/[^)]+\.png)\)", GUIDE.read_text(encoding="utf-8"))
    assert sources and len(sources) == len(named)
    for src in sources:
        assert src.startswith("/static/guide/"), src
        assert finders.find(src.removeprefix("/static/")), src
        response = login(organiser).get(src)
        assert response.status_code == 200, src
        assert response["Content-Type"] == "image/png", src


def test_the_cockpit_links_to_the_guide(organiser: Any, contest: Any) -> None:
    html = login(organiser).get(contest.get_absolute_url()).content.decode()
    assert f'href="{_url(contest)}"' in html
    assert "Aide" in html
