"""Claims of a role in a post: "Kein Dorfbewohner darf seine Rolle offenbaren oder
andeuten. Aber jeder Dorfbewohner darf behaupten, er sei ein Bürger und spiele für das
Dorf."

A claim is what the author's own words say of a role (the caller passes his text without
the passages he quotes): his own role revealed ("ich bin die Seherin", "als Hexe kann ich
…", "Ich, die Seherin, …"), another player's ("Anna ist bei uns im Rudel", "mein Mitwolf
Bernd"), both at once ("Anna und ich sind Wölfe"), or his role hinted without a name ("ich
habe heute Nacht Anna angeschaut", "meine Tränke"). The ruleset's phrases say how
(`RevealWords`, compiled here); what they find is no claim when its sentence asks ("Bist du
die Seherin?"), when its clause is a supposition ("wenn ich die Seherin wäre"), when a
negation follows it ("… die Seherin bin ich nicht"; one inside it keeps it from matching at
all: "ich bin nicht die Hexe"), or when the "role" is a player's name said without an
article ("Ich bin Rotkäppchen" by the player Rotkäppchen). Talk about roles in general
("Die Seherin sollte sich nicht zeigen") matches no phrase: every phrase speaks of the
author or of a named player. Whether a claim is a breach is `outing.RevealWatch`'s to say."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from wolfbot.conduct.lexicon import ENDS, PARTS, Lexicon, Tokens, said, tokens
from wolfbot.conduct.quotes import fold

OWN = "own"  # the author's own role
OTHER = "other"  # another player's role
HINT = "hint"  # the author's role hinted, named by no role
KINDS = ("own", "other", "together", "hints")


@dataclass(frozen=True, slots=True)
class Claim:
    """What a post says of a role: `kind` (`OWN`, `OTHER`, `HINT`), `role` (the role's
    name – the pack's for a place in the pack; "" for a hint), `player` (whose role: the
    author, or the other player), `evidence` (the words, as the post writes them), `at`
    (where in the post: the claims of a post are in this order)."""

    kind: str
    role: str
    player: str
    evidence: str
    at: int


@dataclass(frozen=True)
class _Phrase:
    """A compiled phrase; `needs`: for each word it cannot do without, the spellings it
    accepts there – a post holding none of one of them cannot match (it is not searched)."""

    kind: str  # own, other, together, hints
    pattern: re.Pattern[str]
    needs: tuple[frozenset[str], ...]

    def may_match(self, said_: frozenset[str]) -> bool:
        return all(not said_.isdisjoint(spellings) for spellings in self.needs)


class Phrases:
    """The ruleset's phrases compiled for the players of a round (`{player}` is one of
    their names): the one owner of the compiled patterns. Build it once per round."""

    def __init__(self, lexicon: Lexicon, players: Sequence[str]) -> None:
        self.lexicon = lexicon
        self.players = tuple(players)
        self._names = {said(name): name for name in self.players}
        self._phrases = tuple(
            _Phrase(kind, re.compile(self._regex(phrase)), self._needs(phrase))
            for kind in KINDS
            for phrase in lexicon.phrases[kind]
        )
        # the phrases a post's word may begin: each phrase under the spellings of its
        # rarest needed word (a phrase needing none is always searched) – a post without
        # any of them is not searched by it at all
        self._always: tuple[int, ...] = tuple(
            n for n, phrase in enumerate(self._phrases) if not phrase.needs
        )
        self._by_word: dict[str, list[int]] = {}
        common = lexicon.breaks | lexicon.articles
        for n, phrase in enumerate(self._phrases):
            if phrase.needs:  # the rarest; of equals the last ("meine rolle ist": rolle)
                rarest = min(reversed(phrase.needs), key=lambda needed: _rarity(needed, common))
                for spelling in rarest:
                    self._by_word.setdefault(spelling, []).append(n)
        # a post holding none of those words (most posts: a vote, chatter) is not read
        # further: one search of its folded text instead of its tokens
        words = sorted(self._by_word, key=len, reverse=True)
        pieces = [rf"\b{re.escape(w)}\b" if w.isalnum() else re.escape(w) for w in words]
        self._trigger = re.compile("|".join(pieces)) if words and not self._always else None

    def _candidates(self, present: frozenset[str]) -> list[_Phrase]:
        """The phrases that may match a post with these words, in the phrases' order."""
        found = set(self._always)
        for word in present:
            found.update(self._by_word.get(word, ()))
        return [self._phrases[n] for n in sorted(found)]

    def claims(self, text: str, author: str) -> list[Claim]:
        """The claims of `author`'s words `text`, in the order the post makes them."""
        if self._trigger is not None and self._trigger.search(fold(text)) is None:
            return []
        said_ = tokens(text)
        present = frozenset(said_.words)
        found: list[tuple[int, int, Claim]] = []
        for phrase in self._candidates(present):
            if not phrase.may_match(present):
                continue
            for match in phrase.pattern.finditer(said_.folded):
                first, last = _token_range(said_, match)
                if not self._holds(said_, match, first, last):
                    continue
                evidence = said_.written(first, last)
                at = said_.spans[first][0]
                for claim in self._read(phrase.kind, match, author, evidence, at):
                    found.append((first, last, claim))
        return _distinct(found)

    def _read(self, kind: str, match: re.Match[str], author: str, evidence: str, at: int):
        """The claims one phrase's match makes: a hint; a role of the author's, another's
        or both ("together"); a phrase without `{role}` claims the pack."""
        if kind == "hints":
            player = self._player(match)
            if player != author:
                yield Claim(HINT, "", author, evidence, at)
            return
        role = self.lexicon.roles[match["role"]] if "role" in match.re.groupindex else ""
        role = role or self.lexicon.pack
        if not role:
            return
        if kind in ("own", "together"):
            if kind == "own" or self._player(match) not in ("", author):
                yield Claim(OWN, role, author, evidence, at)
        if kind in ("other", "together"):
            other = self._player(match)
            if other and other != author:
                yield Claim(OTHER, role, other, evidence, at)

    def _player(self, match: re.Match[str]) -> str:
        if "player" not in match.re.groupindex or match["player"] is None:
            return ""
        return self._names[match["player"].strip()]

    def _holds(self, said_: Tokens, match: re.Match[str], first: int, last: int) -> bool:
        """The match is a claim: no question, no supposition, no negation after it, and
        no player's name taken for a role."""
        words = said_.words
        end = next((i for i in range(last, len(words)) if words[i] in ENDS), len(words))
        if end < len(words) and words[end] == "?":
            return False
        begin = next((i for i in range(first - 1, -1, -1) if words[i] in ENDS), -1)
        if begin + 1 < len(words) and words[begin + 1] in self.lexicon.conditionals:
            return False  # "Angenommen, ich bin die Seherin …"
        start = next((i for i in range(first - 1, begin, -1) if words[i] in PARTS), begin)
        stop = next((i for i in range(last + 1, end) if words[i] in PARTS), end)
        if any(words[i] in self.lexicon.conditionals for i in range(start + 1, stop)):
            return False
        if last + 1 < len(words) and words[last + 1] in self.lexicon.negations:
            return False
        if "role" in match.re.groupindex and match["role"] is not None:
            named = match["role"].strip()
            if named in self._names and match["art"] is None:
                return False
        return True

    def _regex(self, phrase: str) -> str:
        """A phrase as a pattern over `Tokens.folded`: each word a token and its space."""
        parts = [r"(?<= )"]
        for word in phrase.split():
            optional = word.endswith("?") and len(word) > 1
            word = word.removesuffix("?") if optional else word
            piece = self._piece(word, phrase)
            parts.append(f"(?:{piece})?" if optional else piece)
        return "".join(parts)

    def _needs(self, phrase: str) -> tuple[frozenset[str], ...]:
        """The one-word spellings each word of the phrase that is neither optional nor a
        role, a player or a gap must be said with."""
        needs = []
        for word in phrase.split():
            if (word.endswith("?") and len(word) > 1) or word in ("…", "_", "{role}", "{player}"):
                continue
            if word.startswith("{") and word.endswith("}"):
                spellings = set(self.lexicon.words.get(word[1:-1], ()))
            else:
                spellings = {said(w) for w in word.split("|")}
            if spellings and all(" " not in s for s in spellings):
                needs.append(frozenset(spellings))
        return tuple(needs)

    def _piece(self, word: str, phrase: str) -> str:
        lexicon = self.lexicon
        if word in ("…", "_"):  # up to `gap` words, or exactly one; a name counts as one
            stop = sorted(lexicon.breaks | lexicon.negations | lexicon.articles)
            names = f"(?:{_any(self._names)}) |" if self._names else ""
            one = rf"(?:{names}(?!(?:{_any(stop)}) )[^ ,.!?;]+ )"
            return one if word == "_" else rf"{one}{{0,{lexicon.gap}}}"
        if word == "{role}":
            return rf"(?:(?P<art>{_any(lexicon.articles)}) )?(?P<role>{_any(lexicon.roles)}) "
        if word == "{player}":
            names = _any(self._names) if self._names else "(?!)"
            return rf"(?P<player>{names}) "
        if word.startswith("{") and word.endswith("}"):
            listed = lexicon.words.get(word[1:-1])
            if listed is None:
                raise ValueError(f"the reveal phrase {phrase!r} names no words: {word}")
            return rf"(?:{_any(listed)}) "
        return rf"(?:{_any(said(w) for w in word.split('|'))}) "


