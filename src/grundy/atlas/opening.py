"""Opening an atlas of either layout: values (`grundy.atlas.files.Atlas`) or outcomes
(`grundy.atlas.outcome_atlas.OutcomeAtlas`), as its manifest says.

>>> import tempfile
>>> from grundy import get_ruleset
>>> from grundy.atlas.build import build
>>> folder = tempfile.mkdtemp()
>>> _ = build(get_ruleset("cr"), 4, folder)
>>> type(open_atlas(folder)).__name__
'Atlas'
"""

from __future__ import annotations

import os
from pathlib import Path

from grundy.atlas.files import Atlas
from grundy.atlas.outcome_atlas import OutcomeAtlas
from grundy.atlas.schema import OUTCOMES, layout_of, read_manifest

__all__ = ["open_atlas"]


def open_atlas(directory: str | os.PathLike[str]) -> Atlas:
    """The atlas in `directory`, of values or of outcomes as its manifest says
    (AtlasError if it is none, FileNotFoundError if absent)."""
    if layout_of(read_manifest(Path(directory))) is OUTCOMES:
        return OutcomeAtlas(directory)
    return Atlas(directory)
