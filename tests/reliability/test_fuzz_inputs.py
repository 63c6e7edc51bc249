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
from tests.reliability.test_isolation import (
    ORGANISER_NAMESPACES,
    PUBLIC_NAMESPACES,
    _patterns,
    _url,
)

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
        if namespace in ORGANISER_NAMESPACES:
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
    # The fingerprint of the database as it stands, when known: after a refusal, the "after"
    # fingerprint (proved equal to "before") is the state the next request starts from, so it
    # serves as that request's "before". Half the fingerprints (most answers are refusals),
    # each 4xx still compared with a fingerprint taken just before it. Forgotten (None) as
    # soon as a request may have changed something, or a check failed.
    known: list[dict[str, str] | None] = [None]

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
        before = known[0] if known[0] is not None else database_fingerprint()
        known[0] = None
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
            after = database_fingerprint()
            assert after == before, (name, data, status)
            known[0] = after
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
        "seasons:create",
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


# --- NUL bytes, ids beyond 64 bits, double clicks (issue 13, item 9) ----------------------------

NUL_TEXT = "Jean\x00Martin"
BEYOND_64_BITS = 2**64 + 7


def _tournaments_posts(world: dict[str, Any]) -> list[tuple[str, str]]:
    return [
        (name, url)
        for kind, name, url in _post_urls(world)
        if kind == "organiser" and name.startswith("tournaments:")
    ]


@pytest.mark.django_db
def test_nul_bytes_in_every_field_are_refused_in_french(world: dict[str, Any]) -> None:
    """A NUL character in any text field of a tournaments form is a French field error, never
    a 500 (PostgreSQL refuses NUL in text): nothing is written."""
    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    urls = _tournaments_posts(world)
    vocabulary = _vocabulary(organiser, [("organiser", n, u) for n, u in urls])
    checked = 0
    for name, url in urls:
        if name.endswith(("_import_confirm",)):
            continue
        data = dict.fromkeys(vocabulary, NUL_TEXT)
        before = database_fingerprint()
        response = organiser.post(url, data)
        assert response.status_code < 500, (name, response.status_code)
        if response.status_code >= 400:
            assert database_fingerprint() == before, name
            if response.status_code not in (404, 405):
                assert FRENCH.search(response.content.decode()), name
        checked += 1
    assert checked > 10


@pytest.mark.django_db
def test_nul_bytes_in_search_parameters_do_not_break_pages(world: dict[str, Any]) -> None:
    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    query = "?q=a%00b&player1=Je%00an&player2=%00&type=deal%00&page=%00&preset=%00"
    checked = 0
    for namespace, route, pattern in _patterns():
        if namespace not in ("tournaments", "tournaments_public", "public"):
            continue
        url = _url(pattern, route, world["kwargs"])
        response = organiser.get(url + query)
        assert response.status_code < 500, (pattern.name, response.status_code)
        checked += 1
    assert checked > 10


@pytest.mark.django_db
def test_ids_beyond_64_bits_are_404_not_500(world: dict[str, Any]) -> None:
    """``<int:…>`` accepts any number of digits; SQLite raises OverflowError past 2^63."""
    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    anonymous = Client()
    checked = 0
    for namespace, route, pattern in _patterns():
        if namespace not in ORGANISER_NAMESPACES + PUBLIC_NAMESPACES:
            continue
        ints = [
            n for n, c in pattern.pattern.converters.items() if type(c).__name__ == "IntConverter"
        ]
        for name in ints:
            url = _url(pattern, route, world["kwargs"], **{name: BEYOND_64_BITS})
            for client in (organiser, anonymous):
                for method in ("get", "post"):
                    response = getattr(client, method)(url)
                    assert response.status_code < 500, (pattern.name, name, method)
                    assert response.status_code in (302, 404, 405), (pattern.name, name, method)
            checked += 1
    assert checked >= 10


@pytest.mark.django_db
def test_swap_and_move_numbers_beyond_64_bits_are_form_errors(world: dict[str, Any]) -> None:
    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    kwargs = {**world["kwargs"], "round_number": 2}
    from django.urls import reverse

    for name, data in (
        ("tournaments:round_swap", {"first": str(BEYOND_64_BITS), "second": "1"}),
        ("tournaments:round_move", {"entry": str(BEYOND_64_BITS), "table": "1"}),
        ("tournaments:entries", {"player1": f"Jean Martin #{BEYOND_64_BITS}", "player2": "A B"}),
    ):
        keys = (
            ("club_slug", "contest_id", "round_number")
            if "round" in name
            else ("club_slug", "contest_id")
        )
        url = reverse(name, kwargs={k: kwargs[k] for k in keys})
        before = database_fingerprint()
        response = organiser.post(url, data)
        assert response.status_code == 400, (name, response.status_code)
        assert database_fingerprint() == before, name


