"""Census: the value of every partition of every n ≤ N, per built-in partition game.

Issue 7's measure.  For each game, in one run: the baseline is a
straightforward memoised Python implementation of the same rules (positions as
tuples of parts, options listed by plain loops, values by recursion with a
dictionary — the way the public web app of the partition-games group
computes), valuing every partition of n ≤ N; ours is `grundy.count_table`
for n ≤ N (the game's own counting method, else its compiled kernel's
census).  Both tallies must agree; the script prints both times and the ratio.
numba compilation (or loading its cache) is done before timing.

    .venv/bin/python benchmarks/bench_census.py              # N = 40, every game
    .venv/bin/python benchmarks/bench_census.py --n 30 --games chomp,cr

lctr-3d is not a partition game (its positions are plane partitions) and is
left out.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import product

import grundy
from grundy.analysis import count_table
from grundy.nim import mex
from grundy.partition import partitions_up_to

sys.setrecursionlimit(100_000)

Parts = tuple[int, ...]


# ------------------------------------------------------- the rules on tuples
def conj(p: Parts) -> Parts:
    return tuple(sum(1 for x in p if x > j) for j in range(p[0])) if p else ()


def positive(parts: Iterable[int]) -> Parts:
    return tuple(x for x in parts if x > 0)


def cr(p: Parts) -> list[Parts]:
    rows = [p[:i] + p[i + 1 :] for i in range(len(p))]
    return rows + [positive(x - 1 if x > j else x for x in p) for j in range(p[0] if p else 0)]


def lctr(p: Parts) -> list[Parts]:
    return [p[1:], positive(x - 1 for x in p)] if p else []


def downright(p: Parts) -> list[Parts]:
    return ([p[1:]] if len(p) > 1 else []) + ([positive(x - 1 for x in p)] if p[0] > 1 else [])


def chomp(p: Parts) -> list[Parts]:
    return [
        positive(p[r] if r < i else min(p[r], j) for r in range(len(p)))
        for i in range(len(p))
        for j in range(p[i])
        if (i, j) != (0, 0)
    ]


def corners(p: Parts) -> list[int]:
    return [i for i in range(len(p)) if p[i] > (p[i + 1] if i + 1 < len(p) else 0)]


def bite(p: Parts, rows: Iterable[int]) -> Parts:
    q = list(p)
    for r in rows:
        q[r] -= 1
    return positive(q)


def corner(p: Parts) -> list[Parts]:
    c = corners(p)
    return [bite(p, [c[t] for t in range(len(c)) if m >> t & 1]) for m in range(1, 1 << len(c))]


def consecutive_corner(p: Parts) -> list[Parts]:
    c = corners(p)
    return [bite(p, c[a : b + 1]) for a in range(len(c)) for b in range(a, len(c))]


def scc(p: Parts) -> list[Parts]:
    c = corners(p)
    return [bite(p, c[: b + 1]) for b in range(len(c))] + [bite(p, c[a:]) for a in range(1, len(c))]


def anticorner(p: Parts) -> list[Parts]:
    if not p:
        return []
    out = [positive(min(x, p[0] - 1) for x in p)]
    if p != (1,):
        out.append(p[:-1])
    for i in range(len(p) - 1):
        if p[i + 1] < p[i]:
            out.append(positive(p[r] if r < i else min(p[r], p[i + 1] - 1) for r in range(len(p))))
    return out


def sato_welter(p: Parts) -> list[Parts]:
    out = []
    for i in range(len(p)):
        for j in range(p[i]):
            hook = p[i] - j + sum(1 for r in range(i + 1, len(p)) if p[r] > j)
            beta = [p[r] + len(p) - 1 - r for r in range(len(p))]
            moved = sorted([b for b in beta if b != beta[i]] + [beta[i] - hook], reverse=True)
            out.append(positive(b - (len(p) - 1 - r) for r, b in enumerate(moved)))
    return out


def rit(p: Parts) -> list[Parts]:
    return [
        positive((*p[:r], new, *p[r + 1 :]))
        for r in range(len(p))
        for new in range(p[r + 1] if r + 1 < len(p) else 0, p[r])
    ]


def crit(p: Parts) -> list[Parts]:
    return rit(p) + [conj(q) for q in rit(conj(p))]


def pnim(p: Parts) -> list[Parts]:
    def delete_rows(q: Parts) -> list[Parts]:
        runs = sorted(Counter(q).items(), reverse=True)
        out = []
        for take in product(*(range(m + 1) for _, m in runs)):
            if any(take):
                out.append(
                    tuple(v for (v, m), k in zip(runs, take, strict=True) for _ in range(m - k))
                )
        return out

    return delete_rows(p) + [conj(q) for q in delete_rows(conj(p))]


def chess(leaps: list[tuple[int, int]], riders: list[tuple[int, int]]) -> Callable:
    def options(p: Parts) -> list[Parts]:
        out = []
        for (a, b), ride in [(s, False) for s in leaps] + [(s, True) for s in riders]:
            k = 1
            while k * a < len(p) and p[k * a] > k * b:
                out.append(positive(x - k * b for x in p[k * a :]))
                if not ride:
                    break
                k += 1
        return out

    return options


def cris_value(memo: dict[Parts, int]) -> Callable[[Parts], int]:
    """CRIS: a move leaves two pieces whose values nim-add."""

    def value(p: Parts) -> int:
        if p in memo:
            return memo[p]
        seen = set()
        for i in range(len(p)):
            seen.add(value(p[:i]) ^ value(p[i + 1 :]))
        for j in range(p[0] if p else 0):
            left = positive(min(x, j) for x in p)
            right = positive(x - j - 1 for x in p)
            seen.add(value(left) ^ value(right))
        memo[p] = mex(seen)
        return memo[p]

    return value


def nonrep_value(memo: dict[tuple[Parts, str], int]) -> Callable[[Parts], int]:
    """Non-repetitive LCTR: no window of four moves with two L and two T."""

    def value(p: Parts, history: str = "") -> int:
        key = (p, history)
        if key in memo:
            return memo[key]
        seen = set()
        if p:
            for move, child in (("T", p[1:]), ("L", positive(x - 1 for x in p))):
                window = (history + move)[-4:]
                if len(window) == 4 and window.count("L") == 2:
                    continue
                seen.add(value(child, (history + move)[-3:]))
        memo[key] = mex(seen)
        return memo[key]

    return value


def plain_value(options: Callable[[Parts], list[Parts]], memo: dict[Parts, int]) -> Callable:
    def value(p: Parts) -> int:
        if p not in memo:
            memo[p] = mex({value(q) for q in options(p)})
        return memo[p]

    return value


KING = chess([(0, 1), (1, 0), (1, 1)], [])
GAMES: dict[str, Callable[[], Callable[[Parts], int]]] = {
    "lctr": lambda: plain_value(lctr, {}),
    "downright": lambda: plain_value(downright, {}),
    "cr": lambda: plain_value(cr, {}),
    "chomp": lambda: plain_value(chomp, {}),
    "corner": lambda: plain_value(corner, {}),
    "consecutive-corner": lambda: plain_value(consecutive_corner, {}),
    "scc": lambda: plain_value(scc, {}),
    "anticorner": lambda: plain_value(anticorner, {}),
    "sato-welter": lambda: plain_value(sato_welter, {}),
    "rit": lambda: plain_value(rit, {}),
    "crit": lambda: plain_value(crit, {}),
    "cris": lambda: cris_value({}),
    "pnim": lambda: plain_value(pnim, {}),
    "chess-king": lambda: plain_value(KING, {}),
    "chess-rook": lambda: plain_value(chess([], [(0, 1), (1, 0)]), {}),
    "chess-bishop": lambda: plain_value(chess([], [(1, 1)]), {}),
    "chess-queen": lambda: plain_value(chess([], [(0, 1), (1, 0), (1, 1)]), {}),
    "chess-knight": lambda: plain_value(chess([(1, 2), (2, 1)], []), {}),
    "chess-pawn": lambda: plain_value(chess([(0, 1), (1, 1)], []), {}),
    "lctr-nonrep": lambda: nonrep_value({}),
}
NOT_EMPTY = {"downright", "chomp"} | {g for g in GAMES if g.startswith("chess-")}


def baseline_counts(game: str, n_max: int) -> list[dict[int, int]]:
    value = GAMES[game]()
    table: list[Counter[int]] = [Counter() for _ in range(n_max + 1)]
    for lam in partitions_up_to(n_max):
        if not lam and game in NOT_EMPTY:
            continue
        table[lam.size][value(tuple(lam.parts()))] += 1
    return [dict(sorted(c.items())) for c in table]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args(argv)
    games = args.games.split(",")
    print(f"census of every partition of n <= {args.n}; times in seconds")
    print(f"{'game':<20} {'baseline':>10} {'ours':>8} {'ratio':>8}  how")
    status = 0
    for game in games:
        rules = grundy.get_ruleset(game)
        count_table(rules, 3)  # compile (or load the numba cache) before timing
        how = "count_table" if "count_table" in grundy.capabilities(rules) else "kernel census"
        if rules.kernel is None and how != "count_table":
            how = "solver (no kernel)"
        t = time.perf_counter()
        ours = count_table(rules, args.n)
        t_ours = time.perf_counter() - t
        t = time.perf_counter()
        base = baseline_counts(game, args.n)
        t_base = time.perf_counter() - t
        verdict = "" if ours == base else "  DISAGREE"
        status |= ours != base
        print(
            f"{game:<20} {t_base:>10.2f} {t_ours:>8.3f} {t_base / t_ours:>7.0f}×  {how}{verdict}",
            flush=True,
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
