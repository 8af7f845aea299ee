"""Bounds before work: a request plainly past what this machine can do is refused at once.

Work that grows with its arguments — positions to value, ranks of a table, a
family's members — is estimated before it starts (`Work`: how many steps, at
what rate, holding how much memory), and `Work.check` refuses it with one
line (`TooMuchWork`, a ValueError) when it would take longer than
`MAX_SECONDS` or hold more than the machine's memory, saying what it would
need.  The rates are generous measurements (the fastest seen, on the machine
of the record), so an estimate errs towards running: a request the machine
can do is never refused.  Where the work is the number of items an iterable
yields and nothing says how many, `take_at_most` lists them up to a bound.

>>> Work("counting the partitions of 100000", partition_count(100_000), "partitions",
...      rate=1e6).check()
Traceback (most recent call last):
...
grundy.bounds.TooMuchWork: counting the partitions of 100000 would take about 10^332 years \
(2.8 × 10^346 partitions at about 1,000,000 a second), more than the 7 days \
grundy starts on
>>> Work("a sum", 10**6, "terms", rate=1e6).check()  # one second: runs
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sized
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Any, Protocol, TypeVar

from grundy.memory import PHYSICAL_MEMORY, format_bytes

__all__ = [
    "MAX_OPTIONS",
    "MAX_SEARCH_MOVES",
    "MAX_SECONDS",
    "MAX_SIZES",
    "TooMuchWork",
    "Work",
    "about",
    "binomial_count",
    "check_moves",
    "check_options",
    "check_positions",
    "check_search",
    "check_states",
    "cores",
    "count_positions",
    "duration",
    "partition_count",
    "partition_total",
    "take_at_most",
    "too_many_options",
    "too_many_sizes",
]

#: Longest work a command starts on (estimated): a week.
MAX_SECONDS = 7 * 24 * 3600
#: Largest n whose partitions are counted exactly (above it, Hardy–Ramanujan's estimate).
EXACT_UP_TO = 1000
#: Most digits an estimated count is written out with (past it, inf).
MAX_DIGITS = 100_000

#: Most options of one position grundy lists (`grundy moves`, `grundy.options`), and
#: most moves a game-tree walk lists in all (Chomp on 100^100: 20 million, 6 minutes).
MAX_OPTIONS = 10_000_000
#: Most moves a search lists in all, where the game says how many (`check_moves`): at the
#: walk's pace above (about 55,000 moves a second), past it a value takes hours.
MAX_SEARCH_MOVES = 1_000_000_000

#: Most sizes n one count or conjecture takes.  Past it no game grundy knows finishes
#: within MAX_SECONDS: the fastest, LCTR's Durfee-window count, grows as n^2.6 (8,000:
#: 12 s), about 12 days at n = 1,000,000; the rest list p(n) positions for each n.
MAX_SIZES = 1_000_000

# Rates, generous (about twice the fastest measured on a shared 2-core machine), so that
# an estimate errs towards running; and what a position costs in memory.
#: Positions a second a compiled census values (Column-Row 1.2 million, Chomp 0.4 million).
CENSUS_RATE = 3_000_000
#: Bytes a census holds per partition of its largest size: its word (two machine words
#: past 56 steps) and its value; its transposition table has a cap of its own.
CENSUS_BYTES = 24
#: Positions a second one core values one by one (LCTR's closed forms 50,000, Column-Row
#: 15,000, Corner 4,000).
ENUMERATION_RATE = 100_000
#: Positions a second a conjecture is checked on (Column-Row by census: 34,000 to n = 55).
CONJECTURE_RATE = 1_000_000

T = TypeVar("T")


class TooMuchWork(ValueError):
    """A request refused before it started: it is past what this machine can do."""


@dataclass(frozen=True)
class Work:
    """What a request would do, estimated before it starts.

    `doing` says what it is ("counting chomp's positions of size n ≤ 200"),
    `steps` how many steps it takes (an int of any size) and `unit` what a
    step is; `rate` is the steps a second on this machine (generous: the
    fastest measured), `memory` the bytes held at once, and `advice` what to
    ask instead.
    """

    doing: str
    steps: int | float
    unit: str
    rate: float
    memory: int | float = 0
    advice: str = ""

    def seconds(self) -> float:
        """The estimated time, in seconds (inf past the floats)."""
        try:
            return float(self.steps) / self.rate
        except OverflowError:
            return math.inf

    def check(self, seconds: float = MAX_SECONDS, memory: int | float | None = None) -> None:
        """Refuse (`TooMuchWork`) work longer than `seconds` or holding more than
        `memory` bytes (default: this machine's memory)."""
        memory = PHYSICAL_MEMORY if memory is None else memory
        advice = f"; {self.advice}" if self.advice else ""
        if self.memory > memory:
            raise TooMuchWork(
                f"{self.doing} would hold about {format_bytes(self.memory)} at once "
                f"({about(self.steps)} {self.unit}), more than this machine's "
                f"{format_bytes(memory)}{advice}"
            )
        if self.seconds() > seconds:
            raise TooMuchWork(
                f"{self.doing} would take about {duration(self.seconds(), self.steps, self.rate)}"
                f" ({about(self.steps)} {self.unit} at about {about(self.rate)} a second), "
                f"more than the {duration(seconds)} grundy starts on{advice}"
            )


def about(x: float) -> str:
    """A count in words: digits with commas below ten million, then a power of ten.

    >>> about(12345), about(2_749_000_000), about(10**400), about(2.5e-3)
    ('12,345', '2.7 × 10^9', '1.0 × 10^400', '0.0025')
    >>> about(999_999_999_999)  # rounded up to the next power, not "10.0 × 10^11"
    '1.0 × 10^12'
    """
    if x == math.inf:
        return f"more than 10^{MAX_DIGITS:,}"
    if x < 1:
        return f"{x:.2g}"
    if x < 10_000_000:
        return f"{round(x):,}"
    exponent = math.log10(x)  # exact enough for ints of any size
    power = math.floor(exponent)
    mantissa = round(10 ** (exponent - power), 1)
    if mantissa >= 10:
        mantissa, power = mantissa / 10, power + 1
    return f"{mantissa:.1f} × 10^{power}"


_UNITS = (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60))


