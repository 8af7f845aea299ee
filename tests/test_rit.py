"""RIT and CRIT (games/rit/rit.py, docs/games.md items 4 and 5): rules, closed forms, symmetry.

The reference below is written from docs/games.md alone, on plain tuples of parts;
every value of grundy (fast path and the exhaustive `Solver(fast=False)`) is
compared with it on every partition with n ≤ 14, normal and misère play.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.games.rit import rit
from grundy.partition import Partition, partitions_up_to

MAX_N = 14
ALL = list(partitions_up_to(MAX_N))
RULES = {"rit": rit.RIT, "crit": rit.CRIT}
EXACT = {name: Solver(rules, fast=False) for name, rules in RULES.items()}


# --------------------------------------------------------------- reference
def conj(p: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(1 for x in p if x > j) for j in range(p[0])) if p else ()


def ref_rit_options(p: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Row i may become any length in [λ_{i+1}, λ_i) (λ_{ℓ+1} = 0); zero rows vanish."""
    out = set()
    for i, part in enumerate(p):
        below = p[i + 1] if i + 1 < len(p) else 0
        for new in range(below, part):
            out.add(tuple(x for x in (*p[:i], new, *p[i + 1 :]) if x))
    return out


def ref_crit_options(p: tuple[int, ...]) -> set[tuple[int, ...]]:
    return ref_rit_options(p) | {conj(q) for q in ref_rit_options(conj(p))}


REF_OPTIONS = {"rit": ref_rit_options, "crit": ref_crit_options}


@cache
def ref_value(game: str, p: tuple[int, ...], misere: bool) -> int:
    values = {ref_value(game, q, misere) for q in REF_OPTIONS[game](p)}
    if not values:
        return 1 if misere else 0
    return min(set(range(len(values) + 1)) - values)


def parts(lam: Partition) -> tuple[int, ...]:
    return tuple(lam.to_list())


# ------------------------------------------------------------------- rules
def test_names() -> None:
    assert get_ruleset("rit") is rit.RIT
    assert get_ruleset("CRIT") is rit.CRIT
    assert not rit.RIT.conjugation_invariant and rit.CRIT.conjugation_invariant


@pytest.mark.parametrize("game", ["rit", "crit"])
def test_option_sets_match_reference(game: str) -> None:
    for lam in ALL:
        if lam.size > 10:
            break
        moves = list(RULES[game].options(lam))
        children = [parts(child) for _, child in moves]
        assert set(children) == REF_OPTIONS[game](parts(lam)), str(lam)
        assert len(children) == len(set(children))  # each diagram once
        assert len({m for m, _ in moves}) == len(moves)


def test_worked_example_3_2_1() -> None:
    expected = {Partition([2, 2, 1]), Partition([3, 1, 1]), Partition([3, 2])}
    for game in ("rit", "crit"):
        assert {o.position for o in grundy.options(game, "3,2,1")} == expected
    assert grundy.value("rit", "3,2,1") == 0
    assert grundy.value("crit", "3,2,1") == 1


def test_move_labels() -> None:
    assert dict(rit.RIT.options(Partition([3, 1]))) == {
        ("row", 1, 1): Partition([1, 1]),
        ("row", 1, 2): Partition([2, 1]),
        ("row", 2, 0): Partition([3]),
    }
    crit_moves = dict(rit.CRIT.options(Partition([2, 2])))
    # rows: row 2 → 1 or 0; columns: column 2 → height 1 (= the row move) or 0
    assert crit_moves == {
        ("row", 2, 1): Partition([2, 1]),
        ("row", 2, 0): Partition([2]),
        ("col", 2, 0): Partition([1, 1]),
    }
    assert rit.CRIT.format_move(("row", 2, 0)) == "shorten row 2 to length 0"
    assert rit.CRIT.format_move(("col", 3, 1)) == "shorten column 3 to height 1"
    assert list(rit.column_moves(Partition([1]))) == [(1, 0, Partition([]))]


# ------------------------------------------------------------------ values
@pytest.mark.parametrize("game", ["rit", "crit"])
@pytest.mark.parametrize("misere", [False, True])
def test_values_match_reference(game: str, misere: bool) -> None:
    for lam in ALL:
        expected = ref_value(game, parts(lam), misere)
        assert grundy.value(game, lam, misere) == expected, str(lam)
        assert EXACT[game].value(lam, misere) == expected, str(lam)


@pytest.mark.parametrize("misere", [False, True])
def test_rit_closed_forms_against_search(misere: bool) -> None:
    # docs/games.md 4: G(λ) = (λ1−λ2) ⊕ (λ3−λ4) ⊕ …; misère: misère Nim on those differences
    form = rit.rit_misere_value if misere else rit.rit_value
    for lam in ALL:
        assert rit.RIT.closed_form(lam, misere) == form(lam) == EXACT["rit"].value(lam, misere)


def test_rit_remnant_written_out() -> None:
    for lam in ALL:
        p = [*parts(lam), 0]
        remnant = 0
        for i in range(0, len(p) - 1, 2):
            remnant ^= p[i] - p[i + 1]
        assert rit.rit_value(lam) == remnant


def test_rit_huge_positions() -> None:
    # one run: the only non-zero difference is d_ℓ = λ1, counted when ℓ is odd
    assert grundy.value("rit", "1000000^1000001") == 1000000
    assert grundy.value("rit", "1000000^1000000") == 0
    # d_1 = 2, d_1000002 = 3 (even index), d_1000003 = 2
    assert grundy.value("rit", "7,5^1000001,2") == 2 ^ 2
    # d_3 = 6, d_4 = 4 (even index); misère with a heap ≥ 2 is Nim
    assert grundy.value("rit", "10^3,4", misere=True) == 6
    assert rit.rit_misere_value(Partition([])) == 1
    assert rit.rit_misere_value(Partition([1, 1])) == 1  # odd d's all 0: X ⊕ 1


