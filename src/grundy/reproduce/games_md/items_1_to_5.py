"""docs/games.md, the introduction and items 1–5: conjugation, Chomp, CRIS, Sato–Welter,
RIT and CRIT.

>>> _remnant(Partition([3, 2, 1]))  # (3 − 2) ⊕ (1 − 0)
0
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from grundy.games.sato_welter.sato_welter import sato_welter_value
from grundy.partition import Partition, partitions
from grundy.reproduce import rows
from grundy.reproduce.games_md.games_setting import (
    FINDSTAT_ST000681,
    GAMES,
    INVARIANT,
    PIECES,
    children,
    conjugate_values,
    conjugates_agree,
    conjugation_cases,
    conjugation_failure,
    diagram_family,
    game_value,
    worked_example,
)
from grundy.reproduce.rows import Outcome, Verdict
from grundy.reproduce.shared import diagrams, values_agree

# ------------------------------------------------------ introduction: symmetry
GAMES.family_check(
    "conjugation invariance",
    "every game except RIT and the chess pieces is invariant under conjugation "
    "(Chomp, CRIS, Sato–Welter, CRIT, Corner, Consecutive Corner, SCC, Anticorner, "
    "PNim): G(λ) = G(λ′), normal and misère",
    cases=lambda top: conjugation_cases(INVARIANT, top),
    holds=conjugates_agree,
    **rows.up_to(10, 16),
    checked="the nine games, every λ with n ≤ {top}, normal and misère (λ and λ′ searched apart)",
    command="grundy table chomp 4,3,2,1",
    false_note="a game is not invariant under conjugation",
    describe=lambda c: f"{c[0]}: {conjugate_values(c)}",
    shows=lambda c: f"grundy value {c[0]} {c[1]}" + (" --misere" if c[2] else ""),
)


@GAMES.statement(
    "conjugation: the exceptions",
    "RIT and the chess pieces are the exceptions: they are not invariant under conjugation",
)
def _conjugation_exceptions(quick: bool) -> Outcome:
    top = 10 if quick else 16
    checked = f"RIT and the seven pieces of the table, every λ with n ≤ {top}, normal and misère"
    rit = conjugation_failure("rit", top)
    invariant = [p for p in PIECES if conjugation_failure(p, top) is None]
    pawn = conjugation_failure("pawn", top)
    example = (
        "every piece is invariant"
        if pawn is None
        else f"only the asymmetric pawn is not: {conjugate_values(pawn)}"
    )
    return rows.first_failed(
        lambda: rows.verified_unless(
            "RIT" if rit is None else None,
            checked,
            false_note="RIT is invariant after all",
            describe=lambda _: f"G(λ) = G(λ′) for every λ with n ≤ {top}",
            shows=lambda _: "grundy table rit 2^2",
        ),
        lambda: rows.verified_unless(
            invariant or None,
            checked,
            verdict=Verdict.WORDING,
            command="grundy table chess-pawn 2^2",
            false_note=f"RIT is not invariant ([{rit[1] if rit else ''}] against "
            f"[{rit[1].conjugate() if rit else ''}]), but every piece whose moves are closed "
            f"under (a, b) → (b, a) is: {', '.join(invariant)}; read as 'the chess pieces are "
            "not invariant' it is false, as 'invariance is not claimed for them' it holds",
            describe=lambda _: f"the king is invariant (every λ with n ≤ {top}); {example}",
        ),
    )


# ------------------------------------------------------------------- 1. Chomp
#: docs/games.md's worked values of Chomp.
CHOMP_EXAMPLE = {"1": 0, "1,1": 1, "2,1": 0}

GAMES.family_check(
    "Chomp: worked example",
    "Chomp: [1] → 0, [1,1] → 1, [2,1] → 0",
    cases=lambda: CHOMP_EXAMPLE,
    holds=lambda lam: game_value("chomp", lam) == CHOMP_EXAMPLE[lam],
    quick={},
    full={},
    checked="the three diagrams, exhaustive search",
    command="grundy moves chomp 2,1",
    false_note="a worked value is wrong",
    describe=lambda lam: (
        f"G([{lam}]) = {game_value('chomp', lam)}, docs/games.md says {CHOMP_EXAMPLE[lam]}"
    ),
)


def _findstat_cases(top: int) -> list[tuple[Partition, int]]:
    """(λ, the value FindStat lists) for n ≤ top, in FindStat's order."""
    cases = []
    for n in range(1, top + 1):
        ordered = sorted(partitions(n), key=Partition.to_list, reverse=True)
        cases += list(zip(ordered, map(int, FINDSTAT_ST000681[n]), strict=True))
    return cases


GAMES.family_check(
    "Chomp: FindStat St000681",
    "Chomp on a Young diagram is FindStat statistic St000681",
    cases=_findstat_cases,
    holds=lambda c: game_value("chomp", c[0]) == c[1],
    **rows.up_to(8, 10),
    checked="the values FindStat lists, every λ with n ≤ {top}",
    command="grundy value chomp 4,3,2,1",
    false_note="grundy's Chomp differs from St000681",
    describe=lambda c: f"G([{c[0]}]) = {game_value('chomp', c[0])}, FindStat lists {c[1]}",
)


