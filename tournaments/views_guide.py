"""The organiser's guide (issue 15 item 7), linked from the cockpit's "Aide".

One source of truth: ``docs/guide-organisateur.md``, read in the repository and rendered here
with the site's styles and the contest's breadcrumbs. Its screenshots (``docs/guide/*.png``,
taken by ``tests/e2e/test_guide_screenshots.py``) are static files under ``guide/``
(``STATICFILES_DIRS``): the Markdown says ``guide/…png`` (right on GitHub, beside the file),
and each such image source is rewritten to its static URL. The Markdown is the project's own
file, not user input; raw HTML in it is still escaped.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.safestring import mark_safe

from tournaments import access

GUIDE = settings.BASE_DIR / "docs" / "guide-organisateur.md"
_IMAGE = re.compile(r'src="guide/([A-Za-z0-9_-]+\.png)"')


def _render(text: str) -> str:
    import markdown  # type: ignore[import-untyped]
    from markdown.extensions import Extension  # type: ignore[import-untyped]

    class EscapeHtml(Extension):
        def extendMarkdown(self, md):  # type: ignore[no-untyped-def]
            md.preprocessors.deregister("html_block")
            md.inlinePatterns.deregister("html")

    html = markdown.markdown(text, extensions=["toc", "tables", "sane_lists", EscapeHtml()])
    return _IMAGE.sub(lambda m: f'src="{static("guide/" + m.group(1))}" loading="lazy"', html)


@lru_cache(maxsize=4)
def _guide_html(mtime: float) -> str:
    return _render(GUIDE.read_text(encoding="utf-8"))


def guide_html() -> str:
    """The guide as HTML, read again when the file changes."""
    return _guide_html(GUIDE.stat().st_mtime)


@access.organiser_view("GET")
def guide(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The guide, with breadcrumbs back to the club and the contest's cockpit."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    return render(
        request,
        "tournaments/guide.html",
        {"club": contest.club, "contest": contest, "guide": mark_safe(guide_html())},
    )
