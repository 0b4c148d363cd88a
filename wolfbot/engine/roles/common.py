"""Small helpers role behaviours share: the night action a player sent, neighbours, what an
ability sees of a player, the choice after what the night told (the Heiler's heal, the
Hexe's potions) and the question that asks for it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from wolfbot.engine.commands import Command
from wolfbot.engine.events import CommandRejected, PrivateInfo
from wolfbot.engine.port import GamePort, QuestionHandler
from wolfbot.engine.state import Offer, PlayerState, Question
from wolfbot.engine.text import Text, say


def own_word(game: GamePort, player: PlayerState, key: str = "word") -> str:
    """The command word the role's file gives its behaviour (`params.word`, or `params.<key>`
    for a behaviour of several words) – the one way a behaviour knows its words: it names
    none itself, so that a role of another ruleset or language may use it with its own."""
    return str(game.role_facts(player).params[key])


def handler_word(game: GamePort, handler: str) -> str:
    """The word the ruleset gives a shared mechanism's command (the pack's `handler:
    attack`, "Fressen"): a group knows its word from the ruleset's data, as a role's
    behaviour knows its own from the role's file (`own_word`)."""
    return game.facts.handler_words[handler]


def action(game: GamePort, player: PlayerState, word: str) -> Command | None:
    """The `!word` command the player sent this night (the last one counts), if any."""
    return game.state.night.actions.get(player.name, {}).get(word)


def used(game: GamePort, player: PlayerState) -> Command | None:
    """The command of the role's own word (`params.word`) the player sent this night, if
    any – counted as used (`uses`)."""
    word = own_word(game, player)
    command = action(game, player, word)
    if command is not None:
        game.consume(player, word)
    return command


# whom a player follows (`PlayerState.memory`): the Lehrling's Meister, the Wilde Kind's Vorbild
FOLLOWED = "master"


def follow(game: GamePort, player: PlayerState) -> None:
    """The player names whom he follows (his role's word, counted as used)."""
    command = used(game, player)
    if command is not None:
        player.memory[FOLLOWED] = command.target


def follows(player: PlayerState, dead: PlayerState) -> bool:
    """Whether the living player follows `dead`, who just died."""
    return player.alive and player.memory.get(FOLLOWED) == dead.name


def most_voted(votes: dict[str, str], candidates: list[str]) -> list[str]:
    """The candidates with the most votes, in the candidates' order (all if nobody voted)."""
    tally = Counter(t for t in votes.values() if t in candidates)
    if not tally:
        return list(candidates)
    top = max(tally.values())
    return [c for c in candidates if tally[c] == top]


def break_tie(
    game: GamePort, tied: list[str], decider: str | None, vote: str | None, question: Question
) -> str | None:
    """One of the tied: the only one; the decider's own vote if it is among them; else the
    decider is asked (`question`; None: it holds the night); without a decider, the lot."""
    if len(tied) == 1:
        return tied[0]
    if vote in tied:
        return vote
    if decider is not None:
        game.ask(question)
        return None
    return game.draw(tied)


def died_of(game: GamePort, player: PlayerState, cause: str) -> bool:
    """Whether a death of `cause` is one the role's `params.causes` names (all causes
    without it) – by the engine's name of the cause or the ruleset's (`Ruleset.named`: the
    Weerwolven's `Weerwolf` for the pack's attack)."""
    causes = game.role_facts(player).params.get("causes")
    return causes is None or bool({cause, game.rules.named(cause)} & set(causes))


def tell(game: GamePort, player: PlayerState | str, text: Text) -> None:
    name = player if isinstance(player, str) else player.name
    game.emit(PrivateInfo((name,), "private", text))


def neighbours(game: GamePort, name: str) -> tuple[str, str]:
    """ "Die Nachbarn eines Dorfbewohners sind die beiden Dorfbewohner, die in der Spielerliste
    über und unter dem Spieler stehen" – Dorfbewohner are the living; the list wraps around."""
    living = [p.name for p in game.state.players if p.alive or p.name == name]
    index = living.index(name)
    return living[index - 1], living[(index + 1) % len(living)]


def apparent_role(game: GamePort, name: str, observer: PlayerState) -> str:
    """The role the observer's ability sees of `name`: his own, unless a disguise towards
    the observer's role holds (`GameState.disguises`, the last one placed wins)."""
    looker = game.role_facts(observer).name
    phase = game.state.phase
    tonight = phase.number if phase.kind == "night" else None
    for disguise in reversed(game.state.disguises):
        if disguise.target == name and looker in disguise.towards:
            if disguise.night is None or disguise.night == tonight:
                return disguise.role
    return game.player(name).role


def disguised(game: GamePort, name: str, observer: PlayerState) -> bool:
    """Whether `name` appears to the observer's ability as another role than his own."""
    return apparent_role(game, name, observer) != game.player(name).role


