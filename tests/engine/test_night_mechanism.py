"""The night's attack pipeline is one mechanism: a new role is data plus one small behaviour.

These tests add roles the foundation does not ship (a protector, a bodyguard, an immune
role, a blocker) as data and a behaviour, without touching the resolver, and check the
steps attack → redirect → immunity → protection → heal → death, first cause in night order.
"""

from __future__ import annotations

import pytest

from wolfbot.engine import changes, night
from wolfbot.engine import events as ev
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.engine.port import Behaviour
from wolfbot.engine.roles import registry
from wolfbot.engine.spec import CommandUse, RoleSpec, Ruleset
from wolfbot.engine.state import Modifier
from wolfbot.engine.text import say
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.rulesets import loader

BASE = loader.load("duesterliga")


class Protect(Behaviour):
    """Like the Beschützer: "Wenn der beschützte Dorfbewohner ... angegriffen wird, so
    schlägt der Angriff fehl.\""""

    def act(self, game, player, stage):
        command = game.state.night.actions.get(player.name, {}).get("Beschützen")
        if command:
            night.place(game, Modifier("protection", player.name, command.target))

    def modify_attack(self, game, attack, modifier):
        attack.status, attack.reason = "failed", say("failed.protected")


class Guard(Behaviour):
    """Like the Leibwächter: the guard is attacked instead."""

    def act(self, game, player, stage):
        command = game.state.night.actions.get(player.name, {}).get("Bewachen")
        if command:
            night.place(game, Modifier("redirect", player.name, command.target))

    def modify_attack(self, game, attack, modifier):
        attack.target = modifier.owner


class Immune(Behaviour):
    def defend(self, game, player, attack, step):
        if step == "immunity" and attack.cause == "Werwolf":
            attack.status, attack.reason = "failed", say("failed.immune")


class Block(Behaviour):
    """Like the Zauberer: the target cannot use abilities this night."""

    def act(self, game, player, stage):
        command = game.state.night.actions.get(player.name, {}).get("Verzaubern")
        if command:
            game.state.night.blocked.update(command.targets)


def _role(name, stage, behaviour, word=None):
    commands = (CommandUse(word=word, phase=("night",), channel=("private",)),) if word else ()
    return RoleSpec(
        name=name,
        heading=name,
        faction="Dorf",
        stage=stage,
        behaviour=behaviour,
        commands=commands,
        kill_phrase=f"starb durch {name}",
    )


@pytest.fixture()
def rules(extend_table):
    extend_table(
        registry,
        "BEHAVIOURS",
        test_protect=Protect(),
        test_guard=Guard(),
        test_immune=Immune(),
        test_block=Block(),
    )
    extra = {
        "Beschützer": _role("Beschützer", "Beschützer", "test_protect", "Beschützen"),
        "Leibwächter": _role("Leibwächter", "Leibwächter", "test_guard", "Bewachen"),
        "Dorfnutte": _role("Dorfnutte", None, "test_immune"),
        "Zauberer": _role("Zauberer", "Zauberer", "test_block", "Verzaubern"),
    }
    data = BASE.model_dump(by_alias=True)
    data["roles"] = {**data["roles"], **{k: v.model_dump(by_alias=True) for k, v in extra.items()}}
    return Ruleset.model_validate(data)


def _night(rules, commands, roles=("Beschützer", "Leibwächter", "Dorfnutte", "Zauberer")):
    players = (
        [("Wolf", "Werwolf"), ("Hexe", "Hexe")]
        + [(r, r) for r in roles]
        + [("Opfer", "Bürger"), ("Zeuge", "Bürger")]
    )
    game = Game.new(rules, players, seed=5)
    for command in commands:
        events = game.submit(command)
        assert "CommandRejected" not in {type(e).__name__ for e in events}, events
    game.advance()
    return game


def eat(target):
    return Command(word="Fressen", actor="Wolf", channel="wolves", targets=(target,))


@pytest.mark.parametrize(
    ("commands", "dead", "status"),
    [
        ([eat("Opfer")], {"Opfer"}, "hit"),
        (
            [eat("Opfer"), Command(word="Beschützen", actor="Beschützer", targets=("Opfer",))],
            set(),
            "failed",
        ),
        (
            [eat("Opfer"), Command(word="Bewachen", actor="Leibwächter", targets=("Opfer",))],
            {"Leibwächter"},
            "hit",
        ),
        ([eat("Dorfnutte")], set(), "failed"),
        # redirect comes before protection: the guard takes the attack and is protected
        (
            [
                eat("Opfer"),
                Command(word="Bewachen", actor="Leibwächter", targets=("Opfer",)),
                Command(word="Beschützen", actor="Beschützer", targets=("Leibwächter",)),
            ],
            set(),
            "failed",
        ),
        # a blocked protector protects nobody ("kann in dieser Nacht keine Fähigkeiten nutzen")
        (
            [
                eat("Opfer"),
                Command(word="Beschützen", actor="Beschützer", targets=("Opfer",)),
                Command(word="Verzaubern", actor="Zauberer", targets=("Beschützer",)),
            ],
            {"Opfer"},
            "hit",
        ),
    ],
    ids=[
        "attack-kills",
        "protection-fails-attack",
        "redirect-to-guard",
        "immunity",
        "redirect-then-protection",
        "blocked-protector",
    ],
)
def test_attack_pipeline(rules, commands, dead, status) -> None:
    game = _night(rules, commands)
    assert {p.name for p in game.state.players if not p.alive} == dead
    assert game.state.night.attacks[0].status == status


