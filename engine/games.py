"""The interface every card game of the engine meets.

A game is one package of the engine (``engine.belote``; tarot and rami beside it) that offers
one object meeting :class:`Game`: its rules from and to JSON, its named presets and its options
(each with its source), the score of one deal (donne: a belote deal, a tarot or rami donne) with
its breakdown, a game (manche) folded from its deals with the game's end, and the commands of
its JSON command line. Every deal is validated on the way: an impossible one raises
``EngineError`` with a code the game registered (``engine.errors.register_codes``). The words
are those of docs/glossary.md.

The rules are the game's own typed value (belote's ``Ruleset``); deals and scores cross this
interface as JSON objects, the form other programs and the command line use. Callers that need
a game's typed API (the belote score entry) import that game's package directly.

Games never import each other (an import-linter contract); this module imports no game, and
``engine.catalog`` lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

__all__ = ["Command", "Game", "JsonObject", "PresetInfo", "RulesT"]

JsonObject = dict[str, Any]
RulesT = TypeVar("RulesT")


@dataclass(frozen=True, slots=True)
class PresetInfo:
    """A named preset: its title, its source (the rule text it follows) and its rules as JSON."""

    name: str
    title: str
    source: str
    rules: JsonObject


@dataclass(frozen=True, slots=True)
class Command:
    """One command of a game's command line: JSON in (unless ``reads_input`` is false), JSON out.

    ``run`` raises ``EngineError`` for bad input; the command line turns it into exit code 2.
    """

    run: Callable[[object], JsonObject]
    reads_input: bool = True


class Game(Protocol[RulesT]):
    """One card game, as the command line and the apps see it."""

    @property
    def name(self) -> str:
        """The game's name on the command line and in stored contests: ``"belote"``."""
        ...

    @property
    def default_preset(self) -> str:
        """The preset a new contest starts from."""
        ...

    def presets(self) -> Sequence[PresetInfo]:
        """Every named preset, the default first."""
        ...

    def options(self) -> Sequence[JsonObject]:
        """Every rule option: name, type, allowed values, default, description with its source."""
        ...

    def rules_from_json(self, data: object) -> RulesT:
        """Rules from JSON: a preset name, a full options object or a partial one (coded errors)."""
        ...

    def rules_to_json(self, rules: RulesT) -> JsonObject:
        """Every option of ``rules`` as JSON; ``rules_from_json`` reverses it."""
        ...

    def score_deal(self, rules: RulesT, deal: object) -> JsonObject:
        """One deal's score with its breakdown (the deal and its context, as JSON), validated."""
        ...

    def fold_game(self, rules: RulesT, game: object) -> JsonObject:
        """A game folded from its deals: the running totals, whether and how the game ended."""
        ...

    def commands(self) -> Mapping[str, Command]:
        """The game's command line: ``score``, ``game``, ``presets``, ``options`` and its own."""
        ...
