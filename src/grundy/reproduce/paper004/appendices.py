"""Paper 004 Appendices A and B: nim sum and product by mex (Propositions A.1–A.3,
Lemmas A.1, A.2, Theorem A.1, Corollary A.1) and the sums Φ_m^n of the ruler ((B.1),
Lemmas B.1, B.2).
"""

from __future__ import annotations

import itertools

from grundy import nim
from grundy.games.coin_turning.coin_turning import ruler_function
from grundy.nim import mex
from grundy.reproduce import rows
from grundy.reproduce.paper004.coin_setting import (
    P004,
    dmin,
    mex_mul_table,
    mex_sum_table,
    ruler_prefix,
    xor,
)
from grundy.reproduce.rows import Outcome


# ================================================================ Appendix A
def _subsets(universe: int) -> list[frozenset[int]]:
    return [frozenset(i for i in range(universe) if mask >> i & 1) for mask in range(1 << universe)]


def _sets_words(st: tuple[frozenset[int], frozenset[int]]) -> str:
    return f"S = {set(st[0])}, T = {set(st[1])}"


P004.family_check(
    "Proposition A.1",
    "for S ⊂ T ⊊ N: (i) mex(S) ≤ mex(T); (ii) mex(S) = mex(T) if mex(S) ∉ T",
    cases=lambda last: [(S, T) for T in _subsets(last + 1) for S in _subsets(last + 1) if S <= T],
    holds=lambda st: mex(st[0]) <= mex(st[1]) and (mex(st[0]) in st[1] or mex(st[0]) == mex(st[1])),
    **rows.bounded("last", 5, 7),
    checked="every S ⊆ T ⊆ {{0, …, {last}}}",
    command="grundy nim add 3 5",
    false_note="fails",
    describe=_sets_words,
)


def _properties_hold(checks: dict[str, bool], checked: str, command: str) -> Outcome:
    """The numbered properties of Proposition A.2 or A.3 (``{"(I)": holds, …}``): VERIFIED
    when all hold, else FALSE naming those that fail."""
    return rows.verified_unless(
        [k for k, ok in checks.items() if not ok] or None,
        checked,
        command=command,
        false_note="a property fails",
        describe=", ".join,
    )


