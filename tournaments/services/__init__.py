"""Every write of the tournaments app, one module per use case.

``players``, ``solo`` (players alone), ``solo_import`` (a CSV file of them), ``melee`` (a mêlée partie's draw), ``mixed``
(solo players paired for the whole contest), ``player_merge``, ``contests``, ``entries``, ``imports`` (a validated CSV import),
``rounds`` (draw, publication, visibility, deletion, closing and reopening), ``edits`` (hand edits of a draft draw),
``plan_rounds``, ``latecomers`` and ``table_moves`` (changes of a running contest's plan, each with a reason),
``replacements`` (a player replaced in a team from a partie on);
``base`` and ``layouts`` hold what they share. Callers use this package's names
(``from tournaments import services; services.add_entry(...)``), never a module's private helper.

Each write is one ``transaction.atomic`` block locking what it changes (``select_for_update`` on
the contest or the round, so two organisers clicking at once queue up instead of corrupting the
draw). A refusal is a :class:`ServiceError` with a stable ``code`` and a French ``message``;
nothing is written when one is raised. Services never check who the user is
(``tournaments.access`` did), never render, and never import ``scoring`` (results come through
``tournaments.adapters``).
"""

from tournaments.services.base import ServiceError
from tournaments.services.contests import (
    INFO_FIELDS,
    RULE_FIELDS,
    create_contest,
    finish_contest,
    update_contest,
)
from tournaments.services.day_order import DrawTooEarly, set_draw_waits_for_confirmation
from tournaments.services.edits import conflicts, move_entry, swap_entries, undo_last_edit
from tournaments.services.entries import (
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
from tournaments.services.imports import BATCH_SIZE, ImportInterrupted, import_entries
from tournaments.services.latecomers import (
    LatecomerOptions,
    latecomer_consequences,
    latecomer_options,
    seat_latecomer,
)
from tournaments.services.mixed import PairDraw, draw_pairs, lend_volunteer, pair_solos, unpair
from tournaments.services.plan_rounds import change_rounds_count, rounds_count_consequences
from tournaments.services.player_merge import merge_players
from tournaments.services.players import (
    Homonym,
    add_to_registry,
    find_player,
    get_or_create_player,
    homonyms,
    save_player,
)
from tournaments.services.replacements import ReplacementValues, replace_player
from tournaments.services.rounds import (
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
from tournaments.services.solo import (
    SOLO_FLAGS,
    SoloValues,
    add_solo,
    check_takes_newcomers,
    delete_solo,
    reinstate_solo,
    set_solo_flag,
    withdraw_solo,
)
from tournaments.services.solo_import import (
    LineCheck,
    SoloImportRefused,
    check_lines,
    import_solos,
)
from tournaments.services.table_moves import (
    free_numbers,
    move_consequences,
    move_table,
    swap_tables,
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
