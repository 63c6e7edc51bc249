"""Table links are throttled without ever turning a hall away.

A valid link is always served, whatever wrong links its address (one NAT, one 4G router, the
reverse proxy) opened before; wrong links are counted per device and, with a much larger
allowance, per address, with a growing delay; a poll of a dead link stops the page's polling;
the runaway cap is per link and device, so one holder of a printed QR code blocks nobody.
Short links (``/t/<code>/``, 40 bits) are table links to the throttle: their wrong codes share
the same counts and delays, and a valid code is never refused.

Changed from the first version (whose behaviour was the bug of issue 13): an address past its
wrong-link allowance got 429 for *every* table link, valid ones included, for 10 minutes; the
runaway cap was per link, shared by every phone of the table; the counters were read from
REMOTE_ADDR only. The old tests asserting those are rewritten below.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from config.throttles import counters as ratelimit

HALL = "192.0.2.10"  # the one address every phone of the hall shares


@pytest.fixture
def sheets(club: Any) -> list[Any]:
    """Round 1 of a contest, published, with two tables and their sheets."""
    from scoring import services
    from tests.scoring.conftest import _entries, make_contest, make_round

    contest = make_contest(club, "club_contest", "salle")
    entries = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(entries[0], entries[1]), (entries[2], entries[3])])
    return [services.sheet_of_table(table) for table in round_.tables.order_by("number")]


def _link(sheet: Any, name: str = "") -> str:
    return f"/table/r{sheet.table.round.number}/t{sheet.table.number}/{sheet.token}/{name}"


def _poll(client: Client, url: str) -> Any:
    """What the table page's ``hx-get="…/etat/" hx-trigger="every 15s"`` sends."""
    return client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TRIGGER="sheet-state")


# --- the hall scenario -------------------------------------------------------------------------


@pytest.mark.django_db
def test_sixty_wrong_links_then_a_valid_one_from_the_same_address(sheets: list[Any]) -> None:
    """Was 429 for the valid link: the address had used up its 60 wrong links."""
    guesser = Client(REMOTE_ADDR=HALL)
    answers = {guesser.get(f"/table/r1/t1/devine{index}/").status_code for index in range(60)}
    assert answers <= {404, 429}
    # The same client, then another phone of the hall: the valid link is served.
    assert guesser.get(_link(sheets[0])).status_code == 200
    phone = Client(REMOTE_ADDR=HALL)
    assert phone.get(_link(sheets[1])).status_code == 200
    assert _poll(phone, _link(sheets[1], "etat/")).status_code == 200


@pytest.mark.django_db
def test_valid_links_are_served_whatever_the_counters(sheets: list[Any], monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 2)
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_DEVICE", 2)
    phone = Client(REMOTE_ADDR=HALL)
    assert phone.get(_link(sheets[0])).status_code == 200  # gets its device cookie
    for index in range(10):
        phone.get(f"/table/r1/t1/faux{index}/")
        Client(REMOTE_ADDR=HALL).get(f"/table/r1/t2/autre{index}/")
    assert phone.get("/table/r1/t1/encore-faux/").status_code == 429
    # Both the device and the address are in their delay: valid links still answer.
    assert phone.get(_link(sheets[0])).status_code == 200
    assert _poll(phone, _link(sheets[0], "etat/")).status_code == 200
    assert Client(REMOTE_ADDR=HALL).get(_link(sheets[1])).status_code == 200