def test_heal_marks_the_attack_healed_and_the_first_cause_in_night_order_is_announced(
    rules,
) -> None:

    game = _night(
        rules,
        [
            eat("Opfer"),
            Command(word="Heiltrank", actor="Hexe", targets=("Opfer",)),
            Command(word="Gifttrank", actor="Hexe", targets=("Zeuge",)),
        ],
    )
    assert game.state.night.attacks[0].status == "healed"
    assert game.player("Opfer").alive
    assert game.player("Zeuge").death_cause == "Hexe"

    both = _night(
        rules, [eat("Zeuge"), Command(word="Gifttrank", actor="Hexe", targets=("Zeuge",))]
    )
    assert both.player("Zeuge").death_cause == "Werwolf"  # the pack acts before the Hexe


def test_a_blocked_players_accepted_command_is_overturned_once() -> None:
    """Der Koch: "Dieser Dorfbewohner kann in dieser Nacht seine Fähigkeiten nicht nutzen."
    The Hexe's !Heiltrank was accepted; the night does not carry it out, and says so once."""
    rules = loader.load("duesterliga")
    players = [("Anna", "Werwolf"), ("Konrad", "Koch"), ("Zoë", "Hexe"), ("Dora", "Bürger"),
               ("Emil", "Bürger"), ("Frieda", "Bürger"), ("Gustav", "Bürger")]  # fmt: skip
    game = Game.new(rules, players, seed=3)
    for author, channel, line in [
        ("Konrad", "private", "!Verkochen Zoë"),
        ("Zoë", "private", "!Heiltrank Dora"),
        ("Anna", "wolves", "!Fressen Dora"),
    ]:
        process_post(game, author, channel, WOLTLAB.read(f"<p><strong>{line}</strong></p>"))
    events = game.advance()
    overturned = [e for e in events if isinstance(e, ev.CommandOverturned)]
    assert [(e.actor, e.text, e.reason.key) for e in overturned] == [
        ("Zoë", "!Heiltrank Dora", "overturned.blocked")
    ]
    assert not game.player("Dora").alive  # not healed


# -- who acts at a stage: the holders of its roles, anew after a change of role -----------------
class Turn(Behaviour):
    """Turns the Bürger "Opfer" into the role of a later stage at once."""

    def act(self, game, player, stage):
        changes.change_role(game, game.player("Opfer"), "Späterer")


class Note(Behaviour):
    def act(self, game, player, stage):
        player.memory["acted at"] = stage


@pytest.fixture()
def turning_rules(extend_table):
    extend_table(registry, "BEHAVIOURS", test_turn=Turn(), test_note=Note())
    first, last = BASE.night_order[0][0], BASE.night_order[-1][0]
    extra = {
        "Verwandler": _role("Verwandler", first, "test_turn"),
        "Späterer": _role("Späterer", last, "test_note"),
    }
    data = BASE.model_dump(by_alias=True)
    data["roles"] = {**data["roles"], **{k: v.model_dump(by_alias=True) for k, v in extra.items()}}
    return Ruleset.model_validate(data)


def test_a_player_who_takes_a_role_in_the_night_acts_at_its_later_stage(turning_rules) -> None:
    players = [("Wolf", "Werwolf"), ("Verwandler", "Verwandler"), ("Opfer", "Bürger")]
    game = Game.new(turning_rules, [*players, ("Zeuge", "Bürger"), ("Zweiter", "Bürger")], seed=5)
    assert "Späterer" not in game.roles.in_play()
    assert [p.name for p in game.roles.holders("Bürger")] == ["Opfer", "Zeuge", "Zweiter"]
    game.submit(eat("Zeuge"))
    game.advance()
    opfer = game.player("Opfer")
    assert opfer.role == "Späterer"
    assert opfer.memory == {"acted at": len(turning_rules.night_order) - 1}
    assert [p.name for p in game.roles.holders("Bürger")] == ["Zeuge", "Zweiter"]
    assert [p.name for p in game.roles.holders("Späterer")] == ["Opfer"]
