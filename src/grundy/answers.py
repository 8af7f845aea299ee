"""The door: for every question, which source answers it, and which one did.

A question about a position — its value (normal or misère play), its options
with their values and its winning moves, its outcome — is answered here and
nowhere else, from the first of these sources that holds the answer:

1. **closed form** (``"closed form"``): the ruleset's own formula
   (`Ruleset.closed_form`).  It costs nothing and is exact at every size, so
   nothing is asked before it; a ruleset whose closed form costs less than its
   canonical form (``closed_form_first``) has it asked on the position as given.
2. **atlas** (``"atlas"``): a file of every value up to a size, computed once
   (`grundy.atlas`): a lookup, but from disk, and only for the positions within
   its levels or box.
3. **results store** (``"store"``): values a sweep kept (`grundy.results`): one
   SQLite query, slower than the atlas's array, and holding only what was asked
   before.
4. **compiled kernel** (``"kernel"``): the game's numba search (`grundy.engine`),
   for positions above the ruleset's ``small_size``; fast, but it searches, and
   its first call compiles.
5. **generic search** (``"search"``): `grundy.solver.Solver`, which answers any
   finite game, at the price of an exhaustive search.

Cheaper and surer first: each source is asked only where every source before it
has no answer.  In normal play a position is worth the nim-sum of its canonical
components (`Solver.terms`), and each component is asked on its own, so one value
may come from several sources.

Counts of a size keep this order too (`grundy.analysis.counts`: the atlas, the
store, then the game's counting formula, its kernel's census or enumeration).
Work over many positions at once — sweeps, counts, conjectures — takes its atlas
here (`atlas_for`) but still reads it a level at a time, and values the rest in
bulk (`grundy.engine.cluster`, a census), not one question at a time.

An `Answer` holds the value, the source (one name, or a tuple of names in the
order above where several served) and its `kind`, which says what the value is:
a ``"nimber"`` (an int), an ``"outcome"`` ("P" or "N"), ``"options"`` (a tuple of
`grundy.game.Option`).  Outcome classes of partizan games, their canonical forms
and misère-quotient elements are kinds of their own, answered through the same door.

>>> answer("lctr", "8,7,6,5^2,2,1")
Answer(value=0, source='closed form', kind='nimber')
>>> answer("chomp", "3,2")
Answer(value=0, source='search', kind='nimber')
>>> answer("cr", "4,2,1", question="outcome")
Answer(value='N', source='search', kind='outcome')

An atlas (`atlas=`: an `Atlas` or its directory; default ``$GRUNDY_ATLAS`` where it
is this game's and convention's) is read where it covers the position:

>>> import tempfile
>>> from grundy.atlas import build
>>> folder = tempfile.mkdtemp()
>>> _ = build(get_ruleset("cr"), 5, folder)
>>> answer("cr", "3,2", atlas=folder)
Answer(value=3, source='atlas', kind='nimber')
>>> moves = answer("cr", "4,2", atlas=folder, question="options")
>>> [option.value for option in moves.value], moves.source
([2, 2, 3, 3], ('closed form', 'atlas'))
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from weakref import WeakKeyDictionary

from grundy.game import Option, Ruleset, capabilities
from grundy.registry import get_ruleset, identifies
from grundy.solver import solver_for
from grundy.validate import as_bool, as_store, parse_position

if TYPE_CHECKING:
    from grundy.atlas import Atlas
    from grundy.results import Store

__all__ = [
    "ATLAS_VARIABLE",
    "SOURCES",
    "Answer",
    "Kind",
    "Source",
    "answer",
    "atlas_for",
    "json_source",
    "options",
    "outcome",
    "source_of",
    "value",
    "winning_moves",
]

#: Where an answer can come from, in the order they are asked (the module's doc).
Source = Literal["closed form", "atlas", "store", "kernel", "search"]
SOURCES: tuple[Source, ...] = ("closed form", "atlas", "store", "kernel", "search")

#: What an answer's value is.  Partizan outcomes, canonical forms and misère-quotient
#: elements are kinds to come.
Kind = Literal["nimber", "outcome", "options"]

#: The environment variable naming the atlas every command and `answer` read by default.
ATLAS_VARIABLE = "GRUNDY_ATLAS"


@dataclass(frozen=True)
class Answer:
    """An answer to one question: its `value`, the `source` that gave it (one of
    `SOURCES`, or a tuple of them in that order where several served) and its `kind`.

    >>> Answer(3, ("atlas", "search"), "nimber").sources
    ('atlas', 'search')
    """

    value: Any
    source: Source | tuple[Source, ...]
    kind: Kind

    @property
    def sources(self) -> tuple[Source, ...]:
        """The sources that served, as a tuple (one or more), in the order of `SOURCES`."""
        return self.source if isinstance(self.source, tuple) else (self.source,)


def source_of(sources: Iterable[Source]) -> Source | tuple[Source, ...]:
    """The `Answer.source` of an answer the `sources` served: one name, or several in the
    order of `SOURCES`.  Nothing served (a position without components or options: the
    rules alone answer it) is ``"search"``.

    >>> source_of(["search", "atlas", "search"]), source_of(["kernel"]), source_of([])
    (('atlas', 'search'), 'kernel', 'search')
    """
    served = set(sources)
    ordered = tuple(name for name in SOURCES if name in served)
    if not ordered:
        return "search"
    return ordered[0] if len(ordered) == 1 else ordered


def json_source(source: Source | tuple[Source, ...]) -> str | list[str]:
    """A source as a ``--json`` answer names it: a name, or a list of names.

    >>> json_source("atlas"), json_source(("closed form", "search"))
    ('atlas', ['closed form', 'search'])
    """
    return list(source) if isinstance(source, tuple) else source


def atlas_for(
    rules: Ruleset, misere: bool | None, atlas: Atlas | str | os.PathLike[str] | None
) -> Atlas | None:
    """The atlas that answers for `rules`: `atlas` (an `Atlas` or its directory), else
    the one $GRUNDY_ATLAS names, else None.

    An atlas given must be of this game, rules version and convention (`AtlasError`
    otherwise); `misere` None (both conventions asked, `sweep --both`) takes either.
    $GRUNDY_ATLAS names one atlas for everything, so where it is another game's or
    convention's it is ignored; but one that cannot be read (absent, corrupt, not an
    atlas) is an error either way.  The command line's ``--atlas`` is `atlas`.
    """
    if atlas is None:
        named = os.environ.get(ATLAS_VARIABLE, "")
        if not named.strip():
            return None
        found = _open_atlas(Path(named), f"${ATLAS_VARIABLE}")
        return found if found.is_for(rules, found.misere if misere is None else misere) else None
    from grundy.atlas import Atlas  # numpy: only where an atlas is given
    from grundy.atlas import open as open_atlas

    found = atlas if isinstance(atlas, Atlas) else open_atlas(atlas)
    found.check_for(rules, found.misere if misere is None else misere)
    return found


def _open_atlas(directory: Path, given_by: str) -> Atlas:
    """The atlas in `directory`; an error reading it names where it was given."""
    from grundy.atlas import AtlasError
    from grundy.atlas import open as open_atlas

    try:
        return open_atlas(directory)
    except (AtlasError, FileNotFoundError) as error:
        raise type(error)(f"{given_by}: {error}") from None


#: Each ruleset's capabilities, read once (`capabilities` costs microseconds a call).
_CAPABILITIES: WeakKeyDictionary[Ruleset, frozenset[str]] = WeakKeyDictionary()


class _Door:
    """One game, convention, atlas and store: the sources asked, in order."""

    def __init__(
        self, rules: Ruleset, misere: bool, atlas: Atlas | None, store: Store | None
    ) -> None:
        self.rules = rules
        self.misere = misere
        self.atlas = atlas
        self.store = store if store is not None and identifies(rules) else None
        self.solver = solver_for(rules)
        have = _CAPABILITIES.get(rules)
        if have is None:
            have = _CAPABILITIES[rules] = frozenset(capabilities(rules))
        self.closed = "closed_form" in have
        self.kernel = "kernel" in have

    def nimber(self, position: Any) -> Answer:
        """The value of a position (parsed), and the sources that gave it."""
        rules, misere = self.rules, self.misere
        if self.closed and rules.closed_form_first:
            known = rules.closed_form(position, misere)
            if known is not None:
                return Answer(known, "closed form", "nimber")
        total, served = 0, []
        for term in self.solver.terms(position, misere):
            value, source = self._term(term)
            total ^= value
            served.append(source)
        return Answer(total, source_of(served), "nimber")

    def _term(self, term: Any) -> tuple[int, Source]:
        """The value of one canonical component, from the first source holding it."""
        rules, misere = self.rules, self.misere
        if self.closed:
            known = rules.closed_form(term, misere)
            if known is not None:
                return known, "closed form"
        if self.atlas is not None and self.atlas.covers(term):
            return self.atlas.value(term), "atlas"
        if self.store is not None:
            text = rules.format_position(term)
            stored = self.store.get(rules.name, rules.rules_version, misere, [text])
            if text in stored:
                return stored[text], "store"
        if self.kernel:
            size = getattr(term, "size", None)
            if size is None or size > rules.small_size:
                known = rules.kernel.value(term, misere)  # None: a position it does not take
                if known is not None:
                    return known, "kernel"
        return self.solver.value(term, misere), "search"

    def options(self, position: Any) -> Answer:
        """Every option of a position with its value; the sources of those values."""
        listed, served = [], []
        for move, child in self.solver.moves(position):
            valued = self.nimber(child)
            served += valued.sources
            listed.append(Option(move, child, valued.value, self.rules.format_move(move)))
        return Answer(tuple(listed), source_of(served), "options")


Question = Literal["value", "options", "winning moves", "outcome"]


def answer(
    game: str | Ruleset,
    position: Any,
    misere: bool = False,
    *,
    question: Question = "value",
    atlas: Atlas | str | os.PathLike[str] | None = None,
    store: Store | str | os.PathLike[str] | None = None,
) -> Answer:
    """The answer to `question` about `position` in `game`, and the source that gave it.

    `question`: "value" (a nimber: SG, or SG⁻ when `misere`), "options" (every option
    with its value), "winning moves" (the options of value 0) or "outcome" ("P" when
    the value is 0, else "N").  `atlas`: an `Atlas` or its directory, of this game and
    convention (`AtlasError` otherwise); None reads $GRUNDY_ATLAS where it is this
    game's and convention's (`atlas_for`).  `store`: a `grundy.results.Store` or its
    path, read (never written) for values a sweep kept; None reads none.  The sources
    are asked in the module's order.

    >>> answer("lctr", "3,1", question="winning moves").value
    ()
    >>> answer("cr", "3,1", misere=True, question="options").source
    'search'
    """
    rules = get_ruleset(game)
    misere = as_bool(misere, "misere")
    door = _Door(rules, misere, atlas_for(rules, misere, atlas), as_store(store))
    parsed = parse_position(rules, position)
    if question == "value":
        return door.nimber(parsed)
    if question == "outcome":
        found = door.nimber(parsed)
        return Answer("P" if found.value == 0 else "N", found.source, "outcome")
    if question in ("options", "winning moves"):
        found = door.options(parsed)
        if question == "options":
            return found
        winning = tuple(option for option in found.value if option.value == 0)
        return Answer(winning, found.source, "options")
    raise ValueError(
        f"unknown question {question!r}; ask one of: value, options, winning moves, outcome"
    )


def value(
    game: str | Ruleset,
    position: Any,
    misere: bool = False,
    atlas: Atlas | str | os.PathLike[str] | None = None,
) -> int:
    """The Sprague–Grundy value of `position` in `game` (the misère value if asked):
    `answer`'s value.

    The position is read by the game (`Ruleset.parse`): text, a sequence of parts
    (numpy's integers too), never a dict; `misere` is True or False; `atlas` as for
    `answer` ($GRUNDY_ATLAS by default).

    >>> value("downright", [3, 1]), value("lctr", "3,1", misere=True)
    (2, 1)
    >>> value("lctr", "3,1", misere="no")
    Traceback (most recent call last):
    ...
    TypeError: misere must be True or False, got str 'no'
    """
    return answer(game, position, misere, atlas=atlas).value


def options(
    game: str | Ruleset,
    position: Any,
    misere: bool = False,
    atlas: Atlas | str | os.PathLike[str] | None = None,
) -> list[Option]:
    """Every option of `position` as (move, position, value, description); arguments as
    for `value`.  The description names the move as `grundy moves` and the page do.

    >>> [(o.description, str(o.position), o.value) for o in options("lctr", "3,1")]
    [('remove the top row', '1', 1), ('remove the left column', '2', 2)]
    """
    return list(answer(game, position, misere, question="options", atlas=atlas).value)


def winning_moves(
    game: str | Ruleset,
    position: Any,
    misere: bool = False,
    atlas: Atlas | str | os.PathLike[str] | None = None,
) -> list[Option]:
    """The options of value 0: the moves to a P-position (under the same convention).

    >>> [str(o.position) for o in winning_moves("cr", "2,1")]
    []
    """
    return list(answer(game, position, misere, question="winning moves", atlas=atlas).value)


def outcome(
    game: str | Ruleset,
    position: Any,
    misere: bool = False,
    atlas: Atlas | str | os.PathLike[str] | None = None,
) -> str:
    """ "P" (the previous player wins) when the value is 0, else "N"."""
    return answer(game, position, misere, question="outcome", atlas=atlas).value
