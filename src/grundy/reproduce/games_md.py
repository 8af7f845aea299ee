"""The checks of the claims of docs/games.md (the further games on Young diagrams).

docs/games.md has no numbered statements, so each claim is named by its game and a
short title ("Chomp: worked example", "RIT: remnant rule", "rook = two-pile
Nim"), in the order of the page: the conjugation sentence of the
introduction, the worked examples on [3,2,1] and the stated results of items
1–10, the CRIM even-rank conjecture, the chess section and the claims of
"Beyond".  Every value is computed by exhaustive search
(`Solver(rules, fast=False)`: no closed form, no compiled kernel); where a
claim is a formula (RIT's remnant, Welter's function, two-pile Nim,
Wythoff's game, PNim's bound and its value-one interval) the formula is
written here as docs/games.md states it, and the library's own fast path, where it
has one, is compared too.  Conjugation invariance is tested on the moves of
the rulesets with no canonical form (`common.without_canonical_form`), so λ
and λ′ are searched apart.  Most rows are `family_check` rows.

>>> from grundy.reproduce.catalogue import statements
>>> rows = statements("games")
>>> len(rows) > 20, rows[0].number
(True, 'conjugation invariance')
>>> _remnant(Partition([3, 2, 1]))  # (3 − 2) ⊕ (1 − 0)
0
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

from grundy import Solver, get_ruleset
from grundy.game import Ruleset
from grundy.games.chess.chess import PIECES as LIBRARY_PIECES
from grundy.games.chess.chess import ChessRules, Piece
from grundy.games.lctr.lctr_3d import Antichain, DimensionalLCTR, antichains_of_size
from grundy.games.sato_welter.sato_welter import sato_welter_value
from grundy.nim import mex
from grundy.partition import Partition, partitions, rectangle
from grundy.reproduce.rows import (
    Outcome,
    Verdict,
    family_check,
    first_failed,
    first_failure,
    no_command,
    statement,
    verified_unless,
)
from grundy.reproduce.shared import diagrams, values_agree, without_canonical_form

GAMES = "games"
EXAMPLE = "3,2,1"  # every worked example of docs/games.md is on this diagram

#: The games docs/games.md says are invariant under conjugation (all but RIT and chess).
INVARIANT = (
    "chomp",
    "cris",
    "sato-welter",
    "crit",
    "corner",
    "consecutive-corner",
    "scc",
    "anticorner",
    "pnim",
)

#: The pieces of docs/games.md's table: the library's six and the Downright piece.
PIECES: dict[str, Piece] = {**LIBRARY_PIECES, "Downright": Piece(leaps=[(0, 1), (1, 0)])}

#: FindStat St000681 ("The Grundy value of Chomp on Ferrers diagrams"), the values
#: listed on https://www.findstat.org/StatisticsDatabase/St000681 for n ≤ 10, one
#: digit per partition in FindStat's order (reverse lexicographic: [4], [3,1],
#: [2,2], [2,1,1], [1^4]).  n = 1 is the doctest of FindStat's code.
FINDSTAT_ST000681: dict[int, str] = {
    1: "0",
    2: "11",
    3: "202",
    4: "33233",
    5: "4200024",
    6: "55414114455",
    7: "643605033560346",
    8: "7767677540171047756677",
    9: "865433601100652206551613403568",
    10: "998588576821750551177615752567085685778899",
}


# ------------------------------------------------------------------ helpers
@cache
def _rules(name: str) -> Ruleset:
    """A registered game, or a chess piece of `PIECES` built from docs/games.md's table."""
    if name in PIECES:
        return ChessRules(PIECES[name], name=f"docs/games.md {name}")
    return get_ruleset(name)


@cache
def _exact(name: str) -> Solver:
    """The exhaustive solver of a game (memo kept between checks)."""
    return Solver(_rules(name), fast=False)


@cache
def _raw(name: str) -> Solver:
    """The exhaustive solver of the game's moves without a canonical form: λ and λ′ are
    searched apart, so their values are independent evidence."""
    return without_canonical_form(_rules(name))


