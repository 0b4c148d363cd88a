"""Adding participants to a WoltLab conversation (ajax-proxy
``wcf\\data\\conversation\\ConversationAction`` / ``addParticipants``: ``objectIDs[0]``,
``parameters[participants][i]``, ``parameters[visibility]``).

Refusals come as ``returnValues.errorMessage`` (``Conversation::validateParticipants``: one
error per refused name, and then nobody is added). "X is already a participant of this
conversation." (``…error.duplicate``) is no refusal for wolfbot – a retry after a lost
answer gets it: the names already in are taken as done and the others asked for once more.
"""

from __future__ import annotations

import logging
import re

from wolfbot.forum.base import Refused
from wolfbot.forum.woltlab.errors import clean_text
from wolfbot.forum.woltlab.http import WoltLabSession
from wolfbot.spelling import name_key

log = logging.getLogger(__name__)

CONVERSATION_ACTION = "wcf\\data\\conversation\\ConversationAction"
# ``wcf.conversation.participants.error.duplicate`` / ``.isAuthor`` (en, de)
_DUPLICATE = (
    "{} is already a participant of this conversation.",
    "{} ist bereits Teilnehmer dieser Konversation.",
)
_IS_AUTHOR = re.compile(
    r"(You are|Du bist|Sie sind) already a participant of this conversation\."
    r"|(Du bist|Sie sind) bereits Teilnehmer dieser Konversation\.",
    re.IGNORECASE,
)


def add_participants(
    session: WoltLabSession,
    conversation_id: int,
    participants: list[str],
    username: str,
    visibility: str,
) -> None:
    """Add ``participants`` (the bot is ``username``); at most two calls when some of them
    were in already. ``Refused`` for any other refusal."""
    wanted = list(participants)
    error = None
    for _ in (0, 1):
        if not wanted:
            return
        error = _ask(session, conversation_id, wanted, visibility)
        if error is None:
            return
        rest, present = _without_duplicates(error, wanted, username)
        if rest.strip(" .;") or not present:
            raise Refused(error, status=200)
        log.info(
            "conversation %s: %s already in it; adding only the others",
            conversation_id,
            ", ".join(present),
        )
        wanted = [p for p in wanted if p not in present]
    raise Refused(error or "addParticipants refused", status=200)


def _ask(
    session: WoltLabSession, conversation_id: int, participants: list[str], visibility: str
) -> str | None:
    parameters = {"participants": participants, "visibility": visibility}
    answer = session.ajax(
        CONVERSATION_ACTION, "addParticipants", parameters, object_ids=(conversation_id,)
    )
    values = answer.get("returnValues")
    if isinstance(values, dict) and values.get("errorMessage"):
        return clean_text(str(values["errorMessage"]))
    return None


def _without_duplicates(error: str, wanted: list[str], me: str) -> tuple[str, list[str]]:
    """The error text without WoltLab's "X is already a participant …" for names of
    ``wanted`` (and "You are already a participant …"), and those names."""
    present = []
    rest = error
    for name in wanted:
        for template in _DUPLICATE:
            text = template.format(name)
            index = rest.lower().find(text.lower())
            if index >= 0:
                rest = rest[:index] + rest[index + len(text) :]
                if name not in present:
                    present.append(name)
    if _IS_AUTHOR.search(rest):
        rest = _IS_AUTHOR.sub("", rest)
        present.extend(p for p in wanted if name_key(p) == name_key(me))
    return rest, present
