"""The organiser's guide (issue 15 item 7), linked from the cockpit's "Aide".

One source of truth per language: ``docs/guide-organisateur.md`` (French, the default and the
fallback) and its translations (``docs/guide-organiser.en.md``), read in the repository and
rendered here with the site's styles and the contest's breadcrumbs, in the request's active
language. Its screenshots (``docs/guide/*.png``, taken by ``tests/e2e/test_guide_screenshots.py``)
are static files under ``guide/`` (``STATICFILES_DIRS``): the Markdown says ``guide/…png`` (right
on GitHub, beside the file), and each such image source is rewritten to its static URL. The
Markdown is the project's own file, not user input; raw HTML in it is still escaped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournaments import access

GUIDE = settings.BASE_DIR / "docs" / "guide-organisateur.md"
# The guide's translations by language code; a language without one reads the French guide.
TRANSLATIONS: dict[str, Path] = {"en": settings.BASE_DIR / "docs" / "guide-organiser.en.md"}
_IMAGE = re.compile(r'<img\b[^>]*\bsrc="guide/([A-Za-z0-9_-]+\.png)"[^>]*>')


def _render(text: str) -> str:
    import markdown  # type: ignore[import-untyped]
    from markdown.extensions import Extension  # type: ignore[import-untyped]

    class EscapeHtml(Extension):
        def extendMarkdown(self, md):  # type: ignore[no-untyped-def]
            md.preprocessors.deregister("html_block")
            md.inlinePatterns.deregister("html")

    # fenced_code: the guide's ```sh blocks are code blocks, not inline code starting "sh".
    extensions = ["toc", "tables", "sane_lists", "fenced_code", EscapeHtml()]
    html = markdown.markdown(text, extensions=extensions)
    return _IMAGE.sub(_linked_image, html)


def _linked_image(match: re.Match[str]) -> str:
    """A screenshot at its static URL, inside a link to itself: on a phone the column shrinks
    it, a tap opens it full size."""
    url = static("guide/" + match.group(1))
    tag = match.group(0).replace(f'src="guide/{match.group(1)}"', f'src="{url}" loading="lazy"')
    return f'<a class="guide-shot" href="{url}">{tag}</a>'


@lru_cache(maxsize=4)
def _guide_html(path: Path, mtime: float) -> str:
    return _render(path.read_text(encoding="utf-8"))


def guide_source(language: str | None) -> tuple[Path, str]:
    """The guide's file for ``language`` and the language it is written in (French fallback)."""
    code = (language or settings.LANGUAGE_CODE).split("-")[0].lower()
    path = TRANSLATIONS.get(code)
    if path is not None and path.is_file():
        return path, code
    return GUIDE, "fr"


def guide_html(language: str | None = "fr") -> str:
    """The guide as HTML in ``language`` (or French), read again when its file changes."""
    path, _code = guide_source(language)
    return _guide_html(path, path.stat().st_mtime)


@access.organiser_view("GET")
def guide(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The guide, with breadcrumbs back to the club and the contest's cockpit."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    path, code = guide_source(get_language())
    html = _guide_html(path, path.stat().st_mtime)
    return render(
        request,
        "tournaments/guide.html",
        {"club": contest.club, "contest": contest, "guide": mark_safe(html), "guide_lang": code},
    )
