"""The checks of the claims of GAMES.md (the further games on Young diagrams)."""
