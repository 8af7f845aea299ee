"""The checks of paper 001 (see grundy.reproduce.core.PAPERS); one per numbered statement."""
