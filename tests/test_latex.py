"""`--latex FILE` on every command that prints a table (issue 19, "output fit for a paper").

Each command's LaTeX holds its printed tables, cell for cell (read back to plain text
and compared with the piped output), in booktabs tabulars, or longtables when longer
than a page; positions are formulas with raised exponents, text is escaped.  A test
walks the command line and fails for a command that prints a table without --latex.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.table import Table

import grundy.cli
from grundy.cli import main
from grundy.render.latex import PAGE_COLUMNS, PAGE_ROWS
from grundy.render.typeset import _LATEX_SPECIAL, _MATH_SYMBOLS

#: Every command that prints a table: a small input, and a header cell of its table.
COMMANDS: dict[str, tuple[list[str], str]] = {
    "count": (["lctr", "--n", "1..6"], "value 0"),
    "moves": (["cr", "2^2,1"], "to"),
    "sweep": (["cr", "a^2,1", "--a", "1..3"], "position"),
    "pattern": (["lctr", "b^a", "--a", "1..4", "--b", "1..4"], "min(a, b, 3)"),
    "classify": (["lctr", "--max-n", "4"], "smallest counterexample"),
    "stats": (["lctr", "3,2,1"], "parameter"),
    "games": ([], "capabilities"),
    "store list": ([], "sizes counted"),
    "reproduce": (["001", "--quick"], "claim"),
    "poset values": (["set-partitions:3"], "element"),
    "poset position": (["chain:3", "--heads", "3", "--all-moves"], "heads after"),
    "poset ruler-set-partitions": (["--n", "1..6"], "h(n)"),
    "poset ruler-asm": (["--n", "5"], "r \\ s"),
    "poset ideal-asm": (["--n", "2..4"], "mismatches"),
    "poset ruler-subspaces": (["--d", "6"], "g_q(d)"),
}

#: LaTeX's escapes of its special characters and the symbols written as math
#: (`grundy.render.typeset.escape_latex`), read back.
_UNESCAPED = {latex: ch for ch, latex in _LATEX_SPECIAL.items()} | {"-{}": "-"}
_ESCAPE = re.compile("|".join(re.escape(e) for e in sorted(_UNESCAPED, key=len, reverse=True)))
_IN_TEXT = {f"${latex}$": ch for ch, latex in _MATH_SYMBOLS.items()}
_IN_FORMULA = {f"{latex}{{}}": ch for ch, latex in _MATH_SYMBOLS.items()}
_MATH = re.compile(r"(?<!\\)\$(.*?)(?<!\\)\$")
_SCRIPT = re.compile(r"([\^_])\{([^{}]*)\}")
_SPECIALS = set("\\&%$#_{}^~<>|")


def plain(latex: str) -> str:
    """A cell's or caption's text as the terminal prints it, read back from its LaTeX;
    fails on a special character left unescaped (a bare ``^`` in a formula included)."""
    for symbol, ch in _IN_TEXT.items():
        latex = latex.replace(symbol, ch)
    pieces, at = [], 0
    for match in _MATH.finditer(latex):
        pieces += [_text(latex[at : match.start()]), _formula(match[1])]
        at = match.end()
    return "".join([*pieces, _text(latex[at:])])


def _text(latex: str) -> str:
    assert not _SPECIALS & set(_ESCAPE.sub("", latex)), f"unescaped in {latex!r}"
    return _ESCAPE.sub(lambda m: _UNESCAPED[m[0]], latex)


def _formula(body: str) -> str:
    """A formula's text: ``2^{2},a^{m},1^{r-1}`` → ``2^2,a^m,1^(r-1)``, ``A_{4}`` → ``A_4``
    (the input syntax)."""
    for symbol, ch in _IN_FORMULA.items():
        body = body.replace(symbol, ch)
    parts = _SCRIPT.split(body)  # text, ^ or _, its piece, text, …
    return "".join(
        _text(part) if i % 3 == 0 else _script(parts[i - 1], _text(part))
        for i, part in enumerate(parts)
        if i % 3 != 1
    )


def _script(kind: str, text: str) -> str:
    """An exponent or subscript in the input syntax: digits or a name (one letter, for a
    subscript) as they are, else in parentheses (braces)."""
    if kind == "^":
        return "^" + (text if text.isdigit() or text.isidentifier() else f"({text})")
    return "_" + (text if text.isdigit() or len(text) == 1 else f"{{{text}}}")


def parse(latex: str) -> list[dict[str, Any]]:
    """The tables of a --latex file, checked: environments balanced, one column spec
    letter (l or r) per cell in every row; each table's caption, header and rows."""
    lines = latex.splitlines()
    assert lines[0] in (r"% \usepackage{booktabs}", r"% \usepackage{booktabs,longtable}")
    open_environments: list[str] = []
    tables: list[dict[str, Any]] = []
    caption = None
    for line in lines:
        if begin := re.fullmatch(r"\\begin\{(tabular|longtable)\}\{([lr]+)\}", line):
            open_environments.append(begin[1])
            tables.append({"kind": begin[1], "spec": begin[2], "caption": caption, "rows": []})
            caption = None
        elif end := re.fullmatch(r"\\end\{(\w+)\}", line):
            assert open_environments.pop() == end[1]
        elif found := re.fullmatch(r"%? ?\\caption\{(.*)\}( \\\\)?", line):
            # a tabular's caption is a comment above it, a longtable's in it (ending in \\)
            commented = line.startswith("%")
            assert commented == (not open_environments) == (found[2] is None), line
            if open_environments:
                tables[-1]["caption"] = found[1]
            else:
                caption = found[1]
        elif line.endswith(r" \\") and not line.startswith(r"\multicolumn"):
            cells = re.split(r"(?<!\\)&", line.removesuffix(r" \\"))
            assert len(cells) == len(tables[-1]["spec"]), line
            tables[-1]["rows"].append([plain(cell.strip()) for cell in cells])
    assert not open_environments
    for table in tables:
        table["caption"] = None if table["caption"] is None else plain(table["caption"])
        if table["kind"] == "longtable":  # its header twice: the first page's, the others'
            assert table["rows"][0] == table["rows"][1]
            table["rows"].pop(0)
    return tables


