"""The port's deeds (`GamePort.attack`, `become`, …) done by the rules: each is the call of the
rule that does it, so that a behaviour names what it does without importing the rules."""

from __future__ import annotations

from collections.abc import Sequence

from wolfbot.engine import changes, day, deaths, night, uses, victory
from wolfbot.engine.commands import Command
from wolfbot.engine.facts import UseFacts
from wolfbot.engine.port import EnginePort
from wolfbot.engine.state import Attack, Modifier, PlayerState
from wolfbot.engine.text import Text


class Deeds(EnginePort):
    # -- the night (`night`) ----------------------------------------------------------------
    def attack(
        self, target: str, cause: str, sources: tuple[str, ...], stage: int, kind: str = "direct"
    ) -> Attack:
        return night.attack(self, target, cause, sources, stage, kind)

    def schedule_attack(
        self, target: str, cause: str, sources: tuple[str, ...], stage: int, kind: str
    ) -> None:
        night.schedule(self, target, cause, sources, stage, kind)

    def burn(
        self,
        target: str,
        cause: str,
        sources: tuple[str, ...],
        stage: int,
        counts_for: Sequence[str],
    ) -> None:
        night.burn(self, target, cause, sources, stage, counts_for)

    def kill_tonight(self, target: str, cause: str, sources: tuple[str, ...], stage: int) -> None:
        night.kill(self, target, cause, sources, stage)

    def place(self, modifier: Modifier) -> None:
        night.place(self, modifier)

    def block(self, target: str, told: Text) -> None:
        night.block(self, target, told)

    def heal(self, target: str) -> bool:
        return night.heal(self, target)

    def spare(self, target: str) -> None:
        night.spare(self, target)

    def withdraw(self, player: PlayerState, command: Command, why: Text) -> None:
        night.withdraw(self, player, command, why)

    def may_act(self, player: PlayerState) -> bool:
        return night.may_act(self, player)

    def causes(self, cause: str) -> tuple[str, ...]:
        return night.causes(self, cause)

    def successfully_attacked(self, towards: str | None = None) -> list[str]:
        return night.successfully_attacked(self, towards)

    def pack_victims(self) -> list[str]:
        return night.pack_victims(self)

    def dying(self) -> list[str]:
        return night.dying(self)

    # -- roles, factions, lives (`changes`, `deaths`) -----------------------------------------
    def become(self, player: PlayerState, role: str, *, faction: str | None = None) -> None:
        changes.become(self, player, role, faction=faction)

    def change_role(self, player: PlayerState, role: str, *, faction: str | None = None) -> None:
        changes.change_role(self, player, role, faction=faction)

    def swap_roles(self, taker: PlayerState, giver: PlayerState) -> None:
        changes.swap_roles(self, taker, giver)

    def convert(self, player: PlayerState, faction: str) -> None:
        changes.convert(self, player, faction)

    def revive(self, player: PlayerState, by_role: str) -> None:
        changes.revive(self, player, by_role)

    def exclude(self, player: PlayerState, *, by: str = "") -> None:
        deaths.exclude(self, player, by=by)

    # -- the group conversations (`changes`) --------------------------------------------------
    def open_conversation(self, channel: str, members: list[str]) -> None:
        changes.open_conversation(self, channel, members)

    def join_conversation(self, channel: str, names: list[str]) -> None:
        changes.join(self, channel, names)

    def enter_conversation(self, channel: str, names: list[str]) -> None:
        changes.enter(self, channel, names)

    def leave_conversation(self, channel: str, names: list[str]) -> None:
        changes.leave(self, channel, names)

    # -- the sides and the day (`victory`, `day`, `uses`) --------------------------------------
    def faction(self, player: PlayerState) -> str:
        return victory.faction(self, player)

    def side(self, player: PlayerState) -> str:
        return victory.side(self, player)

    def lovers_side(self) -> str | None:
        return victory.lovers_side(self)

    def final_voters(self, name: str) -> tuple[str, ...]:
        return day.final_voters(self, name)

    def check_not_against_lover(self, player: PlayerState, target: str) -> None:
        day.check_not_against_lover(self, player, target)

    def self_allowed(self, use: UseFacts) -> bool:
        return uses.self_allowed(self, use)
