"""Every Python line of the README and the docs runs after a bare ``import grundy``
(issue 25): each ```python block and each ``>>>`` example of README.md and of the
Markdown pages under docs/ is run, a file's snippets in order in one namespace, in a
fresh interpreter (so no other test has imported a submodule the snippet reaches as
``grundy.X``) and in an empty working directory, with a private results store and no
``$GRUNDY_ATLAS``.  A ``>>>`` example is checked as a doctest: its output too.  The
notebooks under docs/tutorials are executed by the docs build, not here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The Markdown a reader copies Python from: the README and every page of the docs site.
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: A fenced block: its opening fence's indentation, fence, language and body.
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w+-]*)[^\n]*\n"
    r"(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
PYTHON = {"python", "py", "pycon", "python3"}


def snippets(text: str) -> list[tuple[int, str, str]]:
    """The Python of a Markdown text: (line of the block's first line, "code" or
    "doctest", source) for each ```python block and each block of ``>>>`` examples.

    >>> snippets("Text\\n\\n```python\\nx = 1\\n```\\n\\n```\\n>>> x + 1\\n2\\n```\\n")
    [(4, 'code', 'x = 1\\n'), (8, 'doctest', '>>> x + 1\\n2\\n')]
    >>> snippets("```console\\n$ grundy value cr 3,1\\n```\\n")
    []
    """
    found = []
    for block in FENCE.finditer(text):
        body = textwrap.dedent(block["body"])
        line = text.count("\n", 0, block.start("body")) + 1
        if ">>>" in body and body.lstrip().startswith(">>>"):
            found.append((line, "doctest", body))
        elif block["lang"].lower() in PYTHON:
            found.append((line, "code", body))
    return found


#: Run in a fresh interpreter: the snippets from stdin (JSON), in one namespace holding
#: only ``grundy``, each compiled at its lines in the file; prints one JSON line, null or
#: the first failure (the line of the file that failed, the traceback).
RUNNER = """
import doctest, json, sys, traceback
import grundy
path, found = json.load(sys.stdin)
namespace = {"grundy": grundy, "__name__": "__main__"}
failure = None
for line, kind, source in found:
    try:
        if kind == "code":
            exec(compile("\\n" * (line - 1) + source, path, "exec"), namespace)
        else:
            test = doctest.DocTestParser().get_doctest(source, namespace, path, path, line - 1)
            report = []
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test, out=report.append, clear_globs=False)
            if runner.failures:
                raise AssertionError("".join(report))
    except BaseException as error:
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == path]
        failure = [frames[-1].lineno if frames else line, traceback.format_exc()]
        break
print(json.dumps(failure))
"""


def run_snippets(path: Path, found: list[tuple[int, str, str]], where: Path) -> str | None:
    """Run `found` (the snippets of `path`) in a fresh interpreter in `where`: None, or
    "FILE:LINE" and the traceback of the first snippet that fails."""
    env = {k: v for k, v in os.environ.items() if k != "GRUNDY_ATLAS"}
    done = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps([str(path.relative_to(ROOT)), found]),
        capture_output=True,
        text=True,
        cwd=where,
        env=env,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        return f"{path}: the runner failed\n{done.stderr}"
    failure = json.loads(done.stdout.splitlines()[-1])
    if failure is None:
        return None
    line, trace = failure
    return f"{path.relative_to(ROOT)}:{line}: the snippet fails\n{trace}"


WITH_PYTHON = [path for path in FILES if snippets(path.read_text(encoding="utf-8"))]


def test_the_readme_has_python_to_run() -> None:
    assert ROOT / "README.md" in WITH_PYTHON


@pytest.mark.parametrize("path", WITH_PYTHON, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_snippet_runs_after_import_grundy(path: Path, tmp_path: Path) -> None:
    found = snippets(path.read_text(encoding="utf-8"))
    failure = run_snippets(path, found, tmp_path)
    assert failure is None, failure


def test_a_failing_snippet_is_named_by_file_and_line(tmp_path: Path) -> None:
    found = snippets("Text\n\n```python\nimport grundy\ngrundy.no_such_name\n```\n")
    failure = run_snippets(ROOT / "README.md", found, tmp_path)
    assert failure is not None
    assert failure.startswith("README.md:5: the snippet fails")
    assert "AttributeError" in failure and "no_such_name" in failure


def test_a_doctest_snippet_checks_its_output(tmp_path: Path) -> None:
    found = snippets('```\n>>> grundy.value("lctr", "3,1")\n99\n```\n')
    failure = run_snippets(ROOT / "README.md", found, tmp_path)
    assert failure is not None and "Expected:\n    99" in failure


def test_a_submodule_is_reached_from_a_bare_import(tmp_path: Path) -> None:
    """The README's failure before issue 25: ``grundy.atlas`` and ``grundy.analysis``
    unknown until imported by name."""
    code = "import sys\nassert 'grundy.atlas' not in sys.modules\ngrundy.atlas.open\n"
    code += "grundy.analysis.sweep\ngrundy.render\n"
    assert run_snippets(ROOT / "README.md", [(1, "code", code)], tmp_path) is None