@P004.statement(
    "Proposition A.2",
    "∔ of (2.2): (I) a ∔ b ≠ a ∔ c if b ≠ c; (II) commutative; (III) a ∔ 0 = a; (IV) a ∔ a = 0; "
    "(V) associative",
)
def _proposition_a_2(quick: bool) -> Outcome:
    size = 16 if quick else 32
    t = mex_sum_table(size)
    r = range(size)
    half = range(size // 2)  # sums of numbers below a 2-power stay below it
    checks = {
        "(I)": all(len({t[a][b] for b in r}) == size for a in r),
        "(II)": all(t[a][b] == t[b][a] for a in r for b in r),
        "(III)": all(t[a][0] == t[0][a] == a for a in r),
        "(IV)": all(t[a][a] == 0 for a in r),
        "(V)": all(t[t[a][b]][c] == t[a][t[b][c]] for a in half for b in half for c in half),
    }
    return _properties_hold(
        checks, f"a, b, c < {size} with ∔ by the mex definition (2.2)", "grundy nim add 3 5 6"
    )


P004.family_check(
    "Lemma A.1",
    "if c < a ⊕ b there is a′ < a with a′ ⊕ b = c or b′ < b with a ⊕ b′ = c",
    cases=lambda size: ((a, b, c) for a in range(size) for b in range(size) for c in range(a ^ b)),
    # the proof: exactly one of b ⊕ c < a, a ⊕ c < b
    holds=lambda abc: ((abc[1] ^ abc[2]) < abc[0]) != ((abc[0] ^ abc[2]) < abc[1]),
    **rows.bounded("size", 32, 128),
    checked="a, b < {size}, every c < a ⊕ b (and the proof's 'exactly one of b ⊕ c < a, "
    "a ⊕ c < b')",
    command="grundy nim add 5 9",
    false_note="fails",
)


@P004.statement(
    "Theorem A.1",
    "a ∔ b (the mex definition (2.2)) = a ⊕ b (binary addition without carry; e.g. 5 ⊕ 9 = 12)",
)
def _theorem_a_1(quick: bool) -> Outcome:
    size = 64 if quick else 128
    t = mex_sum_table(size)
    bad = rows.first_failure(
        [(a, b) for a in range(size) for b in range(size)],
        lambda ab: t[ab[0]][ab[1]] == ab[0] ^ ab[1],
    )
    return rows.verified_unless(
        bad if bad is not None or 5 ^ 9 == 12 == nim.add(5, 9) else (5, 9),
        f"a, b < {size}",
        command="grundy nim add 5 9",
        false_note="the mex nim-sum differs from XOR",
    )


def _lemma_a_2_holds(st: tuple[frozenset[int], frozenset[int]]) -> bool:
    S, T = st
    a, b = mex(S), mex(T)
    return a ^ b == mex({s ^ b for s in S} | {a ^ t for t in T})


P004.family_check(
    "Lemma A.2",
    "if mex(S) = a and mex(T) = b then a ∔ b = mex({s ∔ b : s ∈ S} ∪ {a ∔ t : t ∈ T})",
    cases=lambda last: [(S, T) for S in _subsets(last + 1) for T in _subsets(last + 1)],
    holds=_lemma_a_2_holds,
    **rows.bounded("last", 5, 7),
    checked="every S, T ⊆ {{0, …, {last}}}",
    command="grundy nim add 3 5",
    false_note="fails",
    describe=_sets_words,
)


def _corollary_a_1_holds(family: tuple[frozenset[int], ...]) -> bool:
    a = [mex(S) for S in family]
    total = xor(a)
    return total == mex({total ^ a[i] ^ s for i, S in enumerate(family) for s in S})


P004.family_check(
    "Corollary A.1",
    "if mex S_i = a_i (1 ≤ i ≤ n) then Σ* a_i = mex ∪_i {Σ*_{k≠i} a_k ∔ s : s ∈ S_i} (A.1)",
    cases=lambda last: itertools.product(_subsets(last + 1), repeat=3),
    holds=_corollary_a_1_holds,
    **rows.bounded("last", 3, 4),
    checked="n = 3 and every S_1, S_2, S_3 ⊆ {{0, …, {last}}} (n = 2 is Lemma A.2)",
    command="grundy nim add 1 2 3",
    false_note="fails",
    describe=lambda family: str([set(S) for S in family]),
)


@P004.statement(
    "Proposition A.3",
    "⊗ of (2.4): (i) a ⊗ 0 = 0, a ⊗ 1 = a; (ii) commutative; (iii) for b ≠ 0, a_1 ⊗ b = "
    "a_2 ⊗ b iff a_1 ⊗ a_2 = 0; (iv) distributive over ∔; (v) associative",
)
def _proposition_a_3(quick: bool) -> Outcome:
    size = 16
    t = mex_mul_table(size)
    r = range(size)
    if not all(t[a][b] == nim.mul(a, b) for a in r for b in r):
        raise AssertionError("grundy.nim.mul disagrees with the mex definition (2.4)")
    checks = {
        "(i)": all(t[a][0] == 0 and t[a][1] == a for a in r),
        "(ii)": all(t[a][b] == t[b][a] for a in r for b in r),
        "(iv)": all(t[a ^ b][c] == t[a][c] ^ t[b][c] for a in r for b in r for c in r),
        "(v)": all(t[t[a][b]][c] == t[a][t[b][c]] for a in r for b in r for c in r),
    }
    triples = [(a1, a2, b) for b in range(1, size) for a1 in r for a2 in r]
    intended = all((t[a1][b] == t[a2][b]) == (a1 ^ a2 == 0) for a1, a2, b in triples)

    def iii_as_printed(abc: tuple[int, int, int]) -> bool:
        a1, a2, b = abc
        return (t[a1][b] == t[a2][b]) == (t[a1][a2] == 0)

    return rows.first_failed(
        lambda: _properties_hold(checks, f"a, b, c < {size}", "grundy nim mul 2 3"),
        lambda: rows.verified_unless(
            rows.first_failure(triples, iii_as_printed),
            f"a, b, c, a_1, a_2 < {size} with ⊗ by the mex definition (2.4) (= grundy.nim.mul)",
            command="grundy nim mul 2 3",
            false_note=(
                "(iii) as printed ('iff a_1 ⊗ a_2 = 0') is false; with 'a_1 ∔ a_2 = 0' (a_1 = a_2, "
                f"cancellation) it holds{' for all a_1, a_2, b < 16' if intended else ''}; "
                "(i), (ii), (iv), (v) hold"
            ),
            describe=lambda abc: (
                f"a_1 = {abc[0]}, a_2 = {abc[1]}, b = {abc[2]}: a_1 ⊗ b = {t[abc[0]][abc[2]]}, "
                f"a_2 ⊗ b = {t[abc[1]][abc[2]]}, a_1 ⊗ a_2 = {t[abc[0]][abc[1]]}"
            ),
            shows=lambda abc: f"grundy nim mul {abc[0]} {abc[1]}",
        ),
    )


# ================================================================ Appendix B
@P004.statement(
    "(B.1)",
    "Φ_m^n = Σ*_{x=m}^{n−1} R(x); e.g. Φ_3^6 = 4, S(6) = {Φ_x^6 : x = 1..6} = {0, 1, 4, 5, 6, 7}",
)
def _equation_b_1(quick: bool) -> Outcome:
    prefix = ruler_prefix(6)
    phi36 = prefix[6] ^ prefix[3]
    s6 = _S(6)
    return rows.verified_unless(
        None if phi36 == 4 and s6 == {0, 1, 4, 5, 6, 7} else (phi36, sorted(s6)),
        "the two printed examples",
        command="grundy nim add 1 4 1",
        false_note="an example differs",
        describe=lambda found: f"Φ_3^6 = {found[0]}, S(6) = {found[1]}",
    )


def _first_repeat(values: list[int]) -> tuple[int, int] | None:
    """The first (m, n), m < n, with values[m] = values[n] (indices from 1), or None."""
    seen: dict[int, int] = {}
    for n in range(1, len(values)):
        if values[n] in seen:
            return seen[values[n]], n
        seen[values[n]] = n
    return None


@P004.statement("Lemma B.1", "Φ_m^n ≠ 0 for all 1 ≤ m < n")
def _lemma_b_1(quick: bool) -> Outcome:
    top = 512 if quick else 8192
    # Φ_m^n = 0 iff prefix[m] = prefix[n]
    return rows.verified_unless(
        _first_repeat(ruler_prefix(top)),
        f"1 ≤ m < n ≤ {top}",
        command="grundy nim add 1 2 1 4",
        false_note="a Φ vanishes",
        describe=lambda mn: f"m = {mn[0]}, n = {mn[1]}",
    )


def _S(n: int) -> set[int]:
    """S(n) = {Φ_x^n : x = 1, …, n} of (B.1) and Lemma B.2."""
    prefix = ruler_prefix(n)
    return {prefix[n] ^ prefix[x] for x in range(1, n + 1)}


def _lemma_b_2_holds(n: int) -> bool:
    """Parts i)–iv) of Lemma B.2 at n, and mex S(n) = R(n)."""
    values, k = _S(n), dmin(n)
    ok = len(values) == n and _S(2**k) <= values and 2**k not in values
    if n & (n - 1) == 0:
        ok = ok and values == set(range(n))
    return ok and mex(values) == ruler_function(n)


P004.family_check(
    "Lemma B.2",
    "i) Φ_m^n (m = 1..n) distinct; ii) S(2^k) = {0, …, 2^k − 1}; iii) S(2^k) ⊆ S(n) and "
    "iv) 2^k ∉ S(n) for k = d_min(n)",
    cases=lambda top: range(1, top + 1),
    holds=_lemma_b_2_holds,
    **rows.up_to(256, 1024),
    checked="n ≤ {top} (and mex S(n) = R(n), the conclusion for Lemma 5.1)",
    command="grundy poset values chain:16",
    false_note="a part fails",
    describe=lambda n: f"n = {n}",
)
