"""The partizan games through the door and at the command line (issue 26): `grundy value`,
`moves` and `count` of CRPM and CRPS, against `grundy.partizan` and the outcome rules."""

from __future__ import annotations

import json

import pytest

import grundy
from grundy import partizan
from grundy.answers import answer
from grundy.cli import main
from grundy.partition import partitions


def run(capsys, *words: str) -> dict:
    assert main([*words, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("game", "position"), [("crpm", "3,2"), ("crps", "4,4,3"), ("crpm", "2 + 1^2")]
)
def test_value_prints_the_canonical_form_and_the_outcome(capsys, game: str, position: str) -> None:
    data = run(capsys, "value", game, position)
    form = partizan.value(game, position)
    assert (data["value"], data["outcome"], data["source"]) == (str(form), form.outcome(), "search")
    assert grundy.value(game, position) is form and grundy.outcome(game, position) == form.outcome()


@pytest.mark.parametrize("game", ["crpm", "crps"])
def test_moves_win_exactly_where_the_outcome_says_the_mover_wins(capsys, game: str) -> None:
    for n in range(1, 8):
        for lam in partitions(n):
            data = run(capsys, "moves", game, str(lam))
            left = [row["winning"] for row in data["options"] if row["player"] == "left"]
            right = [row["winning"] for row in data["options"] if row["player"] == "right"]
            # Left moving first wins (L or N) exactly when one of her moves wins; Right likewise.
            assert any(left) == (data["outcome"] in "LN"), (game, str(lam))
            assert any(right) == (data["outcome"] in "RN"), (game, str(lam))
            winning = answer(game, lam, question="winning moves").value
            assert [len(side) for side in winning] == [sum(left), sum(right)]


@pytest.mark.parametrize("game", ["crpm", "crps"])
def test_count_gives_each_outcome_class_and_the_distinct_values(capsys, game: str) -> None:
    data = run(capsys, "count", game, "--n", "1..9")
    for n in range(1, 10):
        values = [partizan.value(game, lam) for lam in partitions(n)]
        classes = {k: sum(v.outcome() == k for v in values) for k in "LRNP"}
        assert data["outcomes"][str(n)] == classes and data["distinct"][str(n)] == len(set(values))
    if game == "crpm":  # no P-position (issue 26's experiment; docs/findings/partizan_cr.md)
        assert all(data["outcomes"][str(n)]["P"] == 0 for n in range(1, 10))


@pytest.mark.parametrize(
    "words",
    [
        ("value", "crpm", "3,2", "--misere"),
        ("moves", "crps", "3,1", "--store", "/nonexistent.sqlite"),
        ("count", "crpm", "--n", "1..3", "--misere"),
        ("value", "crpm", "3,x"),
    ],
)
def test_what_a_partizan_game_cannot_be_asked_is_one_line(capsys, words: tuple[str, ...]) -> None:
    assert main(list(words)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("grundy: ")


@pytest.mark.parametrize("game", ["crpm", "crps"])
@pytest.mark.parametrize("side", ["left", "right"])
def test_a_match_is_won_by_whoever_the_outcome_class_says(game: str, side: str) -> None:
    """Both sides play perfectly (the player by the hints): the side moving first wins
    exactly when the start's outcome is its class or N."""
    from grundy.partizan.match import PartizanMatch

    for n in range(1, 8):
        for lam in partitions(n):
            match = PartizanMatch(game, lam, human=side, first=side)
            while match.winner() is None:
                if match.mover == side:
                    best = next((o for o in match.options() if o.winning), match.options()[0])
                    match.play(str(best.number))
                else:
                    match.computer_move()
            mine = "L" if side == "left" else "R"
            assert (match.winner() == side) == (partizan.outcome(game, lam) in (mine, "N"))


def test_play_in_the_terminal_takes_a_side_and_undoes(monkeypatch, capsys) -> None:
    lines = iter(["hint", "2", "undo", "2", "1"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play", "crpm", "2,1", "--side", "left"]) == 0
    out = capsys.readouterr().out
    assert "2. in 2,1: remove a row of length 1 -> 2: ↑  winning" in out
    assert out.count("you (left): in 2,1: remove a row of length 1") == 2
    assert out.rstrip().endswith("You win!")
    assert main(["play", "cr", "2,1", "--side", "left"]) == 2


#: Every command that takes a game, with the arguments a position needs.
NIMBER_COMMANDS = [
    ("table", "{game}", "3,2"),
    ("stats", "{game}", "3,2"),
    ("search", "{game}", "3,2"),
    ("sweep", "{game}", "partitions", "--n", "3"),
    ("classify", "{game}", "--max-n", "3"),
    ("atlas", "build", "{game}", "--n", "3", "--dir", "{tmp}"),
]


@pytest.mark.parametrize("game", partizan.partizan_names())
def test_every_command_answers_a_partizan_game_or_says_which_do(capsys, tmp_path, game) -> None:
    """value, moves, count, conjecture and play answer every partizan game; every other
    command that takes a game says in one line that the game is partizan and which
    commands answer it."""
    assert main(["value", game, "2,1"]) == 0 and main(["moves", game, "2,1"]) == 0
    assert main(["count", game, "--n", "1..3"]) == 0
    assert main(["conjecture", game, "--when", "P", "--then", "not (L or R or N)", "--n", "3"]) == 0
    capsys.readouterr()
    for words in NIMBER_COMMANDS:
        args = [w.format(game=game, tmp=tmp_path / "atlas") for w in words]
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is a partizan game: grundy value, moves" in err, args


PLUG_IN = '''
from grundy.partition import Partition
from grundy.partizan.partizan_sums import PartizanSumRuleset


class RowsOrLastBox(PartizanSumRuleset):
    """Left removes a row; Right the last box of the last row."""

    name = "rows-or-last-box"

    def summand_left_options(self, lam):
        parts = list(lam.parts())
        for part, _ in lam.runs:
            rest = list(parts)
            rest.remove(part)
            yield ("row", part), (Partition(rest),)

    def summand_right_options(self, lam):
        parts = list(lam.parts())
        if parts:
            parts[-1] -= 1
            yield ("box", 1), (Partition([p for p in parts if p]),)
'''


def test_a_partizan_plug_in_named_by_its_file_is_valued_and_counted(capsys, tmp_path) -> None:
    """A partizan ruleset of one's own, named file.py:attr, as an impartial one is."""
    path = tmp_path / "rows_or_last_box.py"
    path.write_text(PLUG_IN)
    game = f"{path}:RowsOrLastBox"
    # 1^2: Left leaves 1 (*), Right leaves 1 (*): {*|*} = 0; 2: {0|*}, which is ↑
    assert run(capsys, "value", game, "1^2")["outcome"] == "P"
    assert run(capsys, "value", game, "2")["value"] == "↑"
    counted = run(capsys, "count", game, "--n", "1..4")
    assert counted["source"] == ["search"]
    assert counted["outcomes"]["2"] == {"L": 1, "R": 0, "N": 0, "P": 1}
    assert main(["table", game, "2,1"]) == 2
    assert "is a partizan game" in capsys.readouterr().err
