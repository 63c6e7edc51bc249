"""English is served from the committed catalog; French stays the default.

The catalog (``locale/en/LC_MESSAGES/django.po``) must be complete (no empty ``msgstr``, no
fuzzy entry, placeholders kept) and the committed ``django.mo`` must hold exactly what the
``.po`` says, so that a fresh clone serves English without GNU gettext installed.
"""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

LOCALE_DIR = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES"
PO_PATH = LOCALE_DIR / "django.po"
MO_PATH = LOCALE_DIR / "django.mo"

HOME = "/"
LOGIN = "/compte/connexion/"

# (English, French original) pairs that the home and login pages must show.
HOME_STRINGS = [
    ("Belote contests", "Concours de belote"),
    ("Live draws, results and standings from club contests.", "Tirages, résultats et classements"),
    ("No public contests yet.", "Aucun concours public pour le moment."),
    ("Skip to content", "Aller au contenu"),
]
LOGIN_STRINGS = [
    ("Organiser login", "Connexion des organisateurs"),
    ("Username", "Identifiant"),
    ("Password", "Mot de passe"),
    ("Players do not need an account", "Les joueurs n'ont pas besoin de compte"),
]


# --- a tiny .po reader (no polib) -------------------------------------------------------------


@dataclass
class Entry:
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    line: int = 0


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}


def _unquote(text: str) -> str:
    text = text.strip()
    assert text.startswith('"') and text.endswith('"'), text
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text[1:-1])


