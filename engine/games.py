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

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

__all__ = [
    "Command",
    "Declaration",
    "Game",
    "JsonObject",
    "OptionSpec",
    "PresetInfo",
    "RulesT",
    "jsonable",
    "preset_infos",
]

JsonObject = dict[str, Any]
RulesT = TypeVar("RulesT")


@dataclass(frozen=True, slots=True)
class PresetInfo:
    """A named preset: its title, its source (the rule text it follows) and its rules as JSON."""

    name: str
    title: str
    source: str
    rules: JsonObject


def jsonable(value: object) -> object:
    """An option's value as JSON: an enum as its string, anything else as it is."""
    return value.value if isinstance(value, Enum) else value


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option of a game: its kind, allowed values and default, with its description.

    ``kind`` is "enum" (``choices``: the enum's values), "int" (a set of ints, or with
    ``ranged`` the (min, max) bounds) or "bool". Each game raises its own coded error when
    ``allows`` refuses a value; ``to_json`` is what the ``options`` command prints.
    """

    name: str
    kind: str
    choices: tuple[object, ...]
    default: object
    description: str
    ranged: bool = False

    def allows(self, value: object) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "enum":
            return isinstance(value, Enum) and value.value in self.choices
        if type(value) is not int:
            return False
        if self.ranged:
            low, high = self.choices
            return isinstance(low, int) and isinstance(high, int) and low <= value <= high
        return value in self.choices

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name,
            "type": self.kind,
            "default": jsonable(self.default),
            "description": self.description,
        }
        if self.ranged:
            out["min"], out["max"] = self.choices
        else:
            out["values"] = list(self.choices)
        return out


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


class _Preset(Protocol):
    """What a game's preset holds (each game's own ``Preset``)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def rules(self) -> Any: ...  # the game's rules, which write themselves with ``to_json()``


def preset_infos(presets: Mapping[str, _Preset]) -> tuple[PresetInfo, ...]:
    """A game's presets as ``PresetInfo``, in the game's own order."""
    return tuple(PresetInfo(p.name, p.title, p.source, p.rules.to_json()) for p in presets.values())


@dataclass(frozen=True, slots=True)
class Declaration(Generic[RulesT]):
    """A game declared from its own functions: what each game's ``interface`` module writes.

    It meets :class:`Game` by handing each call to the function the game named, so that a game
    is a small declaration over its own modules (as pokerkit declares each variant). The
    ``presets`` and ``options`` commands print ``preset_list`` (in the game's order) and
    ``option_list``: no game writes them again.
    """

    name: str
    default_preset: str
    preset_list: tuple[PresetInfo, ...]
    option_list: tuple[JsonObject, ...]
    read_rules: Callable[[object], RulesT]
    write_rules: Callable[[RulesT], JsonObject]
    score: Callable[[RulesT, object], JsonObject]
    fold: Callable[[RulesT, object], JsonObject]
    score_command: Callable[[object], JsonObject]
    game_command: Callable[[object], JsonObject]
    table_check_command: Callable[[object], JsonObject]

    def presets(self) -> Sequence[PresetInfo]:
        """The presets, the default first (a stable sort keeps the others in their order)."""
        return sorted(self.preset_list, key=lambda p: p.name != self.default_preset)

    def options(self) -> Sequence[JsonObject]:
        return self.option_list

    def rules_from_json(self, data: object) -> RulesT:
        return self.read_rules(data)

    def rules_to_json(self, rules: RulesT) -> JsonObject:
        return self.write_rules(rules)

    def score_deal(self, rules: RulesT, deal: object) -> JsonObject:
        return self.score(rules, deal)

    def fold_game(self, rules: RulesT, game: object) -> JsonObject:
        return self.fold(rules, game)

    def _presets_json(self, _input: object) -> JsonObject:
        return {"presets": [dataclasses.asdict(p) for p in self.preset_list]}

    def _options_json(self, _input: object) -> JsonObject:
        return {"options": [dict(option) for option in self.option_list]}

    def commands(self) -> Mapping[str, Command]:
        return MappingProxyType(
            {
                "score": Command(self.score_command),
                "game": Command(self.game_command),
                "table-check": Command(self.table_check_command),
                "presets": Command(self._presets_json, reads_input=False),
                "options": Command(self._options_json, reads_input=False),
            }
        )
