"""Reproduce the papers: every numbered statement checked by computation.

`rows` holds what a statement is, its verdicts, how a family check is stated
(`rows.family_check`) and how any check ends (`rows.verified_unless`);
the packages ``paper000``, ``paper001``, ``paper003``, ``paper004`` and ``games_md``
(one module a section of the source, and one for what its sections share) and the
module ``paper002`` the checks of each source, with what several sources share in
`shared`; ``beyond`` the values grundy computed that no paper had; `catalogue` loads
and runs them; `report` the Markdown and HTML report (docs/findings.md is the full
run's Markdown, its topic table made from the pages of docs/findings/).  The command
is `grundy reproduce`.
"""
