"""Private events → private messages, sent at once: the receipts of commands given in a
conversation, what a seer sees, the questions that hold the game, the conversations opened
and joined, new roles, the exclusion, the Spielleitung's Ermahnungen and Sanktionen. The
receipts, the Ermahnung and the Sanktion are rendered from the templates
(`abgelehnt.html.j2`, `angenommen.html.j2`, `ermahnung.html.j2`, `sanktion.html.j2`) by the
`Publisher`; the rest are short enough to be written here, in the words of the catalog
(`post.title.*`, `post.private.*`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import escape as esc

from wolfbot.engine import events as ev
from wolfbot.engine import names as engine_names
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import names_exclusion
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import Text, say
from wolfbot.posts.language import names
from wolfbot.posts.messages import Message
from wolfbot.posts.wording import marked, worded


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
    return _p(game.rules, say("conversation_use_of", use=spec.use))


Render = Callable[[str, str, dict[str, Any]], str]
"""Renders a template (name, title, data) to HTML."""


def private_messages(game: Game, event: ev.Event, render: Render) -> list[Message]:
    """The private messages an event makes at once (none for most events)."""
    rules = game.rules
    match event:
        case ev.CommandRejected(actor=actor, text=text, reason=reason):
            title = worded(rules, say("post.title.rejected", command=text))
            data = {"command": text, "reason": worded(rules, reason)}
            html = render("abgelehnt.html.j2", title, data)
            return [_to(actor, title, html)]
        case ev.CommandAccepted(actor=actor, text=text, waits=waits):
            title = worded(rules, say("post.title.accepted", command=text))
            data = {"command": text, "later": waits}
            html = render("angenommen.html.j2", title, data)
            return [_to(actor, title, html)]
        case ev.RoleSeen(seer=seer, target=target, role=role):
            seen = _p(rules, say("post.private.seen", target=target, role=role))
            return [_to(seer, worded(rules, say("post.title.info")), seen)]
        case ev.PrivateInfo(recipients=recipients, channel=channel, text=text):
            title = worded(rules, say("post.title.info"))
            return [Message(channel, recipients, title, _p(rules, text))]
        case ev.QuestionAsked(player=player, prompt=prompt):
            html = _p(rules, prompt) + _answers(rules, event)
            return [_to(player, worded(rules, say("post.title.question")), html)]
        case ev.ConversationOpened(channel=channel, members=members):
            title = _title(game, channel)
            opened = say("post.private.conversation_opened", title=title, members=members)
            return [Message(channel, members, title, _p(rules, opened) + _use(game, channel))]
        case ev.AlphaElected(player=player, members=members):
            title = worded(rules, say("post.title.alpha"))
            alpha = _p(rules, say("post.private.alpha", player=player))
            return [Message("wolves", members, title, alpha)]
        case ev.SuccessorNamed(office="Alpha", successor=successor, audience=audience):
            title = worded(rules, say("post.title.new_alpha"))
            alpha = _p(rules, say("post.private.new_alpha", player=successor))
            return [Message("wolves", audience, title, alpha)]
        case ev.RoleChanged(player=player, role=role):
            text = f"<p>{marked(rules, say('post.private.new_role', role=role))}</p>"
            return [_to(player, worded(rules, say("post.title.new_role")), text)]
        case ev.ParticipantsAdded(channel=channel, names=added):
            members = tuple(game.state.conversations.get(channel, added))
            joined = say("post.private.joined", where=_in(game, channel), names=added)
            return [Message(channel, members, _title(game, channel), _p(rules, joined))]
        case ev.ParticipantsLeft(channel="wolves" as channel, names=gone):
            # told in it with them (the forum keeps them as participants); the one who lives
            # again and leaves the Totenreich reads no more of it
            members = tuple(game.state.conversations.get(channel, ())) + gone
            title = _title(game, channel)
            text = say("left_conversation.wolves", names=names(rules, gone), count=len(gone))
            return [Message(channel, members, title, _p(rules, text))]
        case ev.Intervened(kind="warn" | "sanction" as kind, player=player):
            return [_conduct(game, event, kind, player, render)]
        case ev.PlayerExcluded(player=player, by=engine_names.RUECKTRITT):
            resigned = _p(rules, say("post.private.resigned"))
            return [_to(player, worded(rules, say("post.title.resigned")), resigned)]
        case ev.PlayerExcluded(player=player, by=by):
            # by the Spielleitung (`by`: who), or by the rule of two silent Dämmerungen
            why = say("post.private.excluded")
            if by:
                why = say("post.private.excluded_by_game_master")
            return [_to(player, worded(rules, say("post.title.excluded")), _p(rules, why))]
    return []


def _conduct(game: Game, event: ev.Intervened, kind: str, player: str, render: Render) -> Message:
    """An Ermahnung (`ermahnung.html.j2`: what he did, the sanction that threatens him, the
    clause) or a Sanktion (`sanktion.html.j2`: the sanction imposed, why), in the player's
    conversation with the Spielleitung. The exclusion is said to be one: he dies the next
    Morgen, his role not revealed."""
    rules = game.rules
    data = {
        "reason": event.reason,
        "sanction": event.argument,
        "exclusion": names_exclusion(rules, event.argument),
        "clauses": rules.conduct.clauses,
    }
    if kind == "warn":
        title = worded(rules, say("post.title.warning"))
        return _to(player, title, render("ermahnung.html.j2", title, data))
    title = worded(rules, say("post.title.sanction"))
    return _to(player, title, render("sanktion.html.j2", title, data))


def receipts(rules: Ruleset, messages: list[Message]) -> Message:
    """Several receipts to one player (the commands of one post) as one message."""
    first = messages[0]
    title = worded(rules, say("post.title.receipts", count=len(messages)))
    return Message(first.channel, first.recipients, title, "".join(m.html for m in messages))


def _answers(rules: Ruleset, asked: ev.QuestionAsked) -> str:
    """What a question may be answered with: the options, and the command – for a question
    several words answer (`QuestionAsked.more`), each word's options and all the words."""
    if not asked.more:
        options = _p(rules, say("post.private.question_options", options=asked.options))
        answer = say("post.private.question_answer", word=asked.word)
        return options + f"<p>{marked(rules, answer)}</p>"
    offers = ((asked.word, asked.options), *asked.more)
    each = "".join(
        _p(rules, say("post.private.question_options_for", word=word, options=options))
        for word, options in offers
    )
    answer = say("post.private.question_answers", words=tuple(word for word, _ in offers))
    return each + f"<p>{marked(rules, answer)}</p>"


def _p(rules: Ruleset, text: Text) -> str:
    """A paragraph of the catalog's words."""
    return f"<p>{esc(worded(rules, text))}</p>"


def _to(player: str, title: str, html: str) -> Message:
    return Message("private", (player,), title, html)