def printed_tables(out: str) -> tuple[list[str], list[str]]:
    """The titles ('# ' lines) and the table lines (those with a tab) of piped output."""
    lines = out.splitlines()
    return [line[2:] for line in lines if line.startswith("# ")], [
        line for line in lines if "\t" in line
    ]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", list(COMMANDS))
def test_latex_holds_the_printed_tables(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args, header_cell = COMMANDS[command]
    if command == "store list":
        assert run(capsys, ["count", "lctr", "--n", "1..3"])[0] == 0
    path = tmp_path / "out.tex"
    status, out, err = run(capsys, [*command.split(), *args, "--latex", str(path)])
    assert status == 0, err
    assert err == f"wrote {path}\n"
    tables = parse(path.read_text())
    assert header_cell in tables[0]["rows"][0]
    titles, lines = printed_tables(out)
    assert [t["caption"] for t in tables if t["caption"]] == titles
    assert ["\t".join(row) for t in tables for row in t["rows"]] == lines
    path.unlink()
    status, out, err = run(capsys, [*command.split(), *args, "--latex", str(path), "--json"])
    assert (status, err) == (0, "")
    assert json.loads(out)["latex"] == str(path) and path.exists()


def test_positions_are_formulas_with_raised_exponents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "moves.tex"
    assert run(capsys, ["moves", "cr", "2^2,1", "--latex", str(path)])[0] == 0
    text = path.read_text()
    assert r"% \caption{cr 2$^{2}$,1: value 3}" in text
    assert r"\begin{tabular}{llrl}" in text  # move, to: text and formula; value: a number
    assert r"remove a row of length 1 & $2^{2}$ & 0 & yes \\" in text
    assert r"$1^{3}$" in text and "2^2" not in text


def test_a_long_sweep_is_a_longtable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Broken across pages: the caption, the header on every page, "continued" at the foot
    of all but the last."""
    path = tmp_path / "long.tex"
    argv = ["sweep", "lctr", "a,b", "--a", "1..9", "--b", "1..5", "--latex", str(path)]
    assert run(capsys, argv)[0] == 0
    text = path.read_text()
    assert text.startswith(r"% \usepackage{booktabs,longtable}")
    assert r"\begin{longtable}{rrlr}" in text and r"\begin{tabular}" not in text
    head, rest = text.split(r"\endfirsthead")
    repeated, rows = rest.split(r"\endhead")
    header = r"a & b & position & value \\"
    assert header in head.splitlines() and header in repeated.splitlines()
    assert r"\caption{lctr on a,b: 45 positions} \\" in head
    assert r"\emph{continued on the next page}" in rows.split(r"\endfoot")[0]
    assert r"\endlastfoot" in rows
    (table,) = parse(text)
    assert len(table["rows"]) == 1 + 45 and table["rows"][1] == ["1", "1", "1^2", "2"]


@pytest.mark.parametrize("rows", [PAGE_ROWS, PAGE_ROWS + 1])
def test_more_rows_than_a_page_make_a_longtable(
    rows: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.tex"
    argv = ["poset", "ruler-subspaces", "--d", str(rows - 1), "--latex", str(path)]  # d = 0, 1, …
    assert run(capsys, argv)[0] == 0
    (table,) = parse(path.read_text())
    assert table["kind"] == ("longtable" if rows > PAGE_ROWS else "tabular")
    assert len(table["rows"]) == 1 + rows


@pytest.mark.parametrize("where", ["/nonexistent-dir/t.tex", "{tmp}"])
def test_a_bad_path_fails_before_any_work(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import grundy.analysis.counts

    def work(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the count started")

    monkeypatch.setattr(grundy.analysis.counts, "count_table", work)
    path = where.format(tmp=tmp_path)
    status, out, err = run(capsys, ["count", "lctr", "--n", "1..5", "--latex", path])
    assert (status, out) == (2, "")
    assert err.startswith("grundy: error: cannot write") and err.count("\n") == 1


def test_an_empty_table_is_its_header(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A command that prints no rows (a terminal position) still writes its table's header."""
    path = tmp_path / "none.tex"
    assert run(capsys, ["moves", "lctr", "[]", "--latex", str(path)])[0] == 0
    (table,) = parse(path.read_text())
    assert table["rows"] == [["move", "to", "value", "winning"]]


def _prints_table(function: Callable[..., Any], seen: set[Callable[..., Any]]) -> bool:
    """Whether `function` builds a rich Table, itself or through a function of grundy.cli it
    calls by name."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        called = function.__globals__.get(node.func.id)
        if node.func.id == "Table" or called is Table:
            return True
        inside = inspect.isfunction(called) and called.__module__.startswith("grundy.cli")
        if inside and called not in seen:
            seen.add(called)
            if _prints_table(called, seen):
                return True
    return False


def _leaf_commands(group: Any, prefix: str = "") -> dict[str, Any]:
    """Every command of the command line, by its words ("poset values")."""
    out = {}
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            out |= _leaf_commands(command, f"{prefix}{name} ")
        else:
            out[prefix + name] = command
    return out


def test_every_command_that_prints_a_table_takes_latex() -> None:
    """A future table command cannot forget --latex, nor a test row here."""
    commands = _leaf_commands(typer.main.get_command(grundy.cli.app))
    with_tables = {
        name
        for name, command in commands.items()
        if _prints_table(inspect.unwrap(command.callback), set())
    }
    assert {"count", "moves", "poset values", "store list"} <= with_tables  # it finds them
    for name in with_tables:
        options = {opt for param in commands[name].params for opt in param.opts}
        assert "--latex" in options, f"grundy {name} prints a table without --latex"
    assert with_tables == set(COMMANDS)
    assert "--latex" in {opt for p in commands["table"].params for opt in p.opts}  # ytableau


def test_a_wide_count_is_fitted_to_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`count chomp --n 1..40` prints 42 columns (n, values 0..39, total); its LaTeX is
    transposed as the terminal's table is (values down, sizes across) and cut into parts
    of at most `PAGE_COLUMNS` columns, which hold every cell of the printed table."""
    path = tmp_path / "wide.tex"
    status, out, _ = run(
        capsys, ["count", "chomp", "--n", "1..40", "--no-store", "--latex", str(path)]
    )
    assert status == 0
    (title,), lines = printed_tables(out)
    header, *rows = (line.split("\t") for line in lines)
    assert len(header) == 42 > PAGE_COLUMNS
    printed = {
        (name, row[0]): cell for row in rows for name, cell in zip(header[1:], row[1:], strict=True)
    }
    tables = parse(path.read_text())
    assert len(tables) == 5  # 40 sizes, 9 a part
    held = {}
    for k, table in enumerate(tables, 1):
        assert len(table["spec"]) <= PAGE_COLUMNS
        assert table["caption"] == f"{title} (part {k} of 5)"
        (corner, *sizes), *transposed = table["rows"]
        assert corner == "n" and [row[0] for row in transposed] == header[1:]
        held |= {
            (row[0], n): cell for row in transposed for n, cell in zip(sizes, row[1:], strict=True)
        }
    assert held == printed
