"""Templates and parameter grids (grundy.families)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy.families import MAX_POSITIONS, Template, grid, parse_range
from grundy.partition import Partition, gamma, rectangle, staircase


def test_fill_builds_the_papers_families() -> None:
    rect, gam = Template("b^a"), Template("b,1^(a-1)")  # gamma(r, c) = [c, 1^(r-1)]
    for a in range(2, 6):
        for b in range(1, 6):
            assert Partition.parse(rect.fill(a=a, b=b)) == rectangle(a, b)
            assert Partition.parse(gam.fill(a=a, b=b)) == gamma(a, b)
    stair = Template("(n)" + "".join(f",(n-{k})" for k in range(1, 4)))
    assert Partition.parse(stair.fill(n=4)) == staircase(4)


def test_arithmetic_and_names() -> None:
    t = Template("(2*a+1)^(m//2),(a**2 % 7),(-(-b))")
    assert t.fill(a=3, m=5, b=4) == "7^2,2,4"
    assert Template("((a+1)*(a-1))").fill(a=5) == "24"
    assert Template("5,3,1 | LT").names() == {"LT"}
    assert Template("a^m,b").names() == {"a", "m", "b"}
    # letters the game reads are kept; only parameters are replaced
    assert Template("a,1 | LT").fill(a=4) == "4,1 | LT"
    assert grundy.value("lctr-nonrep", Template("a,1 | LT").fill(a=4)) in (0, 1, 2)
    assert Template("a,b + (a-b)").fill(a=5, b=2) == "5,2 + 3"


@pytest.mark.parametrize(
    ("text", "values", "error", "match"),
    [
        ("", {}, ValueError, "empty template"),
        ("(a+1", {"a": 1}, ValueError, r"unbalanced '\('"),
        ("a)", {"a": 1}, ValueError, r"unbalanced '\)'"),
        ("(a+)", {"a": 1}, ValueError, "bad arithmetic"),
        ("(a/2)", {"a": 1}, ValueError, "use // for integer division"),
        ("(x+1)", {"a": 1}, ValueError, "unknown parameter 'x'"),
        ("(a//0)", {"a": 1}, ValueError, "division by zero"),
        ("(2**a)", {"a": 1000}, ValueError, "exponent 1000"),
        ("(a.real)", {"a": 1}, ValueError, "not allowed"),
        ("(1.5)", {}, ValueError, "not allowed"),
        ("a", {"a": 1.5}, TypeError, "parameter a must be an int"),
    ],
)
def test_bad_templates(text: str, values: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        Template(text).fill(**values)


def test_unused_parameter_is_an_error() -> None:
    Template("a^m").check_parameters(["a", "m"])
    with pytest.raises(ValueError, match="parameter b does not occur"):
        Template("a^m").check_parameters(["a", "b", "m"])
    with pytest.raises(TypeError, match="template is text"):
        Template(3)  # type: ignore[arg-type]


def test_grid() -> None:
    rows = list(grid(a=range(1, 3), b=[5, 6]))
    assert rows == [{"a": 1, "b": 5}, {"a": 1, "b": 6}, {"a": 2, "b": 5}, {"a": 2, "b": 6}]
    with pytest.raises(ValueError, match="at least one parameter"):
        list(grid())
    with pytest.raises(ValueError, match="range of parameter b is empty"):
        list(grid(a=[1], b=range(3, 1)))
    with pytest.raises(ValueError, match="parameter combinations"):
        list(grid(a=range(MAX_POSITIONS), b=range(2)))
    with pytest.raises(TypeError, match="parameter a"):
        list(grid(a=[1.0]))


def test_parse_range() -> None:
    assert parse_range("7") == range(7, 8)
    assert parse_range(" 1..4 ") == range(1, 5)
    assert parse_range("-3..3..3") == range(-3, 4, 3)
    for bad, match in [("1..", "expected"), ("a..b", "expected"), ("1..2..3..4", "expected"),
                       ("1..5..0", "step"), ("5..1", "empty")]:  # fmt: skip
        with pytest.raises(ValueError, match=match):
            parse_range(bad, "--a")


@given(st.integers(1, 50), st.integers(1, 50), st.integers(0, 60))
def test_fill_matches_direct_construction(a: int, m: int, b: int) -> None:
    got = Partition.parse(Template("a^m,b").fill(a=a, m=m, b=b))
    assert got == Partition([a] * m + [b])