def _value(name: str, lam: Partition | str, misere: bool = False, raw: bool = False) -> int:
    solver = _raw(name) if raw else _exact(name)
    return solver.value(solver.ruleset.parse(lam), misere)


def _bracketed(lam: Partition) -> str:
    """'[3,2,1]': a diagram as docs/games.md writes it."""
    return f"[{lam}]"


def _children(name: str, lam: Partition | str) -> set:
    rules = _rules(name)
    return {child for _, child in rules.options(rules.parse(lam))}


Conjugated = tuple[str, Partition, bool]


def _conjugates_agree(case: Conjugated) -> bool:
    """G(λ) = G(λ′) in game `name` (misère if asked), λ and λ′ searched apart."""
    name, lam, misere = case
    return _value(name, lam, misere, raw=True) == _value(name, lam.conjugate(), misere, raw=True)


def _conjugation_cases(names: Iterable[str], top: int) -> list[Conjugated]:
    return [(name, lam, m) for name in names for lam in diagrams(top) for m in (False, True)]


def _conjugation_failure(name: str, top: int) -> Conjugated | None:
    """The first (name, λ, misère) with n ≤ top where λ and λ′ have different values."""
    return first_failure(_conjugation_cases([name], top), _conjugates_agree)


def _conjugate_values(case: Conjugated) -> str:
    """'G([2]) = 1, G([1^2]) = 0': λ and λ′ searched apart."""
    name, lam, misere = case
    return (
        f"G([{lam}]) = {_value(name, lam, misere, True)}, "
        f"G([{lam.conjugate()}]) = {_value(name, lam.conjugate(), misere, True)}"
    )


def _worked_example(
    game: str, value: int, options: Iterable[str] | None = None, count: int | None = None
) -> Outcome:
    """docs/games.md's example on [3,2,1]: its option diagrams (listed, or how many) and G."""
    found = _children(game, EXAMPLE)
    wrong = []
    if options is not None:
        listed = {_rules(game).parse(text) for text in options}
        if found != listed:
            shown = ", ".join(sorted(f"[{p}]" for p in found))
            wrong.append(f"the options are {shown}")
    if count is not None and len(found) != count:
        wrong.append(f"[3,2,1] has {len(found)} options, not {count}")
    got = _value(game, EXAMPLE)
    if got != value:
        wrong.append(f"G([3,2,1]) = {got}, not {value}")
    return verified_unless(
        wrong or None,
        "[3,2,1]: its options and exhaustive search",
        command=f"grundy moves {game} {EXAMPLE}",
        false_note="; ".join(wrong),
        describe=lambda _: "[3,2,1]",
    )


# ------------------------------------------------------ introduction: symmetry
family_check(
    GAMES,
    "conjugation invariance",
    "every game except RIT and the chess pieces is invariant under conjugation "
    "(Chomp, CRIS, Sato–Welter, CRIT, Corner, Consecutive Corner, SCC, Anticorner, "
    "PNim): G(λ) = G(λ′), normal and misère",
    cases=lambda top: _conjugation_cases(INVARIANT, top),
    holds=_conjugates_agree,
    quick={"top": 10},
    full={"top": 16},
    checked="the nine games, every λ with n ≤ {top}, normal and misère (λ and λ′ searched apart)",
    command="grundy table chomp 4,3,2,1",
    false_note="a game is not invariant under conjugation",
    describe=lambda c: f"{c[0]}: {_conjugate_values(c)}",
    shows=lambda c: f"grundy value {c[0]} {c[1]}" + (" --misere" if c[2] else ""),
)


