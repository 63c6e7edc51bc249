"""The projector's players' ranking (a mêlée's standings, the "joueurs" view of a pairs
contest): the published snapshot's ``individual_rows``, large, cached under its fingerprint.
Nothing not public is shown (the caller looked the snapshot up through ``publishing.lookups``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.translation import get_language

from publishing import lookups
from publishing.cache import pages as pagecache
from publishing.tables.individual import PlayerStandingsTable
from tournaments.models import Contest


def projector_players(request: HttpRequest, contest: Contest, meta: dict[str, Any]) -> str:
    def build() -> str:
        snapshot = lookups.load_snapshot(meta["pk"])
        table = PlayerStandingsTable(
            snapshot.individual_rows,
            config=snapshot.individual_config,
            melee=contest.entry_mode == Contest.EntryMode.MELEE,
            orderable=False,
        )
        return render_to_string(
            "publishing/public/_projector_players.html",
            {"contest": contest, "snapshot": snapshot, "table": table},
            request=lookups.clean_request(request),
        )

    key = pagecache.make_key("projector-players", meta["pk"], meta["fingerprint"], get_language())
    return str(pagecache.render_once(key, build))


__all__ = ["projector_players"]
