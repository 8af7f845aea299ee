"""All partitions of n, in a fixed order, without recursion; and how many there are."""

from __future__ import annotations

from collections.abc import Iterator

from grundy.partition import Partition

__all__ = ["partition_numbers", "partitions", "partitions_up_to"]


def partitions(n: int) -> Iterator[Partition]:
    """Every partition of n exactly once, in reverse-lexicographic order of parts.

    ([n] first, [1^n] last; the empty partition for n = 0.)  Iterative.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    if n == 0:
        yield Partition()
        return
    # Classic "next partition" step on the list of parts (all parts kept explicitly).
    parts = [n]
    while True:
        yield Partition(parts)
        # remove trailing 1s
        ones = 0
        while parts and parts[-1] == 1:
            parts.pop()
            ones += 1
        if not parts:
            return
        k = parts.pop() - 1
        rest = ones + 1
        parts.append(k)
        while rest > k:
            parts.append(k)
            rest -= k
        if rest:
            parts.append(rest)


def partitions_up_to(n: int) -> Iterator[Partition]:
    """Every partition of size 0, 1, …, n (by size, then as `partitions`)."""
    for size in range(n + 1):
        yield from partitions(size)


def partition_numbers(n_max: int) -> list[int]:
    """p(0), …, p(n_max) by Euler's pentagonal-number recurrence (a check on the counts)."""
    p = [1] + [0] * n_max
    for n in range(1, n_max + 1):
        total, k = 0, 1
        while True:
            g1 = k * (3 * k - 1) // 2
            if g1 > n:
                break
            sign = 1 if k % 2 else -1
            total += sign * p[n - g1]
            g2 = k * (3 * k + 1) // 2
            if g2 <= n:
                total += sign * p[n - g2]
            k += 1
        p[n] = total
    return p
