"""The demo's simulated players: what each of them posts in a phase, as forum HTML.

They play well enough for a round to come to its end – most vote by day (on the first day
for the Bürgermeister too) and gather on a few suspects, the pack elects its Alpha and agrees
on a victim, the special roles use their abilities at night, a player asked a question
answers it two times in three – and they make the mistakes real players make:

- a typo in a name (`!Lynch Gustv`: refused, "Meintest du 'Gustav'?"),
- text after the command (it does not count: "Befehle müssen am Ende eines Beitrages
  stehen"), usually followed by a corrected post,
- a command that is not bold (does not count either),
- a command that only appears in a quote of another player's post (never counts),

and there is chatter in between: posts without a command in the thread by day and in the
Wolfshöhle at night, in the words of the ruleset's catalog (`demo.*`).

They know what a player knows (his role and commands, the pack he belongs to, the living
and the dead, the questions put to him); being simulations, they read it from the game the
bot keeps instead of from the forum. Seeded: one `random.Random` decides everything.
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.state import PlayerState, Question
from wolfbot.engine.text import Text, say
from wolfbot.posts.wording import worded

# the mechanisms of the day's votes, whatever a ruleset calls them (!Lynch or !Verbannen,
# !Bürgermeister or !Hauptmann), and of the pack's
VOTES = ("lynch", "election")
# a player rarely takes his vote back in the demo, and nobody leaves the round
SKIPPED = ("withdraw", "resign")
NAME = "\x00name\x00"  # where a chatter line names a player, until he is chosen


def handler(game: Game, word: str) -> str | None:
    """The mechanism of a common or pack command word (None: a role's own)."""
    return game.rules.word_handlers.get(word)


@dataclass(frozen=True, slots=True)
class Post:
    """One post of a simulated player. `where`: "thread", "private" (his Rollenmitteilung)
    or a group conversation by its engine channel ("wolves", "lovers", "dead").
    `mistake`: "", "typo", "text_after", "not_bold", "quote", "correction" (the command
    again after a mistake) or "chatter" (no command)."""

    author: str
    where: str
    html: str
    mistake: str = ""
    command: str = ""  # the command as meant ("!Lynch Anna"), "" for chatter


@dataclass
class DemoPlayers:
    """Decides the posts of every simulated player, phase by phase (see the module text).
    `mistakes` scales the chance of each mistake (0: none)."""

    rng: random.Random
    rules: Ruleset  # whose catalog words the chatter
    mistakes: float = 1.0
    _phase: str = ""
    _acted: set[tuple[str, str]] = field(default_factory=set)  # (player, word) this phase
    _suspects: list[str] = field(default_factory=list)
    _victim: str | None = None
    _alpha: str | None = None
    _lines: list[tuple[str, str]] = field(default_factory=list)  # (author, command) in thread
    _asked: set[tuple[str, ...]] = field(default_factory=set)  # the questions seen

    # -- what a phase brings ----------------------------------------------------------------
    def phase_posts(self, game: Game, wave: int) -> list[Post]:
        """The posts of the `wave`-th stretch of the current phase (night: 0 first actions,
        1 the rest; day: 0 until the Zwischenstand, 1 after it; dusk: 0)."""
        self._new_phase(game)
        kind = game.state.phase.kind
        if kind == "over" or game.state.step:
            return []
        posts: list[Post] = []
        for player in game.state.players:
            if not player.active:
                continue
            if self.rng.random() < 0.08:  # busy today
                continue
            for word in self._words(game, player, wave):
                posts.extend(self._command_posts(game, player, word))
            posts.extend(self._chatter(game, player, kind))
        self.rng.shuffle(posts)
        return _keep_corrections_last(posts)

    def answers(self, game: Game) -> list[Post]:
        """The answers to the questions put since the last call: two of every three are
        answered (with one of the options), every third is left to its deadline."""
        posts = []
        for question in game.state.questions:
            phase = str(game.state.phase)
            key = (phase, question.player, question.kind, ",".join(question.options))
            if key in self._asked:
                continue
            self._asked.add(key)
            if len(self._asked) % 3 == 0 or not question.options:
                continue
            posts.append(self._answer(question))
        return posts

    # -- choosing ---------------------------------------------------------------------------
    def _new_phase(self, game: Game) -> None:
        phase = str(game.state.phase)
        if phase == self._phase:
            return
        self._phase = phase
        self._acted = set()
        self._lines = []
        living = [p.name for p in game.living()]
        pack = {p.name for p in game.pack()}
        self._suspects = self.rng.sample(living, min(3, len(living))) if living else []
        wolves = sorted(pack - set(self._suspects))
        if self._suspects and wolves and self.rng.random() < 0.5:  # a hunch of the village
            self._suspects[0] = self.rng.choice(wolves)
        prey = [name for name in living if name not in pack]
        self._victim = self.rng.choice(prey) if prey else None
        self._alpha = self.rng.choice(sorted(pack)) if pack else None

    def _words(self, game: Game, player: PlayerState, wave: int) -> list[str]:
        words = [w for w in game.available_words(player.name) if handler(game, w) not in SKIPPED]
        kind = game.state.phase.kind
        if kind == "night":  # an ability that can be used only once is mostly saved
            limited = {u.word for u in game.command_uses(player) if u.uses}
            usual = 0.85 if wave == 0 else 0.6
            left = [w for w in words if (player.name, w) not in self._acted]
            left = left[:1] if wave == 0 else left
            return [w for w in left if self.rng.random() < (0.3 if w in limited else usual)]
        day = game.state.day
        voted = {"lynch": day.lynch_votes, "election": day.mayor_votes}
        votes = [w for w in words if handler(game, w) in VOTES]
        fresh = [w for w in votes if player.name not in voted[handler(game, w) or ""]]
        again = [w for w in votes if player.name in voted[handler(game, w) or ""]]
        if kind in ("day", "runoff"):
            others = [
                w
                for w in words
                if handler(game, w) not in VOTES
                and (player.name, w) not in self._acted
                and self.rng.random() < 0.2
            ]
            first, change = (0.8, 0.0) if wave == 0 else (0.75, 0.12)
        elif kind == "dusk":  # only changes count now; a few try a first vote anyway
            others, first, change = [], 0.05, 0.2
        else:
            return []
        chosen = [w for w in fresh if self.rng.random() < first]
        return chosen + [w for w in again if self.rng.random() < change] + others

    def _targets(self, game: Game, player: PlayerState, word: str, kinds: Sequence[str]):
        living = [p.name for p in game.living() if p.name != player.name]
        pack = {p.name for p in game.pack()}
        in_pack = player.name in pack
        dead = [p.name for p in game.state.players if not p.alive]
        targets: list[str] = []
        roles: list[str] = []
        choice = None
        for kind in kinds:
            if kind == "player":
                pool = [n for n in living if n not in targets]
                if not pool:
                    return None
                if game.state.phase.kind == "runoff" and handler(game, word) == "lynch":
                    pool = [n for n in pool if n in game.state.day.runoff] or pool
                targets.append(
                    self._pick_player(handler(game, word), pool, pack, in_pack, player.name)
                )
            elif kind in ("dead", "anyone"):  # anyone: the Heks's elixir, on the dead mostly
                pool = [n for n in dead if n not in targets]
                if kind == "anyone" and (not pool or self.rng.random() < 0.3):
                    pool = [n for n in living if n not in targets]
                if not pool:
                    return None
                targets.append(self.rng.choice(pool))
            elif kind == "role":
                roles.append(self.rng.choice(sorted({p.role for p in game.state.players})))
            else:
                choice = self.rng.choice(kind.removeprefix("choice:").split("|"))
        return tuple(targets), tuple(roles), choice

    def _pick_player(
        self,
        mechanism: str | None,
        pool: list[str],
        pack: set[str],
        in_pack: bool,
        me: str,
    ) -> str:
        rng = self.rng
        if mechanism == "alpha":
            wolves = sorted(pack & set(pool) | ({me} if me in pack else set()))
            if self._alpha in wolves and rng.random() < 0.8:
                return self._alpha
            return rng.choice(wolves or pool)
        if in_pack:  # the pack never turns on its own if it can help it
            pool = [n for n in pool if n not in pack] or pool
            chosen = mechanism in ("attack", "lynch")
            if chosen and self._victim in pool and rng.random() < 0.8:
                return self._victim
        if mechanism in VOTES:
            suspects = [n for n in self._suspects if n in pool]
            if suspects and rng.random() < 0.75:
                return rng.choice(suspects)
        return rng.choice(pool)

    # -- writing ----------------------------------------------------------------------------
    def _command_posts(self, game: Game, player: PlayerState, word: str) -> list[Post]:
        uses = [u for u in game.command_uses(player) if u.word == word]
        if not uses:
            return []
        use = uses[0]
        picked = self._targets(game, player, word, use.args)
        if picked is None:
            return []
        targets, roles, choice = picked
        where = use.channel[0]
        if where not in ("thread", "private"):  # a group conversation: only its members
            if not _member(game, player.name, where):
                if "private" not in use.channel:
                    return []
                where = "private"
        command = Command(
            word=word,
            actor=player.name,
            channel=where,
            targets=targets,
            roles=roles,
            choice=choice,
            said=game.rules.said_words.get(word),  # as the ruleset's players write it
        )
        self._acted.add((player.name, word))
        return self._write(player.name, where, command.text(), targets)

    def _write(self, author: str, where: str, line: str, targets: Iterable[str]) -> list[Post]:
        """The post of one command, perhaps with a mistake (and then perhaps a correction)."""
        rng, scale = self.rng, self.mistakes
        names = [t for t in targets if len(t) >= 4]
        roll = rng.random()
        bold = f"<p><strong>{html.escape(line)}</strong></p>"
        if names and roll < 0.04 * scale:
            wrong = html.escape(line.replace(names[0], _typo(names[0], rng), 1))
            post = Post(author, where, f"<p><strong>{wrong}</strong></p>", "typo", line)
        elif roll < 0.07 * scale:
            after = html.escape(self._pick(say("demo.after")))
            post = Post(author, where, f"{bold}<p>{after}</p>", "text_after", line)
        elif roll < 0.09 * scale:
            post = Post(author, where, f"<p>{html.escape(line)}</p>", "not_bold", line)
        elif where == "thread" and self._lines and roll < 0.15 * scale:
            return [self._quote(author, where, line, bold)]
        else:
            chatter = self._chat_line(where) if rng.random() < 0.3 else ""
            if where == "thread":
                self._lines.append((author, line))
            return [Post(author, where, chatter + bold, command=line)]
        if rng.random() < 0.6:  # noticed it: the corrected command follows
            fix = f"<p>{html.escape(self._pick(say('demo.corrections')))}</p>{bold}"
            return [post, Post(author, where, fix, "correction", line)]
        return [post]

    def _quote(self, author: str, where: str, line: str, bold: str) -> Post:
        """A post quoting another player's command (which never counts), with a reaction and,
        mostly, a command of its own."""
        quoted_author, quoted = self.rng.choice(self._lines)
        box = (
            '<blockquote class="quoteBox collapsibleBbcode">'
            f'<div class="quoteBoxTitle">{html.escape(quoted_author)} schrieb:</div>'
            '<div class="quoteBoxContent">'
            f"<p><strong>{html.escape(quoted)}</strong></p></div></blockquote>"
        )
        reaction = f"<p>{html.escape(self._pick(say('demo.reactions')))}</p>"
        if self.rng.random() < 0.7:
            return Post(author, where, box + reaction + bold, "quote", line)
        return Post(author, where, box + reaction, "quote")

    def _chatter(self, game: Game, player: PlayerState, kind: str) -> list[Post]:
        if kind == "day" and self.rng.random() < 0.2:
            return [Post(player.name, "thread", self._chat_line("thread", game), "chatter")]
        in_pack = any(p.name == player.name for p in game.pack())
        if kind == "night" and in_pack and self.rng.random() < 0.3:
            return [Post(player.name, "wolves", self._chat_line("wolves", game), "chatter")]
        return []

    def _chat_line(self, where: str, game: Game | None = None) -> str:
        # a line drawn first, then the name it may hold (the placeholder stays until then)
        if where == "wolves":
            text = self._pick(say("demo.den_chatter", name=NAME))
        else:
            text = self._pick(say("demo.chatter", name=NAME))
        if NAME in text:
            names = self._suspects or ([p.name for p in game.living()] if game else [])
            name = self.rng.choice(names) if names else worded(self.rules, say("demo.someone"))
            text = text.replace(NAME, name)
        return f"<p>{html.escape(text)}</p>"

    def _pick(self, text: Text) -> str:
        """One line of a catalog entry of one line each, drawn by the seed."""
        return self.rng.choice(worded(self.rules, text).splitlines())

    def _answer(self, question: Question) -> Post:
        choice = self.rng.choice(question.options)
        line = f"!{self.rules.shown_word(question.word)} {choice}"
        where = question.channels[0] if question.channels else "private"
        return Post(
            question.player, where, f"<p><strong>{html.escape(line)}</strong></p>", "", line
        )


def _member(game: Game, name: str, channel: str) -> bool:
    """Whether the player takes part in the group conversation of `channel`."""
    if channel == "wolves":
        return any(p.name == name for p in game.pack())
    if channel == "lovers":
        return name in (game.state.lovers or ())
    return name in game.state.conversations.get(channel, ())


def _typo(name: str, rng: random.Random) -> str:
    """One letter dropped from inside the name ("Gustav" → "Gusav")."""
    inner = [i for i in range(1, len(name) - 1) if name[i].isalpha()]
    if not inner:
        return name + name[-1]
    index = rng.choice(inner)
    return name[:index] + name[index + 1 :]


def _keep_corrections_last(posts: list[Post]) -> list[Post]:
    """After shuffling, a correction must still come after its mistake."""
    return [p for p in posts if p.mistake != "correction"] + [
        p for p in posts if p.mistake == "correction"
    ]
