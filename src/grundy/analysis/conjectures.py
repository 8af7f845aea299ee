"""Check a conjecture over every position of size n: "when P, then Q", smallest counterexamples.

A conjecture is two predicates written as Python expressions over the
position: ``value``, its outcome ``P`` or ``N`` (a partizan game's also ``L``
or ``R``), ``n`` (its size), ``position`` (its text) and, for games
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

A partizan game's positions are asked their outcome class (its value is a canonical
form, not a number): from its compiled kernel's outcome levels where it has one
(`grundy.engine.partizan_levels`, a block of ranks at a time, as from an atlas), else
from the canonical forms (`grundy.partizan`), to n = `DISTINCT_N`.

>>> check_conjecture("crpm", when="L", then="rank > 0", sizes=range(1, 41))["holds"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from grundy.analysis.partizan_counts import DISTINCT_N
from grundy.answers import (
    PARTIZAN_KERNEL_N,
    atlas_for,
    check_partizan_asked,
    partizan_game,
    values,
)
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
from grundy.game import PartizanRuleset, ProgressCallback, Ruleset
from grundy.partition import Partition, partitions
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
#: the help of `grundy conjecture`).
MEANINGS: dict[str, str] = {
    "value": "the position's value",
    "P": "whether it is a P-position: value == 0, and all an outcome atlas tells",
    "N": "whether the player to move wins (not P)",
    "L": "whether Left wins whoever starts (partizan games)",
    "R": "whether Right wins whoever starts (partizan games)",
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
DIAGRAM_NAMES = ("parts", "rows", "columns", "rank", "durfee")
#: The outcome names, and the codes of the partizan outcome levels that are each
#: (`grundy.engine.partizan_levels.CLASSES`: P, L, R, N).
OUTCOMES = ("P", "L", "R", "N")


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
    partizan = partizan_game(game)
    rules = partizan if partizan is not None else get_ruleset(game)
    misere = as_bool(misere, "misere")
    condition, claim = Predicate(when), Predicate(then)
    sizes = take_at_most(sizes, MAX_SIZES, too_many_sizes(f"checking a conjecture on {rules.name}"))
    if not sizes:
        raise ValueError("no sizes to check")
    if partizan is not None:
        check_partizan_asked(partizan, misere, atlas)
        check_level = partial(_check_partizan_level, partizan, condition, claim)
    else:
        atlas = atlas_for(rules, misere, atlas)
        _check_work(rules, sizes, misere, -1 if atlas is None else atlas.levels)
        check_level = partial(_check_impartial_level, rules, condition, claim, misere, atlas)
    checked = 0
    found: list[dict[str, Any]] = []
    for done, n in enumerate(sizes, 1):
        room = max(limit - len(found), 1)  # (one tells that it fails, even for limit 0)
        counted, failing = check_level(n, room)
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


def _check_impartial_level(
    rules: Ruleset,
    condition: Predicate,
    claim: Predicate,
    misere: bool,
    atlas: Atlas | None,
    n: int,
    room: int,
) -> tuple[int, list[dict[str, Any]]]:
    """Level n of an impartial game: from the atlas where it holds n, else valued."""
    if atlas is not None and n <= atlas.levels:
        return _check_level(rules, condition, claim, atlas, n, room)
    return _check_each(rules, condition, claim, _valued(rules, n, misere, atlas), n, room)


def _check_partizan_level(
    rules: PartizanRuleset, condition: Predicate, claim: Predicate, n: int, room: int
) -> tuple[int, list[dict[str, Any]]]:
    """Level n of a partizan game by outcome class: a block of ranks at a time from its
    kernel's outcome levels, to n = `PARTIZAN_KERNEL_N`; else (no kernel) each diagram's
    canonical form, to n = `DISTINCT_N`."""
    if "value" in condition.names | claim.names:
        raise ValueError(
            f"{rules.name} is a partizan game: its values are canonical forms, not numbers; "
            "write L, R, N or P (its outcome class)"
        )
    if rules.kernel is None or n > PARTIZAN_KERNEL_N:
        if n > DISTINCT_N:
            raise ValueError(
                f"the outcomes of {rules.name} are checked to n = "
                f"{PARTIZAN_KERNEL_N if rules.kernel is not None else DISTINCT_N}, not {n}"
            )
        from grundy.partizan import outcome

        each = (
            ((lambda lam=lam: rules.parse(lam)), outcome(rules, rules.parse(lam)))
            for lam in partitions(n)
        )
        return _check_each(rules, condition, claim, each, n, room)
    from grundy.atlas.features import FEATURES, features
    from grundy.atlas.views import BLOCK
    from grundy.engine.partizan_levels import shared_levels

    names = sorted((condition.names | claim.names) & set(FEATURES))
    codes = shared_levels(rules.kernel).codes(n)

    def blocks() -> Iterator[Block]:
        for lo in range(0, len(codes), BLOCK):
            block = codes[lo : lo + BLOCK]
            columns = {name: block == code for code, name in enumerate(OUTCOMES)}
            columns.update(n=n, **features(n, lo, len(block), names))
            yield lo, block, columns

    return _check_blocks(rules, condition, claim, n, room, blocks(), _classes)


def _classes(codes: np.ndarray) -> list[str]:
    """The outcome classes of partizan outcome codes."""
    return [OUTCOMES[code] for code in codes.tolist()]


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
    cheap = condition.names <= {"value", *OUTCOMES, "n"}
    checked = 0
    found: list[dict[str, Any]] = []
    for position, value in valued:
        if cheap and not condition({"value": value, **outcome_names(value), "n": n}):
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
    from grundy.atlas.features import FEATURES
    from grundy.atlas.views import level_blocks

    names = sorted((condition.names | claim.names) & set(FEATURES))
    outcomes = not atlas.holds_values  # an outcome atlas: its blocks say which are P
    if outcomes and "value" in condition.names | claim.names:
        raise ValueError(
            f"the outcome atlas of {rules.name} holds only who wins at level {n}, not values: "
            "write P (a P-position) where the predicates say value, or give a value atlas"
        )

    def blocks() -> Iterator[Block]:
        for lo, block, features in level_blocks(atlas, n, names):
            p = block.astype(bool) if outcomes else block == 0
            columns = {"P": p, "N": ~p, "L": p & False, "R": p & False, "n": n, **features}
            if not outcomes:
                columns["value"] = block
            yield lo, block, columns

    return _check_blocks(
        rules, condition, claim, n, room, blocks(), _p_or_n if outcomes else _as_list
    )


#: A block of a level: its first rank, its values (or codes) and the columns of names.
Block = tuple[int, "np.ndarray", dict[str, Any]]


def _as_list(values: np.ndarray) -> list[int]:
    """A value atlas's block as values."""
    return values.tolist()


