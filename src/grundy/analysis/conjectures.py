"""Check a conjecture over every position of size n: "when P, then Q", smallest counterexamples.

A conjecture is two predicates written as Python expressions over the
position: ``value``, ``n`` (its size), ``position`` (its text) and, for games
on one diagram, ``parts`` (the row lengths, largest first), ``rows``,
``columns``, ``rank`` (λ1 − ℓ, Dyson's rank) and ``durfee`` (the side of the
Durfee square).  Allowed: numbers, comparisons, ``and``/``or``/``not``,
``+ - * // % **``, ``parts[i]``, and ``len``, ``min``, ``max``, ``abs``,
``sum``.  Nothing else runs (no attribute access, no other calls), and the
arithmetic is bounded (`grundy.expression`): a power or product of more than
10,000 bits, such as ``2 ** 2 ** 40``, is refused instead of computed.

Games with a compiled kernel are valued by its census (every partition of n
in one compiled pass); other games through their ``positions_of_size`` and
the door's batch question (`grundy.answers.values`).  With an atlas
(`grundy.atlas`), the sizes within its levels are read from it, in rank order,
a block of partitions at a time: the features the predicates read are computed
in one compiled walk over the ranks (`grundy.atlas.views.level_blocks`) and the
predicates evaluated on the arrays (`Expression.holds`), with no Python per
partition; a block the arrays cannot answer exactly (a predicate on
``position``, a slice, a number past 64 bits, an error to report) is checked
one partition at a time, as without an atlas.

>>> result = check_conjecture("cr", when="value == 0", then="rank % 2 == 0", sizes=range(1, 13))
>>> result["holds"], result["checked"]
(True, 80)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from grundy.answers import atlas_for, values
from grundy.bounds import (
    CENSUS_BYTES,
    CONJECTURE_RATE,
    ENUMERATION_RATE,
    MAX_SIZES,
    check_positions,
    take_at_most,
    too_many_sizes,
)
from grundy.expression import FAILURES, Expression, NotElementwise, shorten
from grundy.game import ProgressCallback, Ruleset
from grundy.partition import Partition
from grundy.registry import get_ruleset
from grundy.validate import as_bool

if TYPE_CHECKING:
    import numpy as np

    from grundy.answers import AtlasLike, GameLike
    from grundy.atlas import Atlas

__all__ = ["DIAGRAM_NAMES", "MEANINGS", "NAMES", "Predicate", "check_conjecture", "predicate_help"]

_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "len": len, "min": min, "max": max, "abs": abs, "sum": sum,
}  # fmt: skip
#: The names a predicate may read, with what each is: the one list (`Predicate`, `_names`,
#: the help of `grundy conjecture`).  The last five: games on one diagram only.
MEANINGS: dict[str, str] = {
    "value": "the position's value",
    "P": "whether it is a P-position: value == 0, and all an outcome atlas tells",
    "n": "its size",
    "position": "its text",
    "parts": "the row lengths, largest first",
    "rows": "how many rows",
    "columns": "how many columns",
    "rank": "λ1 − rows, Dyson's rank",
    "durfee": "the side of the Durfee square",
}
NAMES = tuple(MEANINGS)
#: The names only a game on one diagram has.
DIAGRAM_NAMES = NAMES[4:]


def predicate_help() -> str:
    """The names and functions a predicate may use, as `grundy conjecture --help` lists them.

    >>> print(predicate_help()[:38])
    Names: value (the position's value), P
    """
    names = ", ".join(f"{name} ({meaning})" for name, meaning in MEANINGS.items())
    return (
        f"Names: {names}; {', '.join(DIAGRAM_NAMES)} for games on one diagram only.  "
        f"Functions: {', '.join(_FUNCTIONS)}."
    )


class Predicate:
    """A checked expression over a position's names (module docstring), evaluated by
    `grundy.expression.Expression`."""

    def __init__(self, source: str) -> None:
        try:
            self._expression = Expression(source, NAMES, _FUNCTIONS)
        except ValueError as exc:
            raise ValueError(f"bad predicate {shorten(str(source))!r}: {exc}") from None
        self.source = self._expression.source
        #: The position's names the predicate reads (cheap ones need no decoding).
        self.names = self._expression.names

    def __call__(self, names: dict[str, Any]) -> bool:
        try:
            return bool(self._expression(names))
        except FAILURES as exc:
            where = names.get("position", f"n = {names.get('n')}")
            shown = self._expression.shown
            raise ValueError(f"predicate {shown!r} at {where}: {exc}") from None

    def holds(self, columns: dict[str, Any], size: int) -> tuple[np.ndarray, np.ndarray]:
        """Elementwise over columns of the names: (where it holds, where evaluating it
        raises); `NotElementwise` where arrays cannot tell (`Expression.holds`)."""
        return self._expression.holds(columns, size)


def check_conjecture(
    game: GameLike,
    then: str,
    when: str = "True",
    sizes: Iterable[int] = range(1, 11),
    misere: bool = False,
    limit: int = 10,
    progress: ProgressCallback | None = None,
    atlas: AtlasLike = None,
) -> dict[str, Any]:
    """Whether every position of the given sizes satisfying `when` satisfies `then`.

    Returns {"holds", "checked" (positions where `when` held), "sizes",
    "counterexamples" (the first `limit`, smallest n first)}.  With an `atlas` (an
    `Atlas` or its directory) of this game and convention (`AtlasError` otherwise;
    None: $GRUNDY_ATLAS where it is this game's and convention's,
    `grundy.answers.atlas_for`), the sizes within its levels are read from it.
    """
    rules = get_ruleset(game)
    misere = as_bool(misere, "misere")
    atlas = atlas_for(rules, misere, atlas)
    condition, claim = Predicate(when), Predicate(then)
    sizes = take_at_most(sizes, MAX_SIZES, too_many_sizes(f"checking a conjecture on {rules.name}"))
    if not sizes:
        raise ValueError("no sizes to check")
    _check_work(rules, sizes, misere, -1 if atlas is None else atlas.levels)
    checked = 0
    found: list[dict[str, Any]] = []
    for done, n in enumerate(sizes, 1):
        room = max(limit - len(found), 1)  # (one tells that it fails, even for limit 0)
        if atlas is not None and n <= atlas.levels:
            counted, failing = _check_level(rules, condition, claim, atlas, n, room)
        else:
            valued = _valued(rules, n, misere, atlas)
            counted, failing = _check_each(rules, condition, claim, valued, n, room)
        checked += counted
        found += failing
        if progress is not None:
            progress(done, len(sizes))
        if len(found) >= limit:
            break
    return {
        "game": rules.name,
        "misere": misere,
        "when": condition.source,
        "then": claim.source,
        "holds": not found,
        "checked": checked,
        "sizes": [sizes[0], n],
        "counterexamples": found[:limit],
    }


def _check_work(rules: Ruleset, sizes: list[int], misere: bool, levels: int) -> None:
    """Refuse sizes whose positions are past the machine (`grundy.bounds`): read from an
    atlas's levels up to `levels` (a chunk at a time), valued by the kernel's census
    where it runs, else one by one."""
    kernel = rules.kernel
    doing = f"checking the conjecture on {rules.name} at n ≤ {max(sizes)}"
    check_positions(rules, [n for n in sizes if n <= levels], doing, CONJECTURE_RATE)
    valued = [n for n in sizes if n > levels]
    if not valued:
        return
    if kernel is not None and kernel.can_census(max(valued), misere):
        check_positions(rules, valued, doing, CONJECTURE_RATE, CENSUS_BYTES)
    else:
        check_positions(rules, valued, doing, ENUMERATION_RATE)


#: What `_check_each` checks: each position (built when called) with its value (or only
#: its outcome, "P" or "N", from an outcome atlas).
Valued = Iterable[tuple[Callable[[], Any], int | str]]


def _check_each(
    rules: Ruleset, condition: Predicate, claim: Predicate, valued: Valued, n: int, room: int
) -> tuple[int, list[dict[str, Any]]]:
    """(how many positions `condition` holds on, the first `room` counterexamples) among
    the positions of size n with their values, each checked alone."""
    cheap = condition.names <= {"value", "P", "n"}
    checked = 0
    found: list[dict[str, Any]] = []
    for position, value in valued:
        if cheap and not condition({"value": value, "P": is_p_position(value), "n": n}):
            continue  # (no need to build the position's names)
        names = _names(rules, position(), value, n)
        if not cheap and not condition(names):
            continue
        checked += 1
        if not claim(names) and len(found) < room:
            found.append({"n": n, "position": names["position"], "value": value})
    return checked, found


def _check_level(
    rules: Ruleset, condition: Predicate, claim: Predicate, atlas: Atlas, n: int, room: int
) -> tuple[int, list[dict[str, Any]]]:
    """`_check_each` on the partitions of n with their values from the atlas's level n,
    a block at a time: on arrays where they answer exactly (`_check_block`), else
    partition by partition."""
    from grundy.atlas.features import FEATURES, partitions_at
    from grundy.atlas.views import level_blocks
    from grundy.engine.ranking import unrank

    names = sorted((condition.names | claim.names) & set(FEATURES))
    outcomes = not atlas.holds_values  # an outcome atlas: its blocks say which are P
    if outcomes and "value" in condition.names | claim.names:
        raise ValueError(
            f"the outcome atlas of {rules.name} holds only who wins at level {n}, not values: "
            "write P (a P-position) where the predicates say value, or give a value atlas"
        )
    checked = 0
    found: list[dict[str, Any]] = []
    for lo, block, features in level_blocks(atlas, n, names):
        values = {"P": block} if outcomes else {"value": block, "P": block == 0}
        answer = _check_block(condition, claim, {**values, "n": n, **features}, len(block))
        if answer is None:
            known = [("P" if p else "N") for p in block.tolist()] if outcomes else block.tolist()
            ranked = zip(partitions_at(n, lo, len(block)), known, strict=True)
            each = (((lambda lam=lam: rules.parse(lam)), value) for lam, value in ranked)
            counted, failing = _check_each(rules, condition, claim, each, n, room - len(found))
        else:
            counted, failing_at = answer
            failing = [
                _counterexample(
                    rules,
                    unrank(n, lo + i),
                    ("P" if block[i] else "N") if outcomes else int(block[i]),
                    n,
                )
                for i in failing_at[: room - len(found)].tolist()
            ]
        checked += counted
        found += failing
    return checked, found


def _check_block(
    condition: Predicate, claim: Predicate, columns: dict[str, Any], size: int
) -> tuple[int, np.ndarray] | None:
    """(how many of the block's `size` partitions `condition` holds on, the indices of
    those where `claim` then fails), by arrays; None where the arrays cannot tell
    (`NotElementwise`) or a partition's predicate raises (checked alone, it says why)."""
    import numpy as np

    try:
        when, when_raises = condition.holds(columns, size)
        then, then_raises = claim.holds(columns, size)
    except NotElementwise:
        return None
    if (when_raises | (when & then_raises)).any():
        return None
    return int(np.count_nonzero(when)), np.flatnonzero(when & ~then)


def _counterexample(
    rules: Ruleset, partition: Partition, value: int | str, n: int
) -> dict[str, Any]:
    """A counterexample as `_check_each` reports it: its size, text and value (or only its
    outcome, "P" or "N", from an outcome atlas)."""
    return {"n": n, "position": rules.format_position(rules.parse(partition)), "value": value}


def _valued(
    rules: Ruleset, n: int, misere: bool, atlas: Atlas | None
) -> Iterator[tuple[Callable[[], Any], int]]:
    """Every position of size n (built when called: decoding is skipped where a cheap
    condition fails) with its value: the kernel's census where it runs, else the door's
    (`grundy.answers.values`, with the `atlas`)."""
    kernel = rules.kernel
    census = kernel.census(n, misere) if kernel is not None and n >= 1 else None
    if census is not None:
        from grundy.engine.words import decode  # a kernel's census: numba is loaded already

        words, census_values = census
        for w, v in zip(words.tolist(), census_values.tolist(), strict=True):
            word = w if isinstance(w, int) else w[0] | w[1] << 64  # narrow, or (lo, hi)
            yield (lambda word=word: rules.parse(decode(word))), v  # the game's own position
        return
    positions = rules.positions_of_size(n)
    if positions is None:
        raise ValueError(f"game {rules.name!r} has no notion of position size")
    listed = list(positions)
    found, _ = values(rules, listed, misere, atlas=atlas, parse=False)
    for position, value in zip(listed, found, strict=True):
        yield (lambda position=position: position), value


def is_p_position(value: int | str) -> bool:
    """Whether a value (a nimber, or an outcome atlas's "P" or "N") is a P-position's.

    >>> is_p_position(0), is_p_position(2), is_p_position("P"), is_p_position("N")
    (True, False, True, False)
    """
    return value == 0 or value == "P"


def _names(rules: Ruleset, position: Any, value: int | str, n: int) -> dict[str, Any]:
    names: dict[str, Any] = {
        "value": value,
        "P": is_p_position(value),
        "n": n,
        "position": rules.format_position(position),
    }
    try:
        lam = rules.diagram(position)
    except ValueError:  # a sum of several diagrams
        lam = None
    if isinstance(lam, Partition):
        parts = lam.to_list()
        names.update(
            parts=parts,
            rows=len(parts),
            columns=parts[0] if parts else 0,
            rank=(parts[0] - len(parts)) if parts else 0,
            durfee=lam.durfee(),
        )
    return names