def duration(seconds: float, steps: float = 0, rate: float = 1) -> str:
    """A time in words ("3.5 hours", "7 days", "10^333 years"); `steps` and `rate`
    give it where `seconds` is past the floats.

    >>> duration(90), duration(7 * 86400), duration(math.inf, 10**400, 10**6)
    ('1.5 minutes', '7 days', '10^386 years')
    """
    if math.isinf(seconds):
        if steps == math.inf:
            return "more than 10^1,000 years"
        years = math.log10(steps) - math.log10(rate) - math.log10(_UNITS[0][1])
        return f"10^{math.floor(years)} years"
    for name, length in _UNITS:
        if seconds >= length:
            amount = seconds / length
            return f"{about(amount) if amount >= 10 else f'{amount:.2g}'} {name}"
    return f"{seconds:.2g} seconds"


def cores() -> int:
    """The processor cores a job spread over this machine can use."""
    return os.cpu_count() or 1


@cache
def _exact_partition_counts() -> list[int]:
    from grundy.partition import partition_numbers

    return partition_numbers(EXACT_UP_TO)


def partition_count(n: int) -> int | float:
    """p(n), the number of partitions of n: exact up to `EXACT_UP_TO`, above it
    Hardy–Ramanujan's estimate exp(π √(2n/3)) / (4n√3) (1.4 % high there, and
    closer as n grows: p(100000) = 2.749… × 10^346), all without listing a partition.

    >>> partition_count(100), about(partition_count(100_000))
    (190569292, '2.8 × 10^346')
    """
    if n <= EXACT_UP_TO:
        return _exact_partition_counts()[n] if n >= 0 else 0
    log10 = (math.pi * math.sqrt(2 * n / 3) - math.log(4 * n * math.sqrt(3))) / math.log(10)
    return _from_log10(log10)


def binomial_count(n: int, k: int) -> int | float:
    """C(n, k): exact while it has at most 15 digits, else from log-gamma (to about 15
    digits), so a huge one costs no time.

    >>> binomial_count(4, 2), about(binomial_count(2000, 1000)), binomial_count(10**9, 10**8)
    (6, '2.0 × 10^600', inf)
    """
    if k < 0 or k > n:
        return 0
    log10 = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(10)
    if log10 < 15:
        return math.comb(n, k)
    return _from_log10(log10)


def _from_log10(log10: float) -> int | float:
    """The int 10 ** log10, to about 15 significant digits; inf past `MAX_DIGITS` digits
    (such an int costs time and memory to build, and no work of that size runs)."""
    if log10 > MAX_DIGITS:
        return math.inf
    power = math.floor(log10) - 15
    return round(10 ** (log10 - power)) * 10**power


