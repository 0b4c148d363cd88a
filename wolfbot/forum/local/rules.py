"""The look-alike's rules as WoltLab's groups set them (`user.conversation.*`, the thread
posts' wait) and the refusals a write meets (flood control, no permission, invalid input)."""

from __future__ import annotations

from dataclasses import dataclass

from wolfbot.forum.local import texts

LIMIT_NAMES = ("post_wait", "message_wait", "conversations_per_day", "max_participants")
# WoltLab's "Administrators" group: no flood control, no limits
ADMINISTRATORS = {"post_wait": 0, "message_wait": 0, "conversations_per_day": -1,
                  "max_participants": -1}  # fmt: skip
# what the README asks of the bot account's group: no waits, unlimited conversations,
# a Wolfshöhle/Totenreich of a whole round (max_participants: set it to the round's size)
SPIELLEITUNG = {"post_wait": 0, "message_wait": 0, "conversations_per_day": -1}


@dataclass(slots=True)
class Rules:
    """The limits an admin can change; seconds unless named otherwise. The four limits are
    those of every user (WoltLab's group "Users", `user.conversation.*` at its defaults)
    unless `LocalForum.set_limits()` gives a user others; -1 is "no limit"."""

    post_wait: int = 30  # between two thread posts of one user
    message_wait: int = 60  # between two conversation messages of one user (any conversation)
    conversations_per_day: int = 10  # new conversations per user per 24 h
    max_participants: int = 10  # per conversation, the author not counted
    per_page: int = 20  # posts/messages per page
    conversations_per_page: int = 10  # of the conversation list (CONVERSATIONS_PER_PAGE)
    session_timeout: float = 1800.0  # idle time after which a session ends


def page_count(count: int, per_page: int) -> int:
    """The pages of `count` rows, `per_page` each: at least one, an empty list has a page
    (`MultipleLinkPage::calculateNumberOfPages()`)."""
    return max(1, -(-count // per_page))


class Refused(Exception):
    """A write the forum refuses; `field` is the form/ajax field it is about."""

    def __init__(self, message: str, field: str = "message") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class Denied(Refused):
    """No permission (no session, not a participant)."""


class Flooded(Refused):
    """Flood control; `wait` seconds until the write would be accepted."""

    def __init__(self, message: str, wait: int) -> None:
        super().__init__(message)
        self.wait = wait


class Invalid(Refused):
    """Validation failed (`field` names the input; `error_type` is WoltLab's
    UserInputException type, "empty" etc., or the message itself)."""

    def __init__(self, message: str, field: str = "message", error_type: str = "") -> None:
        super().__init__(message, field)
        self.error_type = error_type or ("empty" if message == texts.EMPTY else message)
