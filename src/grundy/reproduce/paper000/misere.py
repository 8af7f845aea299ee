"""Paper 000 §4: misère LCTR and Downright (Lemma 7, Theorem 9, Eq. (7), Lemma 10,
Theorem 11).
"""

from __future__ import annotations

from grundy import get_ruleset
from grundy.nim import mex
from grundy.partition import Partition
from grundy.reproduce import rows
from grundy.reproduce.paper000.lctr_setting import (
    ANY_GAME,
    ANY_GAME_WORDS,
    BOXES,
    PAPER,
    box_case,
    game_case,
    sg_at,
)
from grundy.reproduce.rows import Outcome
from grundy.reproduce.shared import Parts, boxes, positions, sg, sub

# ====================================================================== §4
PAPER.family_check(
    "Lemma 7",
    "for λ ≠ [], λ is a P-position of misère LCTR iff it is a P-position of Downright",
    cases=lambda top: positions(top, "downright"),
    holds=lambda lam: (sg("lctr", lam, True) == 0) == (sg("downright", lam) == 0),
    **rows.up_to(*BOXES),
    checked="every partition with 1 ≤ n ≤ {top}",
    command="grundy value lctr 4,2,1,1 --misere",
    false_note="the P-positions differ",
    shows=lambda lam: f"grundy value lctr {lam} --misere",
)

_TRUNCATED: dict[tuple[str, Partition], int] = {}


def _truncated(game: str, pos: Partition) -> int:
    """SG of pos in trunc(G) (000 Definition 8): G's moves to terminal positions deleted."""
    key = (game, pos)
    if key not in _TRUNCATED:
        rules = get_ruleset(game)
        kids = [c for _, c in rules.options(pos) if not _terminal(game, c)]
        _TRUNCATED[key] = mex(_truncated(game, c) for c in kids)
    return _TRUNCATED[key]


def _terminal(game: str, pos: Partition) -> bool:
    return not any(True for _ in get_ruleset(game).options(pos))


def _misere_values_differ(top: int) -> Partition | None:
    """The first λ ≠ [] where SG(D(λ)) and SG⁻(L(λ)) are different non-zero values."""
    return next(
        (
            lam
            for lam in positions(top, "downright")
            if sg("downright", lam) != sg("lctr", lam, True)
            and sg("downright", lam)
            and sg("lctr", lam, True)
        ),
        None,
    )


@PAPER.statement(
    "Theorem 9",
    "for an impartial misère game G and a non-terminal position p, p is a P-position of G iff "
    "it is a P-position of trunc(G) under normal play",
)
def _theorem_9(quick: bool) -> Outcome:
    tops = ANY_GAME["quick" if quick else "full"]
    cases = [(g, lam) for g, t in tops.items() for lam in positions(t, g) if not _terminal(g, lam)]
    bad = rows.first_failure(cases, lambda c: (sg(*c, True) == 0) == (_truncated(*c) == 0))
    # "the truncation of LCTR is played ... under the rules of Downright"
    same_game = rows.first_failure(
        positions(tops["lctr"], "downright"),
        lambda lam: _truncated("lctr", lam) == sg("downright", lam),
    )
    differ = _misere_values_differ(tops["lctr"])
    also = "also SG(trunc(L(λ))) = SG(D(λ)) on every λ ≠ [] there"
    return rows.verified_unless(
        bad if bad is not None or same_game is None else ("lctr", same_game),
        f"every non-terminal position in {ANY_GAME_WORDS.format(**tops)}",
        note=also
        if differ is None
        else (
            f"{also}; the values may differ (as the text says): SG(D([{differ}])) = "
            f"{sg('downright', differ)}, SG⁻(L([{differ}])) = {sg('lctr', differ, True)}"
        ),
        command="grundy value lctr 3,2 --misere",
        false_note="P-positions of G (misère) and trunc(G) differ",
        describe=game_case,
        shows=rows.no_command,
    )


def _minus(parts: Parts) -> Parts:
    """λ⁻: λ with all its corners (boxes (i, j) with λ[i, j] = [1]) removed."""
    out = [p - 1 if sub(parts, i, p - 1) == (1,) else p for i, p in enumerate(parts)]
    return tuple(p for p in out if p)


def _equation_7_holds(lam: Partition) -> bool:
    """At every box of λ⁻, trunc(D(λ)) and D(λ⁻) have the same moves (down D, right R) and
    the same value."""
    dr = get_ruleset("downright")
    small = Partition(_minus(tuple(lam.parts())))
    for i, j in boxes(small):
        here, there = lam.sub(i, j), small.sub(i, j)
        kept = {m for m, c in dr.options(here) if not _terminal("downright", c)}
        if kept != {m for m, _ in dr.options(there)}:
            return False
        if _truncated("downright", here) != sg("downright", there):
            return False
    return True


PAPER.family_check(
    "Equation (7)",
    "trunc(D(λ)) = D(λ⁻) for λ ⊢ n ≥ 2, λ⁻ being λ with all its corners removed",
    cases=lambda top: [lam for lam in positions(top) if lam.size >= 2],
    holds=_equation_7_holds,
    **rows.up_to(*BOXES),
    checked="every partition with 2 ≤ n ≤ {top}: at every box of λ⁻ the same moves "
    "(down/right) and the same value",
    note="e.g. λ = [4, 2, 1]: trunc(D(λ)) is D([3, 1]), whose table the command shows",
    command="grundy table downright 3,1",
    false_note="trunc(D(λ)) and D(λ⁻) differ",
    shows=rows.no_command,
)

PAPER.family_check(
    "Lemma 10",
    "Downright: for i, j ≥ 1 with A = D(λ) and A[i, j] positions, SG(A[i−1, j−1]) = SG(A[i, j])",
    cases=lambda top: [
        (lam, i, j) for lam in positions(top, "downright") for i, j in boxes(lam) if i and j
    ],
    holds=lambda c: sg_at("downright", c[0], c[1] - 1, c[2] - 1) == sg_at("downright", *c),
    **rows.up_to(*BOXES),
    checked="every box (i, j), i, j ≥ 1, of every partition with n ≤ {top} ({count} boxes)",
    command="grundy table downright 5,4,4,2",
    false_note="the diagonal value changes",
    describe=box_case,
    shows=lambda c: f"grundy table downright {c[0]}",
)


def _theorem_11_holds(lam: Partition) -> bool:
    ell = lam.durfee()
    end = lam.sub(ell - 1, ell - 1)
    return end.durfee() == 1 and all(
        sg_at("downright", lam, k, k) == sg("downright", lam) for k in range(ell)
    )


PAPER.family_check(
    "Theorem 11",
    "for A = D(λ) and ℓ = d(λ): SG(A) = SG(A[1, 1]) = … = SG(A[ℓ−1, ℓ−1]) "
    "(and A[ℓ−1, ℓ−1] is a gamma)",
    cases=lambda top: positions(top, "downright"),
    holds=_theorem_11_holds,
    **rows.up_to(*BOXES),
    checked="every partition with 1 ≤ n ≤ {top}",
    command="grundy table downright 12,11,9,7,6,5,3,1",
    false_note="the diagonal value changes",
    shows=lambda lam: f"grundy table downright {lam}",
)
