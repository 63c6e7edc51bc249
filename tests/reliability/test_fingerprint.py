"""The database fingerprint (tests/reliability/fingerprint.py) sees every change of a row.

The refusal tests (fuzz, isolation, NUL bytes, closed rounds) prove "nothing changed" by an
equal fingerprint: it must differ after one column of one row changes, a row is added or one
is deleted, and stay equal when nothing does.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.reliability.fingerprint import database_fingerprint


@pytest.mark.django_db
def test_every_kind_of_change_changes_the_fingerprint(club: Any, organiser: Any) -> None:
    from tournaments.models import Club

    first = database_fingerprint()
    assert database_fingerprint() == first
    assert {"tournaments.Club", "scoring.ScoreSheet", get_user_model()._meta.label} <= set(first)

    Club.objects.filter(pk=club.pk).update(city="Quimper")  # one column of one row
    changed = database_fingerprint()
    assert [k for k in first if first[k] != changed[k]] == ["tournaments.Club"]

    Club.objects.create(name="Club de Brest", slug="brest", city="Brest")
    added = database_fingerprint()
    assert added["tournaments.Club"] != changed["tournaments.Club"]

    get_user_model().objects.filter(pk=organiser.pk).delete()
    assert (
        database_fingerprint()[get_user_model()._meta.label] != added[get_user_model()._meta.label]
    )