@statement(
    GAMES,
    "conjugation: the exceptions",
    "RIT and the chess pieces are the exceptions: they are not invariant under conjugation",
)
def _conjugation_exceptions(quick: bool) -> Outcome:
    top = 10 if quick else 16
    checked = f"RIT and the seven pieces of the table, every λ with n ≤ {top}, normal and misère"
    rit = _conjugation_failure("rit", top)
    invariant = [p for p in PIECES if _conjugation_failure(p, top) is None]
    pawn = _conjugation_failure("pawn", top)
    example = (
        "every piece is invariant"
        if pawn is None
        else f"only the asymmetric pawn is not: {_conjugate_values(pawn)}"
    )
    return first_failed(
        lambda: verified_unless(
            "RIT" if rit is None else None,
            checked,
            false_note="RIT is invariant after all",
            describe=lambda _: f"G(λ) = G(λ′) for every λ with n ≤ {top}",
            shows=lambda _: "grundy table rit 2^2",
        ),
        lambda: verified_unless(
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

family_check(
    GAMES,
    "Chomp: worked example",
    "Chomp: [1] → 0, [1,1] → 1, [2,1] → 0",
    cases=lambda: CHOMP_EXAMPLE,
    holds=lambda lam: _value("chomp", lam) == CHOMP_EXAMPLE[lam],
    quick={},
    full={},
    checked="the three diagrams, exhaustive search",
    command="grundy moves chomp 2,1",
    false_note="a worked value is wrong",
    describe=lambda lam: (
        f"G([{lam}]) = {_value('chomp', lam)}, docs/games.md says {CHOMP_EXAMPLE[lam]}"
    ),
)


def _findstat_cases(top: int) -> list[tuple[Partition, int]]:
    """(λ, the value FindStat lists) for n ≤ top, in FindStat's order."""
    cases = []
    for n in range(1, top + 1):
        ordered = sorted(partitions(n), key=Partition.to_list, reverse=True)
        cases += list(zip(ordered, map(int, FINDSTAT_ST000681[n]), strict=True))
    return cases


family_check(
    GAMES,
    "Chomp: FindStat St000681",
    "Chomp on a Young diagram is FindStat statistic St000681",
    cases=_findstat_cases,
    holds=lambda c: _value("chomp", c[0]) == c[1],
    quick={"top": 8},
    full={"top": 10},
    checked="the values FindStat lists, every λ with n ≤ {top}",
    command="grundy value chomp 4,3,2,1",
    false_note="grundy's Chomp differs from St000681",
    describe=lambda c: f"G([{c[0]}]) = {_value('chomp', c[0])}, FindStat lists {c[1]}",
)


# -------------------------------------------------------------------- 2. CRIS
@statement(GAMES, "CRIS: worked example", "CRIS: G([3,2,1]) = 1")
def _cris_example(quick: bool) -> Outcome:
    return _worked_example("cris", 1)


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


@statement(
    GAMES,
    "Sato–Welter: worked example",
    "Sato–Welter: [3,2,1] → [1], [1,1,1], [2,2,1], [3], [3,1,1], [3,2]; G = 0",
)
def _sato_welter_example(quick: bool) -> Outcome:
    return _worked_example("sato-welter", 0, ["1", "1,1,1", "2,2,1", "3", "3,1,1", "3,2"])


def _bead_moves_match(lam: Partition) -> bool:
    ell = lam.length
    beta = _beta(lam, ell)
    moved = {beta - {b} | {c} for b in beta for c in range(b) if c not in beta}
    return {_beta(mu, ell) for mu in _children("sato-welter", lam)} == moved


family_check(
    GAMES,
    "Sato–Welter: Welter's game",
    "on β-sets (first-column hook lengths) deleting a hook is Welter's game: one bead "
    "moves to a lower empty position",
    cases=diagrams,
    holds=_bead_moves_match,
    quick={"top": 10},
    full={"top": 14},
    checked="the options of every λ with n ≤ {top}",
    command="grundy moves sato-welter 3,2,1",
    false_note="hook removals and bead moves differ",
    describe=lambda lam: f"[{lam}]: its options are not the bead moves of its β-set",
)

family_check(
    GAMES,
    "Sato–Welter: Sato's theorem",
    "G(λ) = Welter's function of the β-set of λ (and grundy's fast path computes it)",
    cases=diagrams,
    holds=lambda lam: (
        _value("sato-welter", lam) == _welter(_beta(lam, lam.length)) == sato_welter_value(lam)
    ),
    quick={"top": 14},
    full={"top": 22},
    checked="every λ with n ≤ {top}: search, Welter's pair formula, grundy's fast path",
    command="grundy value sato-welter 5,4,4,2,1",
    false_note="Sato's theorem fails",
    describe=lambda lam: (
        f"[{lam}]: search {_value('sato-welter', lam)}, "
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


@statement(GAMES, "RIT: worked example", "RIT: [3,2,1] → [2,2,1], [3,1,1], [3,2]; G = 0")
def _rit_example(quick: bool) -> Outcome:
    return _worked_example("rit", 0, ["2,2,1", "3,1,1", "3,2"])


@statement(GAMES, "RIT: not invariant under conjugation", "RIT is not invariant under conjugation")
def _rit_conjugation(quick: bool) -> Outcome:
    top = 10 if quick else 16
    bad = _conjugation_failure("rit", top)
    found = (
        ""
        if bad is None
        else f"; the first with G(λ) ≠ G(λ′): G([{bad[1]}]) = {_value('rit', bad[1])}, "
        f"G([{bad[1].conjugate()}]) = {_value('rit', bad[1].conjugate())}"
    )
    return verified_unless(
        "none found" if bad is None else None,  # the claim fails when every λ agrees
        f"every λ with n ≤ {top}{found}",
        command="grundy table rit 2^2",
        false_note="RIT looked invariant",
    )


family_check(
    GAMES,
    "RIT: remnant rule",
    "RIT: G(λ) = (λ1−λ2) ⊕ (λ3−λ4) ⊕ … (Nim on the remnant)",
    cases=diagrams,
    **values_agree(
        lambda lam: _value("rit", lam), _remnant, name=lambda lam: f"[{lam}]", says="the remnant"
    ),
    quick={"top": 16},
    full={"top": 26},
    checked="every λ with n ≤ {top}",
    command="grundy value rit 9,7,4,4,2",
    false_note="the remnant rule fails",
)


@statement(
    GAMES, "CRIT: worked example", "CRIT: [3,2,1] has the same three options as in RIT, but G = 1"
)
def _crit_example(quick: bool) -> Outcome:
    return _worked_example("crit", 1, ["2,2,1", "3,1,1", "3,2"])


# ------------------------------------------------------------ 6.–9. corners
@statement(GAMES, "Corner: worked example", "Corner: [3,2,1] has 7 options; G = 4")
def _corner_example(quick: bool) -> Outcome:
    return _worked_example("corner", 4, count=7)


@statement(
    GAMES, "Consecutive Corner: worked example", "Consecutive Corner: [3,2,1] has 6 options; G = 4"
)
def _consecutive_corner_example(quick: bool) -> Outcome:
    return _worked_example("consecutive-corner", 4, count=6)


@statement(
    GAMES, "SCC: worked example", "SCC: [3,2,1] → [2,2,1], [2,1,1], [2,1], [3,2], [3,1]; G = 0"
)
def _scc_example(quick: bool) -> Outcome:
    return _worked_example("scc", 0, ["2,2,1", "2,1,1", "2,1", "3,2", "3,1"])


@statement(
    GAMES, "Anticorner: worked example", "Anticorner: [3,2,1] → [2,2,1], [1,1,1], [3], [3,2]; G = 0"
)
def _anticorner_example(quick: bool) -> Outcome:
    return _worked_example("anticorner", 0, ["2,2,1", "1,1,1", "3", "3,2"])


def _anticorner_boxes(lam: Partition, exception: bool) -> set[tuple[int, int]]:
    """docs/games.md item 9's candidate boxes (1-based), with or without the [1] exception."""
    parts = lam.to_list()
    boxes = {(1, parts[0])}
    if not (exception and parts == [1]):
        boxes.add((len(parts), 1))
    boxes |= {(i, parts[i]) for i in range(1, len(parts)) if parts[i] < parts[i - 1]}
    return boxes


def _bite(lam: Partition, box: tuple[int, int]) -> Partition:
    """Delete every box (i′, j′) ≥ (i, j) (1-based)."""
    i, j = box
    return Partition(p if r < i else min(p, j - 1) for r, p in enumerate(lam.to_list(), 1))


def _anticorner_options(lam: Partition, exception: bool) -> set[Partition]:
    return {_bite(lam, box) for box in _anticorner_boxes(lam, exception)}


family_check(
    GAMES,
    "Anticorner: [1] exception",
    "Anticorner: the first box of the bottom row is a candidate, 'not allowed when λ = [1]'",
    cases=diagrams,
    holds=lambda lam: (
        _anticorner_options(lam, True)
        == _anticorner_options(lam, False)
        == _children("anticorner", lam)
    ),
    quick={"top": 10},
    full={"top": 16},
    checked="the options of every λ with n ≤ {top}, with and without the exception",
    note=lambda top: (
        "the exception changes nothing: for [1] the first box of the bottom row is "
        f"the last box of row 1, so [1] → [] either way and G([1]) = {_value('anticorner', '1')} "
        "(it does not make [1] terminal as Chomp's poison does)"
    ),
    command="grundy moves anticorner 1",
    false_note="the exception changes the options",
    describe=_bracketed,
    shows=no_command,
)


# ------------------------------------------------------------------ 10. PNim
def _hook(lam: Partition) -> int:
    return lam.largest + lam.length - 1


def _contains(big: Partition, small: Partition) -> bool:
    return all(big.part(i) >= p for i, p in enumerate(small.to_list(), start=1))


def _value_one_shape(lam: Partition) -> bool:
    """λ = (1), or (r, r, r−1, …, 2) ⊆ λ ⊆ (r^r) for some r ≥ 2, as docs/games.md writes it."""
    if lam == Partition([1]):
        return True
    for r in range(2, lam.size + 1):
        low = Partition([r, *range(r, 1, -1)])
        if low.size > lam.size:
            break
        if _contains(lam, low) and _contains(rectangle(r, r), lam):
            return True
    return False


@statement(GAMES, "PNim: bound", "PNim: G(λ) ≤ λ1 + ℓ(λ) − 1 and the bound is attained")
def _pnim_bound(quick: bool) -> Outcome:
    top = 14 if quick else 22
    lams = diagrams(top)
    checked = f"every λ with n ≤ {top}"
    below = [lam for lam in lams if _value("pnim", lam) < _hook(lam)]
    rows = sum(_value("pnim", [n]) == n for n in range(1, top + 1))
    return first_failed(
        lambda: verified_unless(
            first_failure(lams, lambda lam: _value("pnim", lam) <= _hook(lam)),
            checked,
            false_note="the bound fails",
            describe=lambda lam: f"G([{lam}]) = {_value('pnim', lam)} > {_hook(lam)}",
            shows=lambda lam: f"grundy value pnim {lam}",
        ),
        lambda: verified_unless(
            "[1]" if len(below) == len(lams) else None,
            checked,
            false_note="the bound is never attained",
            describe=lambda _: f"G([1]) = {_value('pnim', '1')}",
            shows=lambda _: "grundy value pnim 1",
        ),
        lambda: verified_unless(
            below[0] if below else None,
            checked,
            verdict=Verdict.WORDING,
            command="grundy value pnim 5",
            false_note=f"the bound holds and is sharp ([n] attains it for {rows} of the {top} "
            f"n ≤ {top}; {len(lams) - len(below)} of the {len(lams)} partitions attain it), but "
            "not every λ attains it: true read as 'attained for some λ', false as 'for every λ'",
            describe=lambda lam: f"G([{lam}]) = {_value('pnim', lam)} < {_hook(lam)}",
            shows=lambda lam: f"grundy value pnim {lam}",
        ),
    )


family_check(
    GAMES,
    "PNim: value 1",
    "PNim: G(λ) = 1 exactly when λ = (1) or (r, r, r−1, …, 2) ≤ λ ≤ (r^r) in Young's "
    "lattice for some r ≥ 2",
    cases=diagrams,
    holds=lambda lam: (_value("pnim", lam) == 1) == _value_one_shape(lam),
    quick={"top": 16},
    full={"top": 24},
    checked="every λ with n ≤ {top} (both directions)",
    command="grundy value pnim 4,4,3,2",
    false_note="the characterisation fails",
    describe=lambda lam: (
        f"G([{lam}]) = {_value('pnim', lam)}, in the interval: {_value_one_shape(lam)}"
    ),
)


# ------------------------------------------------------------------- CRIM
family_check(
    GAMES,
    "CRIM: even-rank conjecture",
    "every P-position of CRIM (Column-Row) has even rank λ1 − ℓ(λ)",
    cases=diagrams,
    holds=lambda lam: _value("cr", lam) != 0 or (lam.largest - lam.length) % 2 == 0,
    quick={"top": 18},
    full={"top": 24},
    checked="every λ with n ≤ {top} (exhaustive search; to n = 110 by the atlas, see 'games new')",
    command='grundy conjecture cr --n 1..20 --when "value == 0" --then "rank % 2 == 0"',
    false_note="a P-position of odd rank",
    describe=lambda lam: f"[{lam}] is a P-position of odd rank",
)


# ------------------------------------------------------------------- chess
def _positions_are_boxes(lam: Partition) -> bool:
    return all(
        lam.sub(a, b).sub(c, d) == lam.sub(a + c, b + d)
        for a, row in enumerate(lam.to_list())
        for b in range(row)
        for c, row2 in enumerate(lam.sub(a, b).to_list())
        for d in range(row2)
    )


family_check(
    GAMES,
    "chess: positions are boxes",
    "a move (a, b) replaces λ by λ[a, b], so every position is a box of the original "
    "diagram (a per-box table gives every value)",
    cases=diagrams,
    holds=_positions_are_boxes,
    quick={"top": 10},
    full={"top": 14},
    checked="(λ[a, b])[c, d] = λ[a + c, b + d] for every box, every λ with n ≤ {top}",
    command="grundy table chess-king 4,3,1",
    false_note="positions are not boxes",
    describe=_bracketed,
)


def _slides_free(lam: Partition) -> bool:
    return all(
        lam.contains_box(i2, j) and lam.contains_box(i, j2)
        for i, row in enumerate(lam.to_list())
        for j in range(row)
        for i2 in range(i)
        for j2 in range(j)
    )


family_check(
    GAMES,
    "rook: sliding",
    "rook: every box passed over must be in λ, and it always is, since λ is a diagram",
    cases=diagrams,
    holds=_slides_free,
    quick={"top": 12},
    full={"top": 18},
    checked="every box of every λ with n ≤ {top}",
    command="grundy moves chess-rook 4,3,1",
    false_note="a rook slide is blocked",
    describe=_bracketed,
)


def _sides(side: int) -> list[tuple[int, int]]:
    """(r, c) for r, c ≤ side, row by row."""
    return [(r, c) for r in range(1, side + 1) for c in range(1, side + 1)]


family_check(
    GAMES,
    "rook = two-pile Nim",
    "on a rectangle the rook is two-pile Nim: G([c^r]) = (r − 1) ⊕ (c − 1)",
    cases=_sides,
    holds=lambda rc: _value("rook", rectangle(*rc)) == (rc[0] - 1) ^ (rc[1] - 1),
    quick={"side": 12},
    full={"side": 30},
    checked="every r × c with r, c ≤ {side}",
    command="grundy table chess-rook 4^3",
    false_note="the rook is not two-pile Nim",
    describe=lambda rc: f"{rc[0]} × {rc[1]}: {_value('rook', rectangle(*rc))}",
)


@cache
def _wythoff(x: int, y: int) -> int:
    """SG of Wythoff's game on heaps (x, y): take from one heap, or equally from both."""
    seen = {_wythoff(x - k, y) for k in range(1, x + 1)}
    seen |= {_wythoff(x, y - k) for k in range(1, y + 1)}
    seen |= {_wythoff(x - k, y - k) for k in range(1, min(x, y) + 1)}
    return mex(seen)


def _golden(x: int, y: int) -> bool:
    """(x, y) is (⌊jφ⌋, ⌊jφ²⌋) or (⌊jφ²⌋, ⌊jφ⌋) for some j ≥ 0: Wythoff's P-positions."""
    phi = (1 + 5**0.5) / 2
    return any({x, y} == {int(j * phi), int(j * phi * phi)} for j in range(max(x, y) + 1))


def _queen_is_wythoff(rc: tuple[int, int]) -> bool:
    got = _value("queen", rectangle(*rc))
    heaps = (rc[0] - 1, rc[1] - 1)
    return got == _wythoff(*heaps) and (got == 0) == _golden(*heaps)


family_check(
    GAMES,
    "queen = Wythoff",
    "on a rectangle the queen is Wythoff's game (on the heaps r − 1, c − 1)",
    cases=_sides,
    holds=_queen_is_wythoff,
    quick={"side": 12},
    full={"side": 30},
    checked="every r × c with r, c ≤ {side}: every value against Wythoff's game, and the "
    "P-positions against (⌊jφ⌋, ⌊jφ²⌋)",
    command="grundy table chess-queen 6^4",
    false_note="the queen is not Wythoff's game",
    describe=lambda rc: (
        f"{rc[0]} × {rc[1]}: {_value('queen', rectangle(*rc))}, Wythoff "
        f"{_wythoff(rc[0] - 1, rc[1] - 1)}"
    ),
)


# ------------------------------------------------------------ beyond: 000 §8
@cache
def _lctr_d(dim: int) -> Solver:
    return Solver(DimensionalLCTR(dim), fast=False)


def _corners(lam: Partition) -> Antichain:
    return Antichain(2, [(i + 1, j + 1) for i, j in lam.corners()])


family_check(
    GAMES,
    "d-dimensional LCTR: d = 2",
    "for d = 2, d-dimensional LCTR is LCTR on the partition whose corners are S",
    cases=lambda top: [(lam, m) for lam in diagrams(top) for m in (False, True)],
    holds=lambda c: _lctr_d(2).value(_corners(c[0]), c[1]) == _value("lctr", c[0], c[1]),
    quick={"top": 12},
    full={"top": 18},
    checked="every λ with n ≤ {top}, normal and misère",
    command="grundy value lctr 4,3,1",
    false_note="2-dimensional LCTR differs from LCTR",
    describe=lambda c: f"[{c[0]}], misère {c[1]}",
)

family_check(
    GAMES,
    "d-dimensional LCTR: values ≤ d",
    "d-dimensional LCTR: values never exceed d",
    cases=lambda d3, d4: [
        (d, s, m)
        for d, top in ((3, d3), (4, d4))
        for n in range(top + 1)
        for s in antichains_of_size(d, n)
        for m in (False, True)
    ],
    holds=lambda c: _lctr_d(c[0]).value(c[1], c[2]) <= c[0],
    quick={"d3": 9, "d4": 7},
    full={"d3": 14, "d4": 10},
    checked="d = 3: every plane partition of n ≤ {d3}; d = 4: every solid partition of "
    "n ≤ {d4}; normal and misère",
    command='grundy value lctr-3d "2,1,1"',
    false_note="a value exceeds d",
    describe=lambda c: f"d = {c[0]}: {c[1]} (misère {c[2]})",
)


def _round_trip(lam: Partition) -> bool:
    """λ → its corners {(λi, i)} → runs → λ."""
    parts = lam.to_list()
    corners = [
        (parts[i - 1], i)
        for i in range(1, len(parts) + 1)
        if i == len(parts) or parts[i] < parts[i - 1]
    ]
    runs, above = [], 0
    for part, row in corners:
        runs.append((part, row - above))
        above = row
    return Partition.from_runs(runs) == lam and tuple(runs) == lam.runs


family_check(
    GAMES,
    "corner representation",
    "a partition given by its corners {(λi, i)} is equivalent to grundy's run-length form",
    cases=diagrams,
    holds=_round_trip,
    quick={"top": 14},
    full={"top": 22},
    checked="corners → runs → λ for every λ with n ≤ {top}",
    note="grundy reads corners as input only in d-dimensional LCTR (lctr-3d), not yet for "
    "the partition games",
    command='grundy value lctr-3d "(1,2,3) (2,1,1)"',
    false_note="corners do not determine λ",
    describe=_bracketed,
    shows=no_command,
)