# -------------------------------------------------------------- conjugation
def test_crit_conjugation_invariant() -> None:
    for lam in ALL:
        if lam.size > 12:
            break
        p, q = parts(lam), parts(lam.conjugate())
        assert ref_crit_options(q) == {conj(c) for c in ref_crit_options(p)}
        for misere in (False, True):
            assert ref_value("crit", p, misere) == ref_value("crit", q, misere)
        assert rit.CRIT.canonical(lam) == rit.CRIT.canonical(lam.conjugate())


def test_rit_not_conjugation_invariant() -> None:
    failures = [
        lam
        for lam in ALL
        if lam.size <= 12
        and ref_value("rit", parts(lam), False) != ref_value("rit", parts(lam.conjugate()), False)
    ]
    smallest = min(lam.size for lam in failures)
    assert smallest == 2 and {Partition([2]), Partition([1, 1])} <= set(failures)
    assert ref_value("rit", (2,), False) == 2
    assert ref_value("rit", (1, 1), False) == 0
    assert rit.RIT.canonical(Partition([1, 1])) == Partition([1, 1])
    # n ≤ 12: 198 of the 272 partitions have G(λ) ≠ G(λ′); 18 are self-conjugate
    assert len(failures) == 198


# ------------------------------------------------------------ CRIT facts
def test_crit_value_bound_and_extremes() -> None:
    # G(λ) ≤ λ1 + ℓ − 1 (module docstring); [n] and [1^n] attain it
    for lam in ALL:
        if lam:
            bound = lam.largest + lam.length - 1
            assert ref_value("crit", parts(lam), False) <= bound
            assert len(list(rit.CRIT.options(lam))) <= bound
    for n in range(1, MAX_N + 1):
        assert ref_value("crit", (n,), False) == n == ref_value("crit", (1,) * n, False)


def test_crit_misere_equals_normal_from_two_boxes() -> None:
    for lam in ALL:
        p = parts(lam)
        normal, misere = ref_value("crit", p, False), ref_value("crit", p, True)
        if lam.size >= 2:
            assert misere == normal, str(lam)
        else:
            assert misere == 1 - normal


def test_crit_two_rows() -> None:
    # the proved two-row values (module docstring), beyond the n ≤ 14 sweep
    for a in range(15):
        for b in range(a + 1):
            p = (a, b) if b else ((a,) if a else ())
            assert rit.crit_two_row_value(a, b) == ref_value("crit", p, False), (a, b)
    assert rit.crit_two_row_value(10**9, 10**9 - 7) == 7
    with pytest.raises(ValueError, match="a ≥ b"):
        rit.crit_two_row_value(2, 3)
    with pytest.raises(ValueError, match="b must be a non-negative"):
        rit.crit_two_row_value(2, -1)


@pytest.mark.parametrize("misere", [False, True])
def test_crit_closed_form_against_search(misere: bool) -> None:
    used = 0
    for lam in ALL:
        form = rit.CRIT.closed_form(lam, misere)
        if form is not None:
            used += 1
            assert form == EXACT["crit"].value(lam, misere), str(lam)
        assert (form is None) == (lam.length > 2 and lam.largest > 2)
    assert used > 100
    # big two-column / two-row shapes: [2^5000, 1] is the conjugate of [5001, 5000]
    assert grundy.value("crit", "2^5000,1") == grundy.value("crit", "5001,5000") == 0
    assert grundy.value("crit", "2^5000,1", misere=True) == 0
    assert grundy.value("crit", "1^3000") == 3000


# ----------------------------------------------------------- input/output
@pytest.mark.parametrize("game", ["rit", "crit"])
def test_parse_format_round_trip(game: str) -> None:
    rules = RULES[game]
    for lam in ALL[::5]:
        assert rules.parse(rules.format_position(lam)) == lam
    assert rules.parse("[3, 2^2, 1]") == Partition([3, 2, 2, 1])
    assert rules.parse("") == Partition([])


# --------------------------------------------------------------- properties
boxed = st.lists(st.integers(1, 7), max_size=7).map(Partition)


@settings(max_examples=40, deadline=None)
@given(boxed, st.booleans())
def test_rit_closed_form_random(lam: Partition, misere: bool) -> None:
    assert grundy.value("rit", lam, misere) == ref_value("rit", parts(lam), misere)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=6).map(Partition), st.booleans())
def test_crit_random(lam: Partition, misere: bool) -> None:
    expected = ref_value("crit", parts(lam), misere)
    assert grundy.value("crit", lam, misere) == expected
    assert grundy.value("crit", lam.conjugate(), misere) == expected


@pytest.mark.parametrize("misere", [False, True])
def test_p_position_counts_from_the_closed_form_are_the_outcome_engines(misere: bool) -> None:
    """rit_counts.p_positions (no partition listed) against the outcome levels of RIT's
    kernel (no closed form used) for every n ≤ 40, and the atlas's b-file to n = 90."""
    from grundy.engine.outcome_levels import OutcomeEngine, P
    from grundy.games.rit.rit_counts import p_positions

    counts = p_positions(90, misere)
    engine = OutcomeEngine(get_ruleset("rit").kernel, 40, misere)
    for n in range(41):
        codes = engine.value_level(n)
        if n:
            assert counts[n] == int((codes == P).sum()), (misere, n)
    if not misere:
        records = Path(grundy.__file__).parent / "reproduce" / "records"
        lines = (records / "sequence_rit_p_b.txt").read_text().splitlines()
        published = dict(map(int, line.split()) for line in lines if line and line[0] != "#")
        assert {n: counts[n] for n in published} == published
