"""The rows of `grundy reproduce`: a paper's statements, their checks, and how a check ends.

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

Most statements claim something of every case of a family ("every
partition with n ≤ 25", "every rectangle R_{a,b}"): such a check is one
`family_check` row — paper, number, claim, the quick and full bounds, the
cases, the predicate, the words, and the command that shows a
counterexample.  Every check that looks for the first case where a claim
fails ends with `verified_unless`: VERIFIED when no case failed, else the
verdict it is given (FALSE unless told) at the first case that did; a check
made of several such steps runs them with `first_failed`.  Checks register
themselves with `statement` (or `family_check`), through the `Source` of their paper
(``PAPER = Source("000")``, then ``@PAPER.statement(…)``), in the modules of the sources
(``paper000`` … ``paper004``, ``games_md``; a package a source, a module a section,
except ``paper002``), results beyond the papers with `new_result` in ``beyond``;
`grundy.reproduce.catalogue` loads and runs them.

>>> first_failure(range(10), lambda k: k * k < 50)
8
>>> Verdict("proof slip").name
'PROOF_SLIP'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

__all__ = [
    "PAPERS",
    "Check",
    "Family",
    "NewResult",
    "Outcome",
    "Source",
    "Statement",
    "Verdict",
    "bounded",
    "family_check",
    "family_rows",
    "first_failed",
    "first_failure",
    "in_turn",
    "new_result",
    "no_command",
    "registered",
    "statement",
    "table_row",
    "up_to",
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
    "games": "docs/games.md: the rules and claims of the further games on Young diagrams",
}


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


#: A check: quick → what it concluded.
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
    >>> [s.key for s in registered("games")[0] if s.number == "Doctest 1"]
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


def registered(paper: str) -> tuple[list[Statement], list[NewResult]]:
    """The statements and new results registered so far under `paper`, in order."""
    _check_paper(paper)
    return list(_STATEMENTS.get(paper, [])), list(_NEW_RESULTS.get(paper, []))


def _check_paper(paper: str) -> None:
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: choose one of {', '.join(PAPERS)}")


# ------------------------------------------------------------ how a check ends
T = TypeVar("T")


def first_failure(cases: Iterable[T], holds: Callable[[T], bool]) -> T | None:
    """The first case (in the order given: list small cases first) where `holds` is false."""
    for case in cases:
        if not holds(case):
            return case
    return None


def no_command(case: object) -> None:
    """`shows` for a failure that no ``grundy`` command shows (an identity of definitions)."""
    return None


def verified_unless(
    bad: T | None,
    checked: str,
    *,
    false_note: str,
    command: str | None = None,
    note: str = "",
    describe: Callable[[T], str] = str,
    shows: Callable[[T], str | None] | None = None,
    verdict: Verdict = Verdict.FALSE,
) -> Outcome:
    """The end of every check that looks for a failing case: VERIFIED over `checked` when
    none failed (`bad` is None, as `first_failure` reports it), else `verdict` (FALSE
    unless told) at the first failing case `bad`.

    VERIFIED carries `note` and `command`.  A failure carries `false_note`, the
    counterexample `describe(bad)` and the command `shows(bad)` (`command` when
    `shows` is not given).

    >>> out = verified_unless(None, "n ≤ 3", false_note="a value differs", command="grundy …")
    >>> out.verdict.name, out.checked, out.counterexample, out.command
    ('VERIFIED', 'n ≤ 3', None, 'grundy …')
    >>> out = verified_unless(
    ...     (2, 1),
    ...     "every partition with n ≤ 3",
    ...     false_note="a value differs",
    ...     describe=lambda parts: f"[{parts[0]}, {parts[1]}]",
    ...     shows=lambda parts: f"grundy value lctr {parts[0]},{parts[1]}",
    ... )
    >>> out.verdict.name, out.checked, out.counterexample, out.command
    ('FALSE', 'every partition with n ≤ 3', '[2, 1]', 'grundy value lctr 2,1')
    """
    if bad is None:
        return Outcome(Verdict.VERIFIED, checked, note=note, command=command)
    return Outcome(
        verdict,
        checked,
        note=false_note,
        counterexample=describe(bad),
        command=command if shows is None else shows(bad),
    )


def first_failed(*steps: Callable[[], Outcome]) -> Outcome:
    """Run the steps of a check in order: the first outcome that is not VERIFIED ends it
    (later steps are not run), else the last step's outcome.

    >>> ok = lambda: Outcome(Verdict.VERIFIED, "n ≤ 3")
    >>> bad = lambda: Outcome(Verdict.FALSE, "n ≤ 2", note="no", counterexample="[1]")
    >>> first_failed(ok, bad, ok).checked, first_failed(ok, ok).verdict.name
    ('n ≤ 2', 'VERIFIED')
    """
    if not steps:
        raise ValueError("first_failed needs at least one step")
    for step in steps:
        outcome = step()
        if outcome.verdict is not Verdict.VERIFIED:
            return outcome
    return outcome


# ----------------------------------------------------------- a family of cases
Case = TypeVar("Case")


@dataclass(frozen=True)
class Family(Generic[Case]):
    """A claim about every case of a family, as data: a family check without its paper.

    `cases(**bounds)` lists the cases, smallest first, for the bounds `quick`
    or `full` (keyword arguments, e.g. ``{"top": 20}``); `holds(case)` is the
    claim on one case.  `checked` is the range in words and `command` a
    ``grundy`` line showing an instance: both are templates over the bounds and
    ``{count}``, the number of cases (``"every partition with n ≤ {top}"``);
    `note` (on a verified row) is text, or a function of the bounds for what
    the check finds on the way (``note=lambda top: …``).  When a case fails,
    `false_note` says what is wrong, `describe(case)` is the counterexample and
    `shows(case)` the command that shows it (`command` when not given); `verdict` is the
    failure's (FALSE unless told: a step of `in_turn` may test a reading or a proof step).

    >>> squares = Family(
    ...     cases=lambda top: range(top + 1),
    ...     holds=lambda k: k * k < 50,
    ...     quick={"top": 5},
    ...     full={"top": 9},
    ...     checked="k ≤ {top} ({count} cases)",
    ...     false_note="a square reaches 50",
    ...     describe=lambda k: f"k = {k}",
    ... )
    >>> squares.check(quick=True).checked, squares.check(quick=False).counterexample
    ('k ≤ 5 (6 cases)', 'k = 8')
    """

    cases: Callable[..., Iterable[Case]]
    holds: Callable[[Case], bool]
    quick: Mapping[str, Any]
    full: Mapping[str, Any]
    checked: str
    false_note: str
    command: str | None = None
    note: str | Callable[..., str] = ""
    describe: Callable[[Case], str] = str
    shows: Callable[[Case], str | None] | None = None
    verdict: Verdict = Verdict.FALSE

    def bounds(self, quick: bool) -> Mapping[str, Any]:
        """The bounds of the quick or the full run."""
        return self.quick if quick else self.full

    def first_failure(self, quick: bool) -> tuple[Case | None, int]:
        """(the first case that fails or None, the number of cases) for the quick or full run;
        every case is listed, but none is tested after the first failure."""
        bad: Case | None = None
        count = 0
        for case in self.cases(**self.bounds(quick)):
            count += 1
            if bad is None and not self.holds(case):
                bad = case
        return bad, count

    def check(self, quick: bool) -> Outcome:
        """VERIFIED over the range, or `verdict` (FALSE) at the first case that fails."""
        bad, count = self.first_failure(quick)
        bounds = self.bounds(quick)
        words = {**bounds, "count": count}
        return verified_unless(
            bad,
            self.checked.format(**words),
            false_note=self.false_note,
            command=None if self.command is None else self.command.format(**words),
            note=self._note(bounds) if bad is None else "",
            describe=self.describe,
            shows=self.shows,
            verdict=self.verdict,
        )

    def _note(self, bounds: Mapping[str, Any]) -> str:
        return self.note(**bounds) if callable(self.note) else self.note


def up_to(quick: int, full: int) -> dict[str, dict[str, int]]:
    """The bounds of a family row whose cases run up to ``top``: ``**up_to(12, 30)`` is
    ``quick={"top": 12}, full={"top": 30}``.

    >>> up_to(12, 30)
    {'quick': {'top': 12}, 'full': {'top': 30}}
    """
    return {"quick": {"top": quick}, "full": {"top": full}}


def family_check(
    paper: str,
    number: str,
    claim: str,
    *,
    cases: Callable[..., Iterable[Case]],
    holds: Callable[[Case], bool],
    quick: Mapping[str, Any],
    full: Mapping[str, Any],
    checked: str,
    false_note: str,
    command: str | None = None,
    note: str | Callable[..., str] = "",
    describe: Callable[[Case], str] = str,
    shows: Callable[[Case], str | None] | None = None,
) -> Family[Case]:
    """Register a statement whose check is a `Family` (the arguments are its fields).

    >>> row = family_check(
    ...     "games", "Doctest 2", "k² < 50 for every k ≤ 7",
    ...     cases=lambda top: range(top + 1), holds=lambda k: k * k < 50,
    ...     quick={"top": 5}, full={"top": 7}, checked="k ≤ {top}", false_note="k² ≥ 50",
    ... )
    >>> _STATEMENTS["games"][-1].check(False).checked
    'k ≤ 7'
    >>> _STATEMENTS["games"].pop().number
    'Doctest 2'
    """
    family = Family(cases, holds, quick, full, checked, false_note, command, note, describe, shows)
    statement(paper, number, claim)(family.check)
    return family


@dataclass(frozen=True)
class Source:
    """The rows of one source with its key said once: a module of checks sets
    ``PAPER = Source("000")``, then registers ``@PAPER.statement(number, claim)`` and
    ``PAPER.family_check(number, claim, …)``.

    >>> Source("005")
    Traceback (most recent call last):
    ...
    ValueError: unknown paper '005': choose one of 000, 001, 002, 003, 004, games
    """

    paper: str

    def __post_init__(self) -> None:
        _check_paper(self.paper)

    def statement(self, number: str, claim: str) -> Callable[[Check], Check]:
        """`statement` of this source."""
        return statement(self.paper, number, claim)

    def family_check(self, number: str, claim: str, **fields: Any) -> Family[Any]:
        """`family_check` of this source (`fields` are those of `Family`)."""
        return family_check(self.paper, number, claim, **fields)


def in_turn(*checks: Check) -> Check:
    """One check made of `checks` run in turn on the same ``quick`` (`first_failed`): the
    first outcome that is not VERIFIED ends it, e.g. a claim's `Family` then its proof's.

    >>> ok = Family(lambda: [1], lambda k: True, {}, {}, checked="k = 1", false_note="no")
    >>> slip = Family(lambda: [1], lambda k: False, {}, {}, "k = 1", "no", verdict=Verdict.WORDING)
    >>> in_turn(ok.check, slip.check, ok.check)(True).verdict.name
    'WORDING'
    """
    return lambda quick: first_failed(*(functools.partial(check, quick) for check in checks))


def table_row(source: Source, row: Any, **fields: Any) -> Family[Any]:
    """Register `row` of a source's table of claims as the source's `family_check`: `row` has
    a `number`, a `claim`, `cases` (for a bound ``top``), `tops` (the quick and full top),
    `checked` and `note` (its `Family` fields); `fields` are the rest of the `Family`."""
    return source.family_check(
        row.number,
        row.claim,
        cases=row.cases,
        **up_to(*row.tops),
        checked=row.checked,
        note=row.note,
        **fields,
    )


def bounded(name: str, quick: Any, full: Any) -> dict[str, dict[str, Any]]:
    """The bounds of a family row whose cases take one bound `name` (`up_to` for ``top``):
    ``**bounded("size", 4, 6)`` is ``quick={"size": 4}, full={"size": 6}``.

    >>> bounded("size", 4, 6)
    {'quick': {'size': 4}, 'full': {'size': 6}}
    """
    return {"quick": {name: quick}, "full": {name: full}}


def family_rows(
    source: Source, cases: Callable[..., Iterable[Case]], describe: Callable[[Case], str]
) -> Callable[..., Family[Case]]:
    """The registering function of a source's rows over one family of cases up to ``top``
    (every A_n of 004, every diagram of docs/games.md): ``row(number, claim, holds, tops,
    checked, command, false_note, **fields)`` registers the source's `family_check` with these
    `cases`, the bounds ``up_to(*tops)`` and this `describe` unless `fields` give another.

    >>> row = family_rows(Source("games"), lambda top: range(top + 1), lambda k: f"k = {k}")
    >>> _ = row("Doctest 3", "k < 6", lambda k: k < 6, (5, 7), "k ≤ {top}", None, "k ≥ 6")
    >>> _STATEMENTS["games"][-1].check(False).counterexample
    'k = 6'
    >>> _STATEMENTS["games"].pop().number
    'Doctest 3'
    """

    def row(
        number: str,
        claim: str,
        holds: Callable[[Case], bool],
        tops: tuple[int, int],
        checked: str,
        command: str | None,
        false_note: str,
        **fields: Any,
    ) -> Family[Case]:
        return source.family_check(
            number,
            claim,
            cases=cases,
            holds=holds,
            **up_to(*tops),
            checked=checked,
            command=command,
            false_note=false_note,
            **{"describe": describe, **fields},
        )

    return row
