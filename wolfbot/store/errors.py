"""What the store's repository raises when it refuses a write (see `records`)."""

from __future__ import annotations


class StoreError(Exception):
    """The store refused a write; nothing of it was recorded."""


class UnknownGame(StoreError):
    pass


class UnknownPlayer(StoreError):
    pass


class SequenceError(StoreError):
    """Events that would leave a gap in the game's log or contradict what it holds."""