@pytest.mark.django_db
def test_a_renewed_link_stops_polling_and_the_hall_is_not_refused(sheets: list[Any]) -> None:
    """The phones left open on a table page whose link was renewed: their poll is told to stop
    (htmx's 286, a French message without a poll trigger in place of the scoreboard), and no
    number of such polls gets the address refused."""
    from scoring import services

    phones = [Client(REMOTE_ADDR=HALL) for _ in range(5)]
    for phone in phones:
        assert phone.get(_link(sheets[0])).status_code == 200
    old_page, old_state = _link(sheets[0]), _link(sheets[0], "etat/")
    services.regenerate_token(sheets[0].pk)
    sheets[0].refresh_from_db()

    # An hour of polling (every 15 s) by the five phones, had they not stopped: each answer
    # tells htmx to stop, and never becomes a 429 that htmx would repeat.
    for _ in range(4 * 60 // 5):
        for phone in phones:
            response = _poll(phone, old_state)
            assert response.status_code == ratelimit.HTMX_STOP_POLLING == 286
    body = response.content.decode()
    assert 'id="sheet-state"' in body  # replaces the scoreboard (hx-swap="outerHTML")
    assert "hx-trigger" not in body and "hx-get" not in body
    assert "Ce lien de table n'est plus valable." in body
    # The page opened on the old link says so too (no poll trigger in a 404 page).
    # Reloaded, the old link's page says it is dead (a 404 page has no poll trigger): the same
    # dead link asked again is not a new guess, so no delay.
    reloaded = phones[0].get(old_page)
    assert reloaded.status_code == 404
    assert "hx-trigger" not in reloaded.content.decode()

    # The new link works for those phones and for the rest of the hall.
    for phone in [*phones, Client(REMOTE_ADDR=HALL)]:
        assert phone.get(_link(sheets[0])).status_code == 200
        assert phone.get(_link(sheets[1])).status_code == 200


def test_the_table_page_polls_its_state() -> None:
    """What the poll above imitates: the scoreboard polls its state URL, and is swapped whole."""
    from pathlib import Path

    from django.conf import settings

    html = (Path(settings.BASE_DIR) / "templates/scoring/_table_state.html").read_text()
    assert 'id="sheet-state"' in html and 'hx-get="{{ state_url }}"' in html
    assert 'hx-trigger="every 15s, clock-changed from:body"' in html
    assert 'hx-swap="outerHTML"' in html


# --- guesses: per device, per address, a growing delay ------------------------------------------


@pytest.mark.django_db
def test_a_device_guessing_links_gets_a_growing_delay(sheets: list[Any], monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_DEVICE", 5)
    guesser = Client(REMOTE_ADDR=HALL)
    guesser.get(_link(sheets[0]))  # a device cookie, as every phone of the hall has
    assert guesser.cookies[ratelimit.DEVICE_COOKIE].value
    for index in range(5):
        assert guesser.get(f"/table/r1/t1/devine{index}/").status_code == 404
    delays = []
    for index in range(4):
        response = guesser.get(f"/table/r1/t1/devine-encore{index}/")
        assert response.status_code == 429
        assert "Trop de liens de table erronés" in response.content.decode()
        delays.append(int(response["Retry-After"]))
    first = ratelimit.BAD_LINK_FIRST_DELAY_SECONDS
    assert delays == [2 * first, 4 * first, 8 * first, 16 * first]  # it grows
    # Another phone of the same hall, with its own cookie, is not affected.
    phone = Client(REMOTE_ADDR=HALL)
    phone.get(_link(sheets[1]))
    assert phone.get("/table/r1/t1/une-faute-de-frappe/").status_code == 404


@pytest.mark.django_db
def test_the_delay_ends_then_one_more_try(sheets: list[Any], monkeypatch: Any) -> None:
    from django.core.cache import cache

    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_DEVICE", 2)
    guesser = Client(REMOTE_ADDR=HALL)
    guesser.get(_link(sheets[0]))
    for index in range(2):
        guesser.get(f"/table/r1/t1/devine{index}/")
    assert guesser.get("/table/r1/t1/devine-encore/").status_code == 429
    device = guesser.cookies[ratelimit.DEVICE_COOKIE].value
    cache.delete(ratelimit.key("bad-link-device", device) + ":wait")  # the delay ran out
    assert guesser.get("/table/r1/t1/apres-attente/").status_code == 404
    assert guesser.get("/table/r1/t1/tout-de-suite/").status_code == 429


@pytest.mark.django_db
def test_a_client_dropping_its_cookie_is_counted_per_address(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 5)
    for index in range(5):
        assert Client(REMOTE_ADDR="10.0.0.7").get(f"/table/r1/t1/devine{index}/").status_code == 404
    response = Client(REMOTE_ADDR="10.0.0.7").get("/table/r1/t1/devine-encore/")
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    # Another address is not affected.
    assert Client(REMOTE_ADDR="10.0.0.8").get("/table/r1/t1/autre/").status_code == 404


@pytest.mark.django_db
def test_other_pages_are_not_throttled(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 1)
    client = Client()
    for _ in range(3):
        assert client.get("/concours/x/y/").status_code == 404


# --- the runaway cap ---------------------------------------------------------------------------


def _runaway_on_one_link_is_stopped(sheet: Any) -> Client:
    """With MAX_REQUESTS_PER_LINK at 3: the 4th request of a device on a link gets 429,
    another phone on that link, and the device on another link, do not."""
    runaway = Client(REMOTE_ADDR=HALL)
    runaway.cookies[ratelimit.DEVICE_COOKIE] = "boucle"
    for _ in range(3):
        assert runaway.get(_link(sheet)).status_code == 200
    response = runaway.get(_link(sheet))
    assert response.status_code == 429
    assert "Trop de demandes" in response.content.decode()
    assert response["Retry-After"] == str(ratelimit.WINDOW_SECONDS)
    assert runaway.get("/table/r1/t1/un-autre-lien/").status_code == 404
    other_phone = Client(REMOTE_ADDR=HALL)
    other_phone.cookies[ratelimit.DEVICE_COOKIE] = "autre"
    assert other_phone.get(_link(sheet)).status_code == 200
    return runaway


@pytest.mark.django_db
def test_a_runaway_client_on_one_link_is_stopped(sheets: list[Any], monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_REQUESTS_PER_LINK", 3)
    _runaway_on_one_link_is_stopped(sheets[0])


@pytest.mark.django_db
def test_one_holder_of_the_qr_code_cannot_block_the_table(
    sheets: list[Any], monkeypatch: Any
) -> None:
    """Was: 1,000 requests on a link from anyone, and the link answered 429 to every phone."""
    monkeypatch.setattr(ratelimit, "MAX_REQUESTS_PER_LINK", 20)
    # Hammering without cookies, then with a new cookie each time, from the hall's address.
    for _ in range(40):
        Client(REMOTE_ADDR=HALL).get(_link(sheets[0], "etat/"))
        holder = Client(REMOTE_ADDR=HALL)
        holder.cookies[ratelimit.DEVICE_COOKIE] = f"jetable{_}"
        holder.get(_link(sheets[0], "etat/"))
    # The table's two phones: the one already open, and one scanning the QR code now.
    players = Client(REMOTE_ADDR=HALL)
    players.cookies[ratelimit.DEVICE_COOKIE] = "telephone-de-la-table"
    assert players.get(_link(sheets[0])).status_code == 200
    assert _poll(players, _link(sheets[0], "etat/")).status_code == 200
    newcomer = Client(REMOTE_ADDR=HALL)
    response = newcomer.get(_link(sheets[0]))
    # A cookie-less first visit shares its address's count on this link: when an attacker
    # used it up, the answer gives the phone its own cookie, and the next try is served.
    if response.status_code == 429:
        assert newcomer.cookies[ratelimit.DEVICE_COOKIE].value
        response = newcomer.get(_link(sheets[0]))
    assert response.status_code == 200


@pytest.mark.django_db
def test_the_middleware_reads_the_cookie_the_table_page_sets(sheets: list[Any]) -> None:
    client = Client()
    client.get(_link(sheets[0]))
    assert ratelimit.DEVICE_COOKIE in client.cookies


# --- short links (/t/K7QF-M2XA): wrong codes count like wrong links ------------------------------


def _short(sheet: Any) -> str:
    return f"/t/{sheet.short_code[:4]}-{sheet.short_code[4:]}/"


def _wrong_code(index: int) -> str:
    """A well-formed code of no sheet (``ZZZZ-0007``), as a guesser would type."""
    return f"/t/ZZZZ-{index:04d}/"


@pytest.mark.django_db
def test_sixty_wrong_short_codes_then_a_valid_one_from_the_same_address(
    sheets: list[Any],
) -> None:
    guesser = Client(REMOTE_ADDR=HALL)
    answers = {guesser.get(_wrong_code(index)).status_code for index in range(60)}
    assert answers <= {404, 429} and 404 in answers
    # The same client, then another phone of the hall: a valid code is served.
    response = guesser.get(_short(sheets[0]))
    assert response.status_code == 302 and response["Location"] == _link(sheets[0])
    assert guesser.get(_short(sheets[0]), follow=True).status_code == 200
    phone = Client(REMOTE_ADDR=HALL)
    assert phone.get(_short(sheets[1]), follow=True).status_code == 200
    assert phone.get(_short(sheets[1]).lower().replace("-", "")).status_code == 302


@pytest.mark.django_db
def test_wrong_short_codes_get_the_growing_delay_valid_ones_never(
    sheets: list[Any], monkeypatch: Any
) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_DEVICE", 5)
    guesser = Client(REMOTE_ADDR=HALL)
    guesser.get(_link(sheets[0]))  # a device cookie, as every phone of the hall has
    for index in range(5):
        assert guesser.get(_wrong_code(index)).status_code == 404
    delays = []
    for index in range(5, 8):
        response = guesser.get(_wrong_code(index))
        assert response.status_code == 429
        assert "Trop de liens de table erronés" in response.content.decode()
        delays.append(int(response["Retry-After"]))
    first = ratelimit.BAD_LINK_FIRST_DELAY_SECONDS
    assert delays == [2 * first, 4 * first, 8 * first]
    # While its delay runs, the device's valid short code and table link are served.
    assert guesser.get(_short(sheets[1])).status_code == 302
    assert guesser.get(_link(sheets[1])).status_code == 200
    # Another phone of the same hall is not affected.
    phone = Client(REMOTE_ADDR=HALL)
    phone.get(_link(sheets[1]))
    assert phone.get(_wrong_code(99)).status_code == 404


@pytest.mark.django_db
def test_wrong_short_codes_and_wrong_links_share_one_count(
    sheets: list[Any], monkeypatch: Any
) -> None:
    """A guesser gains nothing by switching between /t/ and /table/: one allowance for both."""
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_DEVICE", 4)
    guesser = Client(REMOTE_ADDR=HALL)
    guesser.get(_link(sheets[0]))
    for index in range(2):
        assert guesser.get(f"/table/r1/t1/devine{index}/").status_code == 404
        assert guesser.get(_wrong_code(index)).status_code == 404
    assert guesser.get(_wrong_code(50)).status_code == 429
    assert guesser.get("/table/r1/t1/devine-encore/").status_code == 429
    # The same wrong code typed again (a reload) is no new guess.
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_DEVICE", 100)
    retyped = Client(REMOTE_ADDR="10.0.0.9")
    retyped.get(_link(sheets[0]))
    for _ in range(5):
        assert retyped.get(_wrong_code(7)).status_code == 404
    device = retyped.cookies[ratelimit.DEVICE_COOKIE].value
    from django.core.cache import cache

    assert cache.get(ratelimit.key("bad-link-device", device) + ":count") == 1


@pytest.mark.django_db
def test_cookie_less_short_code_guesses_are_counted_per_address(
    sheets: list[Any], monkeypatch: Any
) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 5)
    for index in range(5):
        assert Client(REMOTE_ADDR="10.0.0.7").get(_wrong_code(index)).status_code == 404
    response = Client(REMOTE_ADDR="10.0.0.7").get(_wrong_code(5))
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    # A valid code from that address is still served; another address is not affected.
    assert Client(REMOTE_ADDR="10.0.0.7").get(_short(sheets[0])).status_code == 302
    assert Client(REMOTE_ADDR="10.0.0.8").get(_wrong_code(6)).status_code == 404


def test_the_throttle_matches_short_links_and_nothing_else_new() -> None:
    for path in ("/t/K7QF-M2XA/", "/t/k7qfm2xa/", "/t/x/etat/", "/table/r1/t2/abc/etat/"):
        assert ratelimit.TABLE_LINK.match(path), path
    for path in ("/t/", "/t/K7QF-M2XA", "/tournoi/x/", "/concours/t/x/", "/orga/t/x/"):
        assert not ratelimit.TABLE_LINK.match(path), path


# --- the client's address ----------------------------------------------------------------------


def _address(settings: Any, hops: int, remote: str, forwarded: str | None) -> str:
    from django.test import RequestFactory

    settings.TRUSTED_PROXY_HOPS = hops
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return ratelimit.client_address(RequestFactory().get("/", **extra))


def test_forwarded_for_is_ignored_unless_configured(settings: Any) -> None:
    assert _address(settings, 0, "127.0.0.1", "203.0.113.9") == "127.0.0.1"
    assert _address(settings, 0, "198.51.100.4", None) == "198.51.100.4"


def test_forwarded_for_right_most_untrusted_hop(settings: Any) -> None:
    # One proxy appending the client's address: the client's own header is on the left.
    assert _address(settings, 1, "127.0.0.1", "203.0.113.9") == "203.0.113.9"
    assert _address(settings, 1, "127.0.0.1", "1.2.3.4, 203.0.113.9") == "203.0.113.9"
    # Two proxies (a load balancer, then nginx).
    assert _address(settings, 2, "127.0.0.1", "1.2.3.4, 203.0.113.9, 10.0.0.2") == "203.0.113.9"
    assert _address(settings, 2, "127.0.0.1", "203.0.113.9") == "203.0.113.9"  # shorter
    assert _address(settings, 1, "127.0.0.1", " 2001:db8::1 ") == "2001:db8::1"
    # Missing or malformed: the proxy's own address (never the client's text).
    assert _address(settings, 1, "127.0.0.1", None) == "127.0.0.1"
    assert _address(settings, 1, "127.0.0.1", "1.2.3.4, pas-une-adresse") == "127.0.0.1"


@pytest.mark.django_db
def test_behind_a_proxy_clients_are_counted_apart(settings: Any, monkeypatch: Any) -> None:
    """Behind the README's reverse proxy every request came from 127.0.0.1: one client's
    guesses delayed every other client's wrong links."""
    settings.TRUSTED_PROXY_HOPS = 1
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 3)
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    for index in range(3):
        Client(**proxy, HTTP_X_FORWARDED_FOR="203.0.113.9").get(f"/table/r1/t1/x{index}/")
    assert (
        Client(**proxy, HTTP_X_FORWARDED_FOR="203.0.113.9").get("/table/r1/t1/y/").status_code
        == 429
    )
    # A spoofed left part does not help, and another client behind the proxy is not affected.
    spoofed = Client(**proxy, HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    assert spoofed.get("/table/r1/t1/z/").status_code == 429
    other = Client(**proxy, HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert other.get("/table/r1/t1/z/").status_code == 404


# --- the counters in Redis ---------------------------------------------------------------------


REDIS_URL = "redis://127.0.0.1:6379/13"


@pytest.fixture
def redis_cache() -> Any:
    """The production cache backend on this machine's Redis, its keys under a fresh prefix."""
    import uuid

    import redis

    from config.outages.cache import ResilientRedisCache

    backend = ResilientRedisCache(
        REDIS_URL,
        {"KEY_PREFIX": f"test-{uuid.uuid4().hex}", "OPTIONS": {"socket_connect_timeout": 0.5}},
    )
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379 (CI has one)")
    yield backend
    for name in client.scan_iter(f"{backend.key_prefix}:*"):
        client.delete(name)


def test_redis_counters_count_in_a_window_from_the_first_hit(redis_cache: Any) -> None:
    import redis

    from config.throttles.counters import hit

    client = redis.Redis.from_url(REDIS_URL)
    assert [hit("link", 600, redis_cache) for _ in range(4)] == [1, 2, 3, 4]
    # Counted through the cache API as the organiser's pages read them.
    assert redis_cache.get("link") == 4
    # The window starts at the first hit and is not pushed back by later ones.
    name = redis_cache.make_key("link")
    assert 590 <= client.ttl(name) <= 600
    client.expire(name, 100)
    hit("link", 600, redis_cache)
    assert client.ttl(name) <= 100
    assert hit("new", 30, redis_cache) == 1
    assert 25 <= client.ttl(redis_cache.make_key("new")) <= 30


def test_redis_counters_while_redis_is_down() -> None:
    from config.outages.cache import ResilientRedisCache
    from config.throttles.counters import hit

    down = ResilientRedisCache(
        "redis://127.0.0.1:9/0", {"OPTIONS": {"socket_connect_timeout": 0.2}}
    )
    # add() acts as if the key was added while Redis is away: one hit, never a 500.
    assert hit("link", 600, down) == 1


@pytest.mark.django_db
def test_runaway_client_is_stopped_with_the_redis_cache(
    redis_cache: Any, settings: Any, monkeypatch: Any, sheets: list[Any]
) -> None:
    from django.core.cache import caches

    settings.CACHES = {
        "default": {
            "BACKEND": "config.outages.cache.ResilientRedisCache",
            "LOCATION": "redis://127.0.0.1:6379/13",
            "KEY_PREFIX": redis_cache.key_prefix,
        }
    }
    monkeypatch.setattr(ratelimit, "MAX_REQUESTS_PER_LINK", 3)
    _runaway_on_one_link_is_stopped(sheets[0])
    # Counted in Redis, where every web process sees the same counters.
    link = ratelimit.key("link", f"{sheets[0].token}|device:boucle")
    assert caches["default"].get(link) == 4
    bad = ratelimit.key("bad-link-device", "boucle") + ":count"
    assert redis_cache.get(bad) == 1
