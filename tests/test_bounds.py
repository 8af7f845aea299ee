"""Bounds before work (issue 16): requests past the machine refused at once, predicates
with bounded arithmetic, printing linear in the output, JSON of any depth read safely."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from rich.text import Text

from grundy import bounds
from grundy.analysis.conjectures import MEANINGS, check_conjecture
from grundy.analysis.counts import count_table
from grundy.bounds import (
    CENSUS_BYTES,
    CENSUS_RATE,
    CONJECTURE_RATE,
    EXACT_UP_TO,
    TooMuchWork,
    check_positions,
    partition_count,
)
from grundy.cli import main
from grundy.cli.printing import ShortTextHighlighter
from grundy.partition import partition_numbers
from grundy.registry import get_ruleset, rulesets
from grundy.validate import MAX_JSON_DEPTH, read_json


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one line a refused command prints (exit status 2)."""
    status, out, err = run(capsys, argv)
    assert status == 2, (argv, out, err)
    assert err.startswith("grundy: error: ") and err.count("\n") == 1, err
    return err


# ------------------------------------------------------------------ printing
def test_long_text_is_printed_uncoloured_and_short_text_coloured() -> None:
    """rich's colouring is quadratic in a line's length; long lines skip it."""
    highlighter = ShortTextHighlighter()
    long, short = Text("1" * (highlighter.LONGEST + 1)), Text("value 12 at (3, 4)")
    highlighter.highlight(long)
    highlighter.highlight(short)
    assert long.spans == [] and short.spans


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["value", "lctr", "1" + "0" * 9_999], "1" + "0" * 9_999 + " (normal play): value"),
        (["value", "matrix", "1" * 20_000], "1" * 20_000 + " (normal play): value"),
    ],
    ids=["10,000-digit part", "row of 20,000 ones"],
)
def test_long_positions_print_whole(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    status, out, err = run(capsys, argv)
    assert status == 0, err
    assert expected in out and out.count("\n") == 1


# ---------------------------------------------------------------------- JSON
def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [MAX_JSON_DEPTH + 1, 900, 100_000])
def test_deep_json_poset_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, levels: int
) -> None:
    """A file deeper than Python's reader recurses (100,000 levels), and valid poset files
    whose label nests deeper than the bound (a walk of the label would recurse)."""
    path = tmp_path / "deep.json"
    if levels > 1_000:
        path.write_text(deep(levels))
    else:  # an object, its list of covers, a pair, then the label
        path.write_text(f'{{"covers": [[1, {deep(levels - 2)}]]}}')
    err = refused(capsys, ["poset", "values", f"@{path}"])
    assert f"{path}: not valid JSON: nested more than {MAX_JSON_DEPTH} levels deep" in err


