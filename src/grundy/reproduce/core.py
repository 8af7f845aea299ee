"""The statements of the five papers, each with a check, and how a check reports.

A *statement* is one numbered claim of a paper (a lemma, theorem,
proposition, corollary, conjecture, table, worked figure or example) with a
one-line summary and a function that checks it.  The check takes one flag,
``quick``, and returns an `Outcome`: its `Verdict`, the range it covered (in
words), and, when the statement fails, the smallest counterexample and the
one-line ``grundy`` command that shows it.  ``quick`` checks a smaller range;
the verdict must not depend on it (every counterexample the full run finds
is small enough for the quick run too).

The verdicts (issue 9) say what exactly is wrong, if anything:

* ``verified`` — holds on every case of the range;
* ``false as stated`` — what is printed is false (a counterexample);
* ``holds only with its hypotheses`` — true where its hypotheses hold, false
  when they are dropped (tested outside them; no fault of the paper);
* ``proof slip`` — the statement holds but a step of its proof is false;
* ``wording`` — one reading the text allows is false, another is true;
* ``not checkable`` — nothing finite to compute (the note says why).

Checks register themselves with `statement` in the modules ``paper000`` …
``paper004`` and ``games_md``; results beyond the papers (new values) with
`new_result` in ``beyond``.  Most checks end with `verified_unless`: VERIFIED
when no case failed, FALSE at the first that did.

>>> from grundy.reproduce.core import Verdict, first_failure
>>> first_failure(range(10), lambda k: k * k < 50)
8
>>> Verdict("proof slip").name
'PROOF_SLIP'
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

__all__ = [
    "MODULES",
    "PAPERS",
    "SELECTIONS",
    "NewResult",
    "Outcome",
    "Result",
    "Statement",
    "Verdict",
    "first_failure",
    "new_result",
    "new_results",
    "run",
    "statement",
    "statements",
    "verified_unless",
]

#: The sources whose statements are checked, by the key the command takes.
PAPERS: dict[str, str] = {
    "000": "Gottlieb, Krnc, Muršič: Sprague–Grundy values and complexity for LCTR "
    "(arXiv:2207.05599)",
    "001": "Gottlieb, Ilić, Krnc: Some results on LCTR, an impartial game on partitions "
    "(arXiv:2207.04990)",
    "002": "Bašić, Gottlieb, Krnc: Some observations on the Column-Row game",
    "003": "Curran, Locke, Low: A variant of Nim played on Boolean matrices "
    "(Integers 2023, doi:10.5281/zenodo.8174520)",
    "004": "Ishikawa, Ohmoto, Tagawa, Takayama: Coin turning games on partially ordered "
    "sets (arXiv:2602.13558)",
    "games": "GAMES.md: the rules and claims of the further games on Young diagrams",
}

#: The module holding each source's checks (imported on first use).
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


class Verdict(str, Enum):
    """What a check concluded about a statement (see the module docstring)."""

    FALSE = "false as stated"
    HYPOTHESES = "holds only with its hypotheses"
    PROOF_SLIP = "proof slip"
    WORDING = "wording"
    NOT_CHECKABLE = "not checkable"
    VERIFIED = "verified"


@dataclass(frozen=True)
class Outcome:
    """A check's conclusion.

    `checked` is the range in words ("every partition with n ≤ 25");
    `note` one line: for any verdict but ``verified``, what is wrong (or why
    nothing can be checked); for ``verified``, optionally what was found.
    `counterexample` is the smallest case where the statement (or the reading
    or step named in `note`) fails, and `command` a ``grundy …`` line that
    shows it (or, for a verified statement, that shows an instance).
    """

    verdict: Verdict
    checked: str
    note: str = ""
    counterexample: str | None = None
    command: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.verdict, Verdict):
            raise TypeError(f"verdict must be a Verdict, not {self.verdict!r}")
        failing = self.verdict in (Verdict.FALSE, Verdict.HYPOTHESES, Verdict.WORDING)
        if failing and self.counterexample is None:
            raise ValueError(f"a {self.verdict.value!r} outcome needs its counterexample")
        if self.verdict is not Verdict.VERIFIED and not self.note:
            raise ValueError(f"a {self.verdict.value!r} outcome needs a note saying why")


Check = Callable[[bool], Outcome]


@dataclass(frozen=True)
class Statement:
    """One numbered claim of a paper, with its check.

    `number` is as the paper prints it ("Lemma 17", "Table 4", "Figure 3");
    `claim` one line in the paper's notation.
    """

    paper: str
    number: str
    claim: str
    check: Check = field(repr=False, compare=False)

    @property
    def key(self) -> str:
        """'000 Lemma 17'."""
        return f"{self.paper} {self.number}"


@dataclass(frozen=True)
class NewResult:
    """Values grundy computed beyond a paper: what, how, and how long to recompute.

    `check` recomputes a part of them (quick) or all that fits in the full
    run, and compares with the recorded values; `values` names them.
    """

    paper: str
    title: str
    values: str
    how: str
    recompute: str
    command: str
    check: Check = field(repr=False, compare=False)

    @property
    def key(self) -> str:
        """'002 new: staircases to S_24'."""
        return f"{self.paper} new: {self.title}"


_STATEMENTS: dict[str, list[Statement]] = {}
_NEW_RESULTS: dict[str, list[NewResult]] = {}


def statement(paper: str, number: str, claim: str) -> Callable[[Check], Check]:
    """Decorator: register the decorated function as the check of a statement.

    >>> @statement("games", "Doctest 1", "1 + 1 = 2")
    ... def _doctest_claim(quick: bool) -> Outcome:
    ...     return Outcome(Verdict.VERIFIED, "once")
    >>> [s.key for s in _STATEMENTS["games"] if s.number == "Doctest 1"]
    ['games Doctest 1']
    >>> _STATEMENTS["games"].pop().number
    'Doctest 1'
    """
    _check_paper(paper)

    def register(check: Check) -> Check:
        listed = _STATEMENTS.setdefault(paper, [])
        if any(s.number == number for s in listed):
            raise ValueError(f"{paper} {number} is registered twice")
        listed.append(Statement(paper, number, " ".join(claim.split()), check))
        return check

    return register


def new_result(
    paper: str, title: str, *, values: str, how: str, recompute: str, command: str
) -> Callable[[Check], Check]:
    """Decorator: register a result beyond `paper` (see `NewResult`)."""
    _check_paper(paper)

    def register(check: Check) -> Check:
        _NEW_RESULTS.setdefault(paper, []).append(
            NewResult(paper, title, values, how, recompute, command, check)
        )
        return check

    return register


def _check_paper(paper: str) -> None:
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: choose one of {', '.join(PAPERS)}")


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
    return [s for paper in _load(selection) for s in _STATEMENTS.get(paper, [])]


def new_results(selection: str = "all") -> list[NewResult]:
    """The results beyond the papers of `selection`."""
    return [r for paper in _load(selection) for r in _NEW_RESULTS.get(paper, [])]


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


T = TypeVar("T")


def first_failure(cases: Iterable[T], holds: Callable[[T], bool]) -> T | None:
    """The first case (in the order given: list small cases first) where `holds` is false."""
    for case in cases:
        if not holds(case):
            return case
    return None


def verified_unless(
    bad: T | None,
    checked: str,
    *,
    false_note: str,
    command: str | None = None,
    note: str = "",
    describe: Callable[[T], str] = str,
    false_checked: str | None = None,
    false_command: Callable[[T], str | None] | None = None,
) -> Outcome:
    """The end of most checks: VERIFIED over `checked` when no case failed (`bad` is None,
    as `first_failure` reports it), else FALSE at the failing case `bad`.

    VERIFIED carries `note` and `command`.  FALSE carries `false_note`, the counterexample
    `describe(bad)` and the command `false_command(bad)` (`command` when not given), and
    names `false_checked` as its range where that is given.

    >>> out = verified_unless(None, "n ≤ 3", false_note="a value differs", command="grundy …")
    >>> out.verdict.name, out.checked, out.counterexample, out.command
    ('VERIFIED', 'n ≤ 3', None, 'grundy …')
    >>> out = verified_unless(
    ...     (2, 1),
    ...     "every partition with n ≤ 3",
    ...     false_note="a value differs",
    ...     describe=lambda parts: f"[{parts[0]}, {parts[1]}]",
    ...     false_checked="n ≤ 3",
    ...     false_command=lambda parts: f"grundy value lctr {parts[0]},{parts[1]}",
    ... )
    >>> out.verdict.name, out.checked, out.counterexample, out.command
    ('FALSE', 'n ≤ 3', '[2, 1]', 'grundy value lctr 2,1')
    """
    if bad is None:
        return Outcome(Verdict.VERIFIED, checked, note=note, command=command)
    return Outcome(
        Verdict.FALSE,
        checked if false_checked is None else false_checked,
        note=false_note,
        counterexample=describe(bad),
        command=command if false_command is None else false_command(bad),
    )