def _p_or_n(bits: np.ndarray) -> list[str]:
    """An outcome atlas's block (1: a P-position) as outcomes."""
    return ["P" if bit else "N" for bit in bits.tolist()]


def _check_blocks(
    rules: Ruleset | PartizanRuleset,
    condition: Predicate,
    claim: Predicate,
    n: int,
    room: int,
    blocks: Iterable[Block],
    as_values: Callable[[np.ndarray], list[int | str]],
) -> tuple[int, list[dict[str, Any]]]:
    """`_check_each` on level n a block of ranks at a time: on its columns where the
    arrays answer exactly (`_check_block`), else partition by partition, the values read
    from the block by `as_values`."""
    from grundy.atlas.features import partitions_at
    from grundy.engine.ranking import unrank

    checked = 0
    found: list[dict[str, Any]] = []
    for lo, block, columns in blocks:
        answer = _check_block(condition, claim, columns, len(block))
        if answer is None:
            ranked = zip(partitions_at(n, lo, len(block)), as_values(block), strict=True)
            each = (((lambda lam=lam: rules.parse(lam)), value) for lam, value in ranked)
            counted, failing = _check_each(rules, condition, claim, each, n, room - len(found))
        else:
            counted, failing_at = answer
            failing = [
                _counterexample(rules, unrank(n, lo + i), as_values(block[i : i + 1])[0], n)
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


def outcome_names(value: int | str) -> dict[str, bool]:
    """The outcome names of a value: a nimber, an outcome atlas's "P" or "N", or a
    partizan game's outcome class ("L", "R", "N", "P").

    >>> outcome_names(0), outcome_names("L")["L"], outcome_names(3)["N"]
    ({'P': True, 'L': False, 'R': False, 'N': False}, True, True)
    """
    if isinstance(value, str):
        return {name: value == name for name in OUTCOMES}
    return {"P": value == 0, "L": False, "R": False, "N": value != 0}


def _names(
    rules: Ruleset | PartizanRuleset, position: Any, value: int | str, n: int
) -> dict[str, Any]:
    names: dict[str, Any] = {
        "value": value,
        **outcome_names(value),
        "n": n,
        "position": rules.format_position(position),
    }
    try:  # a partizan game's diagram is the one summand it draws
        draws = isinstance(rules, PartizanRuleset)
        lam = rules.draw_data(position) if draws else rules.diagram(position)
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
