"""The door: for every question, which source answers it, and which one did.

A question about a position — its value (normal or misère play), its options
with their values and its winning moves, its outcome — is answered here and
nowhere else, from the first of these sources that holds the answer:

1. **closed form** (``"closed form"``): the ruleset's own formula
   (`Ruleset.closed_form`).  It costs nothing and is exact at every size, so
   nothing is asked before it; a ruleset whose closed form costs less than its
   canonical form (``closed_form_first``) has it asked on the position as given.
2. **misère quotient** (``"quotient"``), for the misère *outcome* of a sum only: a
   quotient this process holds for the game (`grundy.misere.quotient_of` keeps the
   quotients it computes: `grundy.misere.held`) that covers every component of the
   position; the outcome is a product of the components' elements in a finite
   monoid and a lookup in its P-portion.  It gives no value, so a value question
   goes on to the sources below.
3. **atlas** (``"atlas"``): a file of every value up to a size, computed once
   (`grundy.atlas`): a lookup, but from disk, and only for the positions within
   its levels or box.
4. **results store** (``"store"``): values a sweep kept (`grundy.results`): one
   SQLite query, slower than the atlas's array, and holding only what was asked
   before.
5. **compiled kernel** (``"kernel"``): the game's numba search (`grundy.engine`),
   for positions above the ruleset's ``small_size``; fast, but it searches, and
   its first call compiles.
6. **generic search** (``"search"``): `grundy.solver.Solver`, which answers any
   finite game, at the price of an exhaustive search.

Cheaper and surer first: each source is asked only where every source before it
has no answer.  In normal play a position is worth the nim-sum of its canonical
components (`Solver.terms`), and each component is asked on its own, so one value
may come from several sources.

Many positions at once — a sweep's, a count's or a conjecture's — are one batch
question (`values`): each distinct component valued once, each source asked about
all the components left at once (the store in one query).  Counts of a size keep
the order too (`grundy.analysis.counts`: the atlas, the store, then the game's
counting formula, its kernel's census, or the positions' `values`); a whole level
read from an atlas's array, or valued by a kernel's census, needs no question a
position.  A check that must use one source (exhaustive search, to verify a closed
form or a table) names it: ``answer(..., source="search")``.

An `Answer` holds the value, the source (one name, or a tuple of names in the
order above where several served) and its `kind`, which says what the value is:
a ``"nimber"`` (an int), an ``"outcome"`` ("P" or "N"), ``"options"`` (a tuple of
`grundy.game.Option`).  Outcome classes of partizan games, their canonical forms
and misère-quotient elements are kinds of their own, answered through the same door.
A partizan game's values come from search (its canonical forms); the outcome class
of one diagram comes first from its compiled kernel where it has one (every level
up to the diagram's size valued at once, without values: `PARTIZAN_KERNEL_N`).

>>> answer("crpm", "5,3,1", question="outcome")
Answer(value='L', source='kernel', kind='outcome')

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

An outcome atlas (`grundy.atlas.outcome_atlas`: ``atlas build --outcomes``) holds no
value, only who wins: where it covers a position that no closed form values, a
question of its value or its outcome is answered by an ``"outcome"``.

>>> folder = tempfile.mkdtemp()
>>> _ = build(get_ruleset("chomp"), 6, folder, outcomes=True)
>>> answer("chomp", "3,2", atlas=folder)
Answer(value='P', source='atlas', kind='outcome')
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias
from weakref import WeakKeyDictionary

from grundy.game import Option, Ruleset, capabilities
from grundy.partition import Partition
from grundy.registry import get_game, get_ruleset, identifies
from grundy.solver import Solver, solver_for
from grundy.validate import as_bool, as_store, parse_position

if TYPE_CHECKING:
    from grundy.atlas import Atlas
    from grundy.game import PartizanRuleset
    from grundy.results import Store

    #: An atlas as every question takes it: an `Atlas`, its directory, or None
    #: ($GRUNDY_ATLAS where it is the game's and convention's: `atlas_for`).
    AtlasLike: TypeAlias = Atlas | str | os.PathLike[str] | None

#: A game as every question takes it: its name (`grundy.registry.get_ruleset`) or a ruleset.
GameLike: TypeAlias = str | Ruleset

__all__ = [
    "ATLAS_VARIABLE",
    "LOOKUPS",
    "SOURCES",
    "Answer",
    "GameLike",
    "Kind",
    "Served",
    "Source",
    "answer",
    "atlas_for",
    "check_partizan_asked",
    "json_source",
    "options",
    "outcome",
    "partizan_game",
    "reference_solver",
    "source_of",
    "value",
    "values",
    "winning_moves",
]

#: Where an answer can come from, in the order they are asked (the module's doc).
Source = Literal["closed form", "quotient", "atlas", "store", "kernel", "search"]
SOURCES: tuple[Source, ...] = ("closed form", "quotient", "atlas", "store", "kernel", "search")
#: The sources that served an answer: one name, or several in the order of `SOURCES`.
Served: TypeAlias = Source | tuple[Source, ...]

#: What an answer's value is: a nimber (an int), an outcome ("P", "N"; a partizan game's
#: also "L", "R"), options, a partizan game's canonical form (`grundy.partizan.Game`) or
#: its Left and Right options.  Misère-quotient elements are a kind to come.
Kind = Literal["nimber", "outcome", "options", "canonical form", "partizan options"]

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
    source: Served
    kind: Kind

    @property
    def sources(self) -> tuple[Source, ...]:
        """The sources that served, as a tuple (one or more), in the order of `SOURCES`."""
        return self.source if isinstance(self.source, tuple) else (self.source,)


def source_of(
    sources: Iterable[Served],
) -> Served:
    """The `Answer.source` of an answer the `sources` served (names, or tuples of them):
    one name, or several in the order of `SOURCES`.  Nothing served (a position without
    components or options: the rules alone answer it) is ``"search"``.

    >>> source_of(["search", "atlas", "search"]), source_of(["kernel"]), source_of([])
    (('atlas', 'search'), 'kernel', 'search')
    >>> source_of(["store", ("closed form", "search")])
    ('closed form', 'store', 'search')
    """
    served: set[str] = set()
    for source in sources:
        served.update((source,) if isinstance(source, str) else source)
    ordered = tuple(name for name in SOURCES if name in served)
    if not ordered:
        return "search"
    return ordered[0] if len(ordered) == 1 else ordered


def json_source(source: Served) -> str | list[str]:
    """A source as a ``--json`` answer names it: a name, or a list of names.

    >>> json_source("atlas"), json_source(("closed form", "search"))
    ('atlas', ['closed form', 'search'])
    """
    return list(source) if isinstance(source, tuple) else source


def atlas_for(rules: Ruleset, misere: bool | None, atlas: AtlasLike) -> Atlas | None:
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
#: Each ruleset's reference solver (`Solver(rules, fast=False)`): the source "search"
#: when a caller names it (`answer`'s `source`), so that the search is exhaustive.
_REFERENCES: WeakKeyDictionary[Ruleset, Solver] = WeakKeyDictionary()


#: The sources that look a value up, searching nothing (`values`' `lookups`).
LOOKUPS: tuple[Source, ...] = ("closed form", "atlas", "store")


class _Door:
    """One game, convention, atlas and store: the sources asked, in order (`source`
    None), or the one source a caller named; or `lookups` (some of `LOOKUPS`, in order)
    alone, a position none of them holds left unvalued."""

    def __init__(
        self,
        rules: Ruleset,
        misere: bool,
        atlas: Atlas | None,
        store: Store | None,
        source: Source | None = None,
        lookups: Sequence[Source] = (),
    ) -> None:
        self.rules = rules
        self.misere = misere
        self.atlas = atlas
        self.store = store if store is not None and identifies(rules) else None
        self.named = source
        self.solver = reference_solver(rules) if source == "search" else solver_for(rules)
        have = _CAPABILITIES.get(rules)
        if have is None:
            have = _CAPABILITIES[rules] = frozenset(capabilities(rules))
        holding = {
            "closed form": "closed_form" in have,
            "quotient": misere and _holds_quotient(rules),
            "atlas": atlas is not None,
            "store": self.store is not None,
            "kernel": "kernel" in have,
            "search": True,
        }
        if source is not None and not holding[source]:
            raise ValueError(f"{rules.name} has no {source} to ask here: {_NONE[source]}")
        if not set(lookups) <= set(LOOKUPS):
            raise ValueError(f"only the lookups ({', '.join(LOOKUPS)}) are asked alone")
        if source is not None:
            asked: tuple[Source, ...] = (source,)
        else:
            asked = tuple(name for name in LOOKUPS if name in lookups) or SOURCES
        self.complete = not lookups
        #: a misère quotient answers outcomes, not values (`quotient_outcome`)
        self.quotient = "quotient" in asked and holding["quotient"]
        self.sources = tuple(name for name in asked if holding[name] and name != "quotient")
        self.closed_first = "closed form" in self.sources and rules.closed_form_first
        #: an outcome atlas (`grundy.atlas.outcome_atlas`) answers outcomes, not values
        self.outcomes = atlas if atlas is not None and not atlas.holds_values else None
        self.asks = {
            "closed form": self._closed_form,
            "atlas": self._atlas,
            "store": self._store,
            "kernel": self._kernel,
            "search": self._search,
        }

    def nimbers(self, positions: Sequence[Any]) -> tuple[list[Any], Served]:
        """The value of each position (parsed; None where a component is left unvalued),
        and the sources that gave them (a position without components: ``"search"``, as
        `source_of` has it).  Each distinct component is valued once, and each source is
        asked about every component left at once (the store: one query)."""
        split = [self._split(position) for position in positions]
        terms = list(dict.fromkeys(t for parts in split if isinstance(parts, list) for t in parts))
        valued = self._valued(terms)
        found, served = [], set()
        for parts in split:
            if not isinstance(parts, list):
                found.append(parts)
                served.add("closed form")
                continue
            if not all(term in valued for term in parts):
                found.append(None)
                continue
            total = 0
            for term in parts:
                total ^= valued[term][0]
                served.add(valued[term][1])
            found.append(total)
            if not parts:
                served.add("search")
        return found, source_of(served)

    def _split(self, position: Any) -> int | list[Any]:
        """The closed form's value of the position as given (`closed_form_first`), else
        the canonical components it is worth the nim-sum of (`Solver.terms`)."""
        if self.closed_first:
            known = self.rules.closed_form(position, self.misere)
            if known is not None:
                return known
        return self.solver.terms(position, self.misere)

    def _valued(self, terms: list[Any]) -> dict[Any, tuple[int, Source]]:
        """{term: (value, source)}, each from the first source holding it."""
        found: dict[Any, tuple[int, Source]] = {}
        for name in self.sources:
            if not terms:
                break
            held = self.asks[name](terms)
            found.update((term, (value, name)) for term, value in held.items())
            terms = [term for term in terms if term not in held]
        if terms and self.complete:  # (only a source named alone leaves any)
            text = self.rules.format_position(terms[0])
            raise ValueError(f"the {self.named} of {self.rules.name} holds no value of {text}")
        return found

    def _closed_form(self, terms: list[Any]) -> dict[Any, int]:
        known = ((term, self.rules.closed_form(term, self.misere)) for term in terms)
        return {term: value for term, value in known if value is not None}

    def _atlas(self, terms: list[Any]) -> dict[Any, int]:
        assert self.atlas is not None
        if self.outcomes is not None:
            return {}
        return {term: self.atlas.value(term) for term in terms if self.atlas.covers(term)}

    def outcome(self, position: Any) -> str | None:
        """ "P" or "N" from an outcome atlas where it covers `position` (parsed) and the
        closed form, asked first, does not value it; else None."""
        found = self.outcomes
        if found is None or "atlas" not in self.sources or not found.covers(position):
            return None
        if self._closed_form_values(position):
            return None
        return found.outcome(position)

    def quotient_outcome(self, position: Any) -> str | None:
        """ "P" or "N" from a misère quotient held for the game that covers every
        component of `position` (parsed), where the closed form, asked first, does not
        value it; else None."""
        if not self.quotient or self._closed_form_values(position):
            return None
        from grundy.misere.held import outcome

        return outcome(self.rules, position)

    def _closed_form_values(self, position: Any) -> bool:
        """Whether the closed form, where it is asked, values `position` (parsed)."""
        if "closed form" not in self.sources:
            return False
        parts = self._split(position)
        return not isinstance(parts, list) or len(self._closed_form(parts)) == len(parts)

    def _store(self, terms: list[Any]) -> dict[Any, int]:
        assert self.store is not None
        rules = self.rules
        texts = {rules.format_position(term): term for term in terms}
        stored = self.store.get(rules.name, rules.rules_version, self.misere, list(texts))
        return {texts[text]: value for text, value in stored.items()}

    def _kernel(self, terms: list[Any]) -> dict[Any, int]:
        """The kernel's values (None: a position it does not take), above the ruleset's
        ``small_size`` unless the kernel is the source named."""
        rules, small = self.rules, self.rules.small_size
        asked = [
            term
            for term in terms
            if self.named == "kernel" or getattr(term, "size", None) is None or term.size > small
        ]
        known = ((term, rules.kernel.value(term, self.misere)) for term in asked)
        return {term: value for term, value in known if value is not None}

    def _search(self, terms: list[Any]) -> dict[Any, int]:
        return {term: self.solver.value(term, self.misere) for term in terms}

    def options(self, position: Any) -> Answer:
        """Every option of a position with its value (or, where an outcome atlas holds it,
        its outcome); the sources of those values."""
        moves = self.solver.moves(position)
        outcomes = [self.outcome(child) for _, child in moves]
        asked = [child for (_, child), known in zip(moves, outcomes, strict=True) if known is None]
        nimbers, served = self.nimbers(asked) if asked else ([], None)
        left = iter(nimbers)
        valued = [next(left) if known is None else known for known in outcomes]
        read = ["atlas"] if len(asked) < len(moves) else []
        served = source_of([*read, *([served] if served is not None else [])])
        listed = tuple(
            Option(move, child, found, self.rules.format_move(move))
            for (move, child), found in zip(moves, valued, strict=True)
        )
        return Answer(listed, served, "options")


#: Why a source named alone cannot answer (`_Door`).
_NONE: dict[Source, str] = {
    "closed form": "it declares none",
    "quotient": "none is held for it in misère play (grundy.misere.quotient_of)",
    "atlas": f"none was given, nor named by ${ATLAS_VARIABLE} for this game and convention",
    "store": "none was given (or the game's name does not identify it)",
    "kernel": "it has no compiled kernel",
    "search": "",
}


def _holds_quotient(rules: Ruleset) -> bool:
    """Whether this process holds a misère quotient for `rules` (`grundy.misere.held`)."""
    from grundy.misere.held import held

    return bool(held(rules))


def reference_solver(rules: Ruleset) -> Solver:
    """The shared reference solver of a ruleset, the source "search": exhaustive search,
    no closed form or kernel (`Solver(rules, fast=False)`), one memo a ruleset for every
    caller (the door, and reproduce's checks of closed forms against search).

    >>> from grundy import get_ruleset
    >>> reference_solver(get_ruleset("lctr")) is reference_solver(get_ruleset("lctr"))
    True
    """
    solver = _REFERENCES.get(rules)
    if solver is None:
        solver = _REFERENCES[rules] = Solver(rules, fast=False)
    return solver


def _door(
    game: GameLike,
    misere: bool,
    atlas: AtlasLike,
    store: Store | str | os.PathLike[str] | None,
    source: Source | None,
    lookups: Sequence[Source] = (),
) -> _Door:
    """The door of `game` in convention `misere` with the atlas and store given (as
    `answer` takes them) and the source named (None: every source, in order)."""
    if source is not None and source not in SOURCES:
        raise ValueError(f"unknown source {source!r}; name one of: {', '.join(SOURCES)}")
    rules = get_ruleset(game)
    misere = as_bool(misere, "misere")
    atlas = atlas_for(rules, misere, atlas)
    return _Door(rules, misere, atlas, as_store(store), source, lookups)


Question = Literal["value", "options", "winning moves", "outcome"]


def answer(
    game: GameLike,
    position: Any,
    misere: bool = False,
    *,
    question: Question = "value",
    atlas: AtlasLike = None,
    store: Store | str | os.PathLike[str] | None = None,
    source: Source | None = None,
) -> Answer:
    """The answer to `question` about `position` in `game`, and the source that gave it.

    `question`: "value" (a nimber: SG, or SG⁻ when `misere`), "options" (every option
    with its value), "winning moves" (the options of value 0) or "outcome" ("P" when
    the value is 0, else "N").  `atlas`: an `Atlas` or its directory, of this game and
    convention (`AtlasError` otherwise); None reads $GRUNDY_ATLAS where it is this
    game's and convention's (`atlas_for`).  `store`: a `grundy.results.Store` or its
    path, read (never written) for values a sweep kept; None reads none.  The sources
    are asked in the module's order.

    `source` names the one source to ask, so that a check that must use it says so:
    ``source="search"`` is exhaustive search (`Solver(rules, fast=False)`: no closed
    form, no kernel, the reference every other source is checked against).  A source
    that does not hold the answer is a ValueError, not a fall to the next.

    >>> answer("lctr", "3,1", question="winning moves").value
    ()
    >>> answer("cr", "3,1", misere=True, question="options").source
    'search'
    >>> answer("lctr", "4^3", source="search")
    Answer(value=1, source='search', kind='nimber')
    >>> answer("chomp", "3,2", source="closed form")
    Traceback (most recent call last):
    ...
    ValueError: the closed form of chomp holds no value of 2^2,1
    >>> answer("cr", "3,2", source="store")
    Traceback (most recent call last):
    ...
    ValueError: cr has no store to ask here: none was given (or the game's name does not \
identify it)

    A misère quotient held for the game (`grundy.misere.quotient_of`) answers the
    misère outcome of a sum of the components it covers:

    >>> from grundy.misere import held, quotient_of
    >>> _ = quotient_of("0.75", heaps=8)
    >>> answer("0.75", "8,5,3,3", misere=True, question="outcome")
    Answer(value='N', source='quotient', kind='outcome')
    >>> held.forget(get_ruleset("0.75"))
    """
    partizan = partizan_game(game)
    if partizan is not None:
        return _partizan_answer(partizan, position, misere, question, (atlas, store, source))
    door = _door(game, misere, atlas, store, source)
    parsed = parse_position(door.rules, position)
    if question in ("value", "outcome"):
        known = door.quotient_outcome(parsed) if question == "outcome" else None
        if known is not None:  # a misère quotient: who wins, from a product of elements
            return Answer(known, "quotient", "outcome")
        known = door.outcome(parsed)
        if known is not None:  # an outcome atlas: who wins, and no value
            return Answer(known, "atlas", "outcome")
        (found,), served = door.nimbers([parsed])
        if question == "value":
            return Answer(found, served, "nimber")
        return Answer("P" if found == 0 else "N", served, "outcome")
    if question in ("options", "winning moves"):
        found = door.options(parsed)
        if question == "options":
            return found
        winning = tuple(option for option in found.value if option.winning)
        return Answer(winning, found.source, "options")
    raise ValueError(
        f"unknown question {question!r}; ask one of: value, options, winning moves, outcome"
    )


def partizan_game(game: Any) -> PartizanRuleset | None:
    """The partizan game `game` is or names (`grundy.registry.get_game`), or None: the
    game is impartial, asked of the sources above.

    >>> partizan_game("crpm").name, partizan_game("cr")
    ('crpm', None)
    """
    from grundy.game import PartizanRuleset

    if isinstance(game, str):
        game = get_game(game)
    return game if isinstance(game, PartizanRuleset) else None


def check_partizan_asked(
    rules: PartizanRuleset,
    misere: bool,
    atlas: AtlasLike = None,
    store: Any = None,
    source: Source | None = None,
) -> None:
    """Refuse what a partizan game cannot be asked: misère play, an atlas or a results
    store, or a source other than search and (for a game with one) its compiled kernel;
    $GRUNDY_ATLAS is not read.

    >>> check_partizan_asked(partizan_game("crps"), True)
    Traceback (most recent call last):
    ...
    ValueError: crps is a partizan game: it is valued in normal play only
    >>> check_partizan_asked(partizan_game("crps"), False, source="kernel")
    Traceback (most recent call last):
    ...
    ValueError: crps is a partizan game without a kernel: its answers come from search alone
    """
    if as_bool(misere, "misere"):
        raise ValueError(f"{rules.name} is a partizan game: it is valued in normal play only")
    if atlas is not None or store is not None or source not in (None, "search", "kernel"):
        raise ValueError(
            f"{rules.name} is a partizan game: its answers come from search and its "
            "kernel alone (no atlas, results store or closed form holds them)"
        )
    if source == "kernel" and rules.kernel is None:
        raise ValueError(
            f"{rules.name} is a partizan game without a kernel: its answers come from search alone"
        )


#: The largest diagram whose outcome the door asks of a partizan game's kernel: every
#: level up to it is valued, a byte a position (about 40 MB and 20 s for CRPM at 80).
PARTIZAN_KERNEL_N = 80


def _kernel_outcome(rules: PartizanRuleset, position: Any, asked: Source | None) -> str | None:
    """The outcome class of a single diagram from the game's compiled kernel
    (`grundy.engine.partizan_levels`), or None where the kernel does not answer: no
    kernel, a sum of several diagrams (a sum's outcome needs its summands' values), or
    a diagram past `PARTIZAN_KERNEL_N` (then the kernel, if asked, refuses)."""
    if rules.kernel is None or asked == "search":
        return None
    parsed = rules.parse(position)
    summands = getattr(parsed, "summands", None)
    if summands is None or len(summands) > 1 or (summands and summands[0].size > PARTIZAN_KERNEL_N):
        if asked == "kernel":
            raise ValueError(
                f"{rules.name}'s kernel answers the outcome of one diagram of at most "
                f"{PARTIZAN_KERNEL_N} boxes, not {parsed}"
            )
        return None
    from grundy.engine.partizan_levels import shared_levels

    return shared_levels(rules.kernel).outcome(summands[0] if summands else Partition())


def _partizan_answer(
    rules: PartizanRuleset, position: Any, misere: bool, question: str, given: tuple[Any, ...]
) -> Answer:
    """A partizan game's answer (`grundy.partizan`, issue 26): its canonical form (kind
    "canonical form"), its outcome class ("L", "R", "N" or "P"), or Left's and Right's
    options with their values (kind "partizan options": the pair of tuples; "winning
    moves" keeps those after which the mover wins moving second).  Its values come from
    the memoised search of canonical forms, in normal play; the outcome of one diagram
    from the game's kernel first (`_kernel_outcome`).

    >>> answer("crpm", "3,2")
    Answer(value=Game('{↑|*,{*,↑|*,↓}}'), source='search', kind='canonical form')
    >>> answer("crps", "3,1", question="outcome").value
    'P'
    >>> left, right = answer("crpm", "2,1", question="winning moves").value
    >>> [str(o.position) for o in left], [str(o.position) for o in right]
    (['2'], ['1^2'])
    """
    from grundy import partizan

    check_partizan_asked(rules, misere, *given)
    asked = given[2]
    if question == "outcome" and (known := _kernel_outcome(rules, position, asked)) is not None:
        return Answer(known, "kernel", "outcome")
    if asked == "kernel":
        raise ValueError(f"{rules.name}'s kernel answers outcomes only, not {question!r}")
    if question == "value":
        return Answer(partizan.value(rules, position), "search", "canonical form")
    if question == "outcome":
        return Answer(partizan.outcome(rules, position), "search", "outcome")
    if question in ("options", "winning moves"):
        left = tuple(partizan.left_options(rules, position))
        right = tuple(partizan.right_options(rules, position))
        if question == "winning moves":
            left = tuple(o for o in left if o.value.outcome() in ("L", "P"))
            right = tuple(o for o in right if o.value.outcome() in ("R", "P"))
        return Answer((left, right), "search", "partizan options")
    raise ValueError(
        f"unknown question {question!r}; ask one of: value, options, winning moves, outcome"
    )


def values(
    game: GameLike,
    positions: Iterable[Any],
    misere: bool = False,
    *,
    atlas: AtlasLike = None,
    store: Store | str | os.PathLike[str] | None = None,
    source: Source | None = None,
    lookups: Sequence[Source] = (),
    parse: bool = True,
) -> tuple[list[int | None], Served]:
    """The value of each of `positions` (one convention), and the sources that served
    them all (as `source_of` names them): the batch question of sweeps, counts and
    conjectures.  Arguments as for `answer`; `parse` False takes positions that are the
    game's own already (its ``positions_of_size``), unread.

    Each distinct component is valued once, and each source asked about every
    component left at once: the store in one query, not one a position.

    >>> values("cr", ["3,2", "2,1", "3,2"])
    ([3, 0, 3], ('closed form', 'search'))
    >>> values("lctr", ["3,1", "4^3"], misere=True)
    ([1, 1], 'closed form')

    `lookups`, some of `LOOKUPS` (closed form, atlas, store), asks those alone, in that
    order, and leaves None for a position they do not hold (no value is None
    otherwise): the part of a batch looked up before the rest is searched in bulk
    elsewhere (a sweep's chunks, on Dask: `grundy.engine.cluster`).

    >>> values("chomp", ["2,1", "3,2"], lookups=LOOKUPS)  # a closed form for the first
    ([0, None], 'closed form')
    """
    door = _door(game, misere, atlas, store, source, lookups)
    if parse:
        positions = [parse_position(door.rules, position) for position in positions]
    return door.nimbers(list(positions))


def value(game: GameLike, position: Any, misere: bool = False, atlas: AtlasLike = None) -> Any:
    """The Sprague–Grundy value of `position` in `game` (the misère value if asked):
    `answer`'s value; of a partizan game, its canonical form (`grundy.partizan.Game`).

    The position is read by the game (`Ruleset.parse`): text, a sequence of parts
    (numpy's integers too), never a dict; `misere` is True or False; `atlas` as for
    `answer` ($GRUNDY_ATLAS by default).

    >>> value("downright", [3, 1]), value("lctr", "3,1", misere=True)
    (2, 1)
    >>> value("lctr", "3,1", misere="no")
    Traceback (most recent call last):
    ...
    TypeError: misere must be True or False, got str 'no'

    An outcome atlas that holds the position gives only its outcome: a ValueError.
    """
    found = answer(game, position, misere, atlas=atlas)
    if found.kind == "outcome":
        raise ValueError(
            f"the outcome atlas holds only the outcome of {position} ({found.value}), not its "
            "value: ask outcome(), or give a value atlas"
        )
    return found.value


def options(
    game: GameLike, position: Any, misere: bool = False, atlas: AtlasLike = None
) -> list[Option]:
    """Every option of `position` as (move, position, value, description); arguments as
    for `value`.  The description names the move as `grundy moves` and the page do.

    >>> [(o.description, str(o.position), o.value) for o in options("lctr", "3,1")]
    [('remove the top row', '1', 1), ('remove the left column', '2', 2)]
    """
    return list(answer(game, position, misere, question="options", atlas=atlas).value)


def winning_moves(
    game: GameLike, position: Any, misere: bool = False, atlas: AtlasLike = None
) -> list[Option]:
    """The options of value 0: the moves to a P-position (under the same convention).

    >>> [str(o.position) for o in winning_moves("cr", "2,1")]
    []
    """
    return list(answer(game, position, misere, question="winning moves", atlas=atlas).value)


def outcome(game: GameLike, position: Any, misere: bool = False, atlas: AtlasLike = None) -> str:
    """ "P" (the previous player wins) when the value is 0, else "N"; of a partizan game
    also "L" (Left wins, whoever starts) or "R".

    >>> outcome("cr", "2,1"), outcome("crpm", "3,2")
    ('P', 'L')
    """
    return answer(game, position, misere, question="outcome", atlas=atlas).value
