"""Quotes from conversations: "Die Spieler dürfen nicht aus Konversationen zitieren."

A post quotes a conversation when it reproduces a passage that only that conversation holds:
the bot's private messages there (Rollenmitteilung, night results, questions) or another
participant's message (his own words there are his to repeat). Found by the runs of words
both share (`RUN` words long), after the spelling is folded (case, umlauts, punctuation), so
that light edits do not hide a passage:
a run is compared as a bag of words, so a changed word order inside it is still found, and a
word swapped here and there leaves the runs around it. Only runs that no public
text holds count: what the thread, the rule text or the Eröffnungsbeitrag says (a role's
description is in both the Rollenmitteilung and the Eröffnungsbeitrag) is no secret, and
neither is a post quoting the conversation it is written in."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

RUN = 4  # words in a run: "Anna ist ein Werwolf" is a secret, "ist ein" is not
FOUND = 3  # runs of one secret a post must share to quote it (≈ 6 words in a row)
_FOLDED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_WORD = re.compile(r"[^\W_]+", re.UNICODE)

Run = tuple[str, ...]


def fold(text: str) -> str:
    """The spelling compared: case and umlauts folded (ä = ae, ß = ss)."""
    return text.casefold().translate(_FOLDED)


def words(text: str) -> list[str]:
    """The text's words as compared: case and umlauts folded, punctuation gone."""
    return _WORD.findall(fold(text))


def runs(text: str) -> set[Run]:
    """Every `RUN` words in a row, each as a bag (sorted): a changed word order inside a run
    keeps it."""
    return set(_bags(words(text)))


def _bags(said: list[str]) -> list[Run]:
    """The run beginning at each word (fewer than `RUN` words left: none), as a bag."""
    return [tuple(sorted(said[start : start + RUN])) for start in range(len(said) - RUN + 1)]


@dataclass(frozen=True)
class Secret:
    """A text of a conversation: where (`channel`, "conversation:12"), whose (`author`: a
    player, or "" for the Spielleitung's messages), and which post or message (`source`)."""

    channel: str
    author: str
    source: str
    text: str


@dataclass(frozen=True)
class Quote:
    """A post found quoting `secret`: the runs of words they share, in the post's order."""

    secret: Secret
    shared: tuple[str, ...]  # the shared passages, as the post writes them
    runs: frozenset[Run] = frozenset()  # the shared runs themselves

    @property
    def evidence(self) -> str:
        return " … ".join(self.shared)


@dataclass
class Secrets:
    """What the conversations hold that no public text does – the one owner of the runs
    index (`runs` of each secret less the public runs).

    `holding` is the index a post is looked up in: for each run, the secrets (their places
    in `kept`) that hold it – so a post costs its own runs, not the round's secrets."""

    public: set[Run] = field(default_factory=set)
    kept: list[tuple[Secret, set[Run]]] = field(default_factory=list)
    holding: dict[Run, list[int]] = field(default_factory=dict)
    # who wrote each run first (the Spielleitung: ""): a player's own words are his to
    # repeat, also where another's message holds them since (a reply that repeats them)
    first: dict[Run, str] = field(default_factory=dict)

    def add_public(self, text: str, said: set[Run] | None = None) -> None:
        """A text everybody may read (a thread post, the rule text, a role description);
        `said`: its `runs`, if the caller has them."""
        self.public |= runs(text) if said is None else said

    def add(self, secret: Secret, said: set[Run] | None = None) -> None:
        said = runs(secret.text) if said is None else said
        place = len(self.kept)
        self.kept.append((secret, said))
        for run in said:
            self.holding.setdefault(run, []).append(place)
        self.wrote(secret.author, said)

    def wrote(self, author: str, said: set[Run]) -> None:
        """`author` wrote these runs (anywhere in the round): those nobody wrote before
        are his own."""
        for run in said:
            self.first.setdefault(run, author)

    def quoted_in(
        self, text: str, channel: str, author: str, said: set[Run] | None = None
    ) -> list[Quote]:
        """The secrets the post `text` by `author` in `channel` quotes: a secret of another
        channel (a conversation may repeat itself) and not the author's own words, whose
        private runs the post shares – at least `FOUND` of them."""
        said = {
            run
            for run in (runs(text) if said is None else said) - self.public
            if self.first.get(run) != author
        }
        shares: dict[int, int] = {}
        for run in said:
            for place in self.holding.get(run, ()):
                shares[place] = shares.get(place, 0) + 1
        found = []
        for place in sorted(p for p, n in shares.items() if n >= FOUND):
            secret, held = self.kept[place]
            if secret.channel == channel or secret.author == author:
                continue
            shared = said & held
            found.append(Quote(secret, _passages(text, shared), frozenset(shared)))
        return found


def _passages(text: str, shared: Iterable[Run]) -> tuple[str, ...]:
    """The post's words that stand in a shared run, joined into passages as the post writes
    them (its case, umlauts and punctuation between the words)."""
    found = list(_WORD.finditer(text))
    said = [fold(m.group()) for m in found]
    if said != words(text):  # a word whose folding splits it: the folded words then
        found, said = list(_WORD.finditer(fold(text))), words(text)
        text = fold(text)
    hit = [False] * len(said)
    wanted = set(shared)
    for start, run in enumerate(_bags(said)):
        if run in wanted:
            for i in range(start, start + RUN):
                hit[i] = True
    passages: list[str] = []
    first: int | None = None
    for index, marked in enumerate([*hit, False]):
        if marked and first is None:
            first = index
        elif not marked and first is not None:
            passages.append(text[found[first].start() : found[index - 1].end()])
            first = None
    return tuple(passages)
