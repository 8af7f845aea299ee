"""The report of `grundy reproduce`: sections of rows, rendered as Markdown or HTML.

``docs/findings.md`` is this module's Markdown for the full run of every
paper (``make findings``), so the findings and the checks cannot drift apart.
One structure (`sections`) feeds both renderings.

>>> from grundy.reproduce.catalogue import Result
>>> from grundy.reproduce.rows import Outcome, Statement, Verdict
>>> item = Statement("002", "Lemma 3.1", "R_{a,b} is a P-position iff …", lambda q: None)
>>> result = Result(item, Outcome(Verdict.VERIFIED, "a, b ≤ 8"), 0.01)
>>> "| 002 Lemma 3.1 |" in markdown([result], quick=True)
True
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from grundy.reproduce.catalogue import Result
from grundy.reproduce.rows import PAPERS, NewResult, Statement, Verdict

__all__ = ["FINDINGS", "Section", "html_page", "markdown", "sections", "topics"]

#: What each verdict's section says before its rows.
_INTROS: dict[Verdict, str] = {
    Verdict.FALSE: "What the paper prints is false: the smallest counterexample and the "
    "command that shows it.",
    Verdict.HYPOTHESES: "True under the paper's hypotheses, false without them: the "
    "hypotheses are needed (no fault of the paper).",
    Verdict.PROOF_SLIP: "The statement holds on the whole range; a step of its proof, "
    "as printed, does not.",
    Verdict.WORDING: "The text allows two readings: the one named in the note is false, "
    "the other holds on the whole range.",
    Verdict.NOT_CHECKABLE: "Nothing finite to compute; the note says why.",
    Verdict.VERIFIED: "Holds on every case of the range given.",
}

#: The topic files behind the rows: docs/findings/ of the checkout grundy runs from (an
#: installed wheel ships no docs/, and its report leaves the topic table out).
FINDINGS = Path(__file__).resolve().parents[3] / "docs" / "findings"


def topics(folder: Path = FINDINGS) -> list[tuple[str, str]]:
    """(topic, link) of every page of `folder`, by file name: the topic is the page's title
    without its "Findings" label, the link relative to the report (``findings/lctr.md``
    from docs/findings.md); none when `folder` does not exist.  A new game's findings page
    is listed once it is there.

    >>> ("LCTR and Downright (papers 000 and 001)", "findings/lctr.md") in topics()
    True
    """
    if not folder.is_dir():
        return []
    return [(_topic(page), f"{folder.name}/{page.name}") for page in sorted(folder.glob("*.md"))]


def _topic(page: Path) -> str:
    """The title of a findings page ("# Findings: X" or "# X: findings (…)") as a topic."""
    with page.open(encoding="utf-8") as lines:
        title = next((line[2:].strip() for line in lines if line.startswith("# ")), page.stem)
    return title.removeprefix("Findings: ").replace(": findings", "")


@dataclass(frozen=True)
class Section:
    """A heading, a sentence, and a table (header and rows of plain text)."""

    title: str
    intro: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def sections(results: Sequence[Result]) -> list[Section]:
    """The report's sections: one per verdict that occurs, then the new results."""
    claims = [r for r in results if isinstance(r.item, Statement)]
    found = [r for r in results if isinstance(r.item, NewResult)]
    out = []
    for verdict in Verdict:
        rows = [r for r in claims if r.outcome.verdict is verdict]
        if not rows:
            continue
        if verdict is Verdict.VERIFIED:
            header = ("statement", "claim", "checked", "instance")
            cells = [(r.item.key, r.item.claim, r.outcome.checked, _code(r)) for r in rows]
        else:
            header = (
                "statement",
                "claim",
                "checked",
                "what is wrong",
                "smallest counterexample",
                "reproduce",
            )
            cells = [
                (
                    r.item.key,
                    r.item.claim,
                    r.outcome.checked,
                    r.outcome.note,
                    r.outcome.counterexample or "",
                    _code(r),
                )
                for r in rows
            ]
        title = verdict.value[0].upper() + verdict.value[1:]
        out.append(Section(f"{title} ({len(rows)})", _INTROS[verdict], header, tuple(cells)))
    if found:
        header = (
            "paper",
            "what",
            "values",
            "how obtained",
            "time to recompute",
            "rechecked here",
            "command",
        )
        cells = []
        for r in found:
            item = r.item
            assert isinstance(item, NewResult)
            recheck = f"{r.outcome.verdict.value}: {r.outcome.checked}"
            if r.outcome.note:
                recheck += f" ({r.outcome.note})"
            cells.append(
                (
                    item.paper,
                    item.title,
                    item.values,
                    item.how,
                    item.recompute,
                    recheck,
                    f"`{item.command}`",
                )
            )
        out.append(
            Section(
                "Beyond the papers",
                "Values no paper had, how grundy obtained them, and how long they take to "
                "recompute; each run of this report recomputes a part and compares.",
                header,
                tuple(cells),
            )
        )
    return out


