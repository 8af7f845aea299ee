"""Reproduce the papers: every numbered statement checked by computation.

`rows` holds what a statement is, its verdicts, how a family check is stated
(`rows.family_check`) and how any check ends (`rows.verified_unless`);
``paper000`` … ``paper004`` and ``games_md`` the checks of each source, with
what several of them share in `common`; ``beyond`` the values grundy computed
that no paper had; `core` loads and runs them; `report` the Markdown and HTML
report (docs/findings.md is the full run's Markdown).  The command is
`grundy reproduce`.
"""
