"""Closed forms before canonical forms (issue 17).

A closed form is a function of the position, so it must hold on every position
as given, canonical or not: then a ruleset whose closed form is cheaper than its
canonical form may declare ``closed_form_first`` and the solver asks it first
(LCTR and Downright: O(log k) against the O(k) conjugation).  Checked here for
every built-in game against exhaustive search, and the solver's order with a
ruleset that records its calls.
"""

from __future__ import annotations

import itertools
import random

import pytest

from grundy import Partition, Ruleset, Solver, capabilities, get_ruleset, rulesets
from grundy.games.lctr.lctr import LCTRRules
from grundy.games.matrix.matrix import MATRIX, parse_matrix
from grundy.partition import partitions_up_to

#: Every built-in game with a closed form and positions by size (chess: one game per
#: piece; the family itself needs one).
WITH_CLOSED_FORMS = sorted(
    (
        rules
        for rules in rulesets()
        if type(rules).__module__.startswith("grundy.")
        and {"closed_form", "positions_of_size"} <= set(capabilities(rules))
    ),
    key=lambda rules: rules.name,
)
MAX_SIZE = 10


@pytest.mark.parametrize("rules", WITH_CLOSED_FORMS, ids=lambda rules: rules.name)
def test_closed_forms_hold_on_every_position_as_given(rules: Ruleset) -> None:
    """Every position of size ≤ 10, non-canonical ones included (both λ and λ′ for
    a partition game), in both conventions: the closed form is None or the value."""
    reference = Solver(rules, fast=False)
    for n in range(MAX_SIZE + 1):
        for position in rules.positions_of_size(n):
            for misere in (False, True):
                known = rules.closed_form(position, misere)
                if known is not None:
                    assert known == reference.value(position, misere), (str(position), misere)


def test_matrix_closed_form_holds_on_permuted_matrices() -> None:
    """The matrix game's closed form (Ferrers matrices, subset tables) on matrices as
    given: rows and columns permuted, transposed."""
    rng = random.Random(17)
    reference = Solver(MATRIX, fast=False)
    for text in ("110;011", "111;110;100", "1100;0110;0011", "101;010;101", "1110;1001;0111"):
        rows = parse_matrix(text).to_lists()
        expected = reference.value(parse_matrix(text))
        for _ in range(6):
            shuffled = rng.sample(rows, len(rows))
            order = rng.sample(range(len(rows[0])), len(rows[0]))
            matrix = parse_matrix([[row[j] for j in order] for row in shuffled])
            for given in (matrix, matrix.transpose()):
                assert MATRIX.closed_form(given) in (None, expected), (text, str(given))


class Recorded(LCTRRules):
    """LCTR that records its canonical forms and has no closed form on odd sizes."""

    name = "test-closed-form-first"

    def __init__(self, closed_form_first: bool) -> None:
        self.closed_form_first = closed_form_first
        self.canonicalised: list[Partition] = []

    def canonical(self, position: Partition) -> Partition:
        self.canonicalised.append(position)
        return super().canonical(position)

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        return None if position.size % 2 else super().closed_form(position, misere)


def test_the_solver_asks_a_cheaper_closed_form_before_the_canonical_form() -> None:
    first, after = Recorded(closed_form_first=True), Recorded(closed_form_first=False)
    lam = Partition.parse("9,7,7,4,2")  # 29 boxes: no closed form, so it is searched
    mu = lam.sub(0, 1)  # 24 boxes: the closed form answers
    lctr = get_ruleset("lctr")
    for misere in (False, True):
        assert Solver(first).value(mu, misere) == lctr.closed_form(mu, misere)
        assert first.canonicalised == []  # answered on the position as given
        assert Solver(after).value(mu, misere) == lctr.closed_form(mu, misere)
        assert after.canonicalised == [mu]  # the order before issue 17
        after.canonicalised.clear()
    reference = Solver(lctr, fast=False)
    for misere in (False, True):
        solver = Solver(first)
        assert solver.value(lam, misere) == reference.value(lam, misere)
        assert first.canonicalised[0] == lam  # no closed form: canonical, then search
        first.canonicalised.clear()


def test_closed_form_first_agrees_with_canonical_first_on_all_small_partitions() -> None:
    """The same values in either order, on every partition of n ≤ 12 and its options."""
    first, after = Solver(Recorded(True)), Solver(Recorded(False))
    for lam, misere in itertools.product(partitions_up_to(12), (False, True)):
        assert first.value(lam, misere) == after.value(lam, misere), str(lam)
        assert first.options(lam, misere) == after.options(lam, misere), str(lam)
