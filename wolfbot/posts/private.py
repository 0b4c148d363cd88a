"""Private events → private messages, sent at once: the receipts of commands given in a
conversation, what a seer sees, the questions that hold the game, the conversations opened
and joined, new roles, the exclusion. The receipts are rendered from the templates
(`abgelehnt.html.j2`, `angenommen.html.j2`) by the `Publisher`; the rest are short sentences
of the ruleset's catalog (`post.*`, rules/duesterliga/messages/posts.yaml), so that a ruleset
in another language words them in its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import escape as esc

from wolfbot.engine import deaths
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.text import Text, say
from wolfbot.posts.german import names
from wolfbot.posts.messages import Message
from wolfbot.posts.wording import worded


def _title(game: Game, channel: str) -> str:
    spec = game.rules.conversations.get(channel)
    return spec.title if spec else channel


def _in(game: Game, channel: str) -> str:
    spec = game.rules.conversations.get(channel)
    return spec.in_ if spec else f"in {channel}"


def _use(game: Game, channel: str) -> str:
    """How the conversation may be used, said when it opens (nothing: no limit)."""
    spec = game.rules.conversations.get(channel)
    if spec is None or spec.use == "always":
        return ""
    said = worded(game.rules, say("conversation_use_of", use=spec.use))
    return f"<p>{esc(said)}</p>"



Render = Callable[[str, str, dict[str, Any]], str]
"""Renders a template (name, title, data) to HTML."""


_MARK = "\x00"  # where a bold part goes into a worded sentence


def _said(game: Game, text: Text) -> str:
    return worded(game.rules, text)


def _paragraph(game: Game, text: Text, bold: str = "") -> str:
    """A worded sentence as an HTML paragraph; `bold` goes where the sentence has the
    value it stands for (passed as `_MARK`)."""
    html = str(esc(_said(game, text)))
    return f"<p>{html.replace(_MARK, f'<strong>{esc(bold)}</strong>')}</p>"


def private_messages(game: Game, event: ev.Event, render: Render) -> list[Message]:
    """The private messages an event makes at once (none for most events)."""
    match event:
        case ev.CommandRejected(actor=actor, text=text, reason=reason):
            title = _said(game, say("post.rejected_title", command=text))
            data = {"command": text, "reason": worded(game.rules, reason)}
            html = render("abgelehnt.html.j2", title, data)
            return [_to(actor, title, html)]
        case ev.CommandAccepted(actor=actor, text=text, waits=waits):
            title = _said(game, say("post.accepted_title", command=text))
            data = {"command": text, "later": waits}
            html = render("angenommen.html.j2", title, data)
            return [_to(actor, title, html)]
        case ev.RoleSeen(seer=seer, target=target, role=role):
            seen = _paragraph(game, say("post.role_seen", target=target, role=role))
            return [_to(seer, _said(game, say("post.notice_title")), seen)]
        case ev.PrivateInfo(recipients=recipients, channel=channel, text=text):
            said = worded(game.rules, text)
            title = _said(game, say("post.notice_title"))
            return [Message(channel, recipients, title, f"<p>{esc(said)}</p>")]
        case ev.QuestionAsked(player=player, prompt=prompt, options=options, word=word):
            placeholder = _said(game, say("post.question.placeholder"))
            command = f"!{word} [{placeholder}]"
            html = (
                f"<p>{esc(worded(game.rules, prompt))}</p>"
                + _paragraph(game, say("post.question.choices", names=names(options)))
                + _paragraph(game, say("post.question.answer_with", command=_MARK), command)
            )
            return [_to(player, _said(game, say("post.question.title")), html)]
        case ev.ConversationOpened(channel=channel, members=members):
            title = _title(game, channel)
            text = say("post.conversation_members", title=title, names=names(members))
            said = _paragraph(game, text)
            return [Message(channel, members, title, said + _use(game, channel))]
        case ev.AlphaElected(player=player, members=members):
            said = _paragraph(game, say("post.alpha.elected", name=player))
            return [Message("wolves", members, _said(game, say("post.alpha.title")), said)]
        case ev.SuccessorNamed(office="Alpha", successor=successor, audience=audience):
            said = _paragraph(game, say("post.alpha.successor", name=successor))
            title = _said(game, say("post.alpha.successor_title"))
            return [Message("wolves", audience, title, said)]
        case ev.RoleChanged(player=player, role=role):
            said = _paragraph(game, say("post.new_role.text", role=_MARK), role)
            return [_to(player, _said(game, say("post.new_role.title")), said)]
        case ev.ParticipantsAdded(channel=channel, names=added):
            members = tuple(game.state.conversations.get(channel, added))
            title = _title(game, channel)
            where = _in(game, channel)
            text = say("post.conversation_joined", where=where, names=names(added))
            said = _paragraph(game, text)
            return [Message(channel, members, title, said)]
        case ev.ParticipantsLeft(channel="wolves" as channel, names=gone):
            # told in it with them (the forum keeps them as participants); the one who lives
            # again and leaves the Totenreich reads no more of it
            members = tuple(game.state.conversations.get(channel, ())) + gone
            title = _title(game, channel)
            text = say("left_conversation.wolves", names=names(gone), count=len(gone))
            said = esc(worded(game.rules, text))
            return [Message(channel, members, title, f"<p>{said}</p>")]
        case ev.PlayerExcluded(player=player, by=deaths.RUECKTRITT):
            said = _paragraph(game, say("post.resigned.text"))
            return [_to(player, _said(game, say("post.resigned.title")), said)]
        case ev.PlayerExcluded(player=player, by=by):
            why = say("post.excluded.by_game_master") if by else say("post.excluded.inactive")
            return [_to(player, _said(game, say("post.excluded.title")), _paragraph(game, why))]
    return []


def receipts(messages: list[Message]) -> Message:
    """Several receipts to one player (the commands of one post) as one message."""
    first = messages[0]
    title = f"Quittung für {len(messages)} Befehle"
    return Message(first.channel, first.recipients, title, "".join(m.html for m in messages))


def _to(player: str, title: str, html: str) -> Message:
    return Message("private", (player,), title, html)
