"""A mêlée in a season: the season credits each player from the players' ranking the public
sees (``seasons.standings.inputs.melee_placings``)."""

from __future__ import annotations

from typing import Any

import pytest

from seasons import services as season_services
from seasons.models import SeasonSnapshot
from seasons.standings.rebuild import rebuild_season
from standings import services as standings
from tests.standings.factory import finish_round
from tests.standings.test_individual import _melee_contest, _melee_round

pytestmark = pytest.mark.django_db


def test_a_season_credits_a_melee_from_its_public_players_ranking(club: Any) -> None:
    """A mêlée in a season: the season reads the players' ranking the public sees, so a partie
    whose standings are not published counts for nobody."""
    season = season_services.create_season(club, name="Challenge d'hiver")
    season.rules = {"bareme": {"kind": "placement_table", "points": [10, 5, 2, 1]}}
    season.save()
    contest = _melee_contest(club, players=4, season=season)
    first = _melee_round(contest, 1, [(1, 2, 3, 4)])
    finish_round(first, {1: (1000, 944)})
    first.show_standings = True
    first.save()
    second = _melee_round(contest, 2, [(3, 4, 1, 2)])
    finish_round(second, {1: (1500, 444)})  # not public: J3 and J4 would lead
    standings.rebuild(contest.pk, force=True)
    rebuild_season(season.pk)
    snapshot = SeasonSnapshot.objects.get(season=season)
    assert snapshot.error == ""
    leaders = [row["names"] for row in snapshot.rows if row["rank"] == 1]
    assert sorted(name for names in leaders for name in names) == ["P1 J1", "P2 J2"]
