"""Command lines (`!Lynch Frau Holle`) → typed commands, with names resolved.

"Der Befehl ist auszuschreiben. Wenn ein Spieler oder eine Rolle erwähnt werden müssen, so
muss der Befehl den vollständigen Namen mit allen Sonderzeichen enthalten." Names therefore
match exactly (case-insensitive, whitespace-normalised); anything else is rejected with the
closest names as a suggestion. Which command a word means, and which arguments it takes,
depends on the player's role (`!Angreifen` is the pack's `!Fressen` for a wolf and
`!Ermorden` for the Mörder), so parsing asks the game for the player's command uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import AmbiguousName, IllegalCommand, UnknownCommand, UnknownName
from wolfbot.engine.game import Game
from wolfbot.engine.spec import NAMED_KINDS, CommandUse  # `players`: several living
from wolfbot.engine.text import Text, say
from wolfbot.spelling import close_names, find_name, name_key, normalize_text


def _split_word(game: Game, body: str) -> tuple[list[str], str]:
    """The canonical words the line's command phrase may mean, and the rest of the line."""
    key = name_key(body)
    for phrase, words in game.rules.command_phrases_by_first_word.get(key.split(" ", 1)[0], ()):
        if key == phrase or key.startswith(phrase + " "):
            rest = body.split(None, len(phrase.split()))[-1] if key != phrase else ""
            return list(words), rest
    return [], body


def names_a_command(line: str, game: Game) -> bool:
    """Whether the line begins with "!" and a command of the ruleset."""
    text = normalize_text(line)
    return text.startswith("!") and bool(_split_word(game, text[1:])[0])


def parse_command(line: str, actor: str, channel: str, game: Game) -> Command:
    """Parse one command line of `actor` posted in `channel`; raise a `CommandError` with a
    reason the player can read if it is not a command or names nobody."""
    text = normalize_text(line)
    if not text.startswith("!"):
        raise UnknownCommand(say("parse.no_bang"), command=line)
    words, rest = _split_word(game, text[1:])
    player = game.find_player(actor)
    uses = game.command_uses(player) if player else []
    if not words:
        valid = game.rules.shown_words(game.available_words(actor))
        first = text[1:].split(" ", 1)[0]
        raise UnknownCommand(say("parse.unknown_word", word=first, valid=valid), command=line)
    word = next((w for w in words if any(u.word == w for u in uses)), words[0])
    use = _best_use([u for u in uses if u.word == word], game, channel)
    kinds = use.args if use else game.rules.command_specs[word].args
    if any(q.player == actor and word in q.words for q in game.state.questions):
        kinds = ("player",)  # the answer to his open question names one of its options
    note = None
    if kinds and kinds[-1] == "text":  # a reason: the rest of the line after the names
        rest, note = _split_note(rest, kinds[:-1], game, line)
        kinds = kinds[:-1]
    targets, roles, choice = _parse_arguments(rest, kinds, game, line)
    command = Command(
        word=word,
        actor=actor,
        channel=channel,
        targets=targets,
        roles=roles,
        choice=choice,
        note=note,
    )
    return game.localized(command)


def _split_note(rest: str, kinds: Sequence[str], game: Game, line: str) -> tuple[str, str]:
    """The names of a command whose last argument is free text, and that text: the
    shortest start of the line that reads as the names, the rest is the text (":" or "-"
    before it are dropped); no text: the command lacks its reason."""
    words = rest.split()
    for length in range(1, len(words)):
        head, note = " ".join(words[:length]).rstrip(":,–-"), " ".join(words[length:])
        if list(_readings(_tokens(head), list(kinds), game)):
            return head, note.lstrip(":–- ").strip() or note
    _parse_arguments(rest, kinds, game, line)  # names nobody: says whom it may mean
    raise UnknownName(say("parse.reason_missing", line=normalize_text(line)), command=line)


def _best_use(uses: Sequence[CommandUse], game: Game, channel: str) -> CommandUse | None:
    """The use that fits the phase and channel best (for its argument kinds)."""
    phase = game.state.phase.kind
    ranked = sorted(uses, key=lambda u: (phase not in u.phase, channel not in u.channel))
    return ranked[0] if ranked else None


