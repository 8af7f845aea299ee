"""`grundy reproduce`: every statement's quick check, the verdicts docs/findings.md
records, the report and the command's JSON.

docs/findings.md is the full run's report (`make findings`); each quick check
here must reach the verdict recorded there, so the findings and the checks
cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import json
from fnmatch import fnmatch
from importlib.resources import files
from pathlib import Path

import pytest

from grundy.cli import main
from grundy.reproduce import beyond, report, rows
from grundy.reproduce import catalogue as core
from grundy.reproduce.catalogue import Result
from grundy.reproduce.rows import Family, NewResult, Outcome, Statement, Verdict

ROOT = Path(__file__).resolve().parent.parent
FINDINGS = ROOT / "docs" / "findings.md"
ITEMS = [*core.statements("all"), *core.new_results("all")]


def recorded_verdicts() -> dict[str, str]:
    """{statement key: verdict} as docs/findings.md records them (new results: "checked")."""
    titles = {v.value[0].upper() + v.value[1:]: v.value for v in Verdict}
    verdicts: dict[str, str] = {}
    section = None
    for line in FINDINGS.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            heading = line[3:].rsplit(" (", 1)[0]
            section = titles.get(heading, "new" if heading == "Beyond the papers" else None)
        elif section is not None and line.startswith("| "):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            if cells[0] in ("statement", "paper"):  # the header row
                continue
            if section == "new":
                verdicts[f"{cells[0]} new: {cells[1]}"] = cells[5].split(":", 1)[0]
            else:
                verdicts[cells[0]] = section
    return verdicts


RECORDED = recorded_verdicts()


@pytest.mark.parametrize("item", ITEMS, ids=[item.key for item in ITEMS])
def test_the_quick_check_reaches_the_recorded_verdict(item: Statement | NewResult) -> None:
    outcome = item.check(True)
    assert isinstance(outcome, Outcome)
    assert item.key in RECORDED, f"{item.key} is not in docs/findings.md: run `make findings`"
    assert outcome.verdict.value == RECORDED[item.key], outcome


#: The statements stated as one `Family` row (their check is the family's).
FAMILIES = [
    s for s in core.statements("all") if isinstance(getattr(s.check, "__self__", None), Family)
]


@pytest.mark.parametrize("item", FAMILIES, ids=[item.key for item in FAMILIES])
def test_a_family_row_names_its_counterexample(item: Statement) -> None:
    family = item.check.__self__  # type: ignore[attr-defined]
    first = next(iter(family.cases(**family.quick)))
    answers = iter([False])  # the first case fails, every other holds
    outcome = dataclasses.replace(family, holds=lambda case: next(answers, True)).check(True)
    assert outcome.verdict is Verdict.FALSE and outcome.note == family.false_note
    assert outcome.counterexample == family.describe(first)
    assert outcome.command is None or outcome.command.startswith("grundy ")


def test_every_recorded_statement_is_still_checked() -> None:
    assert set(RECORDED) == {item.key for item in ITEMS}


def test_every_verdict_class_occurs() -> None:
    assert set(RECORDED.values()) >= {v.value for v in Verdict}


def test_every_paper_has_its_statements() -> None:
    papers = {s.paper for s in core.statements("all")}
    assert papers == set(rows.PAPERS)
    assert all(s.claim and "\n" not in s.claim for s in core.statements("all"))


def test_an_outcome_says_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="counterexample"):
        Outcome(Verdict.FALSE, "n ≤ 3", note="false")
    with pytest.raises(ValueError, match="note"):
        Outcome(Verdict.PROOF_SLIP, "n ≤ 3")
    with pytest.raises(TypeError, match="Verdict"):
        Outcome("verified", "n ≤ 3")  # type: ignore[arg-type]


def test_a_check_must_return_an_outcome() -> None:
    broken = Statement("games", "Broken", "nothing", lambda quick: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(TypeError, match="games Broken"):
        core.run([broken], quick=True)


def test_bad_selection_and_double_registration() -> None:
    with pytest.raises(ValueError, match="unknown paper '005'"):
        core.statements("005")
    with pytest.raises(ValueError, match="registered twice"):
        rows.statement("002", core.statements("002")[0].number, "again")(lambda q: None)


def _sample() -> list[Result]:
    verified = Statement("002", "Lemma 3.1", "R is P", lambda q: None)  # type: ignore[arg-type,return-value]
    wrong = Statement("002", "Conjecture 1", "S_n a | b", lambda q: None)  # type: ignore[arg-type,return-value]
    return [
        Result(verified, Outcome(Verdict.VERIFIED, "a, b ≤ 8", command="grundy value cr 2^2"), 1),
        Result(
            wrong,
            Outcome(Verdict.FALSE, "n ≤ 12", "S_1 <1>", "[1] has value 1", "grundy value cr 1"),
            2,
        ),
    ]


def test_the_markdown_and_html_reports() -> None:
    md = report.markdown(_sample(), quick=True)
    assert "## False as stated (1)" in md and "## Verified (1)" in md
    assert "| 002 Conjecture 1 | S_n a \\| b | n ≤ 12 |" in md  # a '|' in a cell is escaped
    assert "2 statements: 1 false as stated, 1 verified (3 s)." in md
    page = report.html_page(_sample(), quick=True)
    assert "<code>grundy value cr 1</code>" in page and "S_1 &lt;1&gt;" in page


def test_the_topic_table_is_made_from_the_findings_pages(tmp_path: Path) -> None:
    """Every page of docs/findings/ is listed; a new game's page appears without editing
    report.py, and a report without the folder (an installed wheel) has no topic table."""
    listed = {link for _, link in report.topics()}
    assert listed == {f"findings/{page.name}" for page in (ROOT / "docs/findings").glob("*.md")}
    folder = tmp_path / "findings"
    folder.mkdir()
    (folder / "new_game.md").write_text("# New game: findings (docs/games.md item 11)\n\n…\n")
    (folder / "untitled.md").write_text("no title\n")
    md = report.markdown(_sample(), quick=True, findings=folder)
    assert md.endswith(
        "| New game (docs/games.md item 11) | [findings/new_game.md](findings/new_game.md) |\n"
        "| untitled | [findings/untitled.md](findings/untitled.md) |\n"
    )
    bare = report.markdown(_sample(), quick=True, findings=tmp_path / "missing")
    assert "## Topic files" not in bare and bare.endswith(" |\n")


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_json_and_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "r.html"
    status, out, _ = _cli(capsys, "reproduce", "002", "--quick", "--json", "--report", str(target))
    assert status == 0
    data = json.loads(out)
    assert data["paper"] == "002" and data["quick"] is True
    keys = {
        "paper", "statement", "claim", "checked", "verdict", "note", "counterexample",
        "command", "seconds",
    }  # fmt: skip
    rows = data["results"]
    assert rows and all(keys <= set(row) for row in rows)
    assert {row["verdict"] for row in rows} <= {v.value for v in Verdict}
    assert all(row["paper"] == "002" for row in rows)
    assert "<h1>Findings</h1>" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("reproduce", "005"), "unknown paper '005'"),
        (("reproduce", "002", "--report", "r.txt"), "must end in .md or .html"),
        (("reproduce", "002", "--report", "/missing/dir/r.md"), "does not exist"),
    ],
)
def test_the_command_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    status, out, err = _cli(capsys, *args)
    assert status == 2 and not out and message in err and err.count("\n") == 1


def test_the_records_rechecked_ship_in_the_package() -> None:
    """Every record a recheck reads is package data (pyproject's package-data names it),
    read through importlib.resources: an installed grundy checks itself."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    shipped = {p.name for p in files("grundy.reproduce").joinpath("records").iterdir()}
    named = {"staircases.jsonl", "analysis_A373457_b.txt"}
    named |= {name for name, _ in beyond.SEQUENCES.values()}
    assert named <= shipped
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["grundy.reproduce"]
    assert all(any(fnmatch(f"records/{name}", p) for p in patterns) for name in shipped)
    assert beyond.record("sequence_cr_p_b.txt").startswith("#")
