"""Paper 000 §6: SG pairs and the classes of Gurvich and Ho (Lemma 18, Theorem 19,
Figure 9).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from grundy import get_ruleset
from grundy.analysis.sg_pairs import classify, sg_pairs
from grundy.reproduce import rows
from grundy.reproduce.paper000.lctr_setting import (
    BOXES,
    GAMES,
    PAPER,
    game_case,
    run_bound,
    shown_by,
)
from grundy.reproduce.rows import Outcome, Verdict
from grundy.reproduce.shared import positions, sg


# ====================================================================== §6
@cache
def _pairs(game: str, top: int) -> dict[Any, tuple[int, int]]:
    """The (SG, SG⁻) pairs of every position of size ≤ top (canonical), by grundy's
    `sg_pairs`."""
    return sg_pairs(game, positions(top, game))


def _pairs_agree(game: str, top: int, checked: str) -> Outcome:
    """VERIFIED when `sg_pairs` gives every position of size ≤ top the pair of exhaustive
    search, else FALSE at the first that differs."""
    return rows.verified_unless(
        rows.first_failure(
            _pairs(game, top).items(),
            lambda kv: kv[1] == (sg(game, kv[0]), sg(game, kv[0], True)),
        ),
        checked,
        false_note="library pair differs from search",
        describe=lambda kv: f"{game} {kv[0]}",
        shows=lambda kv: f"grundy value {game} {kv[0]}",
    )


@PAPER.statement("Lemma 18", "LCTR and Downright do not admit (0, 2)- and (2, 0)-positions")
def _lemma_18(quick: bool) -> Outcome:
    top = run_bound(quick, *BOXES)
    checked = f"every position of size ≤ {top} in both games (pairs by exhaustive search)"
    found = ((g, p) for g in GAMES for p, v in _pairs(g, top).items() if v in ((0, 2), (2, 0)))
    return rows.first_failed(
        *(lambda g=g: _pairs_agree(g, top, checked) for g in GAMES),
        lambda: rows.verified_unless(
            next(found, None),
            checked,
            command=f"grundy classify lctr --max-n {top}",
            false_note="a (0,2)- or (2,0)-position exists",
            describe=game_case,
            shows=shown_by("value"),
        ),
    )


@cache
def _classes(game: str, top: int) -> dict[str, Any]:
    """grundy's `classify` of every position of size ≤ top."""
    return classify(game, positions(top, game))["classes"]


def _classes_as_stated(game: str, top: int, checked: str) -> Outcome:
    """Domestic and returnable, neither tame nor forced (grundy's `classify`)."""
    result = _classes(game, top)
    want = {"domestic": True, "returnable": True, "tame": False, "forced": False}
    wrong = [c for c, h in want.items() if result[c]["holds"] != h]
    return rows.verified_unless(
        wrong or None,
        checked,
        false_note=f"{game}: {', '.join(wrong)} not as stated",
        describe=lambda classes: f"{game}: {result[classes[0]]['counterexample']}",
        shows=lambda classes: f"grundy classify {game} --max-n {top}",
    )


def _proof_steps_19(game: str, top: int) -> dict[str, Any]:
    """The proof's own statements: values ≤ 2; every non-terminal (0,1)-position moves to
    a (1,0)-position and vice versa; a move from a (1,0)- to a (2,2)-position exists (the
    first such position, or None)."""
    pairs = _pairs(game, top)
    rules = get_ruleset(game)
    kids = {p: [rules.canonical(c) for _, c in rules.options(p)] for p in pairs}
    return {
        "swap": all(
            any(pairs[c] == (v[1], v[0]) for c in kids[p])
            for p, v in pairs.items()
            if v in ((0, 1), (1, 0)) and kids[p]
        ),
        "small": all(max(v) <= 2 for v in pairs.values()),
        "to22": next(
            (
                p
                for p, v in pairs.items()
                if v == (1, 0) and any(pairs[c] == (2, 2) for c in kids[p])
            ),
            None,
        ),
    }


@PAPER.statement(
    "Theorem 19",
    "LCTR and Downright are domestic and returnable, but neither tame nor forced",
)
def _theorem_19(quick: bool) -> Outcome:
    top = run_bound(quick, *BOXES)
    checked = f"every position of size ≤ {top} in both games (pairs by exhaustive search)"
    steps = {g: _proof_steps_19(g, top) for g in GAMES}
    slipped = [g for g, s in steps.items() if not (s["swap"] and s["small"] and s["to22"])]
    notes = "; ".join(
        f"{g}: first (2,1)-position [{_classes(g, top)['tame']['counterexample']['position']}], "
        f"(1,0)→(2,2) from [{steps[g]['to22']}]"
        for g in GAMES
    )
    return rows.first_failed(
        *(lambda g=g: _pairs_agree(g, top, checked) for g in GAMES),
        *(lambda g=g: _classes_as_stated(g, top, checked) for g in GAMES),
        lambda: rows.verified_unless(
            slipped or None,
            checked,
            verdict=Verdict.PROOF_SLIP,
            note=notes + "; the proof shows that each non-terminal (0,1)-position moves to a "
            "(1,0)-position and vice versa (also true here), not Definition 2(v) itself, which "
            "is what was checked",
            command=f"grundy classify downright --max-n {top}",
            false_note="a step of the proof fails: "
            + "; ".join(
                f"{g}: swap {steps[g]['swap']}, values ≤ 2 {steps[g]['small']}, "
                f"(1,0)→(2,2) {steps[g]['to22']}"
                for g in slipped
            ),
            describe=lambda games: games[0],
        ),
    )


@PAPER.statement("Figure 9", "SG pairs of a position, Downright on the left, LCTR on the right")
def _figure_9(quick: bool) -> Outcome:
    return Outcome(
        Verdict.NOT_CHECKABLE,
        "nothing",
        note=(
            "the partition and the pairs drawn are not in the text copy; the facts the proof of "
            "Theorem 19 cites the figure for are computed in Theorem 19's row"
        ),
        command="grundy classify lctr --max-n 6",
    )
