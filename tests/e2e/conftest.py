"""What the browser tests share: Debian's chromium through Playwright, against the live server.

``browser`` opens chromium once per test and gives ``new_page(**context_options)``: a page
whose ``errors`` list collects the script errors and CSP refusals seen (the browser's favicon
probe and the previews htmx aborts on purpose excepted), for the test to assert it is empty.
Every test here is skipped with a clear reason where /usr/bin/chromium is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    skip = pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason="needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)",
    )
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(skip)


def _is_noise(msg: Any) -> bool:
    if str(msg.location.get("url", "")).endswith("favicon.ico"):
        return True
    # hx-sync="this:replace" drops an older preview when a newer one starts, or the page moves
    # on after saving: htmx reports the abort, which is no error.
    return str(msg.text).startswith(("htmx:sendAbort", "htmx:afterRequest"))


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Any]]:
    # Playwright's sync API runs an event loop in this thread; Django must still allow ORM
    # calls here (for this test only: os.environ set at import would leak into other tests,
    # and ``check --deploy`` refuses it).
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
            ],
        )

        def new_page(**context_options: Any) -> Any:
            page = chromium.new_context(locale="fr-FR", **context_options).new_page()
            errors: list[str] = []

            def on_console(msg: Any) -> None:
                if msg.type == "error" and not _is_noise(msg):
                    errors.append(msg.text)

            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on("console", on_console)
            page.errors = errors
            return page

        yield new_page
        # The test's database connection lives in this thread's current context (Django keeps
        # connections in context variables): closed here, while Playwright's greenlets still
        # leave that context in place. Left open, it kept the test database busy and
        # PostgreSQL refused to drop it at the end ("being accessed by other users").
        from django.db import connections

        connections.close_all()
        chromium.close()
