"""The catalogue of `grundy reproduce`: the sources' checks loaded, listed and run.

The rows themselves (statements, verdicts, outcomes, and how a check states
itself and ends) are `grundy.reproduce.rows`; the checks register there when
their module (``paper000`` … ``paper004``, ``games_md``, ``beyond``) is
imported, which `statements` and `new_results` do for the sources asked for,
so that a run of one paper loads no other.  A source split into a package registers
its sections in the source's order (the package's ``SECTIONS``).

>>> [s.number for s in statements("002")][:2]
['Lemma 1.1', 'Lemma 1.2']
>>> statements("005")
Traceback (most recent call last):
...
ValueError: unknown paper '005': choose one of 000, 001, 002, 003, 004, games, all
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from grundy.reproduce.rows import PAPERS, NewResult, Outcome, Statement, registered

__all__ = ["MODULES", "SELECTIONS", "Result", "new_results", "run", "statements"]

#: The module (or package) holding each source's checks (imported on first use).
MODULES: dict[str, str] = {
    "000": "grundy.reproduce.paper000",
    "001": "grundy.reproduce.paper001",
    "002": "grundy.reproduce.paper002",
    "003": "grundy.reproduce.paper003",
    "004": "grundy.reproduce.paper004",
    "games": "grundy.reproduce.games_md",
}

#: What `statements` accepts: one source, or "all".
SELECTIONS = (*PAPERS, "all")


def _load(selection: str) -> list[str]:
    """The sources of `selection`, their modules imported (which registers their checks)."""
    if selection not in SELECTIONS:
        raise ValueError(f"unknown paper {selection!r}: choose one of {', '.join(SELECTIONS)}")
    papers = list(PAPERS) if selection == "all" else [selection]
    for paper in papers:
        importlib.import_module(MODULES[paper])
    importlib.import_module("grundy.reproduce.beyond")
    return papers


def statements(selection: str = "all") -> list[Statement]:
    """The statements of one paper ("000" … "004", "games") or of all, in paper order."""
    return [s for paper in _load(selection) for s in registered(paper)[0]]


def new_results(selection: str = "all") -> list[NewResult]:
    """The results beyond the papers of `selection`."""
    return [r for paper in _load(selection) for r in registered(paper)[1]]


@dataclass(frozen=True)
class Result:
    """A statement (or new result), what its check concluded, and how long it took."""

    item: Statement | NewResult
    outcome: Outcome
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (one row of `grundy reproduce --json`)."""
        item = self.item
        row: dict[str, Any] = {"paper": item.paper}
        if isinstance(item, Statement):
            row |= {"statement": item.number, "claim": item.claim}
        else:
            row |= {
                "statement": f"new: {item.title}",
                "claim": item.values,
                "how": item.how,
                "recompute": item.recompute,
            }
        out = self.outcome
        return row | {
            "checked": out.checked,
            "verdict": out.verdict.value,
            "note": out.note,
            "counterexample": out.counterexample,
            "command": out.command if out.command is not None else _command(item),
            "seconds": round(self.seconds, 3),
        }


def _command(item: Statement | NewResult) -> str | None:
    return item.command if isinstance(item, NewResult) else None


def run(
    items: Iterable[Statement | NewResult],
    quick: bool,
    *,
    on_start: Callable[[Statement | NewResult], None] | None = None,
    on_done: Callable[[Result], None] | None = None,
) -> list[Result]:
    """Check every item; `on_start`/`on_done` see each one (for progress)."""
    results = []
    for item in items:
        if on_start is not None:
            on_start(item)
        begin = time.perf_counter()
        outcome = item.check(quick)
        if not isinstance(outcome, Outcome):
            raise TypeError(f"the check of {item.key} returned {outcome!r}, not an Outcome")
        result = Result(item, outcome, time.perf_counter() - begin)
        results.append(result)
        if on_done is not None:
            on_done(result)
    return results
