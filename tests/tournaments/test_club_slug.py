"""A club's slug cannot be a prefix of the organiser's addresses (/orga/marque/…)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Club
from tournaments.models.clubs import RESERVED_SLUGS


@pytest.mark.parametrize("slug", sorted(RESERVED_SLUGS))
def test_a_reserved_word_is_refused_as_a_club_slug_in_french(slug: str) -> None:
    club = Club(name="Club", slug=slug)
    with pytest.raises(ValidationError) as refused:
        club.clean()
    assert "réservé" in str(refused.value.message_dict["slug"])


def test_an_ordinary_slug_is_accepted() -> None:
    Club(name="Club de Lorient", slug="lorient").clean()  # no error
