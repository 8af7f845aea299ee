"""Octal and take-and-break games (games/octal/): the code parser, the rules on heaps given
as a partition, the compiled nim-sequence and its certified periods, the command line.

The reference below is written from the definition of a code alone (Winning Ways ch. 4:
digit d_k = the bits of removing k tokens leaving 0, 1, 2 or 3 heaps), on sorted tuples
of heap sizes, and searched directly: the mex over the options of the whole position,
with no nim-sum and no kernel.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.bounds import TooMuchWork
from grundy.cli import main
from grundy.games.octal.octal import DAWSON_KAYLES, GRUNDY_GAME, KAYLES, OctalGame, game_of_code
from grundy.games.octal.octal_code import TakeAndBreak, parse_code
from grundy.games.octal.octal_sequence import NimSequence, Period, certify
from grundy.nim import mex
from grundy.partition import Partition, partitions, partitions_up_to

Heaps = tuple[int, ...]

#: OEIS A002186, Sprague-Grundy values of Kayles (octal .77), n = 0..104 (the b-file's
#: first rows, as printed on oeis.org/A002186).
KAYLES_A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
]  # fmt: skip
#: OEIS A002187, Sprague-Grundy values of Dawson's Chess (octal .137), n = 0..131; "octal
#: game .07 (Dawson's Kayles) has values a(n-1)" (its comment).
DAWSON_A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]  # fmt: skip

#: Octal, hexadecimal and split-only codes, and Grundy's game.
RULES = [
    *(
        parse_code(code)
        for code in ("0.77", "0.07", "0.137", "4.07", "0.16", "0.6", "0.51", "0.37", "4.7")
    ),
    *(parse_code(code) for code in ("0.4", "4.", "0.8", "0.f4", "8.1", "c.3")),
    TakeAndBreak((4,), unequal=True),
]


# ---------------------------------------------------------------- the reference
def reference_heap_options(rule: TakeAndBreak, n: int) -> set[Heaps]:
    """Every multiset of heaps a move on one heap of n leaves, from the definition."""
    found = set()
    for k, digit in enumerate(rule.digits):
        rest = n - k
        if rest < 0:
            continue
        if digit & 1 and rest == 0:
            found.add(())
        if digit & 2 and rest > 0 and k > 0:
            found.add((rest,))
        for a in range(1, rest):
            b = rest - a
            if digit & 4 and a >= b and not (rule.unequal and a == b):
                found.add((a, b))
            if digit & 8:
                found.update((a, b - c, c) for c in range(1, b) if a >= b - c >= c)
    return found


@cache
def reference_value(rule: TakeAndBreak, heaps: Heaps, misere: bool = False) -> int:
    """The value of a position (sorted heaps) by direct search of the whole position."""
    if not heaps and misere:
        return 1
    values = set()
    for i, heap in enumerate(heaps):
        if i and heaps[i - 1] == heap:
            continue
        rest = heaps[:i] + heaps[i + 1 :]
        for left in reference_heap_options(rule, heap):
            values.add(reference_value(rule, tuple(sorted(rest + left, reverse=True)), misere))
    return mex(values) if values or not misere else 1


def plain_sequence(rule: TakeAndBreak, n_max: int) -> list[int]:
    """G(0..n_max) by the plain loop: each heap's mex over its options' nim-sums."""
    g = [0] * (n_max + 1)
    for n in range(1, n_max + 1):
        seen = set()
        for left in reference_heap_options(rule, n):
            total = 0
            for heap in left:
                total ^= g[heap]
            seen.add(total)
        g[n] = mex(seen)
    return g


def game(rule: TakeAndBreak) -> OctalGame:
    return GRUNDY_GAME if rule.unequal else game_of_code(rule.code)


# ---------------------------------------------------------------- the parser
@pytest.mark.parametrize(
    ("text", "digits", "code"),
    [
        ("0.77", (0, 7, 7), "0.77"),
        (".6", (0, 6), "0.6"),
        ("4.07", (4, 0, 7), "4.07"),
        ("0.770", (0, 7, 7), "0.77"),
        (" 0.F4 ", (0, 15, 4), "0.f4"),
        ("4.", (4,), "4."),
        ("0.0007", (0, 0, 0, 0, 7), "0.0007"),
    ],
)
def test_codes_are_read_into_one_spelling(text: str, digits: tuple[int, ...], code: str) -> None:
    rule = parse_code(text)
    assert (rule.digits, rule.code) == (digits, code)
    assert parse_code(rule.code) == rule


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("077", "needs a point"),
        ("12.3", "one digit before the point"),
        ("1.7", "may only split a heap: 0, 4, 8 or c, not 1"),
        ("6.7", "not 6"),
        ("0.7g", "'g' is not a digit"),
        ("0.7.7", "a second point"),
        ("0.-7", "'-' is not a digit"),
        ("0.", "allows no move"),
        (".000", "allows no move"),
        ("0." + "1" * 65, "at most 64 digits"),
    ],
)
def test_bad_codes_are_named(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parse_code(text)
    spelled_as_a_code = text not in ("077", "0.-7")  # else an unknown game's name
    with pytest.raises(ValueError, match=match if spelled_as_a_code else "unknown game"):
        get_ruleset(text)


def test_a_code_is_a_string() -> None:
    with pytest.raises(TypeError, match="float"):
        parse_code(0.77)  # type: ignore[arg-type]


def test_games_are_found_by_their_codes() -> None:
    assert get_ruleset("0.77") is KAYLES and get_ruleset(".770") is KAYLES
    assert get_ruleset("0.07") is DAWSON_KAYLES
    assert get_ruleset("0.137") is get_ruleset("0.1370")
    assert get_ruleset("0.137").rule == parse_code("0.137")
    assert GRUNDY_GAME.rule.code == "4." and not GRUNDY_GAME.rule.is_octal
    with pytest.raises(ValueError, match="unknown game 'kaylez'"):
        get_ruleset("kaylez")
    with pytest.raises(ValueError, match=r"unknown game 'my\.game'"):
        get_ruleset("my.game")


# ---------------------------------------------------------------- the rules
@pytest.mark.parametrize("rule", RULES, ids=str)
def test_heap_options_are_the_definition(rule: TakeAndBreak) -> None:
    rules = game(rule)
    for n in range(16):
        listed = rules.heap_options(n)
        assert len(listed) == len(set(listed)), (rule, n)
        assert set(listed) == reference_heap_options(rule, n), (rule, n)
        assert rules.number_of_options(Partition([n])) == len(listed) or n == 0


@pytest.mark.parametrize("rule", RULES, ids=str)
def test_values_of_partitions_agree_with_direct_search(rule: TakeAndBreak) -> None:
    """Every partition of n ≤ 9, both conventions, and single heaps to 20 (so past
    `small_size`, valued from the compiled sequence)."""
    rules = game(rule)
    for lam in partitions_up_to(9):
        heaps = tuple(lam.parts())
        assert grundy.value(rules, lam) == reference_value(rule, heaps), (rule, lam)
        misere = grundy.value(rules, lam, misere=True)
        assert misere == reference_value(rule, heaps, True), (rule, lam)
    for n in range(21):
        assert grundy.value(rules, [n]) == reference_value(rule, (n,) if n else ()), (rule, n)


@pytest.mark.parametrize("rule", RULES, ids=str)
def test_the_kernel_sequence_is_the_plain_loop(rule: TakeAndBreak) -> None:
    limit = 60 if any(d & 8 for d in rule.digits) else 300
    expected = plain_sequence(rule, limit)
    found = NimSequence(rule).extend_to(limit, by_period=False)
    assert found.values.tolist() == expected
    assert found.computed == limit + 1


@settings(max_examples=40, deadline=None)
@given(
    head=st.sampled_from([0, 4]),
    tail=st.lists(st.integers(0, 7), min_size=1, max_size=4),
)
def test_random_octal_codes_agree_with_the_plain_loop(head: int, tail: list[int]) -> None:
    digits = [head, *tail]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if not any(digits):
        return
    rule = TakeAndBreak(tuple(digits))
    assert NimSequence(rule).extend_to(120, by_period=False).values.tolist() == plain_sequence(
        rule, 120
    )


def test_moves_are_named() -> None:
    described = [o.description for o in grundy.options("dawson-kayles", "6,2")]
    assert described == [
        "take 2 from a heap of 6, leaving 4",
        "take 2 from a heap of 6, leaving 3 and 1",
        "take 2 from a heap of 6, leaving 2 and 2",
        "take the heap of 2",
    ]
    assert [o.description for o in grundy.options("grundy-game", "5")] == [
        "split a heap of 5 into 4 and 1",
        "split a heap of 5 into 3 and 2",
    ]


def test_equal_heaps_cancel_and_huge_positions_are_looked_up() -> None:
    assert grundy.value("kayles", "7^1000000000000") == 0
    assert grundy.value("kayles", "7^1000000000001,3") == 2 ^ 3
    big = 10**30
    assert grundy.value("kayles", [big]) == KAYLES_A002186[71 + (big - 71) % 12]
    assert grundy.answer("kayles", [big]).source == "closed form"


def test_work_past_the_machine_is_refused_before_it_starts() -> None:
    with pytest.raises(TooMuchWork, match="options"):
        grundy.options("kayles", [10**12])
    with pytest.raises(TooMuchWork):
        Solver(KAYLES, fast=False).value(Partition([10**9]))
    with pytest.raises(ValueError, match="past the 50,000,000 heaps"):
        grundy.value("grundy-game", [10**9])
    with pytest.raises(ValueError, match="past the"):
        GRUNDY_GAME.nim_sequence(10**9)


@pytest.mark.parametrize("code", ["0.77", "0.07", "4.07", "grundy-game"])
def test_counts_by_heap_total_agree_with_enumeration(code: str) -> None:
    rules = get_ruleset(code)
    table = rules.count_table(12)
    for n in range(13):
        assert table[n] == Counter(grundy.value(rules, lam) for lam in partitions(n)), n
    assert rules.count_table(5, misere=True) is None


# ---------------------------------------------------------------- published values
def test_kayles_is_oeis_a002186() -> None:
    assert KAYLES.nim_sequence(104).values[:105].tolist() == KAYLES_A002186


def test_dawsons_kayles_and_chess_are_oeis_a002187() -> None:
    assert game_of_code("0.137").nim_sequence(131).values[:132].tolist() == DAWSON_A002187
    assert DAWSON_KAYLES.nim_sequence(132).values[:133].tolist() == [0, *DAWSON_A002187]


#: The first values of other published sequences (OEIS, each citing Winning Ways ch. 4),
#: with the offset of their first term: code → (A-number, offset, values).
PUBLISHED = {
    "0.177": ("A071435", 1, [1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4]),
    "0.7777": ("A071074", 0, [0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9]),
    "0.117": ("A071453", 1, [1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0]),
    "0.56": ("A071436", 1, [1, 0, 2, 2, 4, 1, 1, 3, 2, 4, 4, 6, 6, 2, 1, 1, 7, 6, 8, 4]),
    "0.127": ("A071464", 1, [1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0]),
    "0.1377": ("A071434", 1, [1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2]),
    "0.176": ("A125920", 1, [1, 1, 0, 2, 2, 3, 4, 4, 1, 1, 6, 2, 2, 3, 4, 4, 1, 1, 6, 6]),
}


@pytest.mark.parametrize("code", sorted(PUBLISHED))
def test_other_published_sequences(code: str) -> None:
    """The rows docs/findings/octal.md compares periods with are these games' sequences,
    indexed as published."""
    _, offset, values = PUBLISHED[code]
    found = NimSequence(parse_code(code)).extend_to(offset + len(values), by_period=False)
    assert found.values[offset : offset + len(values)].tolist() == values


# ---------------------------------------------------------------- periods
@pytest.mark.parametrize(
    ("rule", "period"),
    [
        (parse_code("0.77"), Period(71, 12)),  # A002186: periodic from n = 71
        (parse_code("0.137"), Period(52, 34)),  # A002187: last exception at n = 51
        (parse_code("0.07"), Period(53, 34)),  # the same, one heap later
        (parse_code("4.07"), Period(1, 4)),
    ],
    ids=str,
)
def test_a_period_is_certified_exactly_where_the_theorem_allows(
    rule: TakeAndBreak, period: Period
) -> None:
    """The least heap the certificate reads is 2e + 2p + t − 1: one heap less certifies
    nothing; then the predicted values hold far beyond, by the plain loop."""
    e, p = period
    needed = 2 * e + 2 * p + rule.t - 1
    short = NimSequence(rule).extend_to(needed - 1, by_period=False)
    assert short.period is None and certify(rule, short.values) is None
    found = NimSequence(rule).extend_to(needed, by_period=False)
    assert found.period == period and found.needed() == needed
    values = found.values.tolist()
    assert all(values[n + p] == values[n] for n in range(e, 2 * e + p + rule.t))
    assert e == 0 or values[e - 1] != values[e - 1 + p]  # the least pre-period
    far = plain_sequence(rule, 1500)
    assert [found.value(n) for n in range(1501)] == far


def test_periods_are_read_once_certified() -> None:
    rule = parse_code("0.07")
    read = NimSequence(rule).extend_to(20_000)
    assert read.computed < 20_000 and read.period == Period(53, 34)
    assert read.values.tolist() == NimSequence(rule).extend_to(
        3_000, by_period=False
    ).values.tolist() + [read.value(n) for n in range(3_001, 20_001)]


def test_games_the_theorem_does_not_cover_are_not_certified() -> None:
    assert GRUNDY_GAME.nim_sequence(400).period is None
    assert certify(parse_code("0.8"), NimSequence(parse_code("0.8")).extend_to(100).values) is None


# ---------------------------------------------------------------- the command line
def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_sequence_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "sequence", "kayles", "--heaps", "200", "--json")
    data = json.loads(out)
    assert (status, err) == (0, "")
    assert data["sequence"][:105] == KAYLES_A002186 and len(data["sequence"]) == 201
    assert (data["certified"], data["period"], data["preperiod"]) == (True, 12, 71)
    status, out, _ = run(capsys, "sequence", "0.07", "--heaps", "100")
    assert status == 0 and "no period certified within G(0) … G(100)" in out
    status, out, _ = run(capsys, "sequence", "dawson-kayles", "--heaps", "300")
    assert "period 34, pre-period 53: certified" in out
    status, out, _ = run(capsys, "sequence", "grundy-game", "--heaps", "50")
    assert "does not apply (its splits must be into unequal heaps)" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["sequence", "0.7q"], "bad take-and-break code '0.7q'"),
        (["sequence", "chomp"], "chomp has no nim-sequence"),
        (["sequence", "kayles", "--heaps", "-1"], "greater than or equal to 0"),
        (["sequence", "kayles", "--heaps", "100000000000"], "past the"),
        (["value", "1.77", "3"], "may only split a heap"),
    ],
)
def test_bad_command_lines_fail_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and words in err and err.count("\n") == 1, err


def test_value_moves_and_count_of_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "value", "0.77", "5,3,3", "--json")
    assert status == 0 and json.loads(out)["value"] == KAYLES_A002186[5]
    status, out, _ = run(capsys, "moves", "0.137", "4", "--json")
    assert [o["position"] for o in json.loads(out)["options"]] == ["2", "1"]
    status, out, _ = run(capsys, "count", "kayles", "--n", "0..8", "--json", "--no-store")
    counts = json.loads(out)["counts"]
    rule = KAYLES.rule
    for n in range(9):
        expected = Counter(reference_value(rule, tuple(lam.parts())) for lam in partitions(n))
        assert {int(v): k for v, k in counts[str(n)].items()} == expected, n


def test_sweep_of_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "sweep", "0.137", "a,b", "--a", "1..40", "--b", "1..3", "--json", "--no-store"
    )
    assert (status, err) == (0, "")
    rows = json.loads(out)["rows"]
    assert len(rows) == 120
    for row in rows:
        assert row["value"] == DAWSON_A002187[row["a"]] ^ DAWSON_A002187[row["b"]], row


def test_perfect_play_wins_exactly_from_the_n_positions() -> None:
    from grundy.play import Match

    for lam in partitions_up_to(8):
        match = Match(KAYLES, lam)
        while match.winner() is None:
            if match.to_move() == "human":
                match.play(next(iter(match.winning_options()), match.options()[0]).number)
            else:
                match.computer_move()
        assert (match.winner() == "human") == (reference_value(KAYLES.rule, tuple(lam.parts())) > 0)


def test_play_in_the_terminal(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    lines = iter(["hint", "4", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play", "kayles", "5,3"]) == 0
    out = capsys.readouterr().out
    assert "4. take 2 from a heap of 5, leaving 3 -> 3^2: value 0  winning" in out
    assert "you: take 2 from a heap of 5, leaving 3" in out
