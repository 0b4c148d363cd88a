"""The game: check a command, apply it, advance the phases. Pure – no I/O, clock or global random.

    game = Game.new(ruleset, [("Anna", "Werwolf"), ...], seed=1)
    game.submit(Lynch(actor="Clara", channel="thread", targets=("Anna",)))
    game.advance()

Every change is an event appended to `game.state.log`; `submit` and `advance` return the
events they added. A rejected command changes nothing but the log (`CommandRejected`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wolfbot.engine import changes, checks, day, night, offices, uses, victory, voting
from wolfbot.engine.commands import Command
from wolfbot.engine.deaths import kill
from wolfbot.engine.deeds import Deeds
from wolfbot.engine.errors import CommandError, SetupError
from wolfbot.engine.events import (
    CommandAccepted,
    CommandOverturned,
    CommandRejected,
    Event,
    GameOver,
    GameStarted,
    PhaseBegan,
    PrivateInfo,
    QuestionAnswered,
    QuestionAsked,
)
from wolfbot.engine.facts import UseFacts
from wolfbot.engine.interventions import rules as interventions
from wolfbot.engine.interventions.kinds import ExpireQuestion, Intervention
from wolfbot.engine.names import WOLVES
from wolfbot.engine.port import Behaviour, GroupBehaviour
from wolfbot.engine.role_index import RoleIndex
from wolfbot.engine.roles.registry import GROUPS, PLAIN, QUESTIONS, WORDS, behaviour_of
from wolfbot.engine.spec import CommandUse, RoleSpec, Ruleset
from wolfbot.engine.state import GameState, NightState, Offer, Phase, PlayerState, Question
from wolfbot.engine.tables import tables_of
from wolfbot.engine.text import Text, say


class Game(Deeds):
    def __init__(self, ruleset: Ruleset, state: GameState) -> None:
        self.rules = ruleset
        self.state = state
        self._behaviours: dict[str, Behaviour] = {}  # `own_behaviour`: by role, made once
        self._killing = 0  # depth of `kill` calls under way (questions wait for them)
        self._posting = 0  # depth of `one_post` (an answer in several words waits for it)
        self._by_name: dict[str, PlayerState] = {}  # `player`: rebuilt when a name misses
        self.roles = RoleIndex(state.players)  # the players by their own role (`night`)
        # what the ruleset and the round's variants derive (`uses`, `checks`, `night`), for
        # every round that plays them
        variants = tuple(state.options.get("variants", ()))
        self.tables = tables_of(ruleset, variants)
        self.acting_groups = acting_groups(ruleset, variants)
        # what the rules read most of the ruleset, read once: each read through the ruleset's
        # model is an attribute lookup of its own (a compiled engine reads a record at once)
        self.facts = self.tables.facts

    # -- setup ------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        players: Sequence[tuple[str, str]],
        *,
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> Game:
        options = dict(options or {})
        unknown = set(options) - set(ruleset.options)
        if unknown:
            why = say("setup.unknown_options", ruleset=ruleset.name, names=sorted(unknown))
            raise SetupError(why)
        unknown_day = day.unknown_names(ruleset.day)
        unknown_day += sorted(set(ruleset.word_handlers.values()) - set(WORDS))
        if unknown_day:
            why = say("setup.unknown_day_rules", ruleset=ruleset.name, names=unknown_day)
            raise SetupError(why)
        names = [name for name, _ in players]
        if len(set(map(str.casefold, names))) != len(names):
            raise SetupError(say("setup.names_not_unique", names=names))
        variants = tuple(options.get("variants", ()))
        unknown_variants = [name for name in variants if name not in ruleset.variants]
        if unknown_variants:
            known = tuple(ruleset.variants)
            why = say("setup.unknown_variants", names=unknown_variants, known=known)
            raise SetupError(why)
        roster = []
        dealable = tables_of(ruleset, variants).dealable  # a role found dealable, for every round
        for name, role in players:
            spec = ruleset.roles.get(role) or ruleset.role(role)  # canonical, or any spelling
            if spec.name not in dealable:
                _check_dealt(ruleset, spec, variants)
                dealable.add(spec.name)
            canonical = spec.name
            roster.append(PlayerState(name=name, role=canonical, original_role=canonical))
        state = GameState(
            ruleset=ruleset.name, options=options, seed=seed, rng=seed, players=roster
        )
        game = cls(ruleset, state)
        game.emit(GameStarted(tuple(names), seed))
        pack = [p.name for p in game.pack()]
        if pack:
            changes.open_conversation(game, WOLVES, pack)
        game.emit(PhaseBegan(str(state.phase)))
        for player in game.state.players:
            game.start_role(player)
        return game

    def start_role(self, player: PlayerState) -> None:
        """The player's role begins (the round's start, or a change of role): what the
        role's data says he is told or made known as (`knows_werwolves`, `known_to_pack`),
        then his behaviour's own `setup`."""
        role = self.role_facts(player)
        knows = role.knows_werwolves
        if role.knows_werwolves_option is not None:
            knows = bool(self.option(role.knows_werwolves_option))
        if knows:
            werwolves = [p.name for p in self.state.players if self.role_facts(p).is_werwolf]
            told = say("informed.werwolves", names=werwolves)
            self.emit(PrivateInfo((player.name,), "private", told))
        if role.known_to_pack:
            pack = tuple(p.name for p in self.pack())
            if pack:
                text = say("informed.known_to_pack", name=player.name, heading=role.heading)
                self.emit(PrivateInfo(pack, WOLVES, text))
        self.behaviour(player).setup(self, player)

    # -- the log ----------------------------------------------------------------------------
    def _since(self, mark: int) -> list[Event]:
        return self.state.log[mark:]

    # -- commands ---------------------------------------------------------------------------
    def command_uses(self, player: PlayerState) -> list[CommandUse]:
        """Every command the player has in this game (whatever the phase), answers included."""
        return uses.command_uses(self, player)

    def command_facts(self, player: PlayerState) -> list[UseFacts]:
        """`command_uses`, as what the checks read of each (`CommandUse.facts`)."""
        return uses.command_facts(self, player)

    def available_words(self, name: str) -> list[str]:
        """The command words this player may use right now (for "valid commands are …")."""
        player = self.find_player(name)
        return [] if player is None else checks.available_words(self, player)

    def check(self, command: Command) -> CommandUse | Question:
        """Raise `CommandError` if the rules do not allow `command` now; change nothing."""
        return checks.check(self, command)

    def localized(self, command: Command) -> Command:
        """`command` as this ruleset's players write it (`Command.said`: `!Elixer`)."""
        facts = command.facts
        said = self.facts.said_words.get(facts.word)  # `Ruleset.shown_word`, if another word
        if said is None or said == facts.word or facts.said == said:
            return command
        return command.model_copy(update={"said": said})

    def submit(self, command: Command) -> list[Event]:
        """Check `command`; apply it if allowed, otherwise record its rejection."""
        mark = len(self.state.log)
        command = self.localized(command)
        said = command.facts
        try:
            allowed = self.check(command)
        except CommandError as error:
            self.reject(said.actor, said.channel, said.text, error.reason)
            return self._since(mark)
        if isinstance(allowed, Question):  # no name: declined (`Question.decline`)
            self.emit(CommandAccepted(said.actor, said.channel, said.text, False))
            if allowed.more:  # one of several words: the post's commands are one answer
                QUESTIONS[allowed.kind].take(self, allowed, command)
                allowed.taken = (*allowed.taken, said.text)
                if not self._posting:
                    self._answer_taken()
                return self._since(mark)
            self.answer(allowed, command.target if command.targets else "")
            self._continue()
        else:
            handler = checks.handler_of(self, command, allowed)
            waits = checks.waits_for_night(self, command, allowed, handler)
            self.emit(CommandAccepted(said.actor, said.channel, said.text, waits))
            checks.apply(self, command, allowed, handler)
        return self._since(mark)

    def reject(self, actor: str, channel: str, text: str, reason: Text) -> None:
        self.emit(CommandRejected(actor, channel, text, reason))

    # -- questions ---------------------------------------------------------------------------
    def ask(self, question: Question) -> None:
        """Put a question. Asked while deaths are being processed, it waits until they are
        all done, so that its options hold only players still alive then; otherwise it is
        put as it is (the Heks's elixer may name the dead)."""
        if self._killing:
            self.state.asking.append(question)
        else:
            self._pose(question)

    def _pose_questions(self) -> None:
        """The questions asked while deaths were processed, without who died meanwhile."""
        while self.state.asking:
            question = self.state.asking.pop(0)
            question.options = self._living(question.options)
            question.more = tuple(Offer(o.word, self._living(o.options)) for o in question.more)
            self._pose(question)

    def _living(self, names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(name for name in names if self.player(name).alive)

    def _pose(self, question: Question) -> None:
        if not question.options or self._answered_in_advance(question):
            return
        forced = len(question.options) == 1 and not question.optional and not question.more
        if self.player(question.player).excluded or forced:
            # nobody to wait for: an excluded player cannot answer, one option is no choice
            self.answer(question, self.draw(question.options), by_lot=True, asked=False)
            return
        self.state.questions.append(question)
        shown = self.rules.shown_word  # the words as the players write them
        self.emit(
            QuestionAsked(
                question.player,
                question.kind,
                question.prompt,
                question.options,
                shown(question.word),
                tuple((shown(offer.word), offer.options) for offer in question.more),
            )
        )

    def one_post(self) -> OnePost:
        """`with game.one_post(): …` – the commands submitted inside are those of one post:
        an answer in several words (`Question.more`, the Hexe's two potions) is complete
        when the post is, and the game goes on after its last command."""
        return OnePost(self)

    def _answer_taken(self) -> None:
        """Answer every question with commands taken (`Question.taken`) and go on."""
        answered = [q for q in self.state.questions if q.taken]
        for question in answered:
            self.answer(question, ", ".join(question.taken))
        if answered:
            self._continue()

    def _answered_in_advance(self, question: Question) -> bool:
        """A question the player answered before it was put (`CommandUse.stands`: the
        Jager's testament): his standing answer, if it is one of the options, answers it at
        once; without one the use says what happens – the lot, no answer, or the question."""
        use = checks.standing_use(self, question)
        if use is None:
            return False
        choice = self.player(question.player).standing.get(question.word)
        if choice in question.options:
            self.answer(question, choice, asked=False)
        elif use.stands == "lot":
            self.answer(question, self.draw(question.options), by_lot=True, asked=False)
        elif use.stands == "nobody":
            self._unanswered(question)
        else:
            return False
        return True

    def answer(self, question: Question, choice: str, *, by_lot: bool = False, asked=True) -> None:
        if asked:
            self.state.questions.remove(question)
        self.emit(QuestionAnswered(question.player, question.kind, choice, by_lot))
        QUESTIONS[question.kind].resolve(self, question, choice, by_lot)

    def pending(self) -> list[str]:
        seen: list[str] = []
        for q in self.state.questions:
            if q.player not in seen:
                seen.append(q.player)
        return seen

    # -- time ---------------------------------------------------------------------------------
    def advance(self) -> list[Event]:
        """The deadline of the current phase (or of the open questions) has passed."""
        mark = len(self.state.log)
        state = self.state
        if state.phase.kind == "over":
            return []
        if state.questions:
            for question in list(state.questions):
                if question in state.questions:
                    self._default(question)
        elif state.phase.kind == "night":
            state.step = "night"
        elif state.phase.kind == "day" and "dusk" in self.rules.phases:
            voting.begin_dusk(self)
            self._begin(self.next_phase())
        else:  # the Abend (or, without a Dämmerung, the day's end): the lynch
            state.step = "lynch"
        self._continue()
        return self._since(mark)

    def _expire(self, expired: ExpireQuestion) -> None:
        """The time of one open question ran out: it is decided as `advance` decides it
        (optional: no choice; mandatory: by lot); the held resolution goes on only once no
        question is left."""
        question = interventions.find_question(self, expired.player, expired.kind)
        assert question is not None  # checked
        self._default(question)
        self._continue()

    def _default(self, question: Question) -> None:
        if question.taken:  # an answer in several words, given outside a post
            self.answer(question, ", ".join(question.taken))
        elif question.optional:  # the deadline passed: no choice, the night goes on
            self.state.questions.remove(question)
            self._unanswered(question)
        else:
            self.answer(question, self.draw(question.options), by_lot=True)

    def _unanswered(self, question: Question) -> None:
        """The question goes without an answer: no choice, as its kind says."""
        self.emit(QuestionAnswered(question.player, question.kind, "", False))
        QUESTIONS[question.kind].unanswered(self, question)

    # -- the Spielleitung ------------------------------------------------------------------------
    def intervene(self, intervention: Intervention) -> list[Event]:
        """Check the Spielleitung's intervention (`InterventionError` with a German reason
        if the rules do not allow it now; nothing changes then) and apply it."""
        mark = len(self.state.log)
        interventions.check(self, intervention)
        if isinstance(intervention, ExpireQuestion):  # the schedule's, not a decision
            self._expire(intervention)
        else:
            interventions.apply(self, intervention)
        return self._since(mark)

    def _continue(self) -> None:
        """Run the resolution on from `state.step` until it is done or a question holds it."""
        state = self.state
        while state.step and not state.questions and state.phase.kind != "over":
            step = state.step
            if step == "night":
                if night.run_stages(self):
                    state.step = "night_deaths"
            elif step == "night_deaths":
                state.step = "settled"
                night.resolve_deaths(self)
            elif step == "lynch":
                state.step = "settled"
                day.resolve(self)
            elif step == "runoff":  # a tie rule called a Stichwahl: the day goes on
                state.step = None
                self._begin(Phase(state.phase.number, "runoff"))
            elif step == "settled":
                winners = victory.winners(self)
                if winners is not None:
                    self._finish(winners)
                    return
                state.step = "begin"
                offices.ask_successors(self)
            elif step == "begin":
                state.step = None
                following = self.next_phase()
                if following.kind == "day":
                    tonight = f"night {state.phase.number}"
                    for player in state.players:
                        if player.alive or player.death_time == tonight:
                            self.behaviour(player).morning(self, player)
                self._begin(following)

    def _begin(self, phase: Phase) -> None:
        state = self.state
        state.phase = phase
        if phase.kind == "night":
            state.night = NightState()
        elif phase.kind == "day":
            state.day = day.new_day(self)
        self.emit(PhaseBegan(str(phase)))
        if phase.kind == "night":
            self._carry_ahead()

    def _carry_ahead(self) -> None:
        """The night commands sent by day for this night (`GameState.ahead`) count now – if
        they still pass the checks (the sender alive, the target alive, …); one that does
        not is refused now, and the sender told why (it was accepted by day)."""
        carried, self.state.ahead = self.state.ahead, {}
        for commands in carried.values():
            for command in commands.values():
                try:
                    allowed = self.check(command)
                except CommandError as error:
                    text, why = command.text(), error.reason
                    self.reject(command.actor, command.channel, text, why)
                    self.emit(CommandOverturned(command.actor, command.channel, text, why))
                    continue
                if not isinstance(allowed, Question):
                    checks.apply(self, command, allowed, checks.handler_of(self, command, allowed))

    def declare_win(self, faction: str) -> None:
        """The round ends now and `faction` wins, as a player declared it (Die Schwarze Pest:
        "Das Spiel endet, wenn ein Dorfbewohner !Schwarze Pest schreibt")."""
        winners = tuple(p.name for p in self.state.players if victory.side(self, p) == faction)
        self._finish(((faction,), winners))

    def _finish(self, winners: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
        sides, players = winners
        self.state.winners = sides
        self.state.step = None
        self.state.questions.clear()
        self.state.phase = Phase(0, "over")
        self.emit(GameOver(sides, players))

    # -- deaths ---------------------------------------------------------------------------------
    def kill(
        self, deaths: Iterable[tuple[str, str]], *, time: str | None = None, delayable=True
    ) -> None:
        """Kill, run the death triggers, then put the questions the deaths raised.
        `delayable=False`: at once, even for who would die later (the Hungrige Wolf's meal
        "verstirbt sofort")."""
        self._killing += 1
        try:
            kill(self, deaths, time=time or self.game_time(), delayable=delayable)
        finally:
            self._killing -= 1
        if not self._killing:
            self._pose_questions()

    def behaviour(self, player: PlayerState) -> Behaviour:
        """The role's behaviour – a plain one for a player who lost his abilities."""
        if player.name in self.state.powerless:
            return PLAIN
        return self.own_behaviour(player)

    def own_behaviour(self, player: PlayerState) -> Behaviour:
        """The role's behaviour even for a player who lost his abilities: what the role took
        from him stays taken (the spared Dorpsgek's vote: "heeft geen stemrecht meer")."""
        role = player.acting_as or player.role
        found = self._behaviours.get(role)
        if found is None:
            found = self._behaviours[role] = behaviour_of(self.rules.roles[role])
        return found


def acting_groups(rules: Ruleset, variants: tuple[str, ...]) -> dict[str, GroupBehaviour]:
    """Night-order entry → the group acting there in rounds of `variants`: an entry of the
    ruleset's night order, and of a variant only when the rounds play it."""
    return {entry: group for entry, group in GROUPS.items() if _acts(rules, variants, entry)}


def _acts(rules: Ruleset, variants: tuple[str, ...], entry: str) -> bool:
    if entry not in rules.staged_entries:
        return False
    variant = rules.variant_entries.get(entry)
    return variant is None or variant in variants


class OnePost:
    """The commands of one post (`Game.one_post`): entered, they wait for each other;
    left, the answers they make are complete and the game goes on."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __enter__(self) -> Game:
        self.game._posting += 1
        return self.game

    def __exit__(self, *exc: object) -> None:
        self.game._posting -= 1
        if not self.game._posting:
            self.game._answer_taken()


def _check_dealt(ruleset: Ruleset, role: RoleSpec, variants: tuple[str, ...]) -> None:
    """Only a role the round may deal (`Ruleset.dealable`)."""
    why = ruleset.dealable(role, variants)
    if why == "not_dealt":
        raise SetupError(say("setup.not_dealt", role=role.name))
    if why == "variant_role":
        heading = ruleset.variants[role.variant or ""].heading
        raise SetupError(say("setup.variant_role", role=role.name, variant=heading))
    if why == "variant_without":
        headings = [ruleset.variants[name].heading for name in variants]
        raise SetupError(say("setup.variant_without", role=role.name, variants=headings))