def partition_total(sizes: Iterable[int]) -> int:
    """Σ p(n) over the sizes: the partitions a pass over each size lists.

    >>> partition_total(range(5))
    12
    """
    return sum(partition_count(n) for n in sizes)


class Counted(Protocol):
    """What a bound reads of a ruleset (`grundy.game.Ruleset`, which imports this module)."""

    name: str

    def number_of_positions(self, n: int) -> int | None:
        """How many positions of size n the game has, or None if it does not say."""

    def number_of_options(self, position: Any) -> int | None:
        """How many options the position has (at least), or None if the game does not say."""

    def number_of_states(self, position: Any) -> int | None:
        """How many positions its game tree holds (at least), or None if the game does not say."""

    def number_searched(self, position: Any, misere: bool) -> int | None:
        """How many positions the generic search holds (at least) to value it, or None."""

    def number_of_moves(self, position: Any, misere: bool) -> int | None:
        """How many moves valuing or walking it lists in all (at least), or None."""

    def format_position(self, position: Any) -> str:
        """The position as text."""


def count_positions(rules: Counted, sizes: Iterable[int], limit: int) -> int | None:
    """How many positions the sizes hold by the game's ``number_of_positions``, without
    listing them, counted no further than past `limit`; None if the game does not say.

    >>> from grundy.registry import get_ruleset
    >>> cr = get_ruleset("cr")
    >>> count_positions(cr, range(5), 100), count_positions(cr, range(10**12), 100)
    (12, 139)
    """
    total = 0
    for n in sizes:
        count = rules.number_of_positions(n)
        if count is None:
            return None
        total += count
        if total > limit:
            break
    return total


def check_positions(
    rules: Counted,
    sizes: Iterable[int],
    doing: str,
    rate: float,
    bytes_each: int = 0,
    advice: str = "give a smaller --n",
) -> None:
    """Refuse (`TooMuchWork`) to visit every position of the sizes when it is past the
    machine: `rate` positions a second, `bytes_each` bytes held for each position of the
    largest size.  Nothing is refused for a game that does not say how many positions a
    size has (``number_of_positions``).

    >>> from grundy.registry import get_ruleset
    >>> check_positions(get_ruleset("chomp"), range(1, 56), "counting chomp", CENSUS_RATE)
    >>> check_positions(get_ruleset("chomp"), [100_000], "counting chomp", CENSUS_RATE)
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: counting chomp would take about 10^332 years (2.8 × 10^346 \
positions at about 3,000,000 a second), more than the 7 days grundy starts on; give a smaller --n
    """
    total = largest = 0
    for n in sorted(sizes, reverse=True):  # the largest first: past the bound at once
        count = rules.number_of_positions(n)
        if count is None:
            return
        total, largest = total + count, max(largest, count)
        work = Work(doing, total, "positions", rate, largest * bytes_each, advice)
        if work.seconds() > MAX_SECONDS or work.memory > PHYSICAL_MEMORY:
            work.check()


def check_options(rules: Counted, position: Any, limit: int = MAX_OPTIONS) -> None:
    """Refuse (`TooMuchWork`), before any is listed, the options of a position the game
    says (``number_of_options``) has more than `limit` of; nothing is refused for a game
    that does not say (`take_at_most` bounds the listing then).

    >>> from grundy.registry import get_ruleset
    >>> chomp = get_ruleset("chomp")
    >>> check_options(chomp, chomp.parse("100^100"))
    >>> check_options(chomp, chomp.parse("1^999999999999"))
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: chomp 1^999999999999 has 1.0 × 10^12 options, more than \
the 10,000,000 grundy lists for one position
    """
    count = rules.number_of_options(position)
    if count is not None and count > limit:
        raise TooMuchWork(too_many_options(rules, position, count, limit))


def too_many_options(
    rules: Counted, position: Any, count: float | None = None, limit: int = MAX_OPTIONS
) -> str:
    """What a refused listing of options says: how many the position has (`count`; None:
    more than `limit`, found by listing them), and the bound.

    >>> from grundy.registry import get_ruleset
    >>> print(too_many_options(get_ruleset("cr"), get_ruleset("cr").parse("3,1"), limit=3))
    cr 3,1 has more than the 3 options grundy lists for one position
    """
    named = _named(rules, position)
    if count is None:
        return f"{named} has more than the {limit:,} options grundy lists for one position"
    return (
        f"{named} has {about(count)} options, more than the {limit:,} grundy lists for one position"
    )