def test_json_as_deep_as_allowed_reads(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text(deep(MAX_JSON_DEPTH))
    value = read_json(path)
    for _ in range(MAX_JSON_DEPTH - 1):
        (value,) = value
    assert value == []


def test_deep_checkpoint_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text(deep(100_000))
    before = path.read_bytes()
    err = refused(capsys, ["poset", "ruler-set-partitions", "--n", "3", "--checkpoint", str(path)])
    assert "cannot read checkpoint" in err and "nested more than" in err
    assert path.read_bytes() == before


# ---------------------------------------------------------------- predicates
@pytest.mark.parametrize(
    ("then", "fragment"),
    [
        ("2 ** 2 ** 40 > 0", "2 ** 2 ** 40 is 2 ** 1,099,511,627,776, a number of about"),
        (
            "(10 ** 3000) * (10 ** 3000) > 0",
            "(10 ** 3000) * (10 ** 3000) is a product of about 19,932 bits",
        ),
        ("len(position * 10 ** 9) > 0", "position * 10 ** 9 repeats 1 items 1,000,000,000 times"),
        ("len(10 ** 7 * parts) > 0", "10 ** 7 * parts repeats 1 items 10,000,000 times"),
        ("position % 2 == 0", "position % 2: % takes numbers, not text"),
    ],
)
def test_costly_arithmetic_is_refused_naming_the_step(
    capsys: pytest.CaptureFixture[str], then: str, fragment: str
) -> None:
    err = refused(capsys, ["conjecture", "cr", "--n", "1..5", "--then", then])
    assert f"predicate {then!r} at 1: {fragment}" in err


@pytest.mark.parametrize(
    ("then", "holds"),
    [
        ("(parts[0] - len(parts)) % 2 == 0", True),  # README, with --when "value == 0"
        ("rank % 2 == 0", True),  # docs/findings.md
        ("2 ** 9999 > n and 2 ** n > n", True),  # up to the bound is computed
        ("len(parts * 3) == 3 * rows and -(10 ** 3000) < value", True),
        ("durfee ** 2 <= sum(parts) == n", True),
        ("value ** 2 == 1", False),
    ],
)
def test_documented_predicates_still_run(then: str, holds: bool) -> None:
    result = check_conjecture("cr", then, when="value == 0", sizes=range(1, 13), limit=1)
    assert result["holds"] is holds


def test_deeply_nested_predicates_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for then in ("-" * 100_000 + "1", "(" * 1000 + "1" + ")" * 1000, "2 ** " * 5000 + "1"):
        err = refused(capsys, ["conjecture", "cr", "--n", "3", "--then", then])
        assert "bad predicate" in err and len(err) < 300


def test_conjecture_help_lists_every_name(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, ["conjecture", "--help"])
    status, out, _ = run(capsys, ["conjecture", "--help"])
    assert status == 0
    text = " ".join(out.split())
    names = [f"{name} ({meaning})" for name, meaning in MEANINGS.items()]
    for name in (*names, "len, min, max, abs, sum", "10,000 bits", "1 when there are counter"):
        assert name in text, name


# ---------------------------------------------------------------- work bounds
@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["count", "chomp", "--n", "100000"], "counting chomp at n ≤ 100000 by valuing every"),
        (["count", "chomp", "--n", "1..119"], "counting chomp at n ≤ 119 by its census would hold"),
        (["count", "cr", "--n", "10**12"], "bad --n"),
        (["count", "lctr", "--n", "1000000"], "takes more than 1,000,000 sizes"),
        (["count", "lctr-3d", "--n", "300"], "counting lctr-3d at n ≤ 300 by valuing"),
        (["count", "lctr", "--n", "900000"], "by the Durfee window would take about 9.3 days"),
        (["conjecture", "cr", "--n", "1..100000", "--then", "True"], "would take about 10^"),
        (["conjecture", "cr", "--n", "0..10000000", "--then", "True"], "more than 1,000,000"),
        (["classify", "lctr", "--max-n", "1000000000000"], "more than 1,000,000 positions"),
        (["sweep", "cr", "a", "--a", "1..1000000000000"], "parameter a takes more than 10,000"),
        (["sweep", "cr", "a,b", "--a", "1..10000", "--b", "1..10000"], "100,000,000 parameter"),
        (["sweep", "cr", "partitions", "--n", "1..200"], "has more than 10,000,000 members"),
        (["sweep", "cr", "box", "--rows", "40", "--columns", "40"], "(at rows=40, columns=40: 1"),
        (["sweep", "cr", "((((a**64)**64)**64)**64)", "--a", "2"], "at most 100,000"),
        (["poset", "ruler-set-partitions", "--n", "1..100000"], "computing h(100000) would"),
        (["poset", "ruler-asm", "--n", "1000"], "the ruler on A_1000 would take about 126 days"),
        (["poset", "ruler-asm", "--n", "100000"], "would hold about 149.0 GiB at once"),
        (["poset", "ruler-subspaces", "--d", "300000"], "g_q(0..300000) would take about"),
        (["poset", "ideal-asm", "--n", "2..1000000000"], "A_1000000000 has 166,666,666"),
    ],
)
def test_work_past_the_machine_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    fragment: str,
) -> None:
    monkeypatch.setattr(bounds, "PHYSICAL_MEMORY", 16 << 30)  # the same refusals everywhere
    store = ["--no-store"] if argv[0] in ("count", "sweep") else []
    assert fragment in refused(capsys, [*argv, *store])


def test_refusals_say_what_would_be_needed() -> None:
    with pytest.raises(TooMuchWork) as caught:
        count_table("chomp", 100_000, store=None)
    message = str(caught.value)
    assert re.search(r"would take about 10\^3\d\d years \(2\.8 × 10\^346 positions at", message)
    assert "more than the 7 days grundy starts on" in message


def test_what_the_machine_can_do_is_not_refused() -> None:
    """The bounds pass the README's requests (run here only up to where they are quick)."""
    for game, n in (("chomp", 55), ("cr", 66), ("cr", 110), ("corner", 86)):
        kernel = get_ruleset(game).kernel
        assert kernel.can_census(n)
        check_positions(get_ruleset(game), range(n + 1), "counting", CENSUS_RATE, CENSUS_BYTES)
    check_positions(get_ruleset("cr"), range(1, 56), "conjecture", CONJECTURE_RATE, CENSUS_BYTES)
    assert count_table("chomp", 20)[20] == count_table("chomp", 20, method="enumerate")[20]


def test_every_game_that_lists_positions_counts_at_most_them() -> None:
    """`number_of_positions` is exact for partitions, a lower bound otherwise."""
    for rules in rulesets():
        for n in range(9):
            listed = rules.positions_of_size(n)
            if listed is None:
                assert rules.number_of_positions(n) is None, rules.name
                continue
            known = rules.number_of_positions(n)
            assert known is not None and known <= sum(1 for _ in listed), (rules.name, n)


def test_partition_counts() -> None:
    exact = partition_numbers(EXACT_UP_TO)
    assert [partition_count(n) for n in range(EXACT_UP_TO + 1)] == exact
    # Hardy–Ramanujan above: p(100000) = 2.749… × 10^346 (OEIS A000041); 1.4 % high at 1001
    assert 0 < math.log10(partition_count(100_000)) - math.log10(2749 * 10**343) < 0.01
    assert 1 < partition_count(EXACT_UP_TO + 1) / exact[-1] < 1.06
