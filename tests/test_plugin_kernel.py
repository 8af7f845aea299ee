"""The engine knows no game (issue 17): a ruleset with a compiled kernel, written in a
package outside grundy and named by ``module:attr``, gets `value`, `count` (the compiled
census) and per-box tables through the engine, and agrees with the exhaustive solver.

The package is laid out as a built-in game is: the rules in one module, the numba
options kernel in another, declared by a `LazyKernel`.  Its game, "row or box" (remove
any one row, or any one box that ends a row longer than the row below), is no built-in
game and has no symmetry.  The kernel is compiled once per process (its drivers come from
numba's disk cache after the first run); the positions stay on narrow words.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import grundy
from grundy import Solver, capabilities, get_ruleset
from grundy.analysis.tables import box_values
from grundy.partition import Partition, partitions

PACKAGE = "grundy_test_row_or_box"
REFERENCE = f"{PACKAGE}:ROW_OR_BOX"

RULES = '''
"""Row or box: remove any one row, or any one box that ends a row longer than the next."""
from grundy.game import LazyKernel, PartitionRuleset
from grundy.partition import Partition


class RowOrBox(PartitionRuleset):
    name = "row-or-box"
    description = "remove any one row, or any one removable box"
    kernel = LazyKernel("grundy_test_row_or_box.kernel:ROW_OR_BOX_KERNEL")

    def options(self, position):
        parts = list(position.parts())
        for i, part in enumerate(parts):
            yield ("row", i), Partition(parts[:i] + parts[i + 1 :])
            if i + 1 == len(parts) or parts[i + 1] < part:
                yield ("box", i), Partition(parts[:i] + [part - 1] + parts[i + 1 :])


ROW_OR_BOX = RowOrBox()
'''

KERNEL = '''
"""The options kernel of row-or-box on boundary words (grundy.engine)."""
from numba import njit

from grundy.engine import CompiledKernel
from grundy.engine.primitives import identity, is_removable_box, toggle_box
from grundy.engine.wordops import bit, delete_bit, nbits, put_word, strip_low_ones


@njit
def row_or_box(w, out, out2):
    n = nbits(w)
    m = 0
    for p in range(n):
        if bit(w, p):  # the U that ends a row: delete the row
            option = delete_bit(w, p)
        elif p + 1 < n and is_removable_box(w, p):
            option = strip_low_ones(toggle_box(w, p))
        else:
            continue
        if m == out.shape[0]:
            return -1
        put_word(out, m, option)
        m += 1
    return m


ROW_OR_BOX_KERNEL = CompiledKernel("row-or-box", row_or_box, identity)
'''


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The game of the package written to a temporary folder, by its reference."""
    root = tmp_path_factory.mktemp("plugin")
    (root / PACKAGE).mkdir()
    (root / PACKAGE / "__init__.py").write_text(RULES, encoding="utf-8")
    (root / PACKAGE / "kernel.py").write_text(KERNEL, encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        yield get_ruleset(REFERENCE)
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def reference(plugin: Any) -> Solver:
    """The exhaustive solver: no closed form, no kernel."""
    return Solver(plugin, fast=False)


class Spy:
    """Wraps one method of an object and keeps what each call answered."""

    def __init__(self, method: Callable[..., Any]) -> None:
        self.method = method
        self.answers: list[Any] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        answer = self.method(*args, **kwargs)
        self.answers.append(answer)
        return answer

    @property
    def answered(self) -> int:
        return sum(answer is not None for answer in self.answers)


def spy_on(monkeypatch: pytest.MonkeyPatch, kernel: Any, method: str) -> Spy:
    spy = Spy(getattr(kernel, method))
    monkeypatch.setattr(kernel, method, spy)
    return spy


def test_the_kernel_is_the_package_s_and_writes_the_rules_options(plugin: Any) -> None:
    from grundy.engine.words import decode, encode

    assert type(plugin).__module__ == PACKAGE and "kernel" in capabilities(plugin)
    for lam in [Partition([3, 1]), Partition([4, 4, 2, 1]), Partition([5, 2, 2])]:
        written = Counter(decode(w) for w in plugin.kernel.option_words(encode(lam)))
        assert written == Counter(child for _, child in plugin.options(lam))


VALUED = ["5,4,3,2", "6,4,4,1", "12,10,7,3", "9,9,9,9", "20,1^6"]


def test_value_goes_through_the_kernel(
    plugin: Any, reference: Solver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = spy_on(monkeypatch, plugin.kernel, "value")
    values = [grundy.value(REFERENCE, position) for position in VALUED]
    assert spy.answered == len(VALUED)  # every position above small_size: the kernel's
    assert values == [reference.value(plugin.parse(position)) for position in VALUED]
    misere = grundy.value(REFERENCE, "6,4,4,1", misere=True)
    assert misere == reference.value(Partition([6, 4, 4, 1]), misere=True)
    assert spy.answered == len(VALUED) + 1


def test_count_goes_through_the_kernel_s_census(
    plugin: Any, reference: Solver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = spy_on(monkeypatch, plugin.kernel, "tally")
    table = grundy.count(REFERENCE, 14)
    assert spy.answered == 15  # n = 0, 1, …, 14: one compiled pass each
    assert table == dict(Counter(reference.value(lam) for lam in partitions(14)))


def test_table_goes_through_the_kernel(
    plugin: Any, reference: Solver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = spy_on(monkeypatch, plugin.kernel, "value")
    lam = Partition([7, 6, 4, 3, 1])  # 21 boxes: the larger boxes' positions go to the kernel
    table = box_values(REFERENCE, lam)
    assert spy.answered > 0
    assert table == [[reference.value(lam.sub(i, j)) for j in range(row)] for i, row in
                     enumerate(lam.parts())]  # fmt: skip
