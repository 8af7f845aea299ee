"""The atlas: every partition of every size up to N valued once, level by level, one byte each.

`grundy.engine.ranking` numbers the partitions of n; `grundy.engine.levels` values a
level from the levels below through a game's options kernel; `files` keeps the levels
on disk, chunk by chunk, checked by `schema`, and reads them back; `build` runs a
build, here or on a Dask cluster.  ``grundy.atlas.open(DIR)`` opens an atlas
(`files.Atlas`: ``.value(p)``, ``.counts(n)``, ``.level(n)``);
``grundy.atlas.frame(atlas, n)`` is level n as a DataFrame (`views`, which
also streams a level beside its partitions' `features`).  ``build(...,
outcomes=True)`` keeps only who wins: an outcome atlas (`outcome_atlas.OutcomeAtlas`:
``.outcome(p)``, ``.tallies(n)``), which ``open`` opens too.

>>> import tempfile
>>> from grundy import get_ruleset
>>> where = tempfile.mkdtemp()
>>> _ = build(get_ruleset("sato-welter"), 5, where)
>>> open(where).counts(5)
{1: 1, 3: 2, 5: 4}
"""

from __future__ import annotations

from grundy.atlas.build import build
from grundy.atlas.files import Atlas, AtlasError
from grundy.atlas.opening import open_atlas
from grundy.atlas.outcome_atlas import OutcomeAtlas
from grundy.atlas.views import frame

__all__ = ["Atlas", "AtlasError", "OutcomeAtlas", "build", "frame", "open"]

#: ``grundy.atlas.open(DIR)``: the atlas in DIR (`opening.open_atlas`).
open = open_atlas  # the name the interface promises
