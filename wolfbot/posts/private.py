"""Private events → private messages, sent at once: the receipts of commands given in a
conversation, what a seer sees, the questions that hold the game, the conversations opened
and joined, new roles, the exclusion. The receipts are rendered from the templates
(`abgelehnt.html.j2`, `angenommen.html.j2`) by the `Publisher`; the rest are short enough to
be written here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import escape as esc

from wolfbot.engine import deaths
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.text import say
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


def private_messages(game: Game, event: ev.Event, render: Render) -> list[Message]:
    """The private messages an event makes at once (none for most events)."""
    match event:
        case ev.CommandRejected(actor=actor, text=text, reason=reason):
            title = f"Abgelehnt: {text}"
            data = {"command": text, "reason": worded(game.rules, reason)}
            html = render("abgelehnt.html.j2", title, data)
            return [_to(actor, title, html)]
        case ev.CommandAccepted(actor=actor, text=text, waits=waits):
            title = f"Angenommen: {text}"
            data = {"command": text, "later": waits}
            html = render("angenommen.html.j2", title, data)
            return [_to(actor, title, html)]
        case ev.RoleSeen(seer=seer, target=target, role=role):
            return [_to(seer, "Mitteilung", f"<p>{esc(target)} ist {esc(role)}.</p>")]
        case ev.PrivateInfo(recipients=recipients, channel=channel, text=text):
            said = worded(game.rules, text)
            return [Message(channel, recipients, "Mitteilung", f"<p>{esc(said)}</p>")]
        case ev.QuestionAsked(player=player, prompt=prompt, options=options, word=word):
            html = (
                f"<p>{esc(worded(game.rules, prompt))}</p><p>Zur Wahl: {esc(names(options))}.</p>"
                f"<p>Antworte mit <strong>!{word} [Spielername]</strong>.</p>"
            )
            return [_to(player, "Die Spielleitung wartet auf deine Antwort", html)]
        case ev.ConversationOpened(channel=channel, members=members):
            title = _title(game, channel)
            return [
                Message(
                    channel,
                    members,
                    title,
                    f"<p>{esc(title)}: {esc(names(members))}.</p>{_use(game, channel)}",
                )
            ]
        case ev.AlphaElected(player=player, members=members):
            return [Message("wolves", members, "Alpha", f"<p>Euer Alpha ist {esc(player)}.</p>")]
        case ev.SuccessorNamed(office="Alpha", successor=successor, audience=audience):
            return [
                Message(
                    "wolves",
                    audience,
                    "Neuer Alpha",
                    f"<p>Der neue Alpha ist {esc(successor)}.</p>",
                )
            ]
        case ev.RoleChanged(player=player, role=role):
            text = f"<p>Du spielst von nun an die Rolle <strong>{esc(role)}</strong>.</p>"
            return [_to(player, "Deine neue Rolle", text)]
        case ev.ParticipantsAdded(channel=channel, names=added):
            members = tuple(game.state.conversations.get(channel, added))
            title = _title(game, channel)
            return [
                Message(
                    channel,
                    members,
                    title,
                    f"<p>Neu {esc(_in(game, channel))}: {esc(names(added))}.</p>",
                )
            ]
        case ev.ParticipantsLeft(channel="wolves" as channel, names=gone):
            # told in it with them (the forum keeps them as participants); the one who lives
            # again and leaves the Totenreich reads no more of it
            members = tuple(game.state.conversations.get(channel, ())) + gone
            title = _title(game, channel)
            text = say("left_conversation.wolves", names=names(gone), count=len(gone))
            said = esc(worded(game.rules, text))
            return [Message(channel, members, title, f"<p>{said}</p>")]
        case ev.PlayerExcluded(player=player, by=deaths.RUECKTRITT):
            return [
                _to(
                    player,
                    "Rücktritt",
                    "<p>Dein Rücktritt von der Teilnahme ist angenommen: Du nimmst an der Runde "
                    "nicht mehr teil. Danke fürs Bescheidsagen!</p>",
                )
            ]
        case ev.PlayerExcluded(player=player, by=by) if by:
            return [
                _to(
                    player,
                    "Ausschluss",
                    "<p>Die Spielleitung hat dich nach den Regeln über inaktive Dorfbewohner "
                    "aus der Runde ausgeschlossen.</p>",
                )
            ]
        case ev.PlayerExcluded(player=player):
            return [
                _to(
                    player,
                    "Ausschluss",
                    "<p>Du hast in zwei aufeinanderfolgenden Dämmerungen keine Stimme "
                    "abgegeben und bist aus der Runde ausgeschlossen.</p>",
                )
            ]
    return []


def receipts(messages: list[Message]) -> Message:
    """Several receipts to one player (the commands of one post) as one message."""
    first = messages[0]
    title = f"Quittung für {len(messages)} Befehle"
    return Message(first.channel, first.recipients, title, "".join(m.html for m in messages))


def _to(player: str, title: str, html: str) -> Message:
    return Message("private", (player,), title, html)
