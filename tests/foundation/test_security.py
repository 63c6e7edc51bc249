"""Security headers on every page, and throttled logins (the organisers' page and the admin's).

Changed with issue 13 (the old behaviour was the bug): 5 failures for a user name no longer
refuse the right password from other clients (was 429 for everyone for 15 minutes), 20 failures
at an address no longer refuse every user there, and the admin's login is throttled too.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from config.throttles import logins as auth
from tests.conftest import PASSWORD

N = auth.MAX_FAILURES_PER_USER_AND_ADDRESS  # failures of one client for one user name


@pytest.fixture(autouse=True)
def _clear_cache() -> None:
    cache.clear()


@pytest.mark.django_db
def test_headers_on_pages(client: Client) -> None:
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_no_inline_script_in_base_page(client: Client) -> None:
    html = client.get("/compte/connexion/").content.decode()
    # Every <script> tag loads a file: nothing inline for the CSP to block.
    for chunk in html.split("<script")[1:]:
        assert 'src="' in chunk.split(">")[0]


def _login(client: Client, username: str, password: str, addr: str = "10.0.0.1") -> Any:
    return client.post(
        "/compte/connexion/", {"username": username, "password": password}, REMOTE_ADDR=addr
    )


def _delay_runs_out() -> None:
    """Every running delay ends now (as it would after its ``Retry-After``)."""
    cache.delete_many([k for k in _cache_keys() if k.endswith(":wait")])


def _cache_keys() -> list[str]:
    # LocMemCache keeps its keys as ":<version>:<key>".
    return [k.split(":", 2)[2] for k in cache._cache]  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_login_works(client: Client, organiser: Any) -> None:
    response = _login(client, "organisatrice", PASSWORD)
    assert response.status_code == 302
    assert response.url == "/orga/"


@pytest.mark.django_db
def test_a_client_failing_for_one_user_is_delayed(client: Client, organiser: Any) -> None:
    """The client that made the failures waits, even with the right password (its own
    failures, not someone else's); the delay ends and it logs in."""
    for _ in range(N):
        response = _login(client, "organisatrice", "mauvais")
        assert response.status_code == 200
    response = _login(client, "organisatrice", PASSWORD)
    assert response.status_code == 429
    assert "Trop de tentatives" in response.content.decode()
    assert int(response["Retry-After"]) == auth.FIRST_DELAY_SECONDS
    assert "_auth_user_id" not in client.session
    _delay_runs_out()
    assert _login(client, "organisatrice", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_the_right_password_logs_in_after_someone_elses_failures(organiser: Any) -> None:
    """Was 429 for 15 minutes: 5 wrong passwords by anyone locked the organiser out."""
    attacker = Client()
    for _ in range(N + 3):
        _login(attacker, "organisatrice", "mauvais", addr="203.0.113.66")
    assert _login(attacker, "organisatrice", PASSWORD, addr="203.0.113.66").status_code == 429
    # The organiser, from anywhere else.
    owner = Client()
    assert _login(owner, "organisatrice", PASSWORD, addr="10.0.0.1").status_code == 302
    assert owner.session["_auth_user_id"] == str(organiser.pk)


@pytest.mark.django_db
def test_the_right_password_logs_in_after_six_failures_at_the_same_address(
    organiser: Any,
) -> None:
    """A colleague mistyping the organiser's name six times in the hall (one address): the
    organiser, on a browser of their own, logs in."""
    for _ in range(6):
        assert _login(Client(), "organisatrice", "mauvais", addr="192.0.2.10").status_code == 200
    assert _login(Client(), "organisatrice", PASSWORD, addr="192.0.2.10").status_code == 302


@pytest.mark.django_db
def test_a_known_device_logs_in_whatever_others_did(organiser: Any) -> None:
    """Even from the attacker's own address (one hall, one NAT), and after the user name has
    failed from everywhere: the browser where the organiser logged in before is let in."""
    laptop = Client()
    assert _login(laptop, "organisatrice", PASSWORD, addr="192.0.2.10").status_code == 302
    assert auth.KNOWN_DEVICE_COOKIE in laptop.cookies
    laptop.post("/compte/deconnexion/")
    for index in range(40):
        _login(Client(), "organisatrice", "mauvais", addr="192.0.2.10")
        _login(Client(), "organisatrice", "mauvais", addr=f"198.51.100.{index}")
    assert _login(Client(), "organisatrice", PASSWORD, addr="192.0.2.10").status_code == 429
    assert _login(Client(), "organisatrice", PASSWORD, addr="198.51.100.200").status_code == 429
    assert _login(laptop, "organisatrice", PASSWORD, addr="192.0.2.10").status_code == 302
    # A forged or another user's cookie is worth nothing.
    forged = Client()
    forged.cookies[auth.KNOWN_DEVICE_COOKIE] = laptop.cookies[auth.KNOWN_DEVICE_COOKIE].value + "x"
    assert _login(forged, "organisatrice", PASSWORD, addr="192.0.2.10").status_code == 429


@pytest.mark.django_db
def test_a_known_device_failing_is_delayed_on_its_own(organiser: Any) -> None:
    laptop = Client()
    assert _login(laptop, "organisatrice", PASSWORD).status_code == 302
    laptop.post("/compte/deconnexion/")
    for _ in range(auth.MAX_FAILURES_PER_KNOWN_DEVICE):
        assert _login(laptop, "organisatrice", "mauvais").status_code == 200
    assert _login(laptop, "organisatrice", PASSWORD).status_code == 429
    # Its failures were its own: another client at the same address is not delayed.
    assert _login(Client(), "organisatrice", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_failures_per_address_do_not_lock_a_hall_out_easily(client: Client, organiser: Any) -> None:
    """Was: 20 failures of any user names at an address, and every user there got 429."""
    for index in range(30):
        _login(Client(), f"inconnu{index}", "mauvais", addr="10.9.9.9")
    assert _login(client, "organisatrice", PASSWORD, addr="10.9.9.9").status_code == 302
    client.post("/compte/deconnexion/")
    for index in range(30, auth.MAX_FAILURES_PER_ADDRESS):
        _login(Client(), f"inconnu{index}", "mauvais", addr="10.9.9.9")
    # Past the address's allowance a new device there waits; elsewhere nobody does.
    assert _login(Client(), "organisatrice", PASSWORD, addr="10.9.9.9").status_code == 429
    assert _login(Client(), "organisatrice", PASSWORD, addr="10.1.1.1").status_code == 302


@pytest.mark.django_db
def test_the_delay_grows_with_each_failure(organiser: Any) -> None:
    attacker = Client()
    for _ in range(N):
        _login(attacker, "organisatrice", "mauvais")
    delays = []
    for _ in range(4):
        delays.append(int(_login(attacker, "organisatrice", "mauvais")["Retry-After"]))
        _delay_runs_out()
        assert _login(attacker, "organisatrice", "mauvais").status_code == 200  # counted
    first = auth.FIRST_DELAY_SECONDS
    assert delays == [first, 2 * first, 4 * first, 8 * first]
    # Refused attempts are not checked and do not lengthen the delay.
    for _ in range(5):
        assert _login(attacker, "organisatrice", PASSWORD).status_code == 429
    assert int(_login(attacker, "organisatrice", "mauvais")["Retry-After"]) == 16 * first


@pytest.mark.django_db
@pytest.mark.parametrize(
    "look_alike",
    ["ｏｒｇａｎｉｓａｔｒｉｃｅ", "ORGANISATRICE", "Organisatrice ", "ｏrganisatrice"],
)
def test_look_alike_user_names_share_the_counter(organiser: Any, look_alike: str) -> None:
    """Was: full-width (or other case) spellings of a user name each got a fresh counter."""
    attacker = Client()
    for _ in range(N - 1):
        _login(attacker, "organisatrice", "mauvais")
    assert _login(attacker, look_alike, "mauvais").status_code == 200  # the N-th failure
    assert _login(attacker, "organisatrice", PASSWORD).status_code == 429
    assert _login(attacker, look_alike, PASSWORD).status_code == 429


def test_user_name_key_is_normalised_like_django() -> None:
    from django.contrib.auth.forms import UsernameField

    for raw in ["ｏｒｇａｎｉｓａｔｒｉｃｅ", "ﬁlle", "Ⅸ", "é"]:  # e + combining accent
        django_name = UsernameField().to_python(raw)
        assert auth.username_key(raw) == auth.username_key(django_name)
        assert auth.username_key(raw) == django_name.casefold()


# --- the Django admin's login ------------------------------------------------------------------


def _admin_login(client: Client, username: str, password: str, addr: str = "10.0.0.1") -> Any:
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=addr,
    )


@pytest.fixture
def superuser(db: Any) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser("chef", "chef@example.org", PASSWORD)


@pytest.mark.django_db
def test_admin_login_is_throttled(superuser: Any) -> None:
    """Was: 40 wrong superuser passwords, then the right one logged in."""
    attacker = Client()
    for _ in range(40):
        response = _admin_login(attacker, "chef", "mauvais")
        assert response.status_code in (200, 429)
    response = _admin_login(attacker, "chef", PASSWORD)
    assert response.status_code == 429
    assert "Trop de tentatives" in response.content.decode()
    assert "_auth_user_id" not in attacker.session
    # Look-alikes share the count, on the admin too.
    assert _admin_login(attacker, "ＣＨＥＦ", PASSWORD).status_code == 429
    # The superuser from elsewhere logs in; the admin works as before.
    owner = Client()
    response = _admin_login(owner, "chef", PASSWORD, addr="10.2.2.2")
    assert response.status_code == 302 and response.url == "/admin/"
    assert owner.get("/admin/").status_code == 200


@pytest.mark.django_db
def test_admin_and_organiser_logins_share_the_counter(superuser: Any) -> None:
    attacker = Client()
    for _ in range(N // 2):
        _admin_login(attacker, "chef", "mauvais")
    for _ in range(N - N // 2):
        _login(attacker, "chef", "mauvais")
    assert _admin_login(attacker, "chef", PASSWORD).status_code == 429
    assert _login(attacker, "chef", PASSWORD).status_code == 429


@pytest.mark.django_db
def test_admin_refuses_a_non_staff_right_password_without_counting_it(organiser: Any) -> None:
    client = Client()
    for _ in range(N + 2):
        assert _admin_login(client, "organisatrice", PASSWORD).status_code == 200
    assert _login(client, "organisatrice", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_success_clears_user_counter(client: Client, organiser: Any) -> None:
    for _ in range(N - 1):
        _login(client, "organisatrice", "mauvais")
    assert _login(client, "organisatrice", PASSWORD).status_code == 302
    client.logout()
    for _ in range(N - 1):
        assert _login(client, "organisatrice", "mauvais").status_code == 200
    assert _login(client, "organisatrice", PASSWORD).status_code == 302