def _code(result: Result) -> str:
    command = result.as_dict()["command"]
    return f"`{command}`" if command else ""


def _summary(results: Sequence[Result]) -> str:
    tally = Counter(r.outcome.verdict for r in results if isinstance(r.item, Statement))
    parts = [f"{tally[v]} {v.value}" for v in Verdict if tally[v]]
    seconds = sum(r.seconds for r in results)
    return f"{sum(tally.values())} statements: " + ", ".join(parts) + f" ({seconds:.0f} s)."


def _preamble(quick: bool) -> list[str]:
    mode = "--quick " if quick else ""
    return [
        "Every numbered statement of the five papers (and the claims of docs/games.md), "
        "checked by computation over the range given. The computation is the referee. "
        f"Generated by `grundy reproduce all {mode}--report FILE` (`make findings` writes "
        "docs/findings.md); do not edit it by hand: change the checks in "
        "`src/grundy/reproduce/` instead.",
        "Sources: " + "; ".join(f"{key}: {name}" for key, name in PAPERS.items()) + ".",
        "Errors found in grundy itself, and how they were fixed, are in the topic files "
        '(findings/column_row.md, "Engine notes").',
    ]


def markdown(results: Sequence[Result], quick: bool, findings: Path = FINDINGS) -> str:
    """The report as Markdown (the form of docs/findings.md), ending with the table of the
    topic files in `findings` (`topics`) when there are any."""
    lines = ["# Findings", ""]
    for paragraph in _preamble(quick):
        lines += [paragraph, ""]
    lines += [_summary(results), ""]
    for section in sections(results):
        lines += [f"## {section.title}", "", section.intro, ""]
        lines.append("| " + " | ".join(section.header) + " |")
        lines.append("|" + "---|" * len(section.header))
        for row in section.rows:
            lines.append("| " + " | ".join(_md_cell(c) for c in row) + " |")
        lines.append("")
    pages = topics(findings)
    if pages:
        lines += ["## Topic files", "", "The tables behind these rows, by topic:", ""]
        lines += ["| topic | file |", "|---|---|"]
        lines += [f"| {_md_cell(topic)} | [{link}]({link}) |" for topic, link in pages]
    return "\n".join(lines).rstrip("\n") + "\n"


def _md_cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def html_page(results: Sequence[Result], quick: bool) -> str:
    """The report as one HTML page (no scripts, no external assets)."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>grundy reproduce</title>',
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
        "margin-bottom:2em}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;"
        "vertical-align:top}code{font-size:90%}</style></head><body>",
        "<h1>Findings</h1>",
    ]
    parts += [f"<p>{_inline(p)}</p>" for p in (*_preamble(quick), _summary(results))]
    for section in sections(results):
        parts.append(f"<h2>{html.escape(section.title)}</h2><p>{_inline(section.intro)}</p>")
        parts.append(
            "<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in section.header) + "</tr>"
        )
        for row in section.rows:
            parts.append("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _inline(text: str) -> str:
    """Escape `text` and turn `code` spans into <code> elements."""
    pieces = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(pieces))
