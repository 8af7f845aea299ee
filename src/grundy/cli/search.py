"""`grundy search GAME POSITION`: one value by the compiled engine, for any game with a kernel.

For big positions: a memory cap for the transposition table (`--memory 8G`),
a progress line on stderr (terminal only, or `--progress`), Ctrl-C stops
cleanly after saving `--checkpoint FILE` (one line saying so, exit status 130), and a later run
with the same `--checkpoint FILE` resumes from the saved table.  A checkpoint
in a missing directory is refused before the search starts; a save that
fails after it never loses the answer: the value is printed, then the error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape

from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import brief, interruptible, resume_with_checkpoint, starts_over
from grundy.cli.options import (
    CheckpointOption,
    PartitionArg,
    option,
)
from grundy.cli.printing import console, emit
from grundy.cli.reading import read_position, refuse_together

MemoryOption = option(
    str | None, "--memory", help="Cap on the transposition table, e.g. 8G or 512M."
)
MethodOption = option(str, "--method", help="auto, mex (full memoised mex) or test (nimber test).")
IsOption = option(int | None, "--is", help="Only decide whether the value is K (nimber test).")
ProgressOption = option(
    bool | None, "--progress/--no-progress", help="Progress line on stderr (default: terminal)."
)


@app.command("search")
@game_options("misere", "piece", "json")
def search_command(
    position: PartitionArg,
    memory: MemoryOption = None,
    checkpoint: CheckpointOption = None,
    method: MethodOption = "auto",
    is_value: IsOption = None,
    progress: ProgressOption = None,
    *,
    shared: GameOptions,
) -> None:
    """Exact value of one big position by the compiled search engine (games with a kernel)."""
    from grundy.engine import format_bytes

    refuse_together(
        {"--is": is_value is not None, "--method mex": method == "mex"},
        "--is decides by the nimber test",
    )
    rules, misere = shared.rules(), shared.misere
    if rules.kernel is None:
        raise ValueError(
            f"game {rules.name!r} has no compiled kernel; use `grundy value` (generic solver)"
        )
    _, lam = read_position(rules, position)
    # Refuses a checkpoint in a missing directory (or a directory) before searching.
    engine, word = rules.kernel.search(lam, misere, memory, checkpoint, progress)
    failed_save = _keep_going_when_saving_fails(engine)
    doing = f"searching {rules.name} {brief(rules.format_position(lam))}"
    with interruptible(doing, lambda: _how_to_resume(checkpoint, failed_save)):
        if is_value is None:
            result: int | bool = engine.value(word, method)
            answer = {"value": result, "outcome": "P" if result == 0 else "N"}
        else:
            result = engine.is_value(word, is_value)
            answer = {"is": is_value, "answer": result}
            answer["value"] = engine.table.exact(rules.kernel.canonical_word(word))
    stats = engine.snapshot().as_dict()
    data = {
        "game": rules.name,
        "position": rules.format_position(lam),
        "misere": misere,
        **answer,
        "loaded_from_checkpoint": engine.loaded,
        "stats": stats,
    }

    def show() -> None:
        play = "misère" if misere else "normal"
        if is_value is None:
            console.print(
                f"{escape(rules.name)} {escape(data['position'])} ({play} play): "
                f"value [bold]{result}[/bold]"
            )
        else:
            verdict = "yes" if result else "no"
            console.print(
                f"{escape(rules.name)} {escape(data['position'])} ({play} play): "
                f"value {is_value}? {verdict}"
            )
        peak = format_bytes(stats["peak_table_bytes"])
        console.print(
            f"{stats['expanded']:,} positions expanded in {stats['seconds']:.2f} s; "
            f"table {stats['entries']:,} entries, peak {peak}"
        )

    emit(data, shared.as_json, show)
    if failed_save:
        raise ValueError(_save_error(checkpoint, failed_save[0]))


def _keep_going_when_saving_fails(engine: Any) -> list[Exception]:
    """Make the engine's checkpoint saves report failure instead of raising.

    A save runs every few minutes and after the search; raising there would
    throw the computed value away.  The returned list holds the error of the
    latest save while it failed (empty once a save succeeds again).
    """
    failed: list[Exception] = []
    save = engine.save

    def guarded_save() -> None:
        try:
            save()
        except (OSError, ValueError) as exc:
            failed[:] = [exc]
        else:
            failed.clear()

    engine.save = guarded_save
    return failed


def _save_error(checkpoint: Path | None, exc: Exception) -> str:
    return f"the checkpoint {checkpoint} was not saved: {exc}"


def _how_to_resume(checkpoint: Path | None, failed_save: list[Exception]) -> str:
    """What an interrupted search says about going on (the engine has tried to save)."""
    if checkpoint is None:
        return starts_over("no --checkpoint was given")
    if failed_save:
        return f"{_save_error(checkpoint, failed_save[0])}; a rerun resumes from its last save"
    return resume_with_checkpoint("the table", checkpoint)
