"""The sign-up thread and withdrawals → Spielerliste, reserves and observers (pure).

"Die Nutzer können sich als Spieler (!Dabei oder !Spieler), als Reservespieler (!Reserve
oder !Reservespieler) oder als Beobachter (!Beobachter) zur Runde anmelden. Entsprechend des
Zeitpunktes ihrer Anmeldung weist die Spielleitung den Spielern einen Platz in der
Spielerliste zu." – "Jeder Teilnehmer kann jederzeit und ohne jedwede Begründung durch
Mitteilung an die Spielleitung von der Teilnahme zurücktreten."

`read_signups` replays every post in order of time (then post id) and is pure: reading the
thread again with more posts gives the same list plus what the new posts changed.

Readings:
- The command words and their variants come from the ruleset's catalog (`commands.yaml`:
  `Dabei`/`Spieler`, `Reserve`/`Reservespieler`, `Beobachter`); only the bold command lines
  at the end of a post count (`markup`), so quoted, spoilered or code commands never do.
  Sign-up commands take nothing after the word ("!Dabei bin ich" is rejected, like every
  command with text the command does not take).
- The Spielerliste holds at most `max_players`: whoever signs up as a player when it is full
  becomes a reserve, and all reserves (these and those who signed up with `!Reserve`) stand
  in the order of their sign-up.
- The later sign-up wins: a player who sends `!Reserve` or `!Beobachter` leaves the
  Spielerliste and joins the end of the other list with the time of the new post (and the
  first reserve moves up); `!Dabei` of a reserve moves him into the Spielerliste only if it
  has room (otherwise he keeps his reserve place and is told so). Repeating one's current
  sign-up is rejected and keeps the first time.
- Withdrawal is a "Mitteilung" – a message in a conversation (every conversation message
  passed in counts as one to the Spielleitung) – whose visible text says one of the
  ruleset's `withdrawal_words` at the beginning of a word (the Düsterliga's: `!Abmelden`,
  "abmelden"/"Abmeldung", "zurücktreten"/"zurückzutreten", "Rücktritt"; the Weerwolven's
  "afmelden", "ik meld me af", "terugtrekken"; any case, quotes not counted). It is
  accepted at any time (also after `closes_at`), takes the author off whichever list he is
  on and is a verdict the Spielleitung sees. A withdrawal in the thread is not a Mitteilung
  and is rejected with that reason.
- When a player leaves the Spielerliste the first reserve moves up to the end of the list
  (his place dates from moving up); `Signup.moved_up` says who replaced whom.
- The Spielleitung (`game_master`, compared case-insensitively) cannot sign up; its own
  messages are never sign-ups or withdrawals. Include the bot's account in `game_master`.
- A sign-up at or after `closes_at` is rejected ("Anmeldung geschlossen").

The answers to the players are worded by the ruleset's catalog (`signup.*`); what blocks the
start (`Signup.problems`) is the Spielleitung's and German.
- Deleted posts count ("Die Spielleitung stellt gelöschte Beiträge wieder her"); posts
  waiting for a moderator (`disabled`) do not, until they are approved.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import Text, say
from wolfbot.forum.base import ForumPost
from wolfbot.posts.language import clock_values
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.spelling import name_key, normalize_text

Kind = Literal["player", "reserve", "observer"]
Action = Literal["player", "reserve", "observer", "withdrawal", "none"]
Placement = Literal["signed_up", "overflow", "moved_up"]

SIGNUP_WORDS: dict[str, Kind] = {"Dabei": "player", "Reserve": "reserve", "Beobachter": "observer"}
WITHDRAW_WORD = "Abmelden"


@dataclass(frozen=True, slots=True)
class Entry:
    """One participant on a list: name as written, time and post of the sign-up."""

    name: str
    time: datetime
    post_id: int
    placement: Placement = "signed_up"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the bot made of one command line or withdrawal message."""

    post_id: int
    author: str
    time: datetime
    channel: str  # "thread:ID" or "conversation:ID"
    line: str  # the command line, or the line of the message that withdraws
    action: Action
    accepted: bool
    reason: str
    receipt: str  # the answer to the author: "Angenommen: !Dabei – …" / "Abgelehnt: …"


@dataclass(frozen=True, slots=True)
class MoveUp:
    name: str  # the reserve who moved up
    replaces: str  # the player who left
    time: datetime


