"""What the browser tests do the same way: log a member of the club in, take the pictures a
person looks at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.conftest import PASSWORD


def log_in(page: Any, base: str, username: str) -> None:
    """Log ``username`` in through the login page, as a person types it, and wait for the
    organiser's pages."""
    page.goto(base + "/compte/connexion/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_url("**/orga/**")


# Where the browser tests leave their pictures of the pages, for a person to look at.
SHOTS_VARIABLES = ("ATOUT_SCREENSHOTS", "ATOUT_SHOTS")


def shots_folder(*parts: str) -> Path | None:
    """``$ATOUT_SCREENSHOTS`` (or ``$ATOUT_SHOTS``) / ``parts``, or None when neither is set."""
    for variable in SHOTS_VARIABLES:
        if os.environ.get(variable):
            return Path(os.environ[variable], *parts)
    return None


def shot_path(folder: Path | None, name: str) -> str | None:
    """Where to save a picture or a PDF named ``name``: None (nothing saved) without a folder."""
    if folder is None:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / name)


def shoot(target: Any, folder: Path | None, name: str, **options: Any) -> None:
    """A picture of ``target`` (a page or an element) in ``folder``, taken only when a folder is
    set: the tests assert on the page, never on its picture, and a full-page picture cost up to
    a second of the suite each (the QR code and the guide's images, which are read, are taken
    directly)."""
    path = shot_path(folder, name)
    if path is not None:
        target.screenshot(path=path, **options)