def _any(spellings) -> str:
    """An alternation of folded spellings, the longest first (a longer name wins)."""
    return "|".join(re.escape(s) for s in sorted(set(spellings), key=lambda s: (-len(s), s)))


def _token_range(said_: Tokens, match: re.Match[str]) -> tuple[int, int]:
    first = bisect.bisect_left(said_.starts, match.start())
    last = bisect.bisect_right(said_.starts, match.end() - 2) - 1
    return first, last


def _distinct(found: list[tuple[int, int, Claim]]) -> list[Claim]:
    """One claim for each thing said: of claims of the same kind, role and player whose
    words overlap, the first and longest stays; a hint inside a reveal's words is the
    reveal's."""
    kept: list[tuple[int, int, Claim]] = []
    for first, last, claim in sorted(found, key=lambda f: (f[2].kind == HINT, f[0], -f[1])):
        overlaps = [k for begin, end, k in kept if begin <= last and first <= end]
        if any(_same(k, claim) for k in overlaps):
            continue
        if claim.kind == HINT and overlaps:
            continue
        kept.append((first, last, claim))
    return [claim for _, _, claim in sorted(kept, key=lambda k: (k[2].at, k[2].kind))]


def _same(one: Claim, other: Claim) -> bool:
    """The same thing said: the same kind of claim of the same role of the same player."""
    return (one.kind, one.role, one.player) == (other.kind, other.role, other.player)


def _rarity(spellings: frozenset[str], common: frozenset[str]) -> tuple[bool, bool, int, int]:
    """How common a needed word is, rarest first: a word before punctuation (every other
    post has a comma), a word of the language's `common` ones (articles, the words that
    begin a clause), a short word (the shorter a word, the more often it is said: "mein"
    before "Mitwolf"), then the most spellings."""
    punctuation = any(not word.isalnum() for word in spellings)
    shortest = min(len(word) for word in spellings)
    return punctuation, not spellings.isdisjoint(common), -shortest, len(spellings)
