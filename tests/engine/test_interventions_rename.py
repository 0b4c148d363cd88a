"""The generic rename of the game state a Reservespieler's replacement uses
(`wolfbot.engine.rename`): every reference to the player, and nothing else."""

from __future__ import annotations

import dataclasses

from test_interventions import RULES, day_one, say

from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import KillPlayer
from wolfbot.engine.rename import rename_player
from wolfbot.engine.text import say as say_text


def _strings(value, path="state"):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key, f"{path}.key")
            yield from _strings(item, f"{path}[{key!r}]")
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _strings(item, f"{path}[]")


def _state_strings(game: Game) -> list[tuple[str, str]]:
    """(path, text) of every string in the state but the log (night actions as actor and
    targets)."""
    state = dataclasses.asdict(game.state)
    state["night"]["actions"] = {
        actor: {w: (c.actor, c.targets) for w, c in words.items()}
        for actor, words in game.state.night.actions.items()
    }
    return list(_strings({k: v for k, v in state.items() if k != "log"}))


def test_the_rename_reaches_every_reference_but_the_log() -> None:
    game = day_one()
    say(game, "Holle", "thread", "!Bürgermeister Holle")
    say(game, "Holle", "thread", "!Lynch Anna")
    say(game, "Clara", "thread", "!Lynch Holle")  # refused: lovers; the log names her
    assert game.state.night.actions["Fritz"]["Verlieben"].targets == ("Clara", "Holle")
    game.state.night.offered.add("Holle/Sehen")
    game.state.mayor = "Holle"
    game.intervene(KillPlayer("Dora", "x"))  # an open question with Holle among its options
    game.player("Clara").memory["walk"] = [2, "Holle"]
    game.player("Clara").last_targets["Sehen"] = (1, ("Holle",))
    log = list(game.state.log)
    offered = set(game.state.night.offered)
    holle = [path for path, text in _state_strings(game) if text == "Holle"]
    rename_player(game.state, "Holle", "Zoë")
    strings = _state_strings(game)
    # every place that named Holle names Zoë (a dict key keyed by the name moves with it)
    assert sorted(p.replace("'Holle'", "'Zoë'") for p in holle) == sorted(
        path for path, text in strings if text == "Zoë"
    )
    assert not [path for path, text in strings if "Holle" in text]
    assert game.state.log == log
    assert game.state.day.mayor_votes == {"Zoë": "Zoë"} and game.state.mayor == "Zoë"
    assert game.state.lovers == ("Clara", "Zoë")
    assert game.state.night.actions["Fritz"]["Verlieben"].targets == ("Clara", "Zoë")
    assert game.state.questions[0].options[-1] == "Zoë"
    assert "Zoë/Sehen" in game.state.night.offered
    assert game.state.night.offered == {m.replace("Holle/", "Zoë/") for m in offered}


def test_the_rename_leaves_what_is_no_name() -> None:
    roster = [("Anna", "Werwolf"), ("Bürger", "Seherin"), ("Clara", "Bürger"), ("Dora", "Jäger")]
    game = Game.new(RULES, roster, seed=1)
    rename_player(game.state, "Bürger", "Zoë")
    assert [(p.name, p.role) for p in game.state.players] == [
        ("Anna", "Werwolf"),
        ("Zoë", "Seherin"),
        ("Clara", "Bürger"),  # the role of the same spelling stays
        ("Dora", "Jäger"),
    ]


def test_the_rename_reaches_the_values_of_a_text_but_not_its_keys() -> None:
    """A question's prompt or a relayed label names players among its values; the message
    key and the names of the values are no player names, however a player is called."""
    roster = [("Anna", "Werwolf"), ("name", "Priester"), ("Clara", "Bürger"), ("Dora", "Bürger")]
    game = Game.new(RULES, roster, seed=1)
    label = say_text("priester.answer_label", name="name")
    game.state.night.relays["Clara"] = ("name", label, 3)
    rename_player(game.state, "name", "Zoë")
    renamed = say_text("priester.answer_label", name="Zoë")
    assert game.state.night.relays["Clara"] == ("Zoë", renamed, 3)