# -------------------------------------------------------------------- 2. CRIS
@GAMES.statement("CRIS: worked example", "CRIS: G([3,2,1]) = 1")
def _cris_example(quick: bool) -> Outcome:
    return worked_example("cris", 1)


# ------------------------------------------------------------ 3. Sato–Welter
def _beta(lam: Partition, length: int) -> frozenset[int]:
    """The β-set {λ_i + length − i} (first-column hook lengths when length = ℓ(λ))."""
    parts = lam.to_list() + [0] * (length - lam.length)
    return frozenset(p + length - i for i, p in enumerate(parts, start=1))


def _welter(beads: Iterable[int]) -> int:
    """Welter's function: ⊕ a_i ⊕ ⨁_{i<j} (2^(v2(a_i − a_j) + 1) − 1)."""
    a = sorted(beads)
    total = 0
    for x in a:
        total ^= x
    for x, y in combinations(a, 2):
        d = y - x
        total ^= 2 * (d & -d) - 1  # d & −d = 2^v2(d)
    return total


@GAMES.statement(
    "Sato–Welter: worked example",
    "Sato–Welter: [3,2,1] → [1], [1,1,1], [2,2,1], [3], [3,1,1], [3,2]; G = 0",
)
def _sato_welter_example(quick: bool) -> Outcome:
    return worked_example("sato-welter", 0, ["1", "1,1,1", "2,2,1", "3", "3,1,1", "3,2"])


def _bead_moves_match(lam: Partition) -> bool:
    ell = lam.length
    beta = _beta(lam, ell)
    moved = {beta - {b} | {c} for b in beta for c in range(b) if c not in beta}
    return {_beta(mu, ell) for mu in children("sato-welter", lam)} == moved


diagram_family(
    "Sato–Welter: Welter's game",
    "on β-sets (first-column hook lengths) deleting a hook is Welter's game: one bead "
    "moves to a lower empty position",
    _bead_moves_match,
    (10, 14),
    "the options of every λ with n ≤ {top}",
    "grundy moves sato-welter 3,2,1",
    "hook removals and bead moves differ",
    describe=lambda lam: f"[{lam}]: its options are not the bead moves of its β-set",
)

diagram_family(
    "Sato–Welter: Sato's theorem",
    "G(λ) = Welter's function of the β-set of λ (and grundy's fast path computes it)",
    lambda lam: (
        game_value("sato-welter", lam) == _welter(_beta(lam, lam.length)) == sato_welter_value(lam)
    ),
    (14, 22),
    "every λ with n ≤ {top}: search, Welter's pair formula, grundy's fast path",
    "grundy value sato-welter 5,4,4,2,1",
    "Sato's theorem fails",
    describe=lambda lam: (
        f"[{lam}]: search {game_value('sato-welter', lam)}, "
        f"Welter {_welter(_beta(lam, lam.length))}, fast path {sato_welter_value(lam)}"
    ),
)


# --------------------------------------------------------------- 4. RIT, 5. CRIT
def _remnant(lam: Partition) -> int:
    """(λ1 − λ2) ⊕ (λ3 − λ4) ⊕ … (docs/games.md item 4)."""
    parts = [*lam.to_list(), 0]
    total = 0
    for i in range(0, len(parts) - 1, 2):
        total ^= parts[i] - parts[i + 1]
    return total


@GAMES.statement("RIT: worked example", "RIT: [3,2,1] → [2,2,1], [3,1,1], [3,2]; G = 0")
def _rit_example(quick: bool) -> Outcome:
    return worked_example("rit", 0, ["2,2,1", "3,1,1", "3,2"])


@GAMES.statement("RIT: not invariant under conjugation", "RIT is not invariant under conjugation")
def _rit_conjugation(quick: bool) -> Outcome:
    top = 10 if quick else 16
    bad = conjugation_failure("rit", top)
    found = (
        ""
        if bad is None
        else f"; the first with G(λ) ≠ G(λ′): G([{bad[1]}]) = {game_value('rit', bad[1])}, "
        f"G([{bad[1].conjugate()}]) = {game_value('rit', bad[1].conjugate())}"
    )
    return rows.verified_unless(
        "none found" if bad is None else None,  # the claim fails when every λ agrees
        f"every λ with n ≤ {top}{found}",
        command="grundy table rit 2^2",
        false_note="RIT looked invariant",
    )


GAMES.family_check(
    "RIT: remnant rule",
    "RIT: G(λ) = (λ1−λ2) ⊕ (λ3−λ4) ⊕ … (Nim on the remnant)",
    cases=diagrams,
    **values_agree(
        lambda lam: game_value("rit", lam),
        _remnant,
        name=lambda lam: f"[{lam}]",
        says="the remnant",
    ),
    **rows.up_to(16, 26),
    checked="every λ with n ≤ {top}",
    command="grundy value rit 9,7,4,4,2",
    false_note="the remnant rule fails",
)


@GAMES.statement(
    "CRIT: worked example", "CRIT: [3,2,1] has the same three options as in RIT, but G = 1"
)
def _crit_example(quick: bool) -> Outcome:
    return worked_example("crit", 1, ["2,2,1", "3,1,1", "3,2"])