def check_states(rules: Counted, position: Any, limit: int, raise_with: str) -> None:
    """Refuse (`TooMuchWork`) to walk the game tree of a position whose tree the game
    says (``number_of_states``) holds more than `limit` positions, before a step of it;
    `raise_with` says how to raise the bound.  Nothing is refused for a game that does not
    say (the walk counts as it goes).

    >>> from grundy.registry import get_ruleset
    >>> cr = get_ruleset("cr")
    >>> check_states(cr, cr.parse("1^999999999999"), 5_000_000, "raise max_states to insist")
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: cr 1^999999999999: its game tree holds at least 1.0 × 10^12 \
positions, more than the 5,000,000 a walk holds; raise max_states to insist
    """
    count = rules.number_of_states(position)
    if count is not None and count > limit:
        raise TooMuchWork(
            f"{_named(rules, position)}: its game tree holds at least {about(count)} positions, "
            f"more than the {limit:,} a walk holds; {raise_with}"
        )


def check_search(rules: Counted, position: Any, misere: bool, limit: int, memory: int) -> None:
    """Refuse (`TooMuchWork`) to value by search (misère play if `misere`) a position the
    game says (``number_searched``) takes more than the `limit` positions the search holds
    in `memory` bytes, before a step of it.  Nothing is refused for a game that does not
    say (the search counts as it goes).

    >>> from grundy.registry import get_ruleset
    >>> anticorner = get_ruleset("anticorner")
    >>> check_search(anticorner, anticorner.parse("1^999999999999"), False, 6_000_000, 6 << 30)
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: anticorner 1^999999999999: valuing it by search holds at least \
1.0 × 10^12 positions (no closed form or compiled kernel values them), more than the \
6,000,000 the search holds in 6.0 GiB
    """
    count = rules.number_searched(position, misere)
    if count is not None and count > limit:
        raise TooMuchWork(
            f"{_named(rules, position)}: valuing it by search holds at least {about(count)} "
            "positions (no closed form or compiled kernel values them), more than the "
            f"{limit:,} the search holds in {format_bytes(memory)}"
        )


def check_moves(rules: Counted, position: Any, misere: bool, limit: int, doing: str) -> None:
    """Refuse (`TooMuchWork`), before a step of it, `doing` ("walking its game tree",
    "valuing it by search") to a position whose positions the game says
    (``number_of_moves``) list more than `limit` moves in all.  Nothing is refused for a
    game that does not say.

    >>> from grundy.registry import get_ruleset
    >>> coins = get_ruleset("coin-turning")
    >>> check_moves(coins, coins.parse("chain:120000 turtles 120000"), True,
    ...             MAX_SEARCH_MOVES, "valuing it by search")
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: coin-turning chain:120000 turtles 120000: valuing it by search \
lists at least 7.2 × 10^9 moves, more than the 1,000,000,000 grundy lists in all
    """
    count = rules.number_of_moves(position, misere)
    if count is not None and count > limit:
        raise TooMuchWork(
            f"{_named(rules, position)}: {doing} lists at least {about(count)} moves, "
            f"more than the {limit:,} grundy lists in all"
        )


def _named(rules: Counted, position: Any, width: int = 60) -> str:
    """The game and the position, cut to `width` characters, for a one-line message."""
    text = rules.format_position(position)
    if len(text) > width:
        text = text[: width - 1] + "…"
    return f"{rules.name} {text}"


def too_many_sizes(doing: str) -> str:
    """What a count or conjecture over more than `MAX_SIZES` sizes says (`doing` it)."""
    return (
        f"{doing} takes more than {MAX_SIZES:,} sizes, past what any game finishes in "
        f"{duration(MAX_SECONDS)} (LCTR's count, the fastest, needs about 12 days to "
        f"n = {MAX_SIZES:,}); give a smaller --n"
    )


def take_at_most(items: Iterable[T], limit: int, refuse: str) -> list[T]:
    """The items as a list if there are at most `limit` of them; else `TooMuchWork` with
    the message `refuse`, at once if `items` has a length, else once `limit` + 1 are
    listed (for work whose size nothing says in advance).

    >>> take_at_most(range(3), 5, "too many")
    [0, 1, 2]
    """
    if isinstance(items, Sized) and _length(items) > limit:  # a range: refused unlisted
        raise TooMuchWork(refuse)
    taken = list(islice(items, limit + 1))
    if len(taken) > limit:
        raise TooMuchWork(refuse)
    return taken


def _length(items: Sized) -> float:
    try:
        return len(items)
    except OverflowError:  # a range past 2^63 items
        return math.inf
