"""Every write of the tournaments app, one module per use case.

One sub-package per thing the organiser handles, one module per use case in each:
``clubs`` (a club's players: ``players``, ``merge``), ``entries`` (teams: ``registration``,
``imports`` and ``import_batch`` for a validated CSV file, ``replacements``), ``solo`` (players
alone: ``registration``, ``imports``, ``melee`` for a mêlée partie's draw, ``mixed`` for teams
formed for the whole contest), ``rounds`` (parties: ``lifecycle`` for the draw, publication,
visibility, deletion, closing and reopening, ``edits`` of a draft draw, ``day_order``,
``format`` and ``clock``, and the plan changes ``plan``, ``latecomers``, ``table_moves``, each
with a reason), ``phases`` (``plan``, ``draw``, ``read``, ``core``); at the top, ``contests``
and what they share: ``base`` and ``layouts``. Callers use this package's names
(``from tournaments import services; services.add_entry(...)``), never a module's private helper.

Each write is one ``transaction.atomic`` block locking what it changes (``select_for_update`` on
the contest or the round, so two organisers clicking at once queue up instead of corrupting the
draw). A refusal is a :class:`ServiceError` with a stable ``code`` and a French ``message``;
nothing is written when one is raised. Services never check who the user is
(``tournaments.access`` did), never render, and never import ``scoring`` (results come through
``tournaments.adapters``).
"""

from tournaments.services.base import ServiceError
from tournaments.services.clubs.merge import merge_players
from tournaments.services.clubs.players import (
    Homonym,
    add_to_registry,
    find_player,
    get_or_create_player,
    homonyms,
    save_player,
)
from tournaments.services.contests import (
    INFO_FIELDS,
    RULE_FIELDS,
    create_contest,
    finish_contest,
    update_contest,
)
from tournaments.services.entries.imports import BATCH_SIZE, ImportInterrupted, import_entries
from tournaments.services.entries.registration import (
    FLAGS,
    EntryValues,
    add_entry,
    check_takes_teams,
    delete_entry,
    reinstate_entry,
    set_entry_flag,
    update_entry,
    withdraw_entry,
)
from tournaments.services.entries.replacements import ReplacementValues, replace_player
from tournaments.services.rounds.day_order import DrawTooEarly, set_draw_waits_for_confirmation
from tournaments.services.rounds.edits import conflicts, move_entry, swap_entries, undo_last_edit
from tournaments.services.rounds.latecomers import (
    LatecomerOptions,
    latecomer_consequences,
    latecomer_options,
    seat_latecomer,
)
from tournaments.services.rounds.lifecycle import (
    close_round,
    close_rounds,
    delete_round,
    generate_round,
    lost_with,
    publish_round,
    redraw_round,
    reopen_round,
    set_round_visibility,
)
from tournaments.services.rounds.plan import change_rounds_count, rounds_count_consequences
from tournaments.services.rounds.table_moves import (
    free_numbers,
    move_consequences,
    move_table,
    swap_tables,
)
from tournaments.services.solo.imports import (
    LineCheck,
    SoloImportRefused,
    check_lines,
    import_solos,
)
from tournaments.services.solo.mixed import PairDraw, draw_pairs, lend_volunteer, pair_solos, unpair
from tournaments.services.solo.registration import (
    SOLO_FLAGS,
    SoloValues,
    add_solo,
    check_takes_newcomers,
    delete_solo,
    reinstate_solo,
    set_solo_flag,
    withdraw_solo,
)

__all__ = [
    "BATCH_SIZE",
    "FLAGS",
    "INFO_FIELDS",
    "RULE_FIELDS",
    "SOLO_FLAGS",
    "DrawTooEarly",
    "EntryValues",
    "Homonym",
    "ImportInterrupted",
    "LatecomerOptions",
    "LineCheck",
    "PairDraw",
    "ReplacementValues",
    "ServiceError",
    "SoloImportRefused",
    "SoloValues",
    "add_entry",
    "add_solo",
    "add_to_registry",
    "change_rounds_count",
    "check_lines",
    "check_takes_newcomers",
    "check_takes_teams",
    "close_round",
    "close_rounds",
    "conflicts",
    "create_contest",
    "delete_entry",
    "delete_round",
    "delete_solo",
    "draw_pairs",
    "find_player",
    "finish_contest",
    "free_numbers",
    "generate_round",
    "get_or_create_player",
    "homonyms",
    "import_entries",
    "import_solos",
    "latecomer_consequences",
    "latecomer_options",
    "lend_volunteer",
    "lost_with",
    "merge_players",
    "move_consequences",
    "move_entry",
    "move_table",
    "pair_solos",
    "publish_round",
    "redraw_round",
    "reinstate_entry",
    "reinstate_solo",
    "reopen_round",
    "replace_player",
    "rounds_count_consequences",
    "save_player",
    "seat_latecomer",
    "set_draw_waits_for_confirmation",
    "set_entry_flag",
    "set_round_visibility",
    "set_solo_flag",
    "swap_entries",
    "swap_tables",
    "undo_last_edit",
    "unpair",
    "update_contest",
    "update_entry",
    "withdraw_entry",
    "withdraw_solo",
]
