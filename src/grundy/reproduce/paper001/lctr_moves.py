"""What the checks of paper 001 share: LCTR's moves, exhaustive values (with and without
the canonical form), the paper's definitions λ^R, λ^C (§2.2, §3), and its rows as data:
`Row` (a claim about every partition with n ≤ top), `value_row` (a claimed value) and
`lost_figure` (a figure whose drawn values the text copy lost).

>>> left_column_removed([3, 1])
(2,)
>>> contradicted(), contradicted("formula reconstructed")
('the computation contradicts it', 'formula reconstructed; the computation contradicts it')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from grundy.partition import Partition
from grundy.registry import get_ruleset
from grundy.reproduce import rows
from grundy.reproduce.rows import Outcome, Source, Verdict
from grundy.reproduce.shared import Parts, diagrams, searched_apart, sg, show, values_agree

PAPER = Source("001")
_LCTR = get_ruleset("lctr")
#: The same moves with no canonical form: λ and λ′ are searched apart.
RAW = searched_apart("lctr")
#: What a failed check of this paper says (after its note, if any).
CONTRADICTED = "the computation contradicts it"


def lctr_options(position: Partition) -> list[Partition]:
    """LCTR's options, from the ruleset (λ^R, λ^C)."""
    return [child for _, child in _LCTR.options(position)]


def lctr_sg(parts: Iterable[int]) -> int:
    """SG of LCTR on the partition with these parts, by exhaustive search."""
    return sg("lctr", Partition(parts))


def lctr_sg_apart(parts: Iterable[int]) -> int:
    """The same, with conjugates searched apart (for statements about conjugation)."""
    return RAW.value(Partition(parts))


def show_value(parts: Sequence[int]) -> str:
    """The command showing the value of a partition."""
    return f"grundy value lctr {Partition(parts)}"


def show_table(parts: Sequence[int]) -> str:
    """The command showing the table of a partition."""
    return f"grundy table lctr {Partition(parts)}"


# --------------------------------------------------- the paper's definitions
def top_row_removed(parts: Sequence[int]) -> Parts:
    """λ^R = (λ2, …, λℓ)."""
    return tuple(parts[1:])


def left_column_removed(parts: Sequence[int]) -> Parts:
    """λ^C = (λ1 − 1, …, λℓ − 1), non-positive values omitted."""
    return tuple(x - 1 for x in parts if x > 1)


def side(parts: Sequence[int], k: int) -> int:
    """b for the rectangle (b^k) or (k^b) with these parts."""
    return parts[0] if len(parts) == k else len(parts)


# ------------------------------------------------------------ rows as data
def contradicted(note: str = "") -> str:
    """What a failed row of this paper says: the row's note (what it reconstructed), if any,
    then CONTRADICTED."""
    return f"{note}; {CONTRADICTED}" if note else CONTRADICTED


class Row(NamedTuple):
    """A claim of 001 about every partition with n ≤ top, as data (`register` checks it).

    `holds` is the claim on one partition, `tops` the quick and full bound, `checked` the
    range in words (a template over ``{top}``), `describe` a failing partition in words,
    `verb` the ``grundy VERB lctr λ`` command that shows it, `command` one that shows an
    instance, `cases` the partitions for a bound, `note` what the row reconstructed.
    """

    number: str
    claim: str
    holds: Callable[[Partition], bool]
    tops: tuple[int, int]
    checked: str
    describe: Callable[[Partition], str]
    verb: str
    command: str
    cases: Callable[[int], Iterable[Partition]] = diagrams
    note: str = ""


def _shows(verb: str) -> Callable[[Partition], str]:
    """The command ``grundy VERB lctr λ``."""
    return lambda p: f"grundy {verb} lctr {p}"


def register(*table: Row) -> None:
    """Each row a `family_check` of 001, in order; a failure says `contradicted(note)`."""
    for row in table:
        rows.table_row(
            PAPER,
            row,
            holds=row.holds,
            false_note=contradicted(row.note),
            describe=row.describe,
            shows=_shows(row.verb),
            command=row.command,
        )


def value_row(
    number: str,
    claim: str,
    cases: Callable[[int], Iterable[list[int]]],
    value: Callable[[list[int]], int],
    tops: tuple[int, int],
    checked: str,
    command: str,
    note: str = "",
    searched: Callable[[list[int]], int] = lctr_sg,
) -> None:
    """Register a claimed value: for every partition (its parts listed) of `cases(top)`,
    `searched` (exhaustive search) equals `value`, for top the quick or full bound of
    `tops`; a failure is shown by ``grundy value lctr λ`` and says `contradicted(note)`."""
    PAPER.family_check(
        number,
        claim,
        cases=cases,
        **values_agree(searched, value, show),
        **rows.up_to(*tops),
        checked=checked,
        note=note,
        false_note=contradicted(note),
        shows=show_value,
        command=command,
    )


def lost_figure(number: str, claim: str, what: str, lemmas: str, command: str) -> None:
    """Register Figure `number`, which draws the values of `what` that the text copy lost:
    not checkable, the note names the rows (`lemmas`) that check those values."""

    def check(quick: bool) -> Outcome:
        return Outcome(
            Verdict.NOT_CHECKABLE,
            "nothing: the drawn values are not in the text copy",
            note=f"Figure {number} draws the values of {what}; the row of {lemmas} checks them",
            command=command,
        )

    PAPER.statement(f"Figure {number}", claim)(check)
