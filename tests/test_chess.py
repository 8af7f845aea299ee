"""Impartial chess on a partition (games/chess/chess.py): rules, pieces, closed forms, the
family."""

from __future__ import annotations

import json
from functools import cache
from math import isqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.cli import main
from grundy.games.chess import chess
from grundy.games.chess.chess import CHESS, PIECES, ChessRules, Piece
from grundy.partition import Partition, partitions_up_to, rectangle

MAX_N = 14
ALL = [lam for lam in partitions_up_to(MAX_N) if lam]

# The move sets written out by hand (docs/games.md table), independent of chess.py:
# (leaps, riders) with vectors (a rows down, b columns right).
REF_PIECES: dict[str, tuple[frozenset, frozenset]] = {
    "king": (frozenset({(0, 1), (1, 0), (1, 1)}), frozenset()),
    "rook": (frozenset(), frozenset({(0, 1), (1, 0)})),
    "bishop": (frozenset(), frozenset({(1, 1)})),
    "queen": (frozenset(), frozenset({(0, 1), (1, 0), (1, 1)})),
    "knight": (frozenset({(1, 2), (2, 1)}), frozenset()),
    "pawn": (frozenset({(0, 1), (1, 1)}), frozenset()),
}
USER = "leaps=1:2,2:1;riders=1:1"  # knight + bishop: symmetric
SKEW = "leaps=0:2,1:0;riders=1:2"  # not symmetric
REF_USER = {
    USER: (frozenset({(1, 2), (2, 1)}), frozenset({(1, 1)})),
    SKEW: (frozenset({(0, 2), (1, 0)}), frozenset({(1, 2)})),
}
DOWNRIGHT = (frozenset({(0, 1), (1, 0)}), frozenset())


def rules_of(name: str) -> ChessRules:
    if name in PIECES:
        return get_ruleset(f"chess-{name}")
    return get_ruleset("chess", piece=name)


def ref_of(name: str) -> tuple[frozenset, frozenset]:
    return REF_PIECES[name] if name in REF_PIECES else REF_USER[name]


ALL_PIECES = [*REF_PIECES, *REF_USER]


# --------------------------------------------------------------- reference
def ref_moves(parts: tuple[int, ...], leaps: frozenset, riders: frozenset) -> set:
    """Vectors (a, b) whose target box — row a+1, column b+1 — is in the diagram."""

    def inside(a: int, b: int) -> bool:
        return a < len(parts) and parts[a] > b

    out = {v for v in leaps if inside(*v)}
    for a, b in riders:
        k = 1
        while inside(k * a, k * b):
            out.add((k * a, k * b))
            k += 1
    return out


