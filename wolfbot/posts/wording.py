"""The engine's `Text` (a message key and its values) in the words of the ruleset's message
catalog (`rules/<name>/messages/*.yaml`, in the ruleset's language).

    worded(game.rules, say("seen.aura", name="Anna", good=True))  # "Anna hat eine gute Aura."

Each catalog entry is a Jinja2 template over the text's values; a value that is a `Text`
itself is worded first, so a template only ever sees names, numbers, yes/no and lists.
A template may word another entry with `msg('key', name=value)`, e.g. a channel or a time
it got as a plain value; the filter `quoted` quotes a name as the language does (the entry
`language.quoted`: „Anna“).

`marked` words an entry as HTML, for the posts: its values escaped, its own markup kept
("Du spielst von nun an die Rolle <strong>{{ role }}</strong>.").

`worded_about` words a text that was told one player ("Du bist verstorben …") as the others
read it of him ("Anna ist verstorben …"): the catalog's `about.*` entries.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, StrictUndefined, Template, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import Text


class MissingWording(KeyError):
    """The catalog has no entry for a message key (a ruleset that is not complete)."""

    def __init__(self, ruleset: str, key: str) -> None:
        super().__init__(f"{ruleset}: no wording for message {key!r} in rules/{ruleset}/messages")
        self.ruleset = ruleset
        self.key = key


def worded(rules: Ruleset, text: Text) -> str:
    """`text` in the words of `rules`' catalog (remembered: the same text is worded alike,
    and receipts and tallies repeat the same texts many times)."""
    return _remembered(rules, text, html=False)


def marked(rules: Ruleset, text: Text) -> Markup:
    """`text` in the words of `rules`' catalog as HTML: the values escaped, the entry's
    own markup kept."""
    return Markup(_remembered(rules, text, html=True))


def _remembered(rules: Ruleset, text: Text, *, html: bool) -> str:
    known = _WORDED.get(id(rules))
    if known is None or known[0] is not rules:
        if len(_WORDED) >= _RULESETS_KEPT:
            _WORDED.clear()
        known = _WORDED[id(rules)] = (rules, {})
    cache = known[1]
    if html and any(isinstance(value, Markup) for _, value in text.values):
        return _word(rules, text, html)  # equal to its text, but not escaped: never cached
    try:
        return cache[text, html]
    except KeyError:
        pass
    except TypeError:  # a value that is not hashable (a list): worded each time
        return _word(rules, text, html)
    if len(cache) >= _TEXTS_KEPT:
        cache.clear()
    cache[text, html] = words = _word(rules, text, html)
    return words


# rulesets by id, each kept alive with its worded texts (so that its id is not reused)
_WORDED: dict[int, tuple[Ruleset, dict[tuple[Text, bool], str]]] = {}
_RULESETS_KEPT, _TEXTS_KEPT = 16, 20_000


def _word(rules: Ruleset, text: Text, html: bool) -> str:
    wording = rules.messages.get(text.key)
    if wording is None:
        raise MissingWording(rules.name, text.key)
    values = {name: _plain(rules, value) for name, value in text.values}

    def msg(key: str, **more: Any) -> str:
        words = _remembered(rules, Text(key, tuple(more.items())), html=html)
        return Markup(words) if html else words

    return _template(wording, html).render(values, msg=msg)


ABOUT = "about."  # the catalog's entries that say a text of a player to others


def worded_about(rules: Ruleset, text: Text, player: str) -> str:
    """`text` – told `player` privately ("… dein !Heiltrank bleibt unverbraucht") – as the
    others read it of him, in the third person (the Abschlussbeitrag, `wolfbot explain`):
    the catalog's `about.<key>`, worded with `player` besides the text's values, where the
    key addresses the player; a reason inside a reason likewise; any other key as it is."""
    return worded(rules, about(rules, text, player))


def about(rules: Ruleset, text: Text, player: str) -> Text:
    """The `Text` that `worded_about` words."""
    values = tuple((name, _about_value(rules, value, player)) for name, value in text.values)
    if ABOUT + text.key in rules.messages:
        return Text(ABOUT + text.key, (*values, ("player", player)))
    return Text(text.key, values)


def _about_value(rules: Ruleset, value: Any, player: str) -> Any:
    if isinstance(value, Text):
        return about(rules, value, player)
    if isinstance(value, tuple):
        return tuple(_about_value(rules, v, player) for v in value)
    return value


def death_phrase(rules: Ruleset, cause: str) -> str:
    """How a death by `cause` is said: the ruleset's `causes`, else the killing role's
    `kill_phrase`, else the catalog's `death_by` ("wurde durch Mörder getötet")."""
    if cause in rules.causes:
        return rules.causes[cause]
    role = rules.roles.get(cause)
    if role is not None and role.kill_phrase:
        return role.kill_phrase
    return worded(rules, Text("death_by", (("cause", cause),)))


def _plain(rules: Ruleset, value: Any) -> Any:
    if isinstance(value, Text):
        return worded(rules, value)
    if isinstance(value, tuple):
        return [_plain(rules, v) for v in value]
    return value


@pass_context
def _quoted(context: Context, value: Any) -> str:
    return context["msg"]("language.quoted", text=value)


def _environment(html: bool) -> Environment:
    env = Environment(undefined=StrictUndefined, autoescape=html, keep_trailing_newline=False)
    env.filters["quoted"] = _quoted
    return env


_ENVIRONMENTS = {False: _environment(False), True: _environment(True)}


@lru_cache(maxsize=4096)
def _template(wording: str, html: bool) -> Template:
    return _ENVIRONMENTS[html].from_string(wording)
