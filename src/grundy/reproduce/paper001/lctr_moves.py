"""What the checks of paper 001 share: LCTR's moves, exhaustive values (with and without
the canonical form) and the paper's definitions λ^R, λ^C (§2.2, §3).

>>> left_column_removed([3, 1])
(2,)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from grundy.partition import Partition
from grundy.registry import get_ruleset
from grundy.reproduce.rows import Outcome, Source, Verdict
from grundy.reproduce.shared import Parts, searched_apart, sg

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


def not_in_text(figure: str, what: str, lemmas: str, command: str) -> Outcome:
    """The row of a figure whose drawn values the text copy lost."""
    return Outcome(
        Verdict.NOT_CHECKABLE,
        "nothing: the drawn values are not in the text copy",
        note=f"Figure {figure} draws the values of {what}; the row of {lemmas} checks them",
        command=command,
    )
