"""Reproduce the papers: every numbered statement checked by computation.

`core` holds the registry, the verdicts and the runner; ``paper000`` …
``paper004`` and ``games_md`` the checks of each source, with what several of
them share in `common`; ``beyond`` the values grundy computed that no paper
had; `report` the Markdown and HTML report (docs/findings.md is the full run's
Markdown).  The command is `grundy reproduce`.
"""