@pytest.mark.django_db
def test_double_click_on_add_player_is_one_player_and_a_french_refusal(
    world: dict[str, Any],
) -> None:
    from django.urls import reverse

    from tournaments.models import Player

    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    url = reverse("tournaments:players", kwargs={"club_slug": world["kwargs"]["club_slug"]})
    data = {"first_name": "Double", "last_name": "Clic", "licence": ""}
    assert organiser.post(url, data).status_code == 302
    second = organiser.post(url, data)
    assert second.status_code == 400 and "existe déjà" in second.content.decode()
    assert Player.objects.filter(last_name="Clic").count() == 1


@pytest.mark.django_db
def test_add_player_race_lost_on_the_constraint_is_a_refusal(world: dict[str, Any]) -> None:
    """Both clicks passed the duplicate check before either saved: the second insert meets the
    club register's unique constraint and is refused, not a 500."""
    from unittest import mock

    from tournaments import services
    from tournaments.models import Player

    club = world["contest"].club
    services.save_player(club, first_name="Course", last_name="Perdue")
    before = database_fingerprint()
    with (
        mock.patch("django.db.models.query.QuerySet.exists", return_value=False),
        pytest.raises(services.ServiceError) as refused,
    ):
        services.save_player(club, first_name="Course", last_name="Perdue")
    assert refused.value.code == "player.duplicate_name"
    assert database_fingerprint() == before
    assert Player.objects.filter(last_name="Perdue").count() == 1


@pytest.mark.django_db
def test_quick_add_race_on_a_new_player_reuses_the_one_saved(world: dict[str, Any]) -> None:
    from unittest import mock

    from tournaments import services
    from tournaments.services.clubs import players as player_services

    club = world["contest"].club
    saved = services.save_player(club, first_name="Nouveau", last_name="Venu")
    real = player_services.find_player
    calls = iter([None])  # the first look missed it: the other click had not committed yet

    def find(*args: Any, **kwargs: Any) -> Any:
        return next(calls, None) or real(*args, **kwargs)

    with mock.patch.object(player_services, "find_player", side_effect=find):
        player, created = services.get_or_create_player(club, "Nouveau", "Venu")
    assert (player.pk, created) == (saved.pk, False)


@pytest.mark.django_db
def test_double_click_on_quick_add_team_is_one_team(world: dict[str, Any]) -> None:
    from django.urls import reverse

    from tournaments.models import Entry

    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    kwargs = {k: world["kwargs"][k] for k in ("club_slug", "contest_id")}
    url = reverse("tournaments:entries", kwargs=kwargs)
    data = {"player1": "Rapide Clic", "player2": "Lente Souris", "checked_in": "on"}
    count = Entry.objects.count()
    assert organiser.post(url, data).status_code == 302
    second = organiser.post(url, data)
    assert 400 <= second.status_code < 500
    assert FRENCH.search(second.content.decode())
    assert Entry.objects.count() == count + 1


@pytest.mark.django_db
def test_double_click_on_delete_round(world: dict[str, Any]) -> None:
    """The second click finds the round gone: the same success (or 404), never a 500."""
    from unittest import mock

    from django.urls import reverse

    from tournaments import access, services
    from tournaments.models import Round

    organiser = Client()
    assert organiser.login(username="organisatrice", password=PASSWORD)
    contest = world["contest"]
    kwargs = {"club_slug": contest.club.slug, "contest_id": contest.pk, "round_number": 2}
    url = reverse("tournaments:round_delete", kwargs=kwargs)
    stale = Round.objects.get(contest=contest, number=2)
    assert organiser.post(url).status_code == 302
    assert not Round.objects.filter(contest=contest, number=2).exists()
    # The second click, after the first: the round is not found.
    assert organiser.post(url).status_code == 404
    # The second click, racing the first: it fetched the round before the first deleted it.
    with mock.patch.object(access, "round_for", return_value=stale):
        response = organiser.post(url)
    assert response.status_code == 302
    with pytest.raises(services.ServiceError) as gone:
        services.delete_round(stale)
    assert (gone.value.code, gone.value.status) == ("round.gone", 404)