def _tokens(rest: str) -> list[str]:
    return [t for t in re.split(r"\s+|(?<=\S)(?=,)|(?<=,)", rest) if t]


def _parse_arguments(
    rest: str, kinds: Sequence[str], game: Game, line: str
) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    tokens = _tokens(rest)
    if not kinds:
        if tokens:
            raise IllegalCommand(say("parse.no_arguments", rest=rest), command=line)
        return (), (), None
    found = [
        (reading, expanded)
        for expanded in _expansions(kinds, len(tokens))
        for reading in _readings(tokens, list(expanded), game)
    ]
    if len(found) > 1:
        readings = [reading for reading, _ in found]
        raise AmbiguousName(say("parse.ambiguous", readings=readings[:3]), command=line)
    if not found:
        raise UnknownName(_explain_failure(tokens, kinds, game), command=line)
    values, kinds = found[0]
    targets = tuple(v for v, k in zip(values, kinds, strict=True) if k in NAMED_KINDS)
    roles = tuple(v for v, k in zip(values, kinds, strict=True) if k == "role")
    choices = [v for v, k in zip(values, kinds, strict=True) if k.startswith("choice:")]
    return targets, roles, choices[0] if choices else None


def _expansions(kinds: Sequence[str], tokens: int) -> list[tuple[str, ...]]:
    """The argument kinds with `players` (one or more) as so many `player`s as the tokens
    allow; kinds without it as they are."""
    if "players" not in kinds:
        return [tuple(kinds)]
    at = list(kinds).index("players")
    return [
        (*kinds[:at], *["player"] * count, *kinds[at + 1 :])
        for count in range(1, max(1, tokens) + 1)
    ]


def _readings(tokens: list[str], kinds: list[str], game: Game) -> Iterator[tuple[str, ...]]:
    """Every way to read the tokens as one name per argument kind (separators allowed)."""
    if not kinds:
        if not tokens:
            yield ()
        return
    separators = game.rules.name_separators
    if tokens and tokens[0].casefold() in separators and len(kinds) < 99:
        yield from ()
    for length in range(1, len(tokens) + 1):
        value = _match(" ".join(tokens[:length]), kinds[0], game)
        if value is None:
            continue
        rest = tokens[length:]
        if rest and len(kinds) > 1 and rest[0].casefold() in separators:
            for tail in _readings(rest[1:], kinds[1:], game):
                yield (value, *tail)
        for tail in _readings(rest, kinds[1:], game):
            yield (value, *tail)


def _match(text: str, kind: str, game: Game) -> str | None:
    name = text.removeprefix("@")
    if kind == "role":
        return game.rules.role_index.get(name_key(name))
    return find_name(name, _candidates(kind, game))


def _candidates(kind: str, game: Game) -> list[str]:
    if kind in (*NAMED_KINDS, "players"):
        return [p.name for p in game.state.players]
    if kind == "role":
        return list(game.rules.roles)
    return kind.removeprefix("choice:").split("|")


def _explain_failure(tokens: list[str], kinds: Sequence[str], game: Game) -> Text:
    wanted = tuple(_kind(k) for k in kinds)
    text = " ".join(tokens)
    if not tokens:
        return say("parse.missing", wanted=wanted)
    kind = kinds[0]
    names = _candidates(kind, game)
    if len(kinds) == 1:
        if kind.startswith("choice:"):
            return say("parse.no_such_choice", text=text, options=names)
        near = close_names(text, names, n=3, cutoff=0.5)
        return say("parse.no_such_name", kind=_kind(kind), text=text, near=near)
    keys = [name_key(n) for n in names]
    separators = game.rules.name_separators
    unknown = [
        t
        for t in tokens
        if t.casefold() not in separators and not any(name_key(t) in key.split() for key in keys)
    ]
    hints = []
    for token in unknown:
        near = close_names(token, names, n=1, cutoff=0.5)
        if near:
            hints.append((token, near[0]))
    return say("parse.not_so_many_names", text=text, wanted=wanted, hints=hints)


def _kind(kind: str) -> str:
    """The argument kinds as the wording knows them: player, role or choice."""
    return "player" if kind in (*NAMED_KINDS, "players") else kind if kind == "role" else "choice"
