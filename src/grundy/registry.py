"""Finding a game: built-in names, installed plug-ins, and ``module:attr`` references.

One registry holds both kinds of game: impartial ones (`grundy.game.Ruleset`, valued by
nimbers) and partizan ones (`grundy.game.PartizanRuleset`, valued by canonical forms:
CRPM, CRPS).  `get_game` finds either; `get_ruleset` an impartial game (a partizan
game's name is a ValueError saying which commands answer it) and
`grundy.partizan.get_partizan` a partizan one.  A game is named in one of four ways:

* a registered name or alias, case-insensitive (``"lctr"``, ``"crim"``);
  a built-in game's module (`grundy.games`) is imported when its name is
  first looked up, so looking up one game imports only that game;
* a name spelled as a family of games spells them (`grundy.games.spelled`): an octal
  code such as ``"0.77"`` is that take-and-break game;
* a name published by an installed package under the entry-point group
  ``grundy.rulesets`` (``[project.entry-points."grundy.rulesets"]`` in its
  pyproject.toml: ``mygame = "mypkg.games:MyGame"``), loaded on first use;
* a reference ``package.module:attr`` to a ruleset instance of either kind, a
  ruleset subclass (instantiated without arguments) or a plain function listing the
  positions reachable in one move from a partition (wrapped in a
  `FunctionRuleset`); ``path/to/file.py:attr`` loads a file directly.

>>> get_ruleset("CRIM").name
'cr'
>>> get_ruleset("grundy.games.lctr.lctr:LCTR").name
'lctr'
>>> get_game("grundy.games.partizan_cr.crpm:CRPM").display_name
'CRPM'
>>> get_ruleset("crpm")
Traceback (most recent call last):
...
ValueError: crpm is a partizan game: grundy value, moves, count, conjecture and play answer it \
(this command asks for nimbers)
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from grundy import games
from grundy.game import BaseRules, FunctionRuleset, PartizanRuleset, Ruleset

__all__ = [
    "ENTRY_POINT_GROUP",
    "get_game",
    "get_ruleset",
    "identifies",
    "partizan_rulesets",
    "register",
    "registered",
    "ruleset_names",
    "rulesets",
]

#: The entry-point group under which other packages publish rulesets.
ENTRY_POINT_GROUP = "grundy.rulesets"

#: A game of either kind.
Rules = Ruleset | PartizanRuleset
_REGISTRY: dict[str, Rules] = {}
_REFERENCES: dict[str, Rules] = {}
_PLUGINS_LOADED = False


def register(ruleset: Rules) -> Rules:
    """Make `ruleset` (of either kind) known under its name and aliases; returns it.

    A name already taken by another ruleset (a built-in one included, even
    before its module is loaded) is a ValueError.
    """
    if not isinstance(ruleset, (Ruleset, PartizanRuleset)):
        raise TypeError(
            f"register expects a Ruleset or a PartizanRuleset, got {type(ruleset).__name__}"
        )
    if not ruleset.name:
        raise ValueError("a ruleset needs a non-empty name")
    for key in (ruleset.name, *ruleset.aliases):
        key = key.lower()
        _load_builtin(key)
        if key in _REGISTRY and _REGISTRY[key] is not ruleset:
            raise ValueError(f"game name {key!r} is already registered")
    for key in (ruleset.name, *ruleset.aliases):
        _REGISTRY[key.lower()] = ruleset
    return ruleset


def get_ruleset(game: str | Ruleset, **parameters: Any) -> Ruleset:
    """The impartial game named `game` (see the module docstring), with `parameters`
    applied.

    >>> get_ruleset("chess", piece="leaps=1:2,2:1").name
    'chess[leaps=1:2,2:1]'
    """
    rules = get_game(game)
    if isinstance(rules, PartizanRuleset):
        raise ValueError(
            f"{rules.name} is a partizan game: grundy value, moves, count, conjecture and play "
            "answer it (this command asks for nimbers)"
        )
    if parameters or getattr(rules, "requires_parameters", False):
        rules = rules.with_parameters(**parameters)
    return rules


def get_game(game: str | Rules) -> Rules:
    """The game, impartial or partizan, that `game` names (see the module docstring).

    >>> get_game("crps").name, get_game("crim").name
    ('crps', 'cr')
    """
    if isinstance(game, str):  # first: telling a str from a Ruleset (an ABC) costs more
        return _lookup(game)
    if isinstance(game, (Ruleset, PartizanRuleset)):
        return game
    raise TypeError(f"a game is named by a string, got {type(game).__name__}")


def _lookup(name: str) -> Rules:
    known = _REGISTRY.get(name)  # a registered name as written: the usual case
    if known is not None:
        return known
    key = name.strip().lower()
    _load_builtin(key)
    if key in _REGISTRY:
        return _REGISTRY[key]
    spelled = games.spelled(key)  # a game named by its spelling: an octal code, 0.77
    if spelled is not None:
        return spelled
    if ":" in name:
        return _from_reference(name.strip())
    _load_plugins()
    if key in _REGISTRY:
        return _REGISTRY[key]
    known = ", ".join(ruleset_names())
    partizan = ", ".join(r.name for r in partizan_rulesets())
    raise ValueError(
        f"unknown game {name!r}; known games: {known}; partizan: {partizan} "
        "(or an octal code such as 0.77, or a module:attr reference to a ruleset)"
    )


def identifies(rules: Ruleset) -> bool:
    """Whether `rules.name` names this game everywhere: a registered ruleset, or a registered
    family with its parameters in the name (``chess[leaps=1:2]``).  Only such games keep
    their results in the store (a `module:attr` game may share its name with another).

    >>> identifies(get_ruleset("cr")), identifies(get_ruleset("chess", piece="leaps=1:2"))
    (True, True)
    """
    base, bracket, _ = rules.name.partition("[")
    key = base.lower()
    _load_builtin(key)
    if key not in _REGISTRY:  # a built-in name needs no plug-ins (they cannot take it)
        _load_plugins()
    registered = _REGISTRY.get(key)
    return registered is rules or (registered is not None and bool(bracket))


def ruleset_names() -> list[str]:
    """Primary names of the registered rulesets (built-in and plug-ins)."""
    return sorted({r.name for r in rulesets()})


def rulesets() -> list[Ruleset]:
    """Every registered impartial ruleset once, by name."""
    return _of_kind(Ruleset)


def partizan_rulesets() -> list[PartizanRuleset]:
    """Every registered partizan ruleset once, by name.

    >>> [rules.name for rules in partizan_rulesets()]
    ['crpm', 'crps']
    """
    return _of_kind(PartizanRuleset)


def _of_kind(kind: type[BaseRules]) -> list[Any]:
    _load_plugins()
    unique = {id(r): r for r in _REGISTRY.values() if isinstance(r, kind)}
    return sorted(unique.values(), key=lambda r: r.name)


def registered() -> dict[str, Ruleset]:
    """Every name a registered impartial ruleset is found by (lowercase: names, aliases
    and the names plug-ins are published under), with its ruleset; no references.

    >>> registered()["crim"] is get_ruleset("cr")
    True
    """
    _load_plugins()
    return {key: r for key, r in _REGISTRY.items() if isinstance(r, Ruleset)}


def entry_points(group: str) -> Any:
    """The entry points installed under `group` (importlib.metadata, imported only here:
    reading it costs more than the rest of the registry)."""
    from importlib.metadata import entry_points as installed

    return installed(group=group)


def _load_builtin(key: str) -> None:
    """Import the module of the built-in game named `key`, if it is one not loaded yet."""
    if key not in _REGISTRY:
        games.load(key)


def _load_plugins() -> None:
    """Register every built-in game, then every ruleset published under ENTRY_POINT_GROUP
    (once per process)."""
    global _PLUGINS_LOADED
    if _PLUGINS_LOADED:
        return
    games.load_all()
    _PLUGINS_LOADED = True
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            rules = _as_ruleset(ep.load(), ep.name)
        except Exception as exc:  # a broken plug-in must not break grundy
            raise ValueError(
                f"plug-in game {ep.name!r} ({ep.value}) failed to load: {exc}"
            ) from exc
        if not rules.name:
            rules.name = ep.name
        existing = _REGISTRY.get(rules.name.lower())
        if existing is None:
            register(rules)
        elif type(existing) is type(rules):
            rules = existing  # the plug-in's module registered it when imported
        # the published name finds the game even when the ruleset calls itself otherwise
        _REGISTRY.setdefault(ep.name.lower(), rules)


def _from_reference(reference: str) -> Rules:
    """A ruleset from ``module:attr`` or ``file.py:attr`` (cached per reference)."""
    if reference in _REFERENCES:
        return _REFERENCES[reference]
    where, _, attr = reference.rpartition(":")
    if not where or not attr:
        raise ValueError(f"bad game reference {reference!r}: expected module:attr")
    module = _import(where, reference)
    try:
        obj = getattr(module, attr)
    except AttributeError:
        raise ValueError(f"bad game reference {reference!r}: {where} has no {attr!r}") from None
    rules = _REFERENCES[reference] = _as_ruleset(obj, attr)
    return rules


def _import(where: str, reference: str) -> ModuleType:
    if where.endswith(".py"):
        import hashlib

        path = Path(where)
        if not path.is_file():
            raise ValueError(f"bad game reference {reference!r}: no file {where}")
        # A module name of its own per file, registered while the file runs:
        # dataclasses and pickling look their class's module up in sys.modules.
        tag = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
        name = f"grundy_user_{path.stem}_{tag}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ValueError(f"bad game reference {reference!r}: cannot load {where}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise ValueError(
                f"bad game reference {reference!r}: running {where} failed: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        return module
    try:
        return importlib.import_module(where)
    except ImportError as exc:
        raise ValueError(f"bad game reference {reference!r}: {exc}") from None
    except Exception as exc:  # the module itself is broken
        raise ValueError(
            f"bad game reference {reference!r}: importing {where} failed: "
            f"{type(exc).__name__}: {exc}"
        ) from exc


def _as_ruleset(obj: Any, name: str) -> Rules:
    """A ruleset instance of either kind, a ruleset subclass (instantiated) or an options
    function."""
    if isinstance(obj, (Ruleset, PartizanRuleset)):
        return obj
    if inspect.isclass(obj):
        if issubclass(obj, (Ruleset, PartizanRuleset)):
            return obj()
        raise ValueError(f"{name!r} is a class but not a Ruleset subclass")
    if callable(obj):
        return FunctionRuleset(obj, name=name)
    raise ValueError(f"{name!r} is not a ruleset, a Ruleset subclass or an options function")
