"""The checks of paper 000 (see grundy.reproduce.core.PAPERS); one per numbered statement."""
