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
the solver.  With an atlas (`grundy.atlas`), the sizes within its levels are
read from it, in rank order.

>>> result = check_conjecture("cr", when="value == 0", then="rank % 2 == 0", sizes=range(1, 13))
>>> result["holds"], result["checked"]
(True, 80)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from grundy.bounds import (
    CENSUS_BYTES,
    CONJECTURE_RATE,
    ENUMERATION_RATE,
    MAX_SIZES,
    check_positions,
    take_at_most,
    too_many_sizes,
)
from grundy.expression import Expression, shorten
from grundy.game import ProgressCallback, Ruleset
from grundy.partition import Partition, partitions
from grundy.registry import get_ruleset
from grundy.solver import solver_for
from grundy.validate import as_bool

if TYPE_CHECKING:
    from grundy.atlas import Atlas

__all__ = ["Predicate", "check_conjecture"]

_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "len": len, "min": min, "max": max, "abs": abs, "sum": sum,
}  # fmt: skip
#: Values read from an atlas's level at a time.
_CHUNK = 1 << 16
NAMES = ("value", "n", "position", "parts", "rows", "columns", "rank", "durfee")


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
        except (IndexError, ZeroDivisionError, TypeError, ValueError, OverflowError) as exc:
            where = names.get("position", f"n = {names.get('n')}")
            shown = self._expression.shown
            raise ValueError(f"predicate {shown!r} at {where}: {exc}") from None


def check_conjecture(
    game: str | Ruleset,
    then: str,
    when: str = "True",
    sizes: Iterable[int] = range(1, 11),
    misere: bool = False,
    limit: int = 10,
    progress: ProgressCallback | None = None,
    atlas: Atlas | None = None,
) -> dict[str, Any]:
    """Whether every position of the given sizes satisfying `when` satisfies `then`.

    Returns {"holds", "checked" (positions where `when` held), "sizes",
    "counterexamples" (the first `limit`, smallest n first)}.  With an `atlas`
    of this game and convention (`AtlasError` otherwise), the sizes within its
    levels are read from it.
    """
    rules = get_ruleset(game)
    misere = as_bool(misere, "misere")
    if atlas is not None:
        atlas.check_for(rules, misere)
    condition, claim = Predicate(when), Predicate(then)
    sizes = take_at_most(sizes, MAX_SIZES, too_many_sizes(f"checking a conjecture on {rules.name}"))
    if not sizes:
        raise ValueError("no sizes to check")
    _check_work(rules, sizes, misere, -1 if atlas is None else atlas.levels)
    checked = 0
    found: list[dict[str, Any]] = []
    for done, n in enumerate(sizes, 1):
        cheap = condition.names <= {"value", "n"}
        in_atlas = atlas is not None and n <= atlas.levels
        valued = _looked_up(rules, n, atlas.level(n)) if in_atlas else _valued(rules, n, misere)
        for position, value in valued:
            if cheap and not condition({"value": value, "n": n}):
                continue  # (no need to build the position's names)
            names = _names(rules, position(), value, n)
            if not cheap and not condition(names):
                continue
            checked += 1
            if not claim(names):
                found.append({"n": n, "position": names["position"], "value": value})
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


def _valued(rules: Ruleset, n: int, misere: bool) -> Iterator[tuple[Callable[[], Any], int]]:
    """Every position of size n (built when called: decoding is skipped where a cheap
    condition fails) with its value: the kernel's census where it runs."""
    kernel = rules.kernel
    census = kernel.census(n, misere) if kernel is not None and n >= 1 else None
    if census is not None:
        from grundy.search.words import decode  # a kernel's census: numba is loaded already

        words, values = census
        for w, v in zip(words.tolist(), values.tolist(), strict=True):
            word = w if isinstance(w, int) else w[0] | w[1] << 64  # narrow, or (lo, hi)
            yield (lambda word=word: rules.parse(decode(word))), v  # the game's own position
        return
    positions = rules.positions_of_size(n)
    if positions is None:
        raise ValueError(f"game {rules.name!r} has no notion of position size")
    solver = solver_for(rules)
    for position in positions:
        yield (lambda position=position: position), solver.value(position, misere)


def _looked_up(rules: Ruleset, n: int, level: Any) -> Iterator[tuple[Callable[[], Any], int]]:
    """Every partition of n (the game's own position, built when called) with its value
    from the atlas's level n, in rank order; none where the level is empty (misère Chomp's
    level 0)."""
    ranked = partitions(n)
    for start in range(0, len(level), _CHUNK):  # values as Python ints, a chunk at a time
        for v, lam in zip(level[start : start + _CHUNK].tolist(), ranked, strict=False):
            yield (lambda lam=lam: rules.parse(lam)), v


def _names(rules: Ruleset, position: Any, value: int, n: int) -> dict[str, Any]:
    names: dict[str, Any] = {"value": value, "n": n, "position": rules.format_position(position)}
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
