"""Misère quotients (src/grundy/misere, issue 28): every prediction against brute force.

A quotient's outcome of a sum — the product of its components' elements, looked up in
the P-portion — is checked against an exhaustive misère search of the whole sum: the
game's own reference solver (`Solver(fast=False)`) on every sum of up to 4 heaps ≤ 10
and every sum of up to 4 diagrams of size ≤ 6 (CRIS: ≤ 5, the largest size whose
quotient the construction reaches in seconds), and a plain recursion written here for
the games with no sums of their own (Chomp, Column-Row).  The published quotients are
data below, with their sources; the construction must reproduce them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement, permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.cli import main
from grundy.misere import MisereQuotient, QuotientTooLarge, quotient_of
from grundy.misere.certificate import option_elements
from grundy.misere.components import close, splitting
from grundy.misere.construction import quotient_of_components
from grundy.misere.held import forget
from grundy.misere.monoid import Monoid
from grundy.partition import Partition
from grundy.sums import PartitionSum

Word = tuple[int, ...]


# ------------------------------------------------------------------ references
def heap_sum_outcome(game: str, heaps: Sequence[int]) -> str:
    """The misère outcome of a sum of heaps by the game's reference solver (the
    whole sum searched, nothing of grundy.misere used)."""
    return "P" if _reference(game).value(Partition(list(heaps)), True) == 0 else "N"


@cache
def _reference(game: str) -> Solver:
    return Solver(get_ruleset(game), fast=False)


def diagram_sum_outcome(game: str, parts: Sequence[Partition]) -> str:
    """The misère outcome of a sum of diagrams: the game's reference solver on the
    sum where the game plays sums (CRIS, PNim), else the recursion below."""
    rules = get_ruleset(game)
    if hasattr(rules, "summand_options"):
        summands = [p for part in parts for p in part.summands]
        return "P" if _reference(game).value(PartitionSum(summands), True) == 0 else "N"
    return "P" if _formal_sum_is_p(game, tuple(sorted(parts, key=Partition.sort_key))) else "N"


@cache
def _formal_sum_is_p(game: str, parts: tuple[Partition, ...]) -> bool:
    """A formal sum of single diagrams (Chomp, Column-Row): P iff it has a move and
    every move (in one diagram, by the game's own options) leads to an N-position."""
    rules = get_ruleset(game)
    moved = False
    for i, part in enumerate(parts):
        rest = parts[:i] + parts[i + 1 :]
        for _, child in rules.options(part):
            moved = True
            after = tuple(sorted((*rest, child) if child.size else rest, key=Partition.sort_key))
            if _formal_sum_is_p(game, after):
                return False
    return moved


def monoid_of_presentation(relations: Sequence[tuple[Word, Word]], words: Iterable[Word]):
    """The product of two words of a published presentation, by rewriting with its
    relations (each LHS → RHS wherever the LHS divides the word): written here from the
    relations alone, independently of grundy.misere.monoid."""

    def normal(word: Word) -> Word:
        changed = True
        while changed:
            changed = False
            for lhs, rhs in relations:
                if all(w >= k for w, k in zip(word, lhs, strict=True)):
                    word = tuple(w - k + r for w, k, r in zip(word, lhs, rhs, strict=True))
                    changed = True
        return word

    elements = sorted({normal(w) for w in words})
    return elements, lambda u, v: normal(tuple(a + b for a, b in zip(u, v, strict=True)))


# ------------------------------------------------------------------ monoids
def test_monoid_constructions_are_monoids() -> None:
    t2 = Monoid.cyclic(0, 2).times(Monoid.cyclic(1, 2))
    for monoid in (t2, Monoid.cyclic(3, 2), Monoid.cyclic(0, 1), t2.times(Monoid.cyclic(2, 2))):
        monoid.check()
        sub, where = monoid.generated([monoid.order - 1])
        sub.check()
        assert sub.order == len(where) <= monoid.order
    assert Monoid.cyclic(3, 4).index_of(1) == 3 and Monoid.cyclic(3, 4).power(1, 10) == 6
    with pytest.raises(ValueError, match="not associative"):
        Monoid(((0, 1, 2), (1, 2, 0), (2, 0, 0))).check()
    with pytest.raises(ValueError, match="identity"):
        Monoid(((1, 0), (0, 1)))


def test_presentations_rewrite_every_product_to_its_normal_form() -> None:
    """The relations are a complete rewriting system: rewriting the concatenation of two
    normal forms with them (independently, `monoid_of_presentation`) gives the normal
    form of the product, for every pair of elements."""
    for game, heaps in (("0.75", 10), ("kayles", 30), ("dawson-kayles", 20)):
        q = quotient_of(game, heaps=heaps, hold=False)
        p = q.presentation
        forms = p.normal_forms
        _, times = monoid_of_presentation(p.relations, forms)
        for x in range(q.order):
            for y in range(q.order):
                assert times(forms[x], forms[y]) == forms[q.monoid.product(x, y)], (game, x, y)


# ------------------------------------------------------------------ predictions
@pytest.mark.parametrize("game", ["kayles", "0.75", "dawson-kayles"])
def test_heap_quotients_predict_every_sum_of_up_to_4_heaps(game: str) -> None:
    q = quotient_of(game, heaps=10, hold=False)
    for k in range(5):
        for heaps in combinations_with_replacement(range(1, 11), k):
            assert q.outcome(heaps) == heap_sum_outcome(game, heaps), (game, heaps)


@pytest.mark.parametrize("game", ["grundy-game", "0.15", "0.34", "0.6"])
@settings(max_examples=60, deadline=None)
@given(heaps=st.lists(st.integers(1, 10), max_size=4))
def test_more_heap_quotients_predict_random_sums(game: str, heaps: list[int]) -> None:
    q = _quotient(game, 10)
    assert q.outcome(heaps) == heap_sum_outcome(game, heaps)


@cache
def _quotient(game: str, heaps: int) -> MisereQuotient:
    return quotient_of(game, heaps=heaps, hold=False)


@cache
def _kayles_is_p(heaps: tuple[int, ...]) -> bool:
    """Misère Kayles on sorted heaps, by recursion on its heap options (not grundy.misere)."""
    kayles = get_ruleset("kayles")
    moved = False
    for i, h in enumerate(heaps):
        for left in kayles.heap_options(h):
            moved = True
            if _kayles_is_p(tuple(sorted(heaps[:i] + heaps[i + 1 :] + left))):
                return False
    return moved


def _within(heaps: list[int], tokens: int) -> list[int]:
    """The first heaps, as many as hold at most `tokens` in all (the search stays small)."""
    kept: list[int] = []
    for h in heaps:
        if sum(kept) + h <= tokens:
            kept.append(h)
    return kept


@settings(max_examples=150, deadline=None)
@given(heaps=st.lists(st.integers(1, 30), max_size=6).map(lambda hs: _within(hs, 34)))
def test_kayles_quotient_predicts_random_sums_of_large_heaps(heaps: list[int]) -> None:
    assert _quotient("kayles", 30).outcome(heaps) == (
        "P" if _kayles_is_p(tuple(sorted(heaps))) else "N"
    )


@pytest.mark.parametrize(("game", "n"), [("pnim", 6), ("cris", 5), ("chomp", 6), ("cr", 6)])
def test_diagram_quotients_predict_every_sum_of_up_to_4_diagrams(game: str, n: int) -> None:
    q = quotient_of(game, n=n, hold=False)
    rules = get_ruleset(game)
    diagrams = [c for c in q.components if c.size]
    assert sorted(map(str, diagrams)) == sorted(  # every diagram of size ≤ n, up to symmetry
        {
            rules.format_position(rules.canonical(p))
            for k in range(1, n + 1)
            for p in rules.positions_of_size(k)
        }
    )
    for k in range(5):
        for parts in combinations_with_replacement(diagrams, k):
            assert q.outcome(parts) == diagram_sum_outcome(game, parts), (game, parts)


# ------------------------------------------------------------------ what every quotient is
QUOTIENTS = [
    ("kayles", {"heaps": 30}),
    ("0.75", {"heaps": 20}),
    ("dawson-kayles", {"heaps": 20}),
    ("grundy-game", {"heaps": 20}),
    ("0.15", {"heaps": 20}),
    ("pnim", {"n": 6}),
    ("cris", {"n": 5}),
    ("chomp", {"n": 6}),
    ("cr", {"n": 6}),
]


@pytest.mark.parametrize(("game", "size"), QUOTIENTS)
def test_every_quotient_is_even_with_the_empty_sum_its_identity(
    game: str, size: dict[str, int]
) -> None:
    """Even order (P–S 2008), the empty position the identity and an N-position, the
    checks of `MisereQuotient` and the whole certificate again, and the kernel (the
    image of z, the product of the idempotents) the group of normal-play values:
    zφ(G) = zφ(H) iff G and H have the same normal-play value (P–S 2008 §6)."""
    rules = get_ruleset(game)
    q = quotient_of(rules, hold=False, **size)
    assert q.order % 2 == 0
    assert q.element([]) == 0 and q.outcome([]) == "N"
    if "heaps" in size:  # the position with no heap at all
        assert q.element(splitting(rules).parts(rules.parse(""))) == 0
    assert all(x == 0 for x, options in zip(q.elements, q.options, strict=True) if not options)
    q.verify()
    z, monoid = q.kernel_identity, q.monoid
    normal = {
        c: grundy.value(rules, rules.parse(name))
        for c, name in zip(q.components, q.names, strict=True)
    }
    seen: dict[int, int] = {}
    for parts in combinations_with_replacement(q.components, 3):
        nimber = normal[parts[0]] ^ normal[parts[1]] ^ normal[parts[2]]
        image = monoid.product(z, q.element(parts))
        assert seen.setdefault(nimber, image) == image
    assert len(set(seen.values())) == len(seen)


def test_exactly_one_element_fits_each_component() -> None:
    """The quotient is reduced, so a component has one element: every other element,
    put in its place, fails the checks of `MisereQuotient` or its certificate."""
    rules = get_ruleset("0.75")
    split = splitting(rules)
    heaps = close(range(1, 11), split.options_of, split.name)
    q = quotient_of_components(heaps)
    for i in range(len(q.components)):
        for other in range(q.order):
            if other == q.elements[i]:
                continue
            elements = (*q.elements[:i], other, *q.elements[i + 1 :])
            options = tuple(option_elements(q.monoid, elements, heaps.options))
            with pytest.raises(ValueError):
                MisereQuotient(
                    q.monoid, q.p_portion, q.components, q.names, elements, options
                ).verify()


def test_a_quotient_that_breaks_the_theory_is_refused() -> None:
    q = quotient_of("0.75", heaps=6, hold=False)
    fields = (q.components, q.names, q.elements, q.options)
    with pytest.raises(ValueError, match="identity"):
        MisereQuotient(q.monoid, q.p_portion | {0}, *fields)
    with pytest.raises(ValueError, match="odd"):
        odd = Monoid.cyclic(2, 1)
        MisereQuotient(odd, frozenset({1}), (1,), ("1",), (1,), (frozenset({0}),))
    with pytest.raises(ValueError, match="not reduced"):  # a heap of Nim as c, c⁴ = c²
        MisereQuotient(
            Monoid.cyclic(2, 2), frozenset({1, 3}), (1,), ("1",), (1,), (frozenset({0}),)
        )
    with pytest.raises(ValueError, match="does not hold 99"):
        q.element([1, 99])


# ------------------------------------------------------------------ published
#: Quotients as their authors print them: the game, the heaps, the relations, the
#: P-portion and the element of some heaps, with the source.
PUBLISHED = [
    {
        "game": "0.333",  # Nim on heaps of at most 3
        "heaps": 3,
        "relations": ["a² = 1", "b³ = b"],
        "p_portion": ["a", "b²"],
        "heap elements": {1: "a", 2: "b", 3: "ab"},
        "source": "the tame quotient T2 of misère Nim on heaps ≤ 3: Plambeck, INTEGERS 5 "
        "(2005) G05; Plambeck–Siegel, JCTA 115 (2008) §2",
    },
    {
        "game": "0.75",
        "heaps": 40,
        "relations": ["a² = 1", "bc = ab", "c² = b²", "b³ = b"],
        "p_portion": ["a", "b²"],
        "heap elements": {1: "a", 2: "b", 5: "c"},
        "source": "R8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, P = {a, b²}, the "
        "quotient of 0.75: Plambeck–Siegel, JCTA 115 (2008); the one misère quotient of "
        "order 8: Siegel, 'The structure and classification of misère quotients', "
        "arXiv:math/0703070",
    },
]


@pytest.mark.parametrize("published", PUBLISHED, ids=lambda p: p["game"])
def test_published_quotients_are_reproduced(published: dict[str, Any]) -> None:
    q = quotient_of(published["game"], heaps=published["heaps"], hold=False)
    assert q.relations() == published["relations"], published["source"]
    assert q.p_portion_words() == published["p_portion"]
    assert {h: q.word(q.where[h]) for h in published["heap elements"]} == published["heap elements"]
    # and the published presentation, multiplied out by itself, is the quotient
    letters = q.letters
    relations = [_parsed(text, letters) for text in published["relations"]]
    forms = q.presentation.normal_forms
    words, times = monoid_of_presentation(relations, forms)
    assert len(words) == q.order
    element = {forms[x]: x for x in range(q.order)}
    for u, v in permutations(words, 2):
        assert element[times(u, v)] == q.monoid.product(element[u], element[v])


def _parsed(text: str, letters: Sequence[str]) -> tuple[Word, Word]:
    """ "bc = ab" as exponent vectors over `letters`."""
    digits = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")

    def word(side: str) -> Word:
        exponents = dict.fromkeys(letters, 0)
        side = side.strip().translate(digits)
        if side != "1":
            i = 0
            while i < len(side):
                letter, i = side[i], i + 1
                power = ""
                while i < len(side) and side[i].isdigit():
                    power, i = power + side[i], i + 1
                exponents[letter] += int(power or 1)
        return tuple(exponents[x] for x in letters)

    lhs, rhs = text.split("=")
    return word(lhs), word(rhs)


@pytest.mark.parametrize("k", [2, 3, 4])
def test_tame_quotients_of_nim_have_order_two_to_the_n_plus_two(k: int) -> None:
    """Misère Nim on heaps < 2^k: the tame quotient T_k, of order 2^k + 2 with a P-portion
    of two elements (Plambeck–Siegel 2008; Siegel, arXiv:math/0703070: a finite quotient
    with |P| = 2 has order 2^n + 2 or 2^n + 4)."""
    top = 2**k - 1
    q = quotient_of("0." + "3" * top, heaps=top, hold=False)
    assert (q.order, len(q.p_portion)) == (2**k + 2, 2)


@pytest.mark.parametrize(("game", "size"), QUOTIENTS)
def test_a_p_portion_of_two_means_order_two_to_the_n_plus_two_or_four(
    game: str, size: dict[str, int]
) -> None:
    q = quotient_of(game, hold=False, **size)
    if len(q.p_portion) == 2:
        assert any(q.order - 2**n in (2, 4) for n in range(q.order.bit_length()))


def test_quotients_stay_put_where_the_papers_say_they_are_finite() -> None:
    """0.75's quotient stays R8 as heaps are added (40 above, 120 here)."""
    assert quotient_of("0.75", heaps=120, hold=False).order == 8


def test_a_quotient_past_its_bound_is_an_error() -> None:
    with pytest.raises(QuotientTooLarge, match="more than 50 elements"):
        quotient_of("kayles", heaps=30, max_order=50, hold=False)


# ------------------------------------------------------------------ components
def test_components_close_under_options_in_order() -> None:
    nim = close([4], lambda h: [(h - k,) for k in range(1, h + 1)])
    assert nim.positions == (0, 1, 2, 3, 4) and nim.options[2] == ((1,), (0,))
    with pytest.raises(ValueError, match="not finite"):
        close([1], lambda h: [(1 - h,)])
    with pytest.raises(ValueError, match="too many"):
        close([50], lambda h: [(h - 1,)] if h else [], limit=10)
    q = quotient_of_components(close([1, 2, 3], lambda h: [(h - k,) for k in range(1, h + 1)]))
    assert q.order == 6


def test_a_ruleset_splits_into_its_components_uncancelled() -> None:
    kayles, cris = get_ruleset("kayles"), get_ruleset("cris")
    assert splitting(kayles).parts(kayles.parse("5,3,3")) == {5: 1, 3: 2}
    assert sum(splitting(cris).parts(cris.parse("2^2 + 2^2 + 1")).values()) == 3
    huge = kayles.parse("5^1000000000000,3")  # a million million heaps of 5: x^k in the monoid
    q = _quotient("kayles", 30)
    assert q.outcome(splitting(kayles).parts(huge)) == q.outcome([3, 5, 5])


# ------------------------------------------------------------------ the door
def test_the_door_answers_misere_outcomes_of_sums_from_a_held_quotient() -> None:
    rules = get_ruleset("dawson-kayles")
    forget(rules)
    assert grundy.answer(rules, "9,7,7,2", misere=True, question="outcome").source == "search"
    with pytest.raises(ValueError, match="no quotient to ask here"):
        grundy.answer(rules, "9,7,7,2", misere=True, question="outcome", source="quotient")
    try:
        q = quotient_of(rules, heaps=12)
        for text in ("9,7,7,2", "12,12,1", "5", "", "4^5,3"):
            found = grundy.answer(rules, text, misere=True, question="outcome")
            truth = grundy.answer(rules, text, misere=True, question="outcome", source="search")
            assert (found.value, found.source, found.kind) == (truth.value, "quotient", "outcome")
        four = q.where[4]  # a million heaps of 4 are five of them, in the monoid
        assert q.monoid.power(four, 1_000_001) == q.monoid.power(four, 5)
        huge = grundy.answer(rules, "4^1000001,3", misere=True, question="outcome")
        assert (huge.value, huge.source) == (
            grundy.outcome(rules, "4^5,3", misere=True),
            "quotient",
        )
        assert grundy.answer(rules, "13,2", misere=True, question="outcome").source == "search"
        # a value is not a quotient's to give, nor is a normal-play outcome
        assert grundy.answer(rules, "9,7,7,2", misere=True).kind == "nimber"
        assert grundy.answer(rules, "9,7,7,2", question="outcome").source != "quotient"
    finally:
        forget(rules)


def test_value_misere_json_keeps_its_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "kayles", "5,3,3", "--misere", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (
        data["outcome"]
        == ("P" if data["value"] == 0 else "N")
        == heap_sum_outcome("kayles", [5, 3, 3])
    )


# ------------------------------------------------------------------ the command
def test_the_quotient_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quotient", "0.75", "--heaps", "10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["order"] == 8 and data["p_portion"] == ["a", "b²"]
    assert data["generators"] == {"a": "1", "b": "2", "c": "5"}
    assert data["components"]["9"] == "ab²" and len(data["table"]) == 8
    assert main(["quotient", "cris", "--n", "5"]) == 0
    out = capsys.readouterr().out
    assert "order 44" in out and "too large to print" in out and "2,1^3: e" in out
    assert main(["quotient", "chomp", "--n", "3"]) == 0
    assert "multiplication table" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["kayles"], "give the heaps (--heaps N) or the size"),
        (["kayles", "--heaps", "3", "--n", "3"], "give the heaps (--heaps N) or the size"),
        (["kayles", "--heaps", "0"], "1 to 100,000 heaps"),
        (["kayles", "--heaps", "30", "--max-order", "40"], "more than 40 elements"),
        (["crpm", "--n", "3"], "partizan"),
        (["lctr", "--n", "3"], None),
    ],
)
def test_the_quotient_command_refuses_bad_input_in_one_line(
    args: list[str], message: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["quotient", *args])
    out, err = capsys.readouterr()
    if message is None:  # a game without sums: the quotient of its single diagrams
        assert status == 0 and "misère quotient of lctr" in out
        return
    assert status == 2 and err.count("\n") == 1 and message in err, err