def ref_sub(parts: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """λ[a, b]: drop a rows and b columns."""
    return tuple(p - b for p in parts[a:] if p > b)


@cache
def ref_value(parts: tuple[int, ...], piece: tuple[frozenset, frozenset], misere: bool) -> int:
    values = {ref_value(ref_sub(parts, a, b), piece, misere) for a, b in ref_moves(parts, *piece)}
    if not values:
        return 1 if misere else 0
    m = 0
    while m in values:
        m += 1
    return m


def tup(lam: Partition) -> tuple[int, ...]:
    return tuple(lam.parts())


# ------------------------------------------------------------------- rules
def test_registered_pieces() -> None:
    for name, (leaps, riders) in REF_PIECES.items():
        rules = get_ruleset(f"chess-{name}")
        assert isinstance(rules, ChessRules) and rules.name == f"chess-{name}"
        assert rules.piece is PIECES[name]
        assert (set(rules.piece.leaps), set(rules.piece.riders)) == (leaps, riders)
        assert not rules.allows_empty


@pytest.mark.parametrize("name", ALL_PIECES)
@pytest.mark.parametrize("misere", [False, True])
def test_values_match_reference(name: str, misere: bool) -> None:
    rules, piece = rules_of(name), ref_of(name)
    exhaustive = Solver(rules, fast=False)
    for lam in ALL:
        expected = ref_value(tup(lam), piece, misere)
        assert grundy.value(rules, lam, misere) == expected, (name, str(lam))
        assert exhaustive.value(lam, misere) == expected, (name, str(lam))


@pytest.mark.parametrize("name", ALL_PIECES)
def test_options_match_reference(name: str) -> None:
    rules, piece = rules_of(name), ref_of(name)
    for lam in ALL:
        if lam.size > 10:
            break
        moves = list(rules.options(lam))
        expected = {(v, Partition(ref_sub(tup(lam), *v))) for v in ref_moves(tup(lam), *piece)}
        assert set(moves) == expected and len(moves) == len(expected), (name, str(lam))


def test_options_of_3_2_1() -> None:
    lam = Partition([3, 2, 1])

    def opts(name: str) -> list[tuple[tuple[int, int], str]]:
        return [(v, str(p)) for v, p in rules_of(name).options(lam)]

    assert opts("king") == [((0, 1), "2,1"), ((1, 0), "2,1"), ((1, 1), "1")]
    assert opts("rook") == [((0, 1), "2,1"), ((0, 2), "1"), ((1, 0), "2,1"), ((2, 0), "1")]
    assert opts("bishop") == [((1, 1), "1")]
    assert opts("queen") == [*opts("rook")[:2], ((1, 0), "2,1"), ((1, 1), "1"), ((2, 0), "1")]
    assert opts("knight") == []  # boxes (2,3) and (3,2) are outside [3,2,1]
    assert opts("pawn") == [((0, 1), "2,1"), ((1, 1), "1")]
    values = {name: grundy.value(f"chess-{name}", lam) for name in PIECES}
    assert values == {"king": 2, "rook": 2, "bishop": 1, "queen": 2, "knight": 0, "pawn": 2}


def test_downright_piece_is_downright() -> None:
    rules = get_ruleset("chess", piece="leaps=0:1,1:0")
    assert rules.name == "chess[leaps=0:1,1:0]" and rules.conjugation_invariant
    exhaustive = Solver(rules, fast=False)
    for misere in (False, True):
        for lam in ALL:
            expected = grundy.value("downright", lam, misere)
            assert ref_value(tup(lam), DOWNRIGHT, misere) == expected, str(lam)
            assert grundy.value(rules, lam, misere) == expected, str(lam)
            assert exhaustive.value(lam, misere) == expected, str(lam)


def test_parse_and_format() -> None:
    rules = get_ruleset("chess-knight")
    for text in ("3,2,1", "4^3,1", "1"):
        lam = rules.parse(text)
        assert rules.parse(rules.format_position(lam)) == lam
    with pytest.raises(ValueError, match="non-empty"):
        rules.parse("")
    with pytest.raises(ValueError, match="x"):
        rules.parse("3,x")
    assert rules.format_move((1, 2)) == "move 1 down, 2 right"
    assert rules.format_move((0, 3)) == "move 3 right"
    assert rules.format_move((2, 0)) == "move 2 down"
    assert list(rules.positions_of_size(0)) == []


# ------------------------------------------------------------- conjugation
@pytest.mark.parametrize("name", ALL_PIECES)
def test_conjugation_invariance(name: str) -> None:
    rules, piece = rules_of(name), ref_of(name)
    symmetric = name not in ("pawn", SKEW)
    assert rules.conjugation_invariant is symmetric is rules.piece.is_symmetric
    broken = [
        lam
        for lam in ALL
        if lam.size <= 12
        for misere in (False, True)
        if ref_value(tup(lam), piece, misere) != ref_value(tup(lam.conjugate()), piece, misere)
    ]
    if symmetric:
        assert not broken
        lam = Partition([4, 1])
        assert rules.canonical(lam) == rules.canonical(lam.conjugate())
    else:
        # the smallest failure: one box to the right of the piece vs one box below it
        assert broken[0] in (Partition([2]), Partition([1, 1]))
        assert rules.canonical(Partition([1, 1])) == Partition([1, 1])


def test_pawn_where_conjugation_fails() -> None:
    pawn = REF_PIECES["pawn"]
    # [2]: one step right wins; [1,1]: the pawn cannot move down alone.
    assert ref_value((2,), pawn, False) == 1 and ref_value((1, 1), pawn, False) == 0
    broken = sum(
        ref_value(tup(lam), pawn, False) != ref_value(tup(lam.conjugate()), pawn, False)
        for lam in ALL
        if lam.size <= 12
    )
    assert broken > 0


# ------------------------------------------------------------ closed forms
def wythoff_pairs(limit: int) -> set[tuple[int, int]]:
    """P-positions of Wythoff's game (⌊kφ⌋, ⌊kφ²⌋) and their mirror images, below limit."""
    pairs = set()
    for k in range(limit):
        a = (k + isqrt(5 * k * k)) // 2
        pairs |= {(a, a + k), (a + k, a)}
    return pairs


def test_rook_on_rectangles_is_nim() -> None:
    rook = get_ruleset("chess-rook")
    exhaustive = Solver(rook, fast=False)
    for r in range(1, 13):
        for c in range(1, 13):
            lam = rectangle(r, c)
            assert exhaustive.value(lam) == (r - 1) ^ (c - 1) == rook.closed_form(lam)
            assert rook.closed_form(lam, misere=True) is None
    assert rook.closed_form(Partition([3, 1])) is None


def test_queen_on_rectangles_is_wythoff() -> None:
    queen = Solver(get_ruleset("chess-queen"), fast=False)
    pairs = wythoff_pairs(13)
    assert {(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)} <= pairs
    for r in range(1, 13):
        for c in range(1, 13):
            assert (queen.value(rectangle(r, c)) == 0) == ((r - 1, c - 1) in pairs), (r, c)


@pytest.mark.parametrize(
    ("name", "form"),
    [
        ("king", chess.king_rectangle_value),
        ("knight", chess.knight_rectangle_value),
        ("pawn", chess.pawn_rectangle_value),
    ],
)
def test_rectangle_closed_forms(name: str, form) -> None:
    rules = get_ruleset(f"chess-{name}")
    exhaustive = Solver(rules, fast=False)
    for misere in (False, True):
        for r in range(1, 13):
            for c in range(1, 13):
                lam = rectangle(r, c)
                expected = exhaustive.value(lam, misere)
                assert form(r, c, misere) == expected, (name, r, c, misere)
                assert rules.closed_form(lam, misere) == expected
        assert rules.closed_form(Partition([2, 1]), misere) is None


def test_bishop_is_a_nim_heap() -> None:
    bishop = get_ruleset("chess-bishop")
    exhaustive = Solver(bishop, fast=False)
    for misere in (False, True):
        for lam in ALL:
            assert bishop.closed_form(lam, misere) == exhaustive.value(lam, misere), str(lam)
    assert chess.bishop_value(Partition.parse("9^9")) == 8
    assert chess.bishop_value(Partition.parse("9^9"), misere=True) == 8
    assert chess.bishop_value(Partition.parse("5,1"), misere=True) == 1


def test_pieces_without_closed_forms() -> None:
    assert get_ruleset("chess-queen").closed_form(rectangle(3, 3)) is None
    assert get_ruleset("chess", piece=USER).closed_form(rectangle(3, 3)) is None


def test_huge_positions() -> None:
    assert grundy.value("chess-rook", "1000000^999") == 999_999 ^ 998
    assert grundy.value("chess-bishop", "1000^1000,3") == 999
    assert grundy.value("chess-king", "1001^1000") == 3
    assert grundy.value("chess-knight", rectangle(10**6, 10**6)) == 0  # m = 999999, D = 0
    assert grundy.value("chess-pawn", "7^1000") == 0


# ------------------------------------------------------------------ pieces
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("leaps=1:2,2:1;riders=1:1", "leaps=1:2,2:1;riders=1:1"),
        ("riders=1:1;leaps=2:1,1:2", "leaps=1:2,2:1;riders=1:1"),
        ("  Leaps = 2 : 1 ,1:2 ; ", "leaps=1:2,2:1"),
        ("riders=0:1,1:0", "riders=0:1,1:0"),
        ("leaps=2:2,3:0;riders=1:1", "leaps=3:0;riders=1:1"),  # 2:2 is on the 1:1 ray
        ("riders=2:4,1:2,3:0", "riders=1:2,3:0"),  # 2:4 rides along 1:2
        ("riders=2:0,3:0", "riders=2:0,3:0"),
        ("leaps=1:1,1:1", "leaps=1:1"),
        ("queen", "riders=0:1,1:0,1:1"),
        (" Knight ", "leaps=1:2,2:1"),
    ],
)
def test_piece_parse_round_trip(text: str, canonical: str) -> None:
    piece = Piece.parse(text)
    assert str(piece) == canonical
    assert Piece.parse(str(piece)) == piece and hash(Piece.parse(canonical)) == hash(piece)
    assert eval(repr(piece)) == piece


