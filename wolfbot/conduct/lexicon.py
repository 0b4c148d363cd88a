"""The words by which a post names a role – "Kein Dorfbewohner darf seine Rolle offenbaren
oder andeuten. Aber jeder Dorfbewohner darf behaupten, er sei ein Bürger und spiele für das
Dorf." – taken from the ruleset once: every role's name with and without its article, its
"Andere Namen" (`RoleSpec.aliases`), its adjective forms (Weiße or Weißer Wolf) and the
endings of the ruleset's `conduct.reveals.role_endings` (Jäger → Jägerin), the words for
the pack (Werwolf, Wolf, Wölfe, Rudel), and the ruleset's phrasing of a reveal or a hint
(`RevealWords`), all folded like a post (case, umlauts).

A ruleset without `conduct.reveals` phrasing has an empty lexicon: no reveal is found in
its rounds, so none is flagged."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from wolfbot.conduct.quotes import fold
from wolfbot.engine.spec import Ruleset, UnknownRole, adjective_forms

# a post's tokens: its words, the punctuation that ends or parts a clause, and line breaks
# (a line ends a sentence as a full stop does)
_TOKEN = re.compile(r"[^\W_]+|[,.!?;:]|\n")
ENDS = frozenset(".!?;")  # what ends a sentence
PARTS = ENDS | {","}  # what ends a clause
PACK_ENGINE_NAME = "Werwolf"  # the engine's name of the plain pack member (`Ruleset.names`)


@dataclass(frozen=True, slots=True)
class Tokens:
    """A text as the phrases read it: `folded` is its tokens, each followed by a space
    (" ich bin die seherin . "), `starts` where each token begins there, `spans` where it
    stands in the text as written (the evidence is taken from there)."""

    text: str
    words: tuple[str, ...]
    folded: str
    starts: tuple[int, ...]
    spans: tuple[tuple[int, int], ...]

    def written(self, first: int, last: int) -> str:
        """Tokens `first` to `last` (inclusive) as the text writes them."""
        return self.text[self.spans[first][0] : self.spans[last][1]]


def tokens(text: str) -> Tokens:
    found = list(_TOKEN.finditer(text))
    said = tuple("." if m.group() == "\n" else fold(m.group()) for m in found)
    starts, at = [], 1
    for word in said:
        starts.append(at)
        at += len(word) + 1
    folded = " " + "".join(f"{word} " for word in said)
    return Tokens(text, said, folded, tuple(starts), tuple(m.span() for m in found))


def said(phrase: str) -> str:
    """A name or phrase word as the tokens fold it: "Große Böse Wolf" → "grosse boese wolf"."""
    return " ".join(fold(m.group()) for m in _TOKEN.finditer(phrase) if m.group() != "\n")


@dataclass(frozen=True)
class Lexicon:
    """The ruleset's words for roles and its phrasing of reveals and hints, folded.

    `roles`: each spelling of a role (folded: "weisser wolf", "seher", "jaegerin", "rudel")
    → the role's name ("Weißer Wolf"); the words for the pack name the plain Werwolf (`pack`),
    who stands for any member of the pack (`pack_roles`). `allowed`: the roles anyone may
    claim (the Bürger). `phrases`: the ruleset's `own`, `other`, `together` and `hints`
    phrases; `words`, `articles`, `negations`, `conditionals`, `breaks`, `gap`: as in
    `RevealWords`, folded."""

    roles: Mapping[str, str]
    pack: str
    pack_roles: frozenset[str]
    allowed: frozenset[str]
    articles: frozenset[str]
    negations: frozenset[str]
    conditionals: frozenset[str]
    breaks: frozenset[str]
    words: Mapping[str, tuple[str, ...]]
    phrases: Mapping[str, tuple[str, ...]]
    gap: int

    def role_named(self, name: str) -> str:
        """The role a name or alias means ("Seher" → "Seherin"); ValueError if none."""
        try:
            return self.roles[said(name)]
        except KeyError:
            raise ValueError(f"no role is called {name!r}") from None

    def is_pack(self, role: str) -> bool:
        """A player of `role` is one of those the pack's words name."""
        return role in self.pack_roles

    def means(self, claimed: str, role: str) -> bool:
        """A claim of `claimed` says the truth of a player whose role is `role`: the same
        role, or the pack's word for a member of the pack."""
        return claimed == role or (claimed == self.pack and self.is_pack(role))


def lexicon_of(rules: Ruleset) -> Lexicon:
    """The ruleset's lexicon (build it once per ruleset: it reads every role)."""
    words = rules.conduct.reveals
    pack = rules.engine_role(PACK_ENGINE_NAME).name if _has(rules, PACK_ENGINE_NAME) else ""
    articles = frozenset(said(a) for a in words.articles)
    roles: dict[str, str] = {}
    for spelling in words.pack if pack else ():
        roles.setdefault(said(spelling), pack)
    for role in rules.roles.values():
        for spelling in _spellings(role.name, role.aliases, role.heading, words.role_endings):
            folded = said(spelling)
            first, _, rest = folded.partition(" ")
            if first in articles and rest:
                folded = rest
            roles.setdefault(folded, role.name)
    pack_roles = frozenset(
        role.name for role in rules.roles.values() if role.pack or role.is_werwolf
    )
    lists = {name: tuple(said(w) for w in listed) for name, listed in words.words.items()}
    return Lexicon(
        roles=roles,
        pack=pack,
        pack_roles=pack_roles,
        allowed=frozenset(roles[said(name)] for name in words.allowed),
        articles=articles,
        negations=frozenset(said(w) for w in words.negations),
        conditionals=frozenset(said(w) for w in words.conditionals),
        breaks=frozenset(said(w) for w in words.breaks),
        words=lists,
        phrases={
            "own": words.own,
            "other": words.other,
            "together": words.together,
            "hints": words.hints,
        },
        gap=words.gap,
    )


def _has(rules: Ruleset, engine_name: str) -> bool:
    try:
        rules.engine_role(engine_name)
    except UnknownRole:  # a ruleset without a plain Werwolf has no words for the pack
        return False
    return True


def _spellings(
    name: str, aliases: tuple[str, ...], heading: str, endings: tuple[str, ...]
) -> list[str]:
    """A role's spellings, the most proper first: its name, its aliases, their adjective
    forms, its heading, and its one-word names with the ruleset's endings."""
    named = [name, *aliases]
    spellings = list(named)
    for one in named:
        spellings.extend(sorted(adjective_forms(one)))
    spellings.append(heading)
    for one in named:
        if " " not in one:
            spellings.extend(one + ending for ending in endings if not one.endswith(ending))
    return spellings