def parse_po(path: Path) -> list[Entry]:
    """The active entries of a .po file (obsolete ``#~`` entries are skipped), header included."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # which field a continuation line extends
    pending_flags: set[str] = set()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                pending_flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            assert current is not None and target is not None, f"{path}:{number}"
            name, index = target
            if name == "msgstr":
                current.msgstr[index] += _unquote(line)
            else:
                setattr(current, name, getattr(current, name) + _unquote(line))
            continue
        # An entry starts at its msgctxt, or at its msgid when no msgctxt came just before.
        if keyword == "msgctxt" or (
            keyword == "msgid" and (target is None or target[0] != "msgctxt")
        ):
            current = Entry(flags=pending_flags, line=number)
            entries.append(current)
            pending_flags = set()
        assert current is not None, f"{path}:{number}: {line}"
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            setattr(current, keyword, _unquote(rest))
            target = (keyword, 0)
        elif keyword == "msgstr":
            current.msgstr[0] = _unquote(rest)
            target = ("msgstr", 0)
        elif (match := re.fullmatch(r"msgstr\[(\d+)\]", keyword)) is not None:
            index = int(match.group(1))
            current.msgstr[index] = _unquote(rest)
            target = ("msgstr", index)
        else:
            raise AssertionError(f"{path}:{number}: unexpected line {line!r}")
    return entries


def po_catalog(entries: list[Entry]) -> dict[object, str]:
    """The .po as ``gettext.GNUTranslations._catalog`` keys it (header and contexts included)."""
    catalog: dict[object, str] = {}
    for entry in entries:
        msgid = entry.msgid if entry.msgctxt is None else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural is None:
            catalog[msgid] = entry.msgstr[0]
        else:
            for index, text in entry.msgstr.items():
                catalog[(msgid, index)] = text
    return catalog


def mo_catalog(path: Path) -> dict[object, str]:
    with path.open("rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)


# A printf placeholder: %(name)s, %s, %d, %+d, and the literal %% (kept out of the comparison).
_PLACEHOLDER = re.compile(r"%(?:\([^)]+\))?[-+ #0]*\d*(?:\.\d+)?[sdifr%]|\{[A-Za-z_]*\}")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")


def _placeholders(text: str) -> list[str]:
    return sorted(p for p in _PLACEHOLDER.findall(text) if p != "%%") + sorted(_TAG.findall(text))


@pytest.fixture(scope="module")
def po_entries() -> list[Entry]:
    assert PO_PATH.is_file(), f"missing {PO_PATH}"
    return parse_po(PO_PATH)


# --- (a) English is served on request -------------------------------------------------------


def _assert_english(html: str, pairs: list[tuple[str, str]]) -> None:
    assert '<html lang="en">' in html
    for english, french in pairs:
        assert english in html, english
        assert french not in html, french


def _assert_french(html: str, pairs: list[tuple[str, str]]) -> None:
    assert '<html lang="fr">' in html
    for english, french in pairs:
        assert french in html, french
        assert english not in html, english


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "pairs"), [(HOME, HOME_STRINGS), (LOGIN, LOGIN_STRINGS)])
def test_accept_language_en_serves_english(client: Client, url: str, pairs: list) -> None:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9,fr;q=0.5")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "en"
    _assert_english(response.content.decode(), pairs)


@pytest.mark.django_db
def test_language_cookie_serves_english(client: Client) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    # The cookie wins over the browser's French preference.
    response = client.get(LOGIN, HTTP_ACCEPT_LANGUAGE="fr")
    _assert_english(response.content.decode(), LOGIN_STRINGS)


@pytest.mark.django_db
def test_language_switch_posts_to_set_language(client: Client) -> None:
    html = client.get(HOME).content.decode()
    assert 'action="/i18n/setlang/"' in html and 'value="en"' in html
    response = client.post("/i18n/setlang/", {"language": "en", "next": LOGIN}, follow=True)
    assert response.redirect_chain[-1][0] == LOGIN
    _assert_english(response.content.decode(), LOGIN_STRINGS)
    # ...and the choice sticks for the next page, and can be switched back.
    _assert_english(client.get(HOME).content.decode(), HOME_STRINGS)
    client.post("/i18n/setlang/", {"language": "fr", "next": HOME})
    _assert_french(client.get(HOME).content.decode(), HOME_STRINGS)


def test_python_messages_and_plurals_are_translated() -> None:
    with translation.override("en"):
        assert translation.gettext("Concours introuvable.") == "Contest not found."
        assert translation.ngettext("%(n)s donne", "%(n)s donnes", 1) % {"n": 1} == "1 deal"
        assert translation.ngettext("%(n)s donne", "%(n)s donnes", 3) % {"n": 3} == "3 deals"
    with translation.override("fr"):
        assert translation.gettext("Concours introuvable.") == "Concours introuvable."


# --- (b) French stays the default -------------------------------------------------------------


def test_french_is_the_configured_default() -> None:
    assert settings.LANGUAGE_CODE == "fr"
    assert [code for code, _name in settings.LANGUAGES] == ["fr", "en"]


@pytest.mark.django_db
@pytest.mark.parametrize("accept", [None, "de-DE,de;q=0.9", "fr-FR,fr;q=0.9,en;q=0.8"])
@pytest.mark.parametrize(("url", "pairs"), [(HOME, HOME_STRINGS), (LOGIN, LOGIN_STRINGS)])
def test_french_by_default(client: Client, accept: str | None, url: str, pairs: list) -> None:
    headers = {} if accept is None else {"HTTP_ACCEPT_LANGUAGE": accept}
    response = client.get(url, **headers)
    assert response.status_code == 200
    _assert_french(response.content.decode(), pairs)


# --- (c) the catalog is complete --------------------------------------------------------------


def test_po_has_a_proper_header(po_entries: list[Entry]) -> None:
    header = po_entries[0]
    assert header.msgid == "" and "fuzzy" not in header.flags
    assert "Language: en\n" in header.msgstr[0]
    assert "Content-Type: text/plain; charset=UTF-8\n" in header.msgstr[0]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);\n" in header.msgstr[0]


def test_every_msgid_is_translated(po_entries: list[Entry]) -> None:
    messages = po_entries[1:]
    assert len(messages) > 500  # the whole project, not a stub
    fuzzy = [f"line {e.line}: {e.msgid!r}" for e in messages if "fuzzy" in e.flags]
    assert not fuzzy, f"fuzzy entries: {fuzzy}"
    empty = []
    for entry in messages:
        forms = [0, 1] if entry.msgid_plural is not None else [0]
        if sorted(entry.msgstr) != forms or not all(entry.msgstr[i].strip() for i in forms):
            empty.append(f"line {entry.line}: {entry.msgid!r}")
    assert not empty, f"untranslated entries: {empty}"
    assert len({(e.msgctxt, e.msgid) for e in messages}) == len(messages)


def test_translations_keep_placeholders_and_tags(po_entries: list[Entry]) -> None:
    wrong = []
    for entry in po_entries[1:]:
        if entry.msgid_plural is None:
            pairs = [(entry.msgid, entry.msgstr[0])]
        else:
            pairs = [(entry.msgid, entry.msgstr[0]), (entry.msgid_plural, entry.msgstr[1])]
        for source, text in pairs:
            if _placeholders(source) != _placeholders(text):
                wrong.append(f"line {entry.line}: {source!r} -> {text!r}")
    assert not wrong, "\n".join(wrong)


def test_english_differs_from_french(po_entries: list[Entry]) -> None:
    """A msgstr copied from its msgid is a string nobody translated (a few are the same word)."""
    same_in_both = {
        "0", "160", "162", "Action", "Belote", "Belotes", "Capot", "Capots", "Club",
        "Confirmation", "Date", "English", "Export", "Exports", "Format", "Licence", "Licence 1",
        "Licence 2", "Phase", "Phase %(n)s", "Phases", "Points", "Public", "Publication", "Score",
        "Score A", "Score B", "Table", "Table %(n)s", "Tables", "Tierce", "Total", "Total A",
        "Total B", "Type", "action", "belote", "belote %(team)s", "belote-rebelote", "belotes",
        "capot", "capot %(team)s", "capots", "club", "clubs", "contrée", "correction",
        "corrections", "date", "description", "dix de der", "export", "exports", "format", "phase",
        "phases", "table", "tables", "type", "version", "—",
    }  # fmt: skip
    copied = [
        e.msgid
        for e in po_entries[1:]
        if e.msgid_plural is None and e.msgstr[0] == e.msgid and e.msgid not in same_in_both
    ]
    assert not copied, f"msgstr equal to the French msgid: {copied}"


def test_rules_form_strings_are_in_the_catalog(po_entries: list[Entry]) -> None:
    """tournaments/rules/contest.py marks its strings with ``L = gettext_lazy``, an alias that
    makemessages does not extract: locale/update.sh extracts them with xgettext ``-k L``."""
    from tournaments.rules import contest as rules_form

    labels = [*rules_form.PRESET_TITLES.values(), *(title for title, _ in rules_form.SECTIONS)]
    labels += [*rules_form.LABELS.values()]
    labels += [label for values in rules_form.VALUE_LABELS.values() for label in values.values()]
    msgids = {entry.msgid for entry in po_entries}
    with translation.override("fr"):
        missing = sorted({str(label) for label in labels} - msgids)
    assert not missing, f"rules form strings missing from the catalog: {missing}"
    with translation.override("en"):
        assert str(rules_form.LABELS["capot_value"]) == "Capot value"


# --- (d) the committed .mo matches the .po -----------------------------------------------------


def test_committed_mo_matches_the_po(po_entries: list[Entry]) -> None:
    assert MO_PATH.is_file(), "compile the catalog: manage.py compilemessages -l en"
    expected = po_catalog(po_entries)
    actual = mo_catalog(MO_PATH)
    assert set(actual) == set(expected), (
        f"stale django.mo: only in .po {sorted(map(str, set(expected) - set(actual)))[:10]}, "
        f"only in .mo {sorted(map(str, set(actual) - set(expected)))[:10]}"
    )
    differing = [str(key) for key in expected if key != "" and actual[key] != expected[key]]
    assert not differing, f"stale django.mo, translations differ for: {differing[:10]}"


@pytest.mark.slow  # runs msgfmt
@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) not installed")
def test_msgfmt_agrees_with_the_committed_mo(tmp_path: Path) -> None:
    compiled = tmp_path / "django.mo"
    # --check validates the header and the python-format placeholders of every entry.
    subprocess.run(
        ["msgfmt", "--check", "-o", str(compiled), str(PO_PATH)],
        check=True,
        capture_output=True,
        text=True,
    )
    assert mo_catalog(compiled) == mo_catalog(MO_PATH)