def test_piece_equality_and_transpose() -> None:
    assert Piece(riders=[(1, 1)], leaps=[(3, 3)]) == PIECES["bishop"]
    assert Piece(leaps=[(1, 2)]) != Piece(riders=[(1, 2)])
    assert Piece.parse(SKEW).transpose() == Piece.parse("leaps=0:1,2:0;riders=2:1")
    assert Piece.coerce(PIECES["king"]) is PIECES["king"]
    assert PIECES["pawn"].vectors(Partition([3, 2, 1])) == [(0, 1), (1, 1)]
    assert PIECES["queen"].vectors(Partition([1])) == []


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("", "at least one"),
        (" ; ", "at least one"),
        ("leaps", "'leaps'"),
        ("leaps=", "''"),
        ("leaps=1:", "'1:'"),
        ("leaps=1", "'1'"),
        ("leaps=-1:2", "'-1:2'"),
        ("riders=0:0", "'0:0'"),
        ("leaps=1:2;leaps=2:1", "'leaps' given twice"),
        ("jumps=1:2", "'jumps'"),
        ("leaps=a:b", "'a:b'"),
        ("leaps=1:2:3", "'1:2:3'"),
        ("riders=1:1,", "''"),
        ("leaps=1.5:2", "'1.5:2'"),
        ("queeen", "'queeen'"),
    ],
)
def test_bad_piece_text(text: str, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        Piece.parse(text)
    with pytest.raises(ValueError):
        get_ruleset("chess", piece=text)


def test_bad_piece_objects() -> None:
    with pytest.raises(TypeError):
        Piece.parse(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pair"):
        Piece(leaps=[(1,)])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        Piece(leaps=[(1.5, 2)])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        Piece(riders=[(True, 1)])
    with pytest.raises(ValueError, match="non-negative"):
        Piece(riders=[(1, -1)])
    with pytest.raises(ValueError, match=r"\(0, 0\)"):
        Piece(leaps=[(0, 0)])


vectors_st = st.lists(
    st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(lambda v: v != (0, 0)), max_size=4
)


@settings(max_examples=40, deadline=None)
@given(vectors_st, vectors_st)
def test_piece_text_round_trip(leaps: list, riders: list) -> None:
    if not leaps and not riders:
        return
    piece = Piece(leaps, riders)
    assert Piece.parse(str(piece)) == piece
    assert piece.transpose().transpose() == piece


# ------------------------------------------------------------------ family
def test_family_with_parameters() -> None:
    game = get_ruleset("chess", piece="leaps=1:2,2:1")
    assert game.name == "chess[leaps=1:2,2:1]"
    assert get_ruleset("chess", piece=" leaps = 2:1, 1:2 ") is game
    assert get_ruleset("chess", piece=Piece(leaps=[(2, 1), (1, 2)])) is game
    assert get_ruleset("CHESS", piece="knight") is game
    assert CHESS.requires_parameters and "piece" in CHESS.parameters
    assert "leaps=" in CHESS.parameters["piece"]
    # the fixed pieces: no parameters → themselves; a piece → the family's game
    king = get_ruleset("chess-king")
    assert king.with_parameters() is king
    assert king.with_parameters(piece="knight") is game


def test_family_errors() -> None:
    with pytest.raises(ValueError, match=r"needs a piece: piece=.*leaps="):
        get_ruleset("chess")
    with pytest.raises(ValueError, match="needs a piece"):
        CHESS.with_parameters(piece=None)
    with pytest.raises(ValueError, match="colour"):
        get_ruleset("chess", piece="king", colour="white")
    with pytest.raises(ValueError, match="needs a piece"):
        list(CHESS.options(Partition([2])))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=12), st.sampled_from(ALL_PIECES))
def test_larger_partitions(parts: list[int], name: str) -> None:
    lam = Partition(parts)
    for misere in (False, True):
        expected = ref_value(tup(lam), ref_of(name), misere)
        assert grundy.value(rules_of(name), lam, misere) == expected


# --------------------------------------------------------------------- CLI
def test_cli_value_with_piece(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "chess", "3,2,1", "--piece", "king", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 2
    assert main(["moves", "chess-knight", "3,3,2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["description"] for o in data["options"]} == {
        "move 1 down, 2 right",
        "move 2 down, 1 right",
    }
