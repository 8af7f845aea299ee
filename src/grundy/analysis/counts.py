"""How many positions of each size have each value, for any ruleset.

A ruleset that declares ``positions_of_size`` can be counted: every position
of size n is valued and tallied (`enumerated_count_table`), one task per size
n, in this process or on Dask (`grundy.engine.cluster`).  Faster
methods are used where the game declares one, in this order:

* its own ``count_table`` (LCTR and Downright: the Durfee window of
  `grundy.games.lctr.lctr_counts`, no enumeration; `count("lctr", n)[0]` is OEIS
  A373457(n));
* its compiled kernel's census (`grundy.engine`), which values every
  partition of every n ≤ N in one compiled pass.

The sources are asked in the door's order (`grundy.answers`): an atlas, the
store, then the game's counting formula ("closed form"), its census
("kernel") or enumeration, whose positions are valued by the door's batch
question (`grundy.answers.values`: the sources that valued them);
`count_table(..., sources=...)` says which counted each size.

A results store (`grundy.results`) keeps the tallies by game, rules version,
convention and size, so a count reads the sizes counted before.  Each size
is stored as soon as it is counted — by the census, by enumeration here or
on Dask — so a count that is interrupted or killed resumes at the sizes it
had not finished.  (The Durfee window finds every size at once: it stores
them all when it ends.)

>>> count("cr", 6)
{0: 2, 1: 1, 2: 4, 3: 4}
>>> enumerated_count_table("cr", 6, scheduler="serial")[6]
{0: 2, 1: 1, 2: 4, 3: 4}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from itertools import islice
from typing import TYPE_CHECKING

from grundy.answers import atlas_for, values
from grundy.bounds import (
    CENSUS_BYTES,
    CENSUS_RATE,
    ENUMERATION_RATE,
    EXACT_UP_TO,
    MAX_SIZES,
    TooMuchWork,
    check_positions,
    cores,
    too_many_sizes,
)
from grundy.engine.cluster import DASK_FROM, check_scheduler, map_chunks, scheduler_for
from grundy.game import Kernel, Ruleset, on_partitions
from grundy.partition import partition_numbers
from grundy.registry import get_ruleset, identifies
from grundy.results import Store
from grundy.sums import PartitionSumRuleset, sum_count_table
from grundy.validate import as_bool, as_store, check_non_negative

if TYPE_CHECKING:
    from grundy.answers import AtlasLike, GameLike, Served

__all__ = [
    "METHODS",
    "check_sums",
    "count",
    "count_table",
    "enumerated_count_table",
    "exact_count",
]

#: "auto": the fastest method the game declares; "enumerate": value every position.
METHODS = ("auto", "enumerate")

Progress = Callable[[int, int], None]
Tallies = dict[int, dict[int, int]]
SizeDone = Callable[[int, dict[int, int]], None]


def count_table(
    game: str | Ruleset,
    n_max: int,
    misere: bool = False,
    method: str = "auto",
    progress: Progress | None = None,
    *,
    store: Store | None = None,
    scheduler: str | None = None,
    sums: bool = False,
    on_size: SizeDone | None = None,
    atlas: AtlasLike = None,
    sources: dict[int, Served] | None = None,
) -> list[dict[int, int]]:
    """[{value: number of positions of size n with that value} for n = 0 … n_max].

    With `sums` (games played on sums of partitions, `grundy.sums`; normal
    play), the positions of size n are every sum of partitions of total size
    n, counted from the single partitions' tallies (`sum_count_table`).
    With a `store`, the sizes counted before (by any method: a tally is a
    fact of the game) are read from it and the others written as they are
    found, each as soon as it is counted (games whose name identifies them
    only, `grundy.registry.identifies`).  `on_size(n, tally)` is called for
    each size this call counts (not for those read from the store), once it
    is stored.  `scheduler` says where an enumeration runs
    (`enumerated_count_table`); the faster methods run here.
    `progress(done, total)` is called as the work advances.  With an `atlas` (an
    `Atlas` or its directory, of this game and convention: `AtlasError` otherwise;
    None: $GRUNDY_ATLAS where it is this game's and convention's, as
    `grundy.answers.atlas_for` says), the sizes within its levels are read from it,
    neither counted nor stored.
    `sources`, a dict, is given each size's source (`grundy.answers.SOURCES`; a tuple of
    them for a size whose positions several valued).

    >>> counted, sources = [], {}
    >>> count_table("cr", 3, on_size=lambda n, tally: counted.append(n), sources=sources)[3]
    {0: 1, 1: 2}
    >>> counted, sources
    ([0, 1, 2, 3], {0: 'kernel', 1: 'kernel', 2: 'kernel', 3: 'kernel'})
    """
    rules = get_ruleset(game)
    check_non_negative(n=n_max)
    misere = as_bool(misere, "misere")
    store = as_store(store)
    if n_max >= MAX_SIZES:
        raise TooMuchWork(too_many_sizes(f"counting {rules.name} at n ≤ {n_max:,}"))
    if method not in METHODS:
        raise ValueError(f"unknown counting method {method!r}; choose one of {', '.join(METHODS)}")
    check_scheduler(scheduler)  # even where no enumeration runs
    if as_bool(sums, "sums"):
        check_sums(rules, misere)
        single = count_table(
            rules, n_max, False, method, progress,
            store=store, scheduler=scheduler, on_size=on_size, atlas=atlas, sources=sources,
        )  # fmt: skip
        return sum_count_table(single)
    if store is not None and not identifies(rules):
        store = None
    atlas = atlas_for(rules, misere, atlas)
    key = (rules.name, rules.rules_version, misere)
    known = store.tallies(*key, range(n_max + 1), exact_count(rules)) if store is not None else {}
    served: dict[int, Served] = dict.fromkeys(known, "store")
    if atlas is not None:  # before the store (`grundy.answers`)
        known.update({n: atlas.counts(n) for n in range(min(atlas.levels, n_max) + 1)})
        served.update(dict.fromkeys(range(min(atlas.levels, n_max) + 1), "atlas"))
    missing = [n for n in range(n_max + 1) if n not in known]

    def keep(n: int, tally: dict[int, int]) -> None:
        if store is not None:
            store.put_tallies(*key, {n: tally})
        if on_size is not None:
            on_size(n, tally)

    if missing:
        counted, sources_of = _count(rules, missing, misere, method, scheduler, progress, keep)
        known.update(counted)
        served.update(sources_of)
    if sources is not None:
        sources.update(served)
    return [known[n] for n in range(n_max + 1)]


def exact_count(rules: Ruleset) -> Callable[[int], int | None] | None:
    """How many positions of size n a tally of `rules` counts, where that is known
    exactly without listing them: p(n) (exact up to `EXACT_UP_TO`) for a game whose
    positions of size n are the partitions of n (`grundy.game.on_partitions`); None
    for any other game.  A stored tally whose counts
    do not add up to it is refused (`grundy.results.check_tally`).

    >>> exact_count(get_ruleset("cr"))(6), exact_count(get_ruleset("chomp"))(0)
    (11, 0)
    >>> exact_count(get_ruleset("cr"))(EXACT_UP_TO + 1), exact_count(get_ruleset("lctr-3d"))
    (None, None)
    """
    if not on_partitions(rules):
        return None
    return lambda n: rules.number_of_positions(n) if n <= EXACT_UP_TO else None


def check_sums(rules: Ruleset, misere: bool) -> None:
    """A ValueError unless the sums of `rules` can be counted in this convention: a game
    on sums of partitions (`grundy.sums`), in normal play (a sum's value is the nim-sum
    of its summands' there only).

    >>> check_sums(get_ruleset("cris"), misere=True)
    Traceback (most recent call last):
    ...
    ValueError: sums are counted by nim-sums of their summands' values, which holds in \
normal play only; drop --misere
    """
    if not isinstance(rules, PartitionSumRuleset):
        raise ValueError(
            f"game {rules.name!r} is not played on sums of partitions, so it has no sums to count"
        )
    if misere:
        raise ValueError(
            "sums are counted by nim-sums of their summands' values, which holds in "
            "normal play only; drop --misere"
        )


def enumerated_count_table(
    game: str | Ruleset,
    n_max: int,
    misere: bool = False,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> list[dict[int, int]]:
    """`count_table` by valuing every position of ``positions_of_size(n)``, n ≤ n_max.

    One task per size n.  scheduler: "serial", "local" (a Dask cluster on
    this machine's cores), a Dask scheduler's address, or None: in this
    process unless the sizes hold at least `DASK_FROM` positions.
    """
    check_non_negative(n=n_max)
    tallies, _ = _enumerate(get_ruleset(game), range(n_max + 1), misere, scheduler, progress)
    return [tallies[n] for n in range(n_max + 1)]


def count(
    game: GameLike, n: int, misere: bool = False, method: str = "auto", atlas: AtlasLike = None
) -> dict[int, int]:
    """{value: how many positions of size n have it}; see `count_table`."""
    return count_table(game, n, misere, method, atlas=atlas)[n]


def _count(
    rules: Ruleset,
    sizes: Sequence[int],
    misere: bool,
    method: str,
    scheduler: str | None,
    progress: Progress | None,
    on_size: SizeDone,
) -> tuple[Tallies, dict[int, Served]]:
    """{n: tally} for the sizes by the fastest method the game declares ("auto") or by
    enumeration, and {n: the sources that counted it}; each tally handed to `on_size` as
    soon as it is found."""
    top = max(sizes)
    if method == "auto":
        table = rules.count_table(top, misere, progress)  # every size at once
        if table is not None:
            for n in sizes:
                on_size(n, table[n])
            return {n: table[n] for n in sizes}, dict.fromkeys(sizes, "closed form")
        kernel = rules.kernel
        if kernel is not None and kernel.can_census(top, misere):
            doing = f"counting {rules.name} at n ≤ {top} by its census"
            check_positions(rules, sizes, doing, CENSUS_RATE, CENSUS_BYTES)
            return _census(kernel, sizes, misere, progress, on_size), dict.fromkeys(sizes, "kernel")
    doing = f"counting {rules.name} at n ≤ {top} by valuing every position"
    check_positions(
        rules, sizes, doing, ENUMERATION_RATE * (1 if scheduler == "serial" else cores())
    )
    return _enumerate(rules, sizes, misere, scheduler, progress, on_size)


def _enumerate(
    rules: Ruleset,
    sizes: Sequence[int],
    misere: bool,
    scheduler: str | None,
    progress: Progress | None,
    on_size: SizeDone | None = None,
) -> tuple[Tallies, dict[int, Served]]:
    """{n: tally} for the sizes, each handed to `on_size` as soon as it is done, and
    {n: the sources that valued its positions}."""
    if rules.positions_of_size(0) is None:
        raise ValueError(
            f"game {rules.name!r} has no notion of position size, so its positions cannot "
            "be counted (it declares no positions_of_size)"
        )
    positions = _positions_up_to(rules, sizes, DASK_FROM) if scheduler is None else 0
    scheduler = scheduler_for(scheduler, positions)
    task = partial(_tally, rules, misere)
    return _by_size(task, sizes, scheduler, progress, on_size, rules.number_of_positions)


def _census(
    kernel: Kernel,
    sizes: Sequence[int],
    misere: bool,
    progress: Progress | None,
    on_size: SizeDone,
) -> Tallies:
    """{n: tally} by the kernel's census, one compiled pass per size, smallest first, each
    handed to `on_size` as soon as it is counted.

    `progress(valued, total)` counts partitions: the total of every size from the start
    and, within a size, as the pass values them (a few times a second), so that a
    progress bar's estimate holds although the sizes grow exponentially.

    >>> from grundy import get_ruleset
    >>> told = []
    >>> _census(get_ruleset("cr").kernel, [3, 4], False, lambda *a: told.append(a), print)
    3 {0: 1, 1: 2}
    4 {0: 1, 2: 2, 3: 2}
    {3: {0: 1, 1: 2}, 4: {0: 1, 2: 2, 3: 2}}
    >>> told[0], told[-1]
    ((0, 8), (8, 8))
    """
    numbers = partition_numbers(max(sizes))
    total = sum(numbers[n] for n in sizes)
    before = 0
    found: Tallies = {}

    def valued(k: int) -> None:
        if progress is not None:
            progress(before + k, total)

    valued(0)
    for n in sorted(sizes):
        tally = kernel.tally(n, misere, valued)
        if tally is None:  # (the caller asked `can_census` first)
            raise ValueError(f"{kernel.name}: the census does not reach n = {n}")
        found[n] = tally
        before += numbers[n]
        on_size(n, found[n])
        valued(0)
    return found


def _by_size(
    task: Callable[[int], tuple[dict[int, int], Served]],
    sizes: Sequence[int],
    scheduler: str,
    progress: Progress | None,
    on_size: SizeDone | None,
    weight: Callable[[int], int | None] = lambda n: None,
) -> tuple[Tallies, dict[int, Served]]:
    """({n: tally}, {n: its sources}) of task(n) for the sizes (`map_chunks`), each
    tally handed to `on_size` as soon as it is done; `progress(done, total)` in
    positions where `weight(n)` (how many positions size n has) is known for every
    size, else in sizes."""
    found: Tallies = {}
    served: dict[int, Served] = {}
    weights = {n: weight(n) for n in sizes}
    share = {n: w for n, w in weights.items() if w is not None}
    if len(share) < len(weights) or not sum(share.values()):
        share = dict.fromkeys(sizes, 1)
    total = sum(share.values())
    counted = [0]

    def done(n: int, counted_by: tuple[dict[int, int], Served]) -> None:
        tally, served[n] = counted_by
        found[n] = tally
        counted[0] += share[n]
        if on_size is not None:
            on_size(n, tally)
        if progress is not None:
            progress(counted[0], total)

    # on a cluster the largest sizes, the longest tasks, go first
    order = list(sizes) if scheduler == "serial" else sorted(sizes, reverse=True)
    map_chunks(task, order, scheduler, done)
    return found, served


def _tally(rules: Ruleset, misere: bool, n: int) -> tuple[dict[int, int], Served]:
    """One task: {value: how many positions of size n have it}, and the sources that
    valued them (`grundy.answers.values`; run on a worker, or here)."""
    found, served = values(rules, rules.positions_of_size(n) or (), misere, parse=False)
    return dict(sorted(Counter(found).items())), served


def _positions_up_to(rules: Ruleset, sizes: Sequence[int], limit: int) -> int:
    """How many positions the sizes hold, counted no further than `limit`."""
    counted = 0
    for n in sorted(sizes, reverse=True):
        counted += sum(1 for _ in islice(rules.positions_of_size(n) or (), limit - counted))
        if counted >= limit:
            break
    return counted
