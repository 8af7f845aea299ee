"""The games a server plays: fixed when it starts, by whoever starts it.

`Catalogue` is an allow-list: the registered games (built-in and installed
plug-ins, by every name and alias they are found by) and the ``module:attr`` /
``file.py:attr`` references given to ``grundy serve --game``, each resolved
once, when the server starts.  A request names one of them or is refused: a
request never reaches `grundy.registry.get_ruleset`'s references, so no
request imports or runs anything (docs/security.md).  Only a game that
declares parameters (`Ruleset.parameters`: the chess piece) takes them.  The
partizan games (`grundy.partizan`: CRPM, CRPS and those registered) are listed
apart (`Catalogue.partizan`), by their names and aliases alone.

>>> catalogue = Catalogue()
>>> catalogue.ruleset(" CRIM ").name
'cr'
>>> catalogue.ruleset("os:system")
Traceback (most recent call last):
ValueError: unknown game 'os:system': this server plays the games it lists, and module:attr \
games only when given to grundy serve --game
>>> catalogue.check_parameters(catalogue.ruleset("lctr"), {"piece": "king"})
Traceback (most recent call last):
ValueError: game 'lctr' takes no parameters (got piece)
>>> catalogue.partizan("CRPM").name
'crpm'
>>> catalogue.partizan("crpm:CRPM")
Traceback (most recent call last):
ValueError: unknown partizan game 'crpm:CRPM': this server plays the partizan games it lists
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grundy.game import PartizanRuleset, Ruleset, capabilities, partizan_capabilities
from grundy.partizan import get_partizan, partizan_names
from grundy.registry import get_ruleset, registered

__all__ = ["DEFAULT_GAME", "Catalogue"]

#: The game the page shows first.
DEFAULT_GAME = "lctr"


class Catalogue:
    """The registered games and the games of `references` (resolved here, once)."""

    def __init__(self, references: Iterable[str] = ()) -> None:
        self._names = registered()
        self._references: dict[str, Ruleset] = {}
        for reference in references:
            if reference.strip().lower() not in self._names:  # a registered name: served anyway
                self._references[reference.strip()] = get_ruleset(reference)
        self._listing = [
            *(_entry(name, rules) for name, rules in self._registered()),
            *(_entry(reference, rules) for reference, rules in self._references.items()),
        ]
        self._partizan = {
            key.lower(): rules
            for rules in map(get_partizan, partizan_names())
            for key in (rules.name, *rules.aliases)
        }

    def ruleset(self, name: str) -> Ruleset:
        """The game a request names: a registered name (any case) or a reference given at
        start-up, exactly; a ValueError for any other name, having looked nothing up."""
        rules = self._references.get(name.strip()) or self._names.get(name.strip().lower())
        if rules is None and name.strip().lower() in self._partizan:
            raise ValueError(
                f"{name.strip()!r} is a partizan game: ask /api/partizan/… with a side"
            )
        if rules is None:
            raise ValueError(
                f"unknown game {_shown(name)!r}: this server plays the games it lists, and "
                "module:attr games only when given to grundy serve --game"
            )
        return rules

    def partizan(self, name: str) -> PartizanRuleset:
        """The partizan game a request names: a listed name or alias (any case); a
        ValueError for any other name, having looked nothing up."""
        rules = self._partizan.get(name.strip().lower())
        if rules is None:
            raise ValueError(
                f"unknown partizan game {_shown(name)!r}: this server plays the partizan "
                "games it lists"
            )
        return rules

    def partizan_listing(self) -> list[dict[str, Any]]:
        """Every partizan game as the page lists it (`_entry`'s keys, and ``partizan``)."""
        unique = {rules.name: rules for rules in self._partizan.values()}
        return [_partizan_entry(rules) for _, rules in sorted(unique.items())]

    @staticmethod
    def check_parameters(rules: Ruleset, parameters: dict[str, Any]) -> None:
        """A ValueError unless `rules` declares every one of `parameters` (texts)."""
        for key, value in parameters.items():
            if not isinstance(value, str):
                raise ValueError(f"bad request: parameter {key!r} must be a string")
        unknown = sorted(set(parameters) - set(rules.parameters))
        if unknown and not rules.parameters:
            raise ValueError(f"game {rules.name!r} takes no parameters (got {', '.join(unknown)})")
        if unknown:
            raise ValueError(
                f"game {rules.name!r} takes only the parameters {', '.join(rules.parameters)} "
                f"(got {', '.join(unknown)})"
            )

    def listing(self) -> list[dict[str, Any]]:
        """Every game as the page lists it, under the name a request gives it."""
        return self._listing

    def default(self) -> str:
        """The game the page shows first: `DEFAULT_GAME` when served, else the first listed.

        >>> Catalogue().default()
        'lctr'
        """
        names = [entry["name"] for entry in self._listing]
        return DEFAULT_GAME if DEFAULT_GAME in names else names[0]

    def _registered(self) -> list[tuple[str, Ruleset]]:
        """Each registered ruleset once, by its name."""
        unique = {id(rules): rules for rules in self._names.values()}
        return sorted(((rules.name, rules) for rules in unique.values()), key=lambda e: e[0])


def _shown(name: str) -> str:
    """A name as a request gave it, cut to 200 characters."""
    return name if len(name) <= 200 else name[:199] + "…"


def _entry(name: str, rules: Ruleset) -> dict[str, Any]:
    """The game as the page lists it, with the start it offers: the game's own
    (`Ruleset.example_start`), or a family's of its `Ruleset.example_parameters`.

    >>> entry = _entry("chess", registered()["chess"])
    >>> entry["example"], entry["example_parameters"]
    ('4,3,2,1', {'piece': 'leaps=1:2,2:1;riders=1:1'})
    """
    parameters = dict(rules.example_parameters)
    played = rules.with_parameters(**parameters) if parameters else rules
    return {
        "name": name,
        "aliases": list(rules.aliases),
        "description": rules.description,
        "parameters": dict(rules.parameters),
        "capabilities": capabilities(rules),
        "example": played.example_start(),
        "example_parameters": parameters,
    }


def _partizan_entry(rules: PartizanRuleset) -> dict[str, Any]:
    """A partizan game as the page lists it: as `_entry`, with ``partizan`` true.

    >>> entry = _partizan_entry(get_partizan("crpm"))
    >>> entry["example"], entry["partizan"], entry["capabilities"][:2]
    ('4,3,2,1', True, ['components', 'negative'])
    """
    return {
        "name": rules.name,
        "aliases": list(rules.aliases),
        "description": rules.description,
        "parameters": {},
        "capabilities": partizan_capabilities(rules),
        "example": rules.example_start(),
        "example_parameters": {},
        "partizan": True,
    }