def looks_like_werwolf(game: GamePort, name: str, observer: PlayerState) -> bool:
    return game.rules.roles[apparent_role(game, name, observer)].is_werwolf


def told_then_choose(
    game: GamePort, player: PlayerState, word: str, options: list[str], info: Text, stage: int
) -> Command | None:
    """Tell `info` (once a night), then the player's `!word` if he sent one. With the house
    rule `split_night` (the live bot) a player who has not chosen yet is asked instead – the
    question tells `info` – and the night waits for him ("teilt ... mit ... kann nun ...")
    until he answers or the deadline passes."""
    key = f"{player.name}/{word}"
    night_state = game.state.night
    command = action(game, player, word)
    if key not in night_state.offered:
        night_state.offered.add(key)
        prompt = say("choose_after_info", info=info, word=game.rules.shown_word(word))
        asked = command is None and ask_after_info(game, player, [(word, options)], prompt, stage)
        if not asked:
            tell(game, player, info)
    return command


def ask_after_info(
    game: GamePort,
    player: PlayerState,
    offers: Sequence[tuple[str, Sequence[str]]],
    prompt: Text,
    stage: int,
) -> bool:
    """With the house rule `split_night` (the live bot): ask the player, told what `prompt`
    says, to choose now – one question offering each word with the players it may name (a
    word with none is left out). The night waits for his answer, one post that may hold a
    command of each word, or for the deadline (no choice). Whether he is asked."""
    offered = [(word, tuple(options)) for word, options in offers if options]
    if not offered or not game.option("split_night"):
        return False
    (word, options), *more = offered
    game.ask(
        Question(
            player=player.name,
            kind="choice",
            word=word,
            channels=("private",),
            options=options,
            prompt=prompt,
            optional=True,
            stage=stage,
            more=tuple(Offer(w, o) for w, o in more),
        )
    )
    return True


def may_name(game: GamePort, player: PlayerState, word: str) -> list[str]:
    """The living players the player's `!word` may name: himself only where its use allows
    it (`self`)."""
    uses = game.command_uses(player)
    himself = any(u.word == word and game.self_allowed(u.facts) for u in uses)
    return [p.name for p in game.living() if himself or p.name != player.name]


def offer_heal(game: GamePort, player: PlayerState, word: str, stage: int) -> None:
    """Tell the healer who was successfully attacked; heal the one his `!word` names if he
    is among them (the potion or ability is then used up), else refuse and keep it."""
    if game.role_facts(player).params.get("heals") == "pack_victim":  # Wolf Village: "bekommt das
        attacked = game.pack_victims()  # Opfer der Werwölfe gezeigt", whatever became of it
    else:
        attacked = game.successfully_attacked(game.role_facts(player).name)
    info = say("heal.attacked_tonight", names=attacked)
    command = told_then_choose(game, player, word, attacked, info, stage)
    if command is None:
        return
    if command.target not in attacked:
        refuse_keeping(
            game,
            player,
            command,
            say("heal.not_attacked", name=command.target),
        )
        return
    game.heal(command.target)  # an attack the Heiler stopped: the potion is used too
    game.consume(player, word)
    tell(game, player, say("heal.done", name=command.target))


class Choice(QuestionHandler):
    """The answer to a choice after information: it is the player's command – or, offered
    several words (`Question.more`), his commands of one post; his role acts again at the
    stage that waited."""

    def check(self, game: GamePort, question: Question, command: Command) -> None:
        player = game.player(question.player)
        game.own_behaviour(player).check(game, player, command)  # the role's own limits

    def take(self, game: GamePort, question: Question, command: Command) -> None:
        game.state.night.actions.setdefault(question.player, {})[command.word] = command

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        player = game.player(question.player)
        if not question.taken:  # one word: the name he chose
            chosen = Command(
                word=question.word, actor=player.name, channel="private", targets=(choice,)
            )
            actions = game.state.night.actions.setdefault(player.name, {})
            actions[question.word] = game.localized(chosen)
        game.behaviour(player).act(game, player, question.stage)


def refuse_keeping(game: GamePort, player: PlayerState, command: Command, why: Text) -> Text:
    """A choice the night did not allow: refused; the ability stays unless the house rule
    `refused_heal_keeps_ability` is off. The reason the player is given."""
    word = game.rules.shown_word(command.word)
    if game.option("refused_heal_keeps_ability"):
        reason = say("refused.ability_kept", why=why, word=word)
    else:
        game.consume(player, command.word)
        reason = say("refused.ability_spent", why=why, word=word)
    game.emit(CommandRejected(player.name, "private", command.text(), reason))
    return reason


def refuse_before_asking(game: GamePort, player: PlayerState, command: Command, why: Text) -> None:
    """A choice sent before the player was told, that what he is told now does not allow:
    refused as `refuse_keeping` refuses it, and it no longer stands – the question that
    follows asks him anew (his answer, or none, is his choice of the night)."""
    game.withdraw(player, command, refuse_keeping(game, player, command, why))
