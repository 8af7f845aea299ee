"""Find the simplest rule that explains a table of values over integer parameters.

Given the rows of a sweep (parameters and a value), `find_pattern` looks for
a few *features* of the parameters on which the value depends and nothing
else, the way the papers state their closed forms:

* residues: ``a mod k`` (periodicity, with a preperiod below), ``(a + b) mod k``,
  ``(a − b) mod k``;
* thresholds and strips: ``a ≤ t``, ``min(a, t)`` (the rows a = 1, …, t − 1
  each and the rest together), ``min(a, b, t)`` (strips along both axes, like
  "a ≤ 2 or b ≤ 2" in 000 Lemma 17);
* linear boundaries between two parameters: ``a ≤ b``, ``a < b``, ``a = b``,
  ``a ≤ 2b``, ``2a ≤ b``.

Candidate feature sets are tried from the cheapest up (fewest features, then
fewest classes); the first one under which equal features always mean equal
values is the rule, given as a lookup table.  A rule must be *supported*:
every class must be seen at least twice (`MIN_SUPPORT`), otherwise any table
would be "explained" by listing it.  When no rule of up to `MAX_FEATURES`
features explains the whole table, the search drops a preperiod (rows with
some parameter below a threshold) and reports the rule on the rest; failing
that, it allows one row in 50 to be an exception, and lists them; when
nothing works, it says so.

>>> rows = [{"a": a, "b": b, "value": (a + b) % 2} for a in range(1, 9) for b in range(1, 9)]
>>> find_pattern(rows).describe()
'value depends on (a + b) mod 2 (verified on 64 rows: 1 ≤ a ≤ 8, 1 ≤ b ≤ 8)'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["MAX_FEATURES", "MIN_SUPPORT", "Feature", "Pattern", "find_pattern"]

MAX_FEATURES = 3
MIN_SUPPORT = 2
#: The longest preperiod of a one-parameter table (several parameters: one row or column).
MAX_PREPERIOD = 12
MODULI = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Feature:
    """A function of the parameters, named as a reader would write it."""

    name: str
    cost: int
    compute: Callable[[dict[str, np.ndarray]], np.ndarray] = field(compare=False, repr=False)


@dataclass
class Pattern:
    """A rule found (or not): features, the value for each class, where it was verified."""

    value_column: str
    features: tuple[Feature, ...]
    table: dict[tuple[int, ...], int]
    rows: int
    ranges: dict[str, tuple[int, int]]
    domain: dict[str, int]  # parameter → smallest value the rule is claimed for
    exceptions: list[dict[str, Any]]
    found: bool = True

    def describe(self) -> str:
        """One line: the rule and the range on which it was verified."""
        where = ", ".join(f"{lo} ≤ {p} ≤ {hi}" for p, (lo, hi) in self.ranges.items())
        if not self.found:
            return (
                f"no rule with at most {MAX_FEATURES} features explains {self.value_column} "
                f"({self.rows} rows: {where})"
            )
        if not self.features:
            (value,) = self.table.values()
            rule = f"{self.value_column} is always {value}"
        else:
            rule = f"{self.value_column} depends on " + ", ".join(f.name for f in self.features)
        if self.domain:
            rule += " for " + ", ".join(f"{p} ≥ {t}" for p, t in self.domain.items())
        text = f"{rule} (verified on {self.rows} rows: {where})"
        if self.exceptions:
            first = ", ".join(f"{k}={v}" for k, v in self.exceptions[0].items())
            text += f"; {len(self.exceptions)} exception(s), the first: {first}"
        return text

    def as_dict(self) -> dict[str, Any]:
        return {
            "found": self.found,
            "rule": self.describe(),
            "features": [f.name for f in self.features],
            "table": [{"class": list(k), "value": v} for k, v in sorted(self.table.items())],
            "domain": self.domain,
            "rows": self.rows,
            "exceptions": self.exceptions[:20],
        }


def find_pattern(
    rows: Sequence[dict[str, Any]],
    parameters: Sequence[str] | None = None,
    value: str = "value",
) -> Pattern:
    """The simplest rule explaining `value` by the integer `parameters` of `rows`.

    `parameters` defaults to every integer column other than `value` (and
    other value columns).  See the module docstring for the rules tried.
    """
    if not rows:
        raise ValueError("no rows to find a pattern in")
    if value not in rows[0]:
        raise ValueError(f"the rows have no column {value!r}")
    if parameters is None:
        skip = {value, "value", "misere_value", "position"}
        parameters = [k for k, v in rows[0].items() if k not in skip and type(v) is int]
    if not parameters:
        raise ValueError("no integer parameters to explain the value by")
    columns = {p: np.array([row[p] for row in rows], dtype=np.int64) for p in parameters}
    values = np.array([row[value] for row in rows], dtype=np.int64)
    ranges = {p: (int(c.min()), int(c.max())) for p, c in columns.items()}
    features = _candidates(columns)
    for exact in (True, False):  # an exact rule on a cut table beats one with exceptions
        for domain in _domains(columns):
            keep = np.ones(len(values), dtype=bool)
            for p, t in domain.items():
                keep &= columns[p] >= t
            if keep.sum() < max(8, len(values) // 3):
                continue
            best = _search(features, columns, values, keep, 0 if exact else int(keep.sum()) // 50)
            if best is None:
                continue
            chosen, table, inside = best
            computed = [f.compute(columns) for f in chosen]
            outside = [
                i for i in np.flatnonzero(~keep)
                if table.get(tuple(int(c[i]) for c in computed)) != values[i]
            ]  # fmt: skip
            wrong = [dict(rows[i]) for i in sorted({*inside.tolist(), *outside})]
            return Pattern(value, chosen, table, int(keep.sum()), ranges, domain, wrong)
    return Pattern(value, (), {}, len(values), ranges, {}, [], found=False)


# -------------------------------------------------------------- internals
def _candidates(columns: dict[str, np.ndarray]) -> list[Feature]:
    names = list(columns)
    out: list[Feature] = []

    def add(name: str, cost: int, compute: Callable[[dict[str, np.ndarray]], np.ndarray]) -> None:
        out.append(Feature(name, cost, compute))

    for p in names:
        for k in MODULI:
            add(f"{p} mod {k}", k, lambda c, p=p, k=k: c[p] % k)
        lo, hi = int(columns[p].min()), int(columns[p].max())
        for t in range(lo, min(hi, lo + 4)):
            add(f"[{p} ≤ {t}]", 2 + t - lo, lambda c, p=p, t=t: (c[p] <= t).astype(np.int64))
            if t > lo:  # the strips p = lo, …, t − 1 each, and p ≥ t together
                add(f"min({p}, {t})", 2 + t - lo, lambda c, p=p, t=t: np.minimum(c[p], t))
    for p, q in itertools.combinations(names, 2):
        for k in MODULI:
            add(f"({p} + {q}) mod {k}", k + 1, lambda c, p=p, q=q, k=k: (c[p] + c[q]) % k)
            add(f"({p} − {q}) mod {k}", k + 1, lambda c, p=p, q=q, k=k: (c[p] - c[q]) % k)
        add(f"sign({p} − {q})", 3, lambda c, p=p, q=q: np.sign(c[p] - c[q]))
        lo = int(min(columns[p].min(), columns[q].min()))
        for t in range(lo + 1, lo + 4):  # boundary strips along both axes
            add(
                f"min({p}, {q}, {t})", 3 + t - lo,
                lambda c, p=p, q=q, t=t: np.minimum(np.minimum(c[p], c[q]), t),
            )  # fmt: skip
        add(f"[{p} ≤ 2{q}]", 4, lambda c, p=p, q=q: (c[p] <= 2 * c[q]).astype(np.int64))
        add(f"[2{p} ≤ {q}]", 4, lambda c, p=p, q=q: (2 * c[p] <= c[q]).astype(np.int64))
    return out


def _domains(columns: dict[str, np.ndarray]) -> list[dict[str, int]]:
    """The whole table first, then with a preperiod cut off below (smallest cuts first)."""
    names = list(columns)
    lows = {p: int(columns[p].min()) for p in names}
    # one parameter: a preperiod of up to a third of the table; more: one row or column
    longest = min(MAX_PREPERIOD, len(columns[names[0]]) // 3) if len(names) == 1 else 1
    options = []
    for cuts in itertools.product(range(longest + 1), repeat=len(names)):
        if sum(cuts) <= longest:
            domain = {p: lows[p] + c for p, c in zip(names, cuts, strict=True) if c}
            options.append((sum(cuts), domain))
    options.sort(key=lambda item: item[0])
    return [domain for _, domain in options]


def _search(
    features: list[Feature],
    columns: dict[str, np.ndarray],
    values: np.ndarray,
    keep: np.ndarray,
    allowed: int,
) -> tuple[tuple[Feature, ...], dict[tuple[int, ...], int], np.ndarray] | None:
    """The best supported feature set on the rows in `keep`: fewest features, then fewest
    rows left as exceptions (at most `allowed`), then the cheapest features."""
    vals = values[keep]
    computed = [(f, f.compute(columns)[keep]) for f in features]
    for size in range(MAX_FEATURES + 1):
        best = None
        for combo in itertools.combinations(computed, size):
            cost = sum(f.cost for f, _ in combo)
            found = _table([col for _, col in combo], vals, allowed)
            if found is None:
                continue
            rank = (len(found[1]), cost)
            if best is None or rank < best[0]:
                best = (rank, tuple(f for f, _ in combo), *found)
        if best is not None:
            kept = np.flatnonzero(keep)
            return best[1], best[2], kept[best[3]]
    return None


def _table(
    cols: list[np.ndarray], vals: np.ndarray, allowed: int
) -> tuple[dict[tuple[int, ...], int], np.ndarray] | None:
    """The value of each class (its most common one) if at most `allowed` rows disagree
    and every class is seen MIN_SUPPORT times; with the disagreeing rows' indices."""
    key = np.zeros(len(vals), dtype=np.int64)
    for col in cols:  # one integer per class: mixed radix over the features' ranges
        low = col.min()
        key = key * (col.max() - low + 1) + (col - low)
    pair = key * (vals.max() - vals.min() + 1) + (vals - vals.min())
    order = np.argsort(pair, kind="stable")
    k, v = key[order], vals[order]
    new_class = np.r_[True, k[1:] != k[:-1]]
    starts = np.flatnonzero(new_class)
    sizes = np.diff(np.r_[starts, len(k)])
    if sizes.min() < MIN_SUPPORT:
        return None
    # the most common value of each class: the longest run of one value inside it
    runs = np.flatnonzero(np.r_[True, (k[1:] != k[:-1]) | (v[1:] != v[:-1])])
    run_len = np.diff(np.r_[runs, len(k)])
    first_run = np.searchsorted(runs, starts)
    if len(k) - np.maximum.reduceat(run_len, first_run).sum() > allowed:
        return None  # (the common case: rejected without a Python loop)
    run_class = np.cumsum(new_class)[runs] - 1
    best_run = np.full(len(starts), -1, dtype=np.int64)
    best_len = np.zeros(len(starts), dtype=np.int64)
    for r, (c, n) in enumerate(zip(run_class, run_len, strict=True)):
        if n > best_len[c]:
            best_len[c], best_run[c] = n, r
    majority = v[runs[best_run]]
    group = np.cumsum(new_class) - 1
    wrong = order[v != majority[group]]
    first_rows = order[starts]
    table = {
        tuple(int(col[i]) for col in cols): int(m)
        for i, m in zip(first_rows, majority, strict=True)
    }
    return table, np.sort(wrong)
