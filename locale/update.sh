#!/usr/bin/env bash
# Refresh the English catalog from the source: extract every marked string, merge the new ones
# into locale/en/LC_MESSAGES/django.po (new strings come out empty or "fuzzy" with a guess),
# and drop the strings that are gone. Then translate, and compile (see the end of this file).
# Needs GNU gettext (xgettext, msgmerge, msgattrib); run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
PO=locale/en/LC_MESSAGES/django.po

DEBUG=1 "$PY" manage.py makemessages -l en --keep-pot \
  --ignore=.venv --ignore=staticfiles --ignore=benchmarks --ignore=tests
msgmerge --quiet --update --backup=none --previous "$PO" locale/django.pot
msgattrib --no-obsolete -o "$PO" "$PO"
rm -f locale/django.pot

echo "Untranslated or fuzzy now:"
msgattrib --untranslated "$PO" | grep -c '^msgid ' || true
msgattrib --only-fuzzy "$PO" | grep -c '^msgid ' || true
# After translating (no empty msgstr, no "#, fuzzy" left):
#   DEBUG=1 .venv/bin/python manage.py compilemessages -l en --ignore=.venv
#   DEBUG=1 .venv/bin/python -m pytest tests/foundation/test_i18n.py -q
