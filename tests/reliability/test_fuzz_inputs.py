"""Bad input, fuzzed with hypothesis on every POST endpoint of the project.

Random strings, huge and negative numbers, wrong types, missing fields, stale versions and
broken encodings are posted to every organiser, table-link and login URL. The answer is never
a server error; a refusal (4xx) comes with a page in French and leaves the database exactly as
it was (fingerprint of every table). An accepted request may change the database, as it
should.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import PASSWORD
from tests.reliability.fingerprint import database_fingerprint
from tests.reliability.test_isolation import _patterns, _url

FIELD = re.compile(r'name="([A-Za-z0-9_\-]+)"')
# French words one of which every refusal page shows (messages, form errors, error pages).
FRENCH = re.compile(
    r"(introuvable|invalide|obligatoire|impossible|refus|erreur|incorrect|expiré|"
    r"n'existe pas|ne peut|doit|choisi|saisi|indiquez|vérifi|changé|trop|déjà|aucun|"
    r"format|fichier|nombre|entier|valeur|manche|feuille|donne|équipe|table|autoris)",
    re.IGNORECASE,
)

values = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60),
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "162",
            "163",
            "9" * 40,
            "1e309",
            "NaN",
            "a",
            "b",
            "A",
            "true",
            "null",
            "[]",
            "{}",
            "<script>",
            "' OR 1=1 --",
            "\x00",
        ]
    ),
)


def _post_urls(world: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(kind, name, URL) of every URL that accepts POST for its rightful user."""
    from scoring.models import ScoreSheet

    own_token = ScoreSheet.objects.get(
        table__round__contest=world["contest"], table__round__number=1, table__number=1
    ).token
    urls = [("anonymous", "login", "/compte/connexion/")]
    for namespace, route, pattern in _patterns():
        if namespace in ("tournaments", "scoring", "publishing"):
            urls.append(
                ("organiser", f"{namespace}:{pattern.name}", _url(pattern, route, world["kwargs"]))
            )
        elif namespace == "table":
            urls.append(
                (
                    "table",
                    f"table:{pattern.name}",
                    _url(pattern, route, world["kwargs"], token=own_token),
                )
            )
    return urls


def _vocabulary(client: Client, urls: list[tuple[str, str, str]]) -> list[str]:
    names: set[str] = {"version", "client_id", "team", "taker", "taker_points", "trump"}
    for _kind, _name, url in urls:
        response = client.get(url)
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            names.update(FIELD.findall(response.content.decode(errors="replace")))
    names.discard("csrfmiddlewaretoken")
    return sorted(names)


@pytest.mark.django_db
def test_every_post_endpoint_survives_random_input(world: dict[str, Any]) -> None:
    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    phone = Client()
    anonymous = Client()
    urls = _post_urls(world)
    vocabulary = _vocabulary(organiser, urls)
    clients = {"organiser": organiser, "table": phone, "anonymous": anonymous}

    @settings(
        max_examples=6,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(
        data=st.dictionaries(st.sampled_from(vocabulary), values, max_size=8),
        raw=st.booleans(),
    )
    def check(target: tuple[str, str, str], data: dict[str, str], raw: bool) -> None:
        kind, name, url = target
        client = clients[kind]
        before = database_fingerprint()
        if raw:
            # A body that is not valid UTF-8, declared as a form.
            body = b"&".join(
                f"{k}=".encode() + b"\xff\xfe" + v.encode(errors="ignore")[:20]
                for k, v in data.items()
            )
            response = client.post(url, body, content_type="application/x-www-form-urlencoded")
        else:
            response = client.post(url, data)
        status = response.status_code
        assert status < 500, (name, data, status)
        if 400 <= status < 500:
            assert database_fingerprint() == before, (name, data, status)
            if status not in (404, 405):
                body_text = response.content.decode(errors="replace")
                assert FRENCH.search(body_text), (name, status, body_text[:300])

    for target in urls:
        check(target)


@pytest.mark.django_db
def test_missing_fields_are_refused_without_change(world: dict[str, Any]) -> None:
    """An empty POST to a form that needs fields is a 4xx in French, with nothing saved."""
    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    needs_fields = {
        "tournaments:season_create",
        "tournaments:players",
        "tournaments:player_edit",
        "tournaments:contest_create",
        "tournaments:entries",
        "tournaments:entry_edit",
        "tournaments:round_swap",
        "tournaments:round_move",
        "scoring:sheet_deal",
        "scoring:sheet_totals",
        "scoring:sheet_penalty",
        "publishing:prizes",
    }
    checked = 0
    for _kind, name, url in _post_urls(world):
        if name not in needs_fields:
            continue
        before = database_fingerprint()
        response = organiser.post(url, {})
        assert 400 <= response.status_code < 500, (name, response.status_code)
        assert database_fingerprint() == before, name
        assert FRENCH.search(response.content.decode()), name
        checked += 1
    assert checked == len(needs_fields)