@dataclass(frozen=True, slots=True)
class Signup:
    players: tuple[Entry, ...]  # the Spielerliste, in order
    reserves: tuple[Entry, ...]
    observers: tuple[Entry, ...]
    withdrawals: tuple[Entry, ...]  # who withdrew, with the time of the message
    moved_up: tuple[MoveUp, ...]
    verdicts: tuple[Verdict, ...]
    min_players: int
    max_players: int

    @property
    def player_names(self) -> list[str]:
        return [e.name for e in self.players]

    @property
    def reserve_names(self) -> list[str]:
        return [e.name for e in self.reserves]

    @property
    def observer_names(self) -> list[str]:
        return [e.name for e in self.observers]

    @property
    def ready(self) -> bool:
        return len(self.players) >= self.min_players

    @property
    def full(self) -> bool:
        return len(self.players) >= self.max_players

    @property
    def problems(self) -> list[str]:
        """What blocks the start, in German; empty when the round can start."""
        missing = self.min_players - len(self.players)
        if missing <= 0:
            return []
        text = (
            f"Es fehlen noch {missing} Spieler: {len(self.players)} von mindestens "
            f"{self.min_players} angemeldet."
        )
        if self.reserves:
            text += f" ({len(self.reserves)} Reservespieler könnten nachrücken.)"
        return [text]

    @property
    def for_game_master(self) -> list[Verdict]:
        """The withdrawals, which the Spielleitung must see."""
        return [v for v in self.verdicts if v.action == "withdrawal"]


def command_word(line: str, ruleset: Ruleset) -> tuple[str | None, str]:
    """The canonical command word a "!…" line starts with (any spelling of the catalog,
    longest first, any case) and the rest of the line; (None, line) if none."""
    text = normalize_text(line)
    if not text.startswith("!"):
        return None, text
    body = text[1:]
    key = name_key(body)
    spellings = sorted(
        ((name_key(s), c.word) for c in ruleset.commands for s in (c.word, *c.variants)),
        key=lambda pair: -len(pair[0]),
    )
    for phrase, word in spellings:
        if key == phrase or key.startswith(phrase + " "):
            return word, body.split(None, len(phrase.split()))[-1] if key != phrase else ""
    return None, body


@dataclass
class _Lists:
    max_players: int
    lists: dict[Kind, list[Entry]] = field(
        default_factory=lambda: {"player": [], "reserve": [], "observer": []}
    )
    withdrawals: list[Entry] = field(default_factory=list)
    moved_up: list[MoveUp] = field(default_factory=list)

    def find(self, name: str) -> tuple[Kind, int] | None:
        key = name_key(name)
        for kind, entries in self.lists.items():
            for index, entry in enumerate(entries):
                if name_key(entry.name) == key:
                    return kind, index
        return None

    def remove(self, kind: Kind, index: int, time: datetime) -> Text | None:
        """Take an entry off its list; a freed player place goes to the first reserve (who
        is said to move up)."""
        entry = self.lists[kind].pop(index)
        if kind != "player" or not self.lists["reserve"]:
            return None
        first = self.lists["reserve"].pop(0)
        self.lists["player"].append(Entry(first.name, first.time, first.post_id, "moved_up"))
        self.moved_up.append(MoveUp(first.name, entry.name, time))
        return say("signup.moved_up", name=first.name)

    @property
    def full(self) -> bool:
        return len(self.lists["player"]) >= self.max_players

    def add(self, kind: Kind, post: ForumPost) -> Text:
        if kind == "player" and self.full:
            self.lists["reserve"].append(Entry(post.author, post.time, post.post_id, "overflow"))
            place = len(self.lists["reserve"])
            return say("signup.full_reserve", name=post.author, max=self.max_players, place=place)
        self.lists[kind].append(Entry(post.author, post.time, post.post_id))
        return say("signup.signed_up", name=post.author, kind=kind, place=len(self.lists[kind]))

    def sign_up(self, kind: Kind, post: ForumPost) -> tuple[bool, Text]:
        found = self.find(post.author)
        if found is None:
            return True, self.add(kind, post)
        current, index = found
        if current == kind:
            return False, say("signup.already", name=post.author, kind=kind, place=index + 1)
        if current == "reserve" and kind == "player" and self.full:
            stays = {"kind": current, "place": index + 1, "max": self.max_players}
            return False, say("signup.full_stays", name=post.author, **stays)
        moved = self.remove(current, index, post.time)
        return True, say("signup.switched", signed_up=self.add(kind, post), moved=moved)

    def withdraw(self, post: ForumPost) -> tuple[bool, Text]:
        found = self.find(post.author)
        if found is None:
            return False, say("signup.not_signed_up", name=post.author)
        kind, index = found
        entry = self.lists[kind][index]
        moved = self.remove(kind, index, post.time)
        self.withdrawals.append(Entry(entry.name, post.time, post.post_id))
        withdrawn = {"kind": kind, "place": index + 1, "moved": moved}
        return True, say("signup.withdrawn", name=post.author, **withdrawn)


