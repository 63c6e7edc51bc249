"""The organiser's guide (issue 15 item 7): ``docs/guide-organisateur.md`` served in the app.

An organiser reads it with the site's styles and the contest's breadcrumbs; an anonymous
visitor goes to the login page; every screenshot it shows answers 200; the cockpit links to it.
In English (cookie or Accept-Language) the page is ``docs/guide-organiser.en.md``, the French
guide when that file is missing; the two files keep the same sections and the same images.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.conftest import login
from tournaments.contests import guide as views_guide
from tournaments.contests.guide import GUIDE

ENGLISH = views_guide.TRANSLATIONS["en"]

pytestmark = pytest.mark.django_db


def _url(contest: Any) -> str:
    return reverse("tournaments:guide", args=[contest.club.slug, contest.pk])


def _headings(path: Path = GUIDE) -> list[str]:
    return re.findall(r"^#{1,2} (.+)$", path.read_text(encoding="utf-8"), re.M)


def _images(path: Path) -> list[str]:
    return re.findall(r"\]\((guide/[^)]+\.png)\)", path.read_text(encoding="utf-8"))


def _article(response: Any) -> str:
    assert response.status_code == 200
    return response.content.decode().split('id="guide"', 1)[1]


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
    # Each screenshot is a link to itself, full size (the column shrinks it on a phone).
    linked = re.findall(r'<a class="guide-shot" href="([^"]+)"><img[^>]+src="([^"]+)"', article)
    assert [src for _href, src in linked] == sources
    assert all(href == src for href, src in linked)


def test_the_cockpit_links_to_the_guide(organiser: Any, contest: Any) -> None:
    html = login(organiser).get(contest.get_absolute_url()).content.decode()
    assert f'href="{_url(contest)}"' in html
    assert "Aide" in html


def test_english_organisers_read_the_english_guide(organiser: Any, contest: Any) -> None:
    by_cookie = login(organiser)
    by_cookie.cookies["django_language"] = "en"
    by_header = login(organiser)
    for article in (
        _article(by_cookie.get(_url(contest))),
        _article(by_header.get(_url(contest), HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")),
    ):
        assert article.startswith(' lang="en"')
        assert "When things go wrong" in article and "Draw round 1" in article
        assert "Quand ça se passe mal" not in article
        for heading in _headings(ENGLISH):
            assert re.search(r"<h[12][^>]*>" + re.escape(heading) + "</h", article), heading


def test_french_is_served_without_an_english_request(organiser: Any, contest: Any) -> None:
    client = login(organiser)
    for headers in ({}, {"HTTP_ACCEPT_LANGUAGE": "fr"}, {"HTTP_ACCEPT_LANGUAGE": "de"}):
        article = _article(client.get(_url(contest), **headers))
        assert article.startswith(' lang="fr"'), headers
        assert "Quand ça se passe mal" in article and "When things go wrong" not in article


def test_english_falls_back_to_french_when_the_translation_is_missing(
    organiser: Any, contest: Any, monkeypatch: Any, tmp_path: Path
) -> None:
    monkeypatch.setitem(views_guide.TRANSLATIONS, "en", tmp_path / "missing.en.md")
    response = login(organiser).get(_url(contest), HTTP_ACCEPT_LANGUAGE="en")
    article = _article(response)
    assert article.startswith(' lang="fr"')
    assert "Quand ça se passe mal" in article
    # The page around it is still English: only the guide's text falls back.
    assert '<html lang="en"' in response.content.decode()


def test_the_english_guide_keeps_the_french_sections_and_images() -> None:
    def sections(path: Path) -> list[str]:
        return re.findall(r"^(#{1,3}) ", path.read_text(encoding="utf-8"), re.M)

    assert "When things go wrong" in _headings(ENGLISH)
    # The same outline: as many # and ## headings, every heading's level in the same order.
    assert len(_headings(ENGLISH)) == len(_headings())
    assert "##" in sections(GUIDE) and sections(ENGLISH) == sections(GUIDE)
    # The same screenshots, in the same order, and the same code blocks.
    assert _images(GUIDE) and _images(ENGLISH) == _images(GUIDE)
    fences = re.compile(r"^```.*$", re.M)
    assert fences.findall(ENGLISH.read_text(encoding="utf-8")) == fences.findall(
        GUIDE.read_text(encoding="utf-8")
    )


def test_code_blocks_render_as_code_blocks() -> None:
    for language in ("fr", "en"):
        html = views_guide.guide_html(language)
        assert '<pre><code class="language-sh">make hall\n</code></pre>' in html, language
        assert "<code>sh" not in html, language
