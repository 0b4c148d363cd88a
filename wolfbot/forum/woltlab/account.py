"""What a WoltLab 6.0 user can see of its own conversation rights (for ``wolfbot
check-config --login``). Nothing here writes.

The suite shows a user only some of its group options (``user.conversation.*``):

- ``canStartConversation`` and the limits that ``ConversationAddForm::readParameters()``
  checks on a plain GET of ``index.php?conversation-add/``: ``maxConversations`` (the
  mailbox is full: ``wcf.conversation.error.mailboxIsFull``) and
  ``ConversationHandler::enforceFloodControl()`` (``maxStartedConversationsPer24Hours``
  reached now, or ``floodControlTime`` since the last message not over): the GET is then the
  error page, else the form;
- ``maxParticipants`` as the participant field's ``maxItems: N`` (conversationAdd.tpl);
- ``maxConversations`` and the count in the conversation list's quota box
  (``wcf.conversation.quota.description``: "… (N of M)").

Not visible to a user: the values of ``floodControlTime`` and
``maxStartedConversationsPer24Hours`` (only their refusals), and whether the group may edit
its own messages (``canEditMessage``; seen on the first edit).
"""

from __future__ import annotations

import re

from wolfbot.forum.base import AccountView, ForumError
from wolfbot.forum.woltlab.http import WoltLabSession

_MAX_ITEMS = re.compile(r"maxItems:\s*(\d+)")
_QUOTA = re.compile(
    r'class="conversationQuotaMeter".*?<small>[^<]*?\(\s*([\d.,]+)\D+?([\d.,]+)\s*\)',
    re.DOTALL,
)


def _number(text: str) -> int:
    return int(text.replace(".", "").replace(",", ""))


def account_view(session: WoltLabSession) -> AccountView:
    """Log in (LoginFailed if that fails), GET the conversation-add form and the
    conversation list: three or four requests."""
    session.ensure_login()
    add_form: str | None = None
    max_participants = None
    try:
        response, _ = session.get_page(session.url("index.php?conversation-add/"))
        if found := _MAX_ITEMS.search(response.text):
            max_participants = int(found.group(1))
    except ForumError as exc:
        add_form = str(exc)
    conversations = max_conversations = None
    response, _ = session.get_page(session.url("index.php?conversation-list/"))
    if found := _QUOTA.search(response.text):
        conversations, max_conversations = _number(found.group(1)), _number(found.group(2))
    return AccountView(
        session.username, add_form, max_participants, conversations, max_conversations
    )