def _withdrawal_line(text: str, rules: Ruleset) -> str | None:
    """The line of a message that withdraws (`Ruleset.withdrawal_words`), if any."""
    words = "|".join(re.escape(word) for word in rules.withdrawal_words)
    withdrawal = re.compile(rf"\b(?:{words})", re.IGNORECASE)
    return next((line for line in text.splitlines() if withdrawal.search(line)), None)


def read_signups(
    posts: Iterable[ForumPost],
    *,
    game_master: set[str],
    closes_at: datetime | None,
    min_players: int,
    max_players: int,
    ruleset: Ruleset | None = None,
) -> Signup:
    """The sign-up as the posts of the sign-up thread and the conversations with the
    Spielleitung show it (see the module text for the readings)."""
    if not 1 <= min_players <= max_players:
        raise ValueError(f"min_players {min_players} / max_players {max_players}")
    if closes_at is not None and closes_at.tzinfo is None:
        raise ValueError("closes_at must be timezone-aware")
    rules = ruleset if ruleset is not None else loader.load("duesterliga")
    masters = {name_key(name) for name in game_master}
    state = _Lists(max_players)
    verdicts: list[Verdict] = []

    def verdict(post: ForumPost, line: str, action: Action, ok: bool, why: Text) -> None:
        reason = worded(rules, why)
        receipt = worded(rules, say("signup.receipt", accepted=ok, line=line, reason=reason))
        where = str(post.channel)
        verdicts.append(
            Verdict(post.post_id, post.author, post.time, where, line, action, ok, reason, receipt)
        )

    for post in sorted(posts, key=lambda p: (p.time, p.post_id)):
        if post.disabled:
            continue
        body = post.body
        is_master = name_key(post.author) in masters
        if post.channel.kind == "conversation":
            if is_master:
                continue
            line = _withdrawal_line(body.text, rules)
            if line is not None:
                ok, reason = state.withdraw(post)
                verdict(post, line, "withdrawal", ok, reason)
            for command in body.commands:
                if command_word(command, rules)[0] in SIGNUP_WORDS:
                    verdict(post, command, "none", False, say("signup.in_conversation"))
            continue
        for line in body.commands:
            asked = _thread_line(line, rules, is_master, closes_at, post.time)
            if isinstance(asked, Text):
                verdict(post, line, "none", False, asked)
            else:
                ok, reason = state.sign_up(asked, post)
                verdict(post, line, asked if ok else "none", ok, reason)
    return Signup(
        players=tuple(state.lists["player"]),
        reserves=tuple(state.lists["reserve"]),
        observers=tuple(state.lists["observer"]),
        withdrawals=tuple(state.withdrawals),
        moved_up=tuple(state.moved_up),
        verdicts=tuple(verdicts),
        min_players=min_players,
        max_players=max_players,
    )


def _thread_line(
    line: str, rules: Ruleset, is_master: bool, closes_at: datetime | None, time: datetime
) -> Kind | Text:
    """The sign-up a command line of the thread asks for, or why it is none."""
    word, rest = command_word(line, rules)
    kind = SIGNUP_WORDS.get(word or "")
    if kind is None:
        first = normalize_text(line).split(" ", 1)[0]
        if name_key(first.lstrip("!")) == name_key(WITHDRAW_WORD):
            return say("signup.withdrawal_in_thread")
        return say("signup.no_such_command", first=first, valid=_valid(rules))
    if rest:
        return say("signup.nothing_after", word=word, rest=rest)
    if is_master:
        return say("signup.game_master")
    if closes_at is not None and time >= closes_at:  # in the time zone it was given in
        return say("signup.closed", **clock_values(closes_at))
    return kind


def _valid(rules: Ruleset) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The sign-up commands of the ruleset, each with its other spellings."""
    return tuple((c.word, c.variants) for c in rules.commands if c.word in SIGNUP_WORDS)
