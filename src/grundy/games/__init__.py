"""The built-in rulesets; importing this package registers them all."""

from grundy.games import lctr  # noqa: F401
from grundy.games import coin_turning  # noqa: F401
from grundy.games import column_row  # noqa: F401
from grundy.games import matrix  # noqa: F401
